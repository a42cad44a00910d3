// Serves the shards of a generated federated test set (generate.mjs) from real SPARQL servers on
// 127.0.0.1, and writes a sparql-mcp catalogue naming every shard endpoint.
//
//   const shards = await startShards(OUT_DIR, { servers: "mixed" | "oxigraph" });
//   shards.endpoints        { SHARD_ID: url }
//   shards.catalogue        path of the catalogue Turtle file (one entry per shard)
//   shards.requestCounts()  { SHARD_ID: requests since start or the last resetCounts() }
//   shards.resetCounts()
//   await shards.stop()
//
// Oxigraph shards: one tests/servers/oxigraph-server.mjs process in multi-dataset mode, each
// shard on /<SHARD_ID>/sparql; its request counters are kept in a file the server writes before
// it answers, so requestCounts() reads them synchronously and exactly. Virtuoso shards (with
// servers: "mixed", as workload.json assigns them): one virtuoso-t with one named graph per
// shard, exposed as /sparql?default-graph-uri=urn:fkgqa:<SHARD_ID> through a counting proxy in
// this process (Virtuoso keeps no per-graph request counts). Every server is stopped by PID, in
// stop() and, should the process end first, by tests/e2e/lib/servers.mjs's exit handler.
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BASE } from "../../data/spider_instances.mjs";
import { start_oxigraph, start_virtuoso } from "../../e2e/lib/servers.mjs";

export const VIRTUOSO_RESULT_CAP = 10000; // ResultSetMaxRows of tests/servers/virtuoso/start.sh
const graph_iri = (id) => `urn:fkgqa:${id}`;

export function read_workload(out_dir) {
  return JSON.parse(readFileSync(join(out_dir, "workload.json"), "utf8"));
}

// Forwards every request to Virtuoso unchanged and counts it for the shard its
// default-graph-uri names (in the URL, or in a form-encoded POST body).
function start_counting_proxy(target_port, shard_of_graph) {
  const counts = new Map();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url, "http://127.0.0.1");
      let graphs = url.searchParams.getAll("default-graph-uri");
      if ((req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
        graphs = graphs.concat(new URLSearchParams(body.toString("utf8")).getAll("default-graph-uri"));
      }
      for (const g of new Set(graphs)) {
        const id = shard_of_graph.get(g);
        if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      const upstream = http.request({
        host: "127.0.0.1", port: target_port, method: req.method, path: req.url, agent,
        headers: { ...req.headers, host: `127.0.0.1:${target_port}` },
      }, (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      });
      upstream.on("error", (error) => {
        if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
        res.end(`proxy to Virtuoso failed: ${error.message}\n`);
      });
      res.on("close", () => upstream.destroy());
      upstream.end(body);
    });
  });
  return new Promise((resolve_started, reject) => {
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => resolve_started({
      port: server.address().port,
      counts,
      stop: () => new Promise((done) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
    }));
  });
}

const turtle_string = (s) => JSON.stringify(String(s)); // JSON string escapes are valid Turtle
const short = (iri) => (iri.startsWith(BASE) ? `:${iri.slice(BASE.length)}` : `<${iri}>`);

