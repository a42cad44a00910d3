// Real endpoints for the VoID tests and benchmark (issue 14): generated data
// (tests/servers/void/generate.mjs), its exact figures (count.mjs) and the VoID that states them
// (void_turtle.mjs), served by Oxigraph with or without published VoID, and by Virtuoso with a
// graph per "endpoint". Every server is stopped by PID (lib/servers.mjs), also when the test
// process exits.
//
//   const ep = await start_void_oxigraph({ publish: ["well-known"] });
//   ep.endpoint, ep.figures (count.mjs's JSON), ep.void_turtle; await ep.stop();
//   const v = await start_void_virtuoso({ bench_triples: 1_000_000, cache_dir });
//   v.endpoints["named-graph"].url, v.bench.url, v.load_seconds; await v.stop();
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeFileSync,
         writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, free_port, start_oxigraph, start_virtuoso } from "./servers.mjs";
import { generate } from "../../servers/void/generate.mjs";
import { count_file } from "../../servers/void/count.mjs";
import { void_turtle } from "../../servers/void/void_turtle.mjs";

const GENERATOR = join(REPO, "tests", "servers", "void", "generate.mjs");
export const GRAPHS = "http://example.org/void-gen/graph/";
// A named graph that holds nothing: an endpoint that sends it as named-graph-uri has no named
// graphs (Virtuoso's GRAPH ?g otherwise sees every graph of the server, research §1.5).
export const NO_GRAPH = `${GRAPHS}empty`;

// The ways an Oxigraph endpoint publishes its VoID (research §1.5):
//   well-known                VoID at the origin's /.well-known/void
//   well-known-path           VoID at /NAME/.well-known/void beside the endpoint /NAME/sparql
//                             (multi-dataset mode)
//   service-description       the VoID triples in the Service Description (GET endpoint)
//   service-description-link  the Service Description links to a VoID document at /void/NAME.ttl
//                             (its sd:defaultDataset has rdfs:seeAlso <…/void/NAME.ttl>)
//   default-graph             the VoID triples loaded into the default graph, with the data
//   named-graph               the VoID triples in their own named graph (void_graph)
// and the faults of the origin's /.well-known/void (at most one of these and well-known):
//   bad-turtle                200 text/turtle with a syntax error (the /bad-turtle route)
//   html                      200 text/html, a sign-in page (the /html route)
//   redirect                  302 to /void/NAME.ttl, which holds the VoID
export const OXIGRAPH_WAYS = ["well-known", "well-known-path", "service-description", "service-description-link",
                              "default-graph", "named-graph", "bad-turtle", "html", "redirect"];
const ORIGIN_WAYS = ["well-known", "bad-turtle", "html", "redirect"];

