// The trace records the requests no tool call sends (issue 15 item 2: "one JSON line per tool
// call and per remote request"): a VoID computation and its discovery, started by
// get_void_descriptions but running for the endpoint, write `request` lines of origin "void"
// (discovery's GETs with their URL and status, then every query); a query to the federation
// proxy (/sparql) writes a `sparql_query` line tied by its call id to the `request` lines of
// origin "sparql-endpoint" it sent; the gold query the evaluation mode runs to score a
// submission writes `request` lines of origin "evaluation" with the task's id. Checked against what the tool's result says it did
// (discovery's attempts, the computation's query count) and what /sparql answered, over a real
// Oxigraph endpoint that publishes no VoID and `sparql-mcp --http` with a v2 SDK client.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { start_http_server } from "./lib/http_server.mjs";
import { assert_no_sanitizer_report, write_catalogue } from "./lib/mcp.mjs";
import { describe_void, void_cache_dir } from "./lib/void_mcp.mjs";
import { start_void_oxigraph } from "./lib/void_servers.mjs";

const read_lines = (file) => readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line));

describe("the trace records the requests of VoID work, /sparql and gold queries (issue 15 item 2)", () => {
  let ep, catalogue, cache, dir, trace_file, server, client, described, sparql_rows, receipt, lines;
  const GOLD = "SELECT (COUNT(*) AS ?n) WHERE { SERVICE <ENDPOINT> { ?s ?p ?o } }";

  before(async () => {
    ep = await start_void_oxigraph({ triples: 600, seed: 3 });  // publishes no VoID
    catalogue = write_catalogue([{ id: "gen", endpoint: ep.endpoint, title: "Generated data" }]);
    cache = void_cache_dir();
    dir = mkdtempSync(join(tmpdir(), "sparqlmcp-trace-"));
    trace_file = join(dir, "trace.jsonl");
    const tasks_file = join(dir, "tasks.jsonl");
    writeFileSync(tasks_file, `${JSON.stringify({ id: "t1", question: "How many triples?",
      gold_query: GOLD.replace("ENDPOINT", ep.endpoint), endpoints: ["gen"] })}\n`);
    server = await start_http_server(["--trace", trace_file, "--tasks", tasks_file,
      "--submissions", join(dir, "submissions.jsonl"), ...cache.args], {}, { catalogue: catalogue.dir });
    client = new Client({ name: "trace-e2e", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    described = await describe_void(client, { endpoint: "gen" });
    // A wrong answer to the task: scoring it runs the gold query, which nothing ran before.
    receipt = await client.callTool({ name: "submit", arguments: {
      task_id: "t1", run_id: "r1", query: `SELECT ?s WHERE { SERVICE <${ep.endpoint}> { ?s a ?class } } LIMIT 2` } });
    assert.ok(!receipt.isError, JSON.stringify(receipt));

    const sparql_url = server.url.replace(/\/mcp$/, "/sparql");
    const ask = (query) => fetch(sparql_url, {
      method: "POST", body: query,
      headers: { "Content-Type": "application/sparql-query", Accept: "application/sparql-results+json" },
    });
    const answered = await ask(`SELECT ?s WHERE { SERVICE <${ep.endpoint}> { ?s a ?class } } LIMIT 7`);
    assert.equal(answered.status, 200, await answered.clone().text());
    sparql_rows = (await answered.json()).results.bindings.length;
    const refused = await ask("SELECT ?s WHERE { SERVICE <http://127.0.0.1:9/not-in-the-catalogue> { ?s ?p ?o } }");
    assert.equal(refused.status, 400);

    await client.close();
    const exit = await server.stop();
    assert.equal(exit.code, 0, server.log());
    assert_no_sanitizer_report(server.log());
    lines = read_lines(trace_file);
  });

  after(async () => {
    await server?.stop();
    await ep?.stop();
    catalogue?.remove();
    cache?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("has the VoID discovery's GETs, each with the status discovery reported", () => {
    const entry = described.entry;
    assert.equal(entry.status, "computed", described.text);
    const fetched = lines.filter((l) => l.event === "request" && l.origin === "void" && l.method === "GET");
    // Discovery fetches the well-known URLs and the service description (a GET on the endpoint).
    const gets = entry.attempts.filter((a) => a.method === "well-known" || a.method === "service-description");
    assert.ok(gets.length >= 3, JSON.stringify(entry.attempts));
    assert.deepEqual(fetched.map((l) => l.url), gets.map((a) => a.source));
    for (const [i, line] of fetched.entries()) {
      assert.equal(line.endpoint, ep.endpoint);
      assert.equal(line.query, null);
      assert.equal(line.call, null, "a background request belongs to no call");
      assert.equal(line.tool, null);
      assert.equal(line.error, null);
      if (gets[i].outcome.startsWith("HTTP ")) assert.equal(`HTTP ${line.status}`, gets[i].outcome);
      else assert.equal(line.status, 200);
    }
  });

  it("has every query of the discovery and the computation, and none of them failed", () => {
    const entry = described.entry;
    const queries = lines.filter((l) => l.event === "request" && l.origin === "void" && l.query !== null);
    const computed = entry.source.queries;
    assert.ok(computed > 5, `the computation sent ${computed} queries`);
    // Discovery's graph steps read the default graph and list the named graphs with one query
    // each (no named graph holds VoID here); the computation sends the rest.
    const graph_steps = entry.attempts.filter((a) => a.method === "default-graph" || a.method === "named-graph").length;
    assert.equal(queries.length, computed + graph_steps);
    for (const line of queries) {
      assert.equal(line.endpoint, ep.endpoint);
      assert.equal(line.status, 200);
      assert.equal(line.error, null);
      assert.equal(line.call, null);
      assert.ok(Number.isInteger(line.rows) && line.bytes > 0, JSON.stringify(line));
    }
  });

  it("ties each /sparql query to its requests by a call id, and records a refused one", () => {
    const queries = lines.filter((l) => l.event === "sparql_query");
    assert.equal(queries.length, 2);
    const [answered, refused] = queries;
    assert.equal(answered.origin, "sparql-endpoint");
    assert.equal(answered.is_error, false);
    assert.equal(answered.rows, sparql_rows);
    assert.equal(answered.route, "direct");
    assert.deepEqual(answered.endpoints, [ep.endpoint]);
    const sent = lines.filter((l) => l.event === "request" && l.call === answered.call);
    assert.equal(sent.length, answered.requests);
    assert.ok(sent.length >= 1);
    for (const line of sent) {
      assert.equal(line.origin, "sparql-endpoint");
      assert.equal(line.status, 200);
      assert.match(line.query, /\?class/);
    }
    assert.notEqual(refused.call, answered.call);
    assert.equal(refused.is_error, true);
    assert.match(refused.error, /not-in-the-catalogue/);
    assert.equal(refused.requests, 0);
    assert.equal(lines.filter((l) => l.event === "request" && l.call === refused.call).length, 0);
  });

  it("has the gold query's requests under the task's id, apart from the submit call's own", () => {
    const gold = lines.filter((l) => l.event === "request" && l.origin === "evaluation");
    assert.ok(gold.length >= 1);
    for (const line of gold) {
      assert.equal(line.task_id, "t1");
      assert.equal(line.call, null);
      assert.equal(line.endpoint, ep.endpoint);
      assert.equal(line.status, 200);
      assert.match(line.query, /COUNT/);
    }
    const submit = lines.find((l) => l.event === "tool_call" && l.tool === "submit");
    const own = lines.filter((l) => l.event === "request" && l.call === submit.call);
    assert.ok(own.length >= 1);
    assert.equal(submit.requests, own.length, "the gold query's requests are not the call's");
    for (const line of own) assert.doesNotMatch(line.query, /COUNT/);
  });

  it("keeps the tool call's own line apart from the requests it started", () => {
    const calls = lines.filter((l) => l.event === "tool_call" && l.tool === "get_void_descriptions");
    assert.equal(calls.length, 1);
    assert.equal(lines.filter((l) => l.event === "request" && l.call === calls[0].call).length, 0);
  });
});