// One sentence on what a shard holds, for the catalogue (and so for an agent choosing shards).
function describe_shard(graph, shard, server, out_dir) {
  const index = graph.shards.indexOf(shard) + 1;
  const iri = /<([^>]+)>/.exec(shard.what)?.[1];
  const classes = [...new Set([...readFileSync(join(out_dir, shard.file), "utf8")
    .matchAll(/> <http:\/\/www\.w3\.org\/1999\/02\/22-rdf-syntax-ns#type> <([^>]+)> \.$/gm)].map((m) => short(m[1])))];
  const holds = {
    class: () => `every triple whose subject is a ${short(iri)} (its rdf:type included), except those of the predicate shards`,
    predicate: () => `every triple of the predicate ${short(iri)}`,
    hash: () => `the ${short(iri)} instances whose IRI hashes to this shard (${shard.what.replace(/^.*: /, "")}), with all ` +
                "their triples except those of the predicate shards",
    base: () => `every triple no other shard takes: the ${classes.join(", ") || "remaining"} instances`,
  }[shard.strategy]();
  const quirk = server === "virtuoso" ? `; Virtuoso, which caps results at ${VIRTUOSO_RESULT_CAP.toLocaleString("en")} rows` : "";
  return `Shard ${index} of ${graph.shards.length} of the synthetic Spider4SPARQL ${graph.kg} graph (: is <${BASE}>), ` +
         `${shard.strategy} sharding: ${holds} (${shard.triples} triples${quirk}).`;
}

function title(graph, shard) {
  const iri = /<([^>]+)>/.exec(shard.what)?.[1];
  const what = shard.strategy === "base" ? "base shard"
    : shard.strategy === "hash" ? `hash shard of ${short(iri)} (${shard.what.replace(/^.*= /, "")})`
    : `${shard.strategy} ${short(iri)}`;
  return `${graph.kg} ${shard.id.replace(/^.*-/, "")}: ${what}`;
}

export function catalogue_turtle(workload, endpoints, server_of, out_dir) {
  const lines = [
    "@prefix void: <http://rdfs.org/ns/void#> .",
    "@prefix dcterms: <http://purl.org/dc/terms/> .",
    "@prefix smcp: <https://w3id.org/sparql-mcp/vocab#> .",
    "",
  ];
  for (const graph of workload.graphs) {
    for (const shard of graph.shards) {
      const server = server_of(shard);
      lines.push(`<${endpoints[shard.id]}> a void:Dataset ; smcp:id ${turtle_string(shard.id)} ;`,
                 `  dcterms:title ${turtle_string(title(graph, shard))} ;`,
                 `  dcterms:description ${turtle_string(describe_shard(graph, shard, server, out_dir))} ;`);
      if (server === "virtuoso") lines.push(`  smcp:resultCap ${VIRTUOSO_RESULT_CAP} ;`);
      lines.push(`  void:sparqlEndpoint <${endpoints[shard.id]}> .`, "");
    }
  }
  return lines.join("\n");
}

export async function startShards(out_dir, { servers = "mixed" } = {}) {
  if (!["mixed", "oxigraph"].includes(servers)) throw new Error(`servers must be "mixed" or "oxigraph", got '${servers}'`);
  out_dir = resolve(out_dir);
  const workload = read_workload(out_dir);
  const shards = workload.graphs.flatMap((g) => g.shards);
  const server_of = (shard) => (servers === "oxigraph" ? "oxigraph" : shard.server);
  const on_oxigraph = shards.filter((s) => server_of(s) === "oxigraph");
  const on_virtuoso = shards.filter((s) => server_of(s) === "virtuoso");
  const work = mkdtempSync(join(tmpdir(), "sparqlmcp-fkgqa-"));
  const counts_file = join(work, "oxigraph-counts.txt");
  const started = [];
  const stop = async () => {
    for (const s of started.reverse()) await s.stop().catch(() => {});
    started.length = 0;
    rmSync(work, { recursive: true, force: true });
  };
  const endpoints = {};
  const catalogue = join(work, "catalogue.ttl");
  let proxy = null;
  try {
    if (on_oxigraph.length) {
      const oxigraph = await start_oxigraph([
        ...on_oxigraph.flatMap((s) => ["--dataset", `${s.id}=${join(out_dir, s.file)}`]),
        "--counts", counts_file,
      ], { timeout_ms: 60000 });
      started.push(oxigraph);
      for (const s of on_oxigraph) endpoints[s.id] = oxigraph.url(`/${s.id}/sparql`);
    }
    if (on_virtuoso.length) {
      const virtuoso = await start_virtuoso({ files: on_virtuoso.map((s) => `${join(out_dir, s.file)}=${graph_iri(s.id)}`) });
      started.push(virtuoso);
      proxy = await start_counting_proxy(virtuoso.http_port, new Map(on_virtuoso.map((s) => [graph_iri(s.id), s.id])));
      started.push(proxy);
      for (const s of on_virtuoso) {
        endpoints[s.id] = `http://127.0.0.1:${proxy.port}/sparql?default-graph-uri=${encodeURIComponent(graph_iri(s.id))}`;
      }
    }
    writeFileSync(catalogue, catalogue_turtle(workload, endpoints, server_of, out_dir));
  } catch (error) {
    await stop();
    throw error;
  }

  const raw_counts = () => {
    const counts = Object.fromEntries(shards.map((s) => [s.id, 0]));
    if (on_oxigraph.length) {
      for (const line of readFileSync(counts_file, "utf8").split("\n")) {
        const m = /^(\S+) +(\d+)$/.exec(line);
        if (m) counts[m[1]] = Number(m[2]);
      }
    }
    if (proxy) for (const [id, n] of proxy.counts) counts[id] = n;
    return counts;
  };
  let baseline = raw_counts();
  return {
    endpoints,
    catalogue,
    servers: Object.fromEntries(shards.map((s) => [s.id, server_of(s)])),
    requestCounts: () => {
      const now = raw_counts();
      return Object.fromEntries(Object.entries(now).map(([id, n]) => [id, n - baseline[id]]));
    },
    resetCounts: () => { baseline = raw_counts(); },
    stop,
  };
}

// The federated form with each <urn:shard:ID> replaced by the shard's endpoint URL.
export function with_endpoints(text, endpoints) {
  return text.replace(/<urn:shard:([^>]+)>/g, (whole, id) => {
    if (!endpoints[id]) throw new Error(`no endpoint for shard ${id}`);
    return `<${endpoints[id]}>`;
  });
}