// Writes the generated data to DIR (or finds it in cache_dir, keyed by the arguments and the
// generator's source) and counts it. Resolves { file, figures, options }.
export async function void_dataset(dir, { triples = 2000, seed = 1, tail_classes = 0, tail_properties = 0,
                                          cache_dir = null } = {}) {
  const options = { triples, seed, tail_classes, tail_properties };
  const version = createHash("sha256").update(readFileSync(GENERATOR)).digest("hex").slice(0, 10);
  const stem = `void-gen-t${triples}-s${seed}-c${tail_classes}-p${tail_properties}-${version}`;
  const folder = cache_dir ?? dir;
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${stem}.nt`);
  const figures_file = join(folder, `${stem}.json`);
  if (cache_dir && existsSync(file) && existsSync(figures_file)) {
    return { file, figures: JSON.parse(readFileSync(figures_file, "utf8")), options };
  }
  // Written under temporary names and renamed: a cache never holds half a file.
  const partial = `${file}.${process.pid}.partial`;
  const fd = openSync(partial, "w");
  try {
    let chunk = [];
    let size = 0;
    generate(options, (line) => {
      chunk.push(line);
      size += line.length;
      if (size > 1 << 20) {
        writeSync(fd, chunk.join(""));
        chunk = [];
        size = 0;
      }
    });
    writeSync(fd, chunk.join(""));
  } finally {
    closeSync(fd);
  }
  const figures = await count_file(partial);
  renameSync(partial, file);
  writeFileSync(`${figures_file}.${process.pid}.partial`, JSON.stringify(figures));
  renameSync(`${figures_file}.${process.pid}.partial`, figures_file);
  return { file, figures, options };
}

// Starts one Oxigraph process serving one endpoint over generated data, publishing its VoID in
// each way of `publish` (OXIGRAPH_WAYS; none: an endpoint that publishes nothing). The VoID
// names the endpoint (void:sparqlEndpoint) and describes the data exactly (`figures`).
// Options: triples, seed, tail_classes, tail_properties (the data), name (the dataset's path
// segment in multi-dataset mode, default "ds"), multi (multi-dataset mode without
// well-known-path), void_graph (the named graph of named-graph), blank_partitions (VoID
// partitions as blank nodes), title, cache_dir.
// Resolves { endpoint, origin, dataset_iri, void_graph, void_turtle, void_url, figures, file,
// publish, server, stats(), stop() }: dataset_iri is the VoID's dataset (null when no way
// publishes it), void_url where the VoID document is served (null when none is), void_turtle
// the VoID that the endpoint would publish.
export async function start_void_oxigraph({ publish = [], name = "ds", multi = false, void_graph = `${GRAPHS}void`,
                                            blank_partitions = false, title = null, ...data } = {}) {
  publish = Array.isArray(publish) ? publish : [publish];
  const unknown = publish.find((way) => !OXIGRAPH_WAYS.includes(way));
  if (unknown) throw new Error(`unknown way to publish VoID '${unknown}' (one of ${OXIGRAPH_WAYS.join(", ")})`);
  if (publish.filter((way) => ORIGIN_WAYS.includes(way)).length > 1) {
    throw new Error(`at most one of ${ORIGIN_WAYS.join(", ")}: they all answer /.well-known/void`);
  }
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new Error(`name must be a path segment, got '${name}'`);
  multi ||= publish.includes("well-known-path");
  const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-void-oxigraph-"));
  try {
    const dataset = await void_dataset(dir, data);
    const attempt = async () => {
      const port = await free_port();
      const origin = `http://127.0.0.1:${port}`;
      const endpoint = multi ? `${origin}/${name}/sparql` : `${origin}/sparql`;
      const dataset_iri = `${origin}/void/${name}`;
      const doc_path = `/void/${name}.ttl`;
      const turtle = void_turtle(dataset.figures, {
        dataset: dataset_iri, endpoint, blank_partitions,
        title: title ?? `Generated data (${dataset.figures.triples} triples), VoID published: ${publish.join(", ") || "nowhere"}`,
      });
      const void_file = join(dir, "void.ttl");
      writeFileSync(void_file, turtle);
      const data_files = [dataset.file];
      if (publish.includes("default-graph")) data_files.push(void_file);
      if (publish.includes("named-graph")) data_files.push(`${void_file}=${void_graph}`);
      const args = ["--port", String(port)];
      if (multi) args.push("--dataset", `${name}=${data_files.join(",")}`);
      else args.push(...data_files);
      let void_url = null;
      const serve = (path, source) => {
        args.push("--serve", `${path}=${source}`);
        if (source === void_file) void_url ??= `${origin}${path}`;
      };
      if (publish.includes("well-known")) serve("/.well-known/void", void_file);
      if (publish.includes("well-known-path")) serve(`/${name}/.well-known/void`, void_file);
      if (publish.includes("bad-turtle")) serve("/.well-known/void", "builtin:bad-turtle");
      if (publish.includes("html")) serve("/.well-known/void", "builtin:html");
      if (publish.includes("redirect") || publish.includes("service-description-link")) serve(doc_path, void_file);
      if (publish.includes("redirect")) args.push("--redirect", `/.well-known/void=${doc_path}`);
      const sd = [];
      if (publish.includes("service-description")) sd.push(turtle, sd_dataset(dataset_iri));
      if (publish.includes("service-description-link")) sd.push(sd_link(doc_path));
      if (sd.length) {
        const sd_file = join(dir, "sd.ttl");
        writeFileSync(sd_file, sd.join("\n"));
        args.push(...(multi ? ["--dataset-sd", `${name}=${sd_file}`] : ["--sd", sd_file]));
      }
      const server = await start_oxigraph(args);
      return { server, origin, endpoint, dataset_iri, void_url, turtle };
    };
    let started;
    try {
      started = await attempt();
    } catch (error) {
      // The free port was taken before the server bound it: once more on another.
      process.stderr.write(`first Oxigraph start failed, retrying on another port: ${error.message}\n`);
      started = await attempt();
    }
    const { server, origin, endpoint, dataset_iri, void_url, turtle } = started;
    const publishes_void = publish.some((way) => way !== "bad-turtle" && way !== "html");
    return {
      endpoint, origin, dataset_iri: publishes_void ? dataset_iri : null, void_url, void_graph: publish.includes("named-graph") ? void_graph : null,
      void_turtle: turtle, figures: dataset.figures, file: dataset.file, publish, server,
      stats: async () => (await fetch(`${origin}/stats`)).json(),
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

// The Service Description's own dataset node is the VoID dataset (the shape of the SD
// specification's example and of void-generator, research §1.4); <> is the endpoint.
function sd_dataset(dataset_iri) {
  return `@prefix sd: <http://www.w3.org/ns/sparql-service-description#> .
[] a sd:Service ; sd:endpoint <> ;
  sd:defaultDataset [ a sd:Dataset ; sd:defaultGraph <${dataset_iri}> ] .
<${dataset_iri}> a sd:Graph .
`;
}

// A Service Description that only points to the VoID document.
function sd_link(doc_path) {
  return `@prefix sd: <http://www.w3.org/ns/sparql-service-description#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
[] a sd:Service ; sd:endpoint <> ;
  sd:defaultDataset [ a sd:Dataset ; rdfs:seeAlso <${doc_path}> ] .
`;
}

// The Virtuoso "endpoints": each is one graph of the server, reached as
// /sparql?default-graph-uri=G&named-graph-uri=N (N: the VoID graph, or NO_GRAPH), so that it
// sees neither the other endpoints' graphs nor Virtuoso's system graphs.
//   default-graph   data and VoID in GRAPHS/default-graph
//   named-graph     data in GRAPHS/named-graph, VoID in GRAPHS/named-graph-void (its named graph)
//   none            data in GRAPHS/none-published, no VoID
// Each has data of its own (seed, seed + 1, seed + 2; `triples` each).
export const VIRTUOSO_WAYS = ["default-graph", "named-graph", "none"];

// Starts a private Virtuoso with the endpoints of `ways` (default: all three) and, with
// bench_triples > 0, the benchmark's data (GRAPHS/bench, bulk-loaded, no VoID), and with
// tail_classes or tail_properties > 0 a "many" endpoint (GRAPHS/many: data with that many
// extra classes or properties, more than the 10,000-row cap makes GROUP BY ?c or ?p cut).
// Options: triples (2000), seed (1), bench_seed (1), many_triples (20000), cache_dir (where
// the generated data are kept between runs; the 1,000,000-triple file takes a few seconds to
// write and ten to count), timeout_ms.
// Resolves { endpoints: {WAY: {url, graph, void_graph, figures, void_turtle, dataset_iri}},
// bench: {url, graph, figures} | null, many: {...} | null, all_graphs (the bare /sparql: every
// graph, system graphs included), load_seconds, virtuoso, stop() }.
export async function start_void_virtuoso({ ways = VIRTUOSO_WAYS, triples = 2000, seed = 1, bench_triples = 0,
                                            bench_seed = 1, tail_classes = 0, tail_properties = 0,
                                            many_triples = 20000, cache_dir = null, timeout_ms = 240000 } = {}) {
  const unknown = ways.find((way) => !VIRTUOSO_WAYS.includes(way));
  if (unknown) throw new Error(`unknown Virtuoso endpoint '${unknown}' (one of ${VIRTUOSO_WAYS.join(", ")})`);
  const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-void-virtuoso-"));
  try {
    const datasets = new Map();
    for (const way of ways) {
      datasets.set(way, await void_dataset(dir, { triples, seed: seed + VIRTUOSO_WAYS.indexOf(way), cache_dir }));
    }
    const bench = bench_triples > 0 ? await void_dataset(dir, { triples: bench_triples, seed: bench_seed, cache_dir }) : null;
    const many = tail_classes > 0 || tail_properties > 0
      ? await void_dataset(dir, { triples: many_triples, seed, tail_classes, tail_properties, cache_dir })
      : null;
    // The endpoints' URLs go into their VoID, so the port is fixed before the start; a second
    // attempt (start_virtuoso's) would take other ports, hence the loop here.
    for (let attempt = 1; ; ++attempt) {
      const http_port = await free_port();
      const base = `http://127.0.0.1:${http_port}/sparql`;
      const url_of = (graph, named) =>
        `${base}?default-graph-uri=${encodeURIComponent(graph)}&named-graph-uri=${encodeURIComponent(named)}`;
      const files = [];
      const endpoints = {};
      for (const [way, dataset] of datasets) {
        const graph = `${GRAPHS}${way === "none" ? "none-published" : way}`;
        const void_graph = way === "named-graph" ? `${GRAPHS}named-graph-void` : null;
        const url = url_of(graph, void_graph ?? NO_GRAPH);
        const dataset_iri = `${GRAPHS}${way}/dataset`;
        files.push(`${dataset.file}=${graph}`);
        let turtle = null;
        if (way !== "none") {
          turtle = void_turtle(dataset.figures, { dataset: dataset_iri, endpoint: url,
                                                  title: `Generated data (${dataset.figures.triples} triples), VoID in the ${way}` });
          const void_file = join(dir, `void-${way}.ttl`);
          writeFileSync(void_file, turtle);
          files.push(`${void_file}=${void_graph ?? graph}`);
        }
        endpoints[way] = { url, graph, void_graph, dataset_iri: turtle ? dataset_iri : null, void_turtle: turtle,
                           figures: dataset.figures, file: dataset.file };
      }
      const extra = {};
      for (const [key, dataset] of [["bench", bench], ["many", many]]) {
        if (!dataset) continue;
        const graph = `${GRAPHS}${key}`;
        files.push("--bulk", `${dataset.file}=${graph}`);
        extra[key] = { url: url_of(graph, NO_GRAPH), graph, figures: dataset.figures, file: dataset.file };
      }
      let virtuoso;
      try {
        virtuoso = await start_virtuoso({ files, http_port, timeout_ms });
      } catch (error) {
        if (attempt >= 2) throw error;
        process.stderr.write(`first Virtuoso start failed, retrying on other ports: ${error.message}\n`);
        continue;
      }
      return {
        endpoints, bench: extra.bench ?? null, many: extra.many ?? null, all_graphs: base,
        load_seconds: virtuoso.load_seconds, virtuoso,
        stop: async () => {
          try {
            await virtuoso.stop();
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      };
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
