// The offline demo federation of examples/ as a newcomer meets it: the real binary on
// examples/catalogue.ttl (four dump-only shards answered in-process by the embedded engine),
// driven by the official MCP SDK client and by `sparql-mcp query` from the shell. No SPARQL
// server and no network: the dumps are the data.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import oxigraph from "oxigraph";
import { join } from "node:path";
import { REPO } from "./lib/servers.mjs";
import { binding_rows, demo_oracle, demo_readme_queries } from "./lib/demo_oracle.mjs";
import { binary, bindings_of, connect_sdk, call_tool, text_of } from "./lib/mcp.mjs";

const CATALOGUE = join(REPO, "examples", "catalogue.ttl");
const GEO = "https://demo.sparql-mcp.org/sparql/geography";
const PEOPLE = "https://demo.sparql-mcp.org/sparql/people";
const AWARDS = "https://demo.sparql-mcp.org/sparql/awards";
const PREFIXES = `PREFIX demo: <https://demo.sparql-mcp.org/vocab#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX person: <https://demo.sparql-mcp.org/person/>
PREFIX country: <https://demo.sparql-mcp.org/country/>
`;
const LARGEST_CITIES = `${PREFIXES}SELECT ?name ?population WHERE {
  SERVICE <${GEO}> {
    ?city a demo:City ; rdfs:label ?name ; demo:population ?population .
    FILTER(LANG(?name) = "en")
  }
} ORDER BY DESC(?population) LIMIT 3`;

function run_cli(args, input) {
  const result = spawnSync(binary(), args, { input, encoding: "utf8", timeout: 30000 });
  assert.equal(result.error, undefined, `could not run sparql-mcp: ${result.error}`);
  return result;
}

function column(result, variable, query = PREFIXES) {
  return bindings_of(result.structuredContent, query).map((b) => b[variable]?.value);
}

describe("the demo federation over MCP", { timeout: 120000 }, () => {
  let session;
  let void_cache;
  before(async () => {
    void_cache = mkdtempSync(join(tmpdir(), "sparqlmcp-demo-void-"));
    session = await connect_sdk(CATALOGUE, ["--void-cache", void_cache]);
  });
  after(async () => {
    await session?.close();
    if (void_cache) rmSync(void_cache, { recursive: true, force: true });
  });

  it("describes a shard's schema in-process, then answers it from the cache", async () => {
    const first = await call_tool(session.client, "get_void_descriptions", { endpoint: "demo-works" });
    assert.ok(!first.isError, text_of(first));
    const [entry] = first.structuredContent.descriptions;
    assert.equal(entry.status, "computed");
    assert.equal(entry.source.origin, "in-process");
    const summary = entry.summary;
    const classes = Object.fromEntries(summary.classes.map((c) => [c.class, c.instances]));
    const prefix = Object.entries(summary.prefixes).find(([, ns]) => ns === "https://demo.sparql-mcp.org/vocab#")[0];
    // The name the catalogue (and the README) gives the vocabulary, not one made up for it.
    assert.equal(prefix, "demo");
    assert.ok(text_of(first).includes("demo:LiteraryWork"), text_of(first).slice(0, 800));
    // The counts of the dump (examples/data/works.ttl), as the demo's README states them.
    assert.equal(classes[`${prefix}:LiteraryWork`] + classes[`${prefix}:MusicalWork`] +
                 classes[`${prefix}:ScholarlyWork`], 266);
    assert.match(text_of(first), /Shapes, biggest class first/);
    assert.ok(existsSync(join(void_cache, "demo-works.ttl")), "the description is cached on disk");
    const again = await call_tool(session.client, "get_void_descriptions", { endpoint: "demo-works" });
    assert.equal(again.structuredContent.descriptions[0].status, "cached");
    const listed = await call_tool(session.client, "list_endpoints", { keyword: "works" });
    const works = listed.structuredContent.endpoints.find((e) => e.id === "demo-works");
    assert.equal(works.void.cached, true);
    assert.equal(works.void.classes, 5);
    // The cached description is a resource too, as Turtle any RDF parser reads as it is.
    const { resources } = await session.client.listResources();
    assert.ok(resources.some((r) => r.uri === "sparql-mcp://void/demo-works" && r.mimeType === "text/turtle"),
              JSON.stringify(resources.map((r) => r.uri)));
    const read = await session.client.readResource({ uri: "sparql-mcp://void/demo-works" });
    assert.equal(read.contents[0].mimeType, "text/turtle");
    const store = new oxigraph.Store();
    store.load(read.contents[0].text, { format: "text/turtle" });
    const [row] = store.query(`PREFIX void: <http://rdfs.org/ns/void#> SELECT ?t WHERE {
      ?d void:sparqlEndpoint <https://demo.sparql-mcp.org/sparql/works> ; void:triples ?t }`);
    assert.equal(Number(row.get("t").value), 1861);
    const { resourceTemplates } = await session.client.listResourceTemplates();
    assert.ok(resourceTemplates.some((t) => t.uriTemplate === "sparql-mcp://void/{id}"));
    await assert.rejects(session.client.readResource({ uri: "sparql-mcp://void/demo-geo" }),
                         /no VoID description of "demo-geo" is cached yet; call get_void_descriptions/);
  });

  it("lists the four shards as entries answered in-process", async () => {
    const result = await call_tool(session.client, "list_endpoints", {});
    assert.ok(!result.isError, text_of(result));
    const text = text_of(result);
    for (const id of ["demo-geo", "demo-people", "demo-works", "demo-awards"]) {
      const line = text.split("\n").find((l) => l.startsWith(`${id} | `));
      assert.ok(line, `list_endpoints does not show ${id}:\n${text}`);
      assert.ok(line.includes(" [RDF dump, answered in-process]"), `${id} is not marked in-process: ${line}`);
      const entry = result.structuredContent.endpoints.find((e) => e.id === id);
      assert.equal(entry.answered_in_process, true);
      // The resource of the entry uses the same name for it.
      const read = await session.client.readResource({ uri: `sparql-mcp://catalogue/${id}` });
      const resource = JSON.parse(read.contents[0].text);
      assert.equal(resource.answered_in_process, true, `resource of ${id}: ${read.contents[0].text}`);
      assert.equal(resource.answered_locally, undefined, "one name for in-process entries");
    }
    const opera = text_of(await call_tool(session.client, "list_endpoints", { keyword: "opera" }));
    assert.ok(opera.includes("demo-works"), opera);
  });

  it("answers a single-SERVICE query on a shard from its dump", async () => {
    const result = await call_tool(session.client, "run_sparql_query", { query: LARGEST_CITIES });
    assert.ok(!result.isError, text_of(result));
    assert.equal(result.structuredContent.route, "in-process");
    assert.equal(result.structuredContent.endpoint, GEO);
    assert.deepEqual(column(result, "name"), ["Moscow", "London", "Saint Petersburg"]);
  });

  it("joins inside one shard, with OPTIONAL, aggregates and language tags", async () => {
    const query = `${PREFIXES}SELECT ?country (COUNT(?city) AS ?cities) WHERE {
      SERVICE <${GEO}> {
        ?city a demo:City ; demo:country ?c .
        ?c rdfs:label ?country . FILTER(LANGMATCHES(LANG(?country), "en"))
      }
    } GROUP BY ?country ORDER BY DESC(?cities) ?country LIMIT 5`;
    const result = await call_tool(session.client, "run_sparql_query", { query });
    assert.ok(!result.isError, text_of(result));
    const counts = column(result, "cities").map(Number);
    assert.equal(counts.length, 5);
    for (let i = 1; i < counts.length; ++i) assert.ok(counts[i - 1] >= counts[i], `not sorted: ${counts}`);
    assert.ok(counts.reduce((a, b) => a + b, 0) > 10);
  });

  it("reaches across shards by IRI, one shard per call", async () => {
    const prizes = await call_tool(session.client, "run_sparql_query", {
      query: `${PREFIXES}SELECT ?award WHERE { SERVICE <${AWARDS}> { ?award demo:laureate person:Marie_Curie } }`,
    });
    assert.ok(!prizes.isError, text_of(prizes));
    assert.ok(column(prizes, "award").length >= 2, "Marie Curie won two Nobel Prizes");
    const birth = await call_tool(session.client, "run_sparql_query", {
      query: `${PREFIXES}SELECT ?place WHERE { SERVICE <${PEOPLE}> { person:Marie_Curie demo:birthPlace ?place } }`,
    });
    assert.deepEqual(column(birth, "place"), ["https://demo.sparql-mcp.org/city/Warsaw"]);
  });

  it("answers every query of examples/README.md, the federated ones in one call each, as Oxigraph does", async () => {
    const oracle = demo_oracle();
    const queries = demo_readme_queries();
    assert.ok(queries.length >= 6, `examples/README.md has ${queries.length} SPARQL blocks`);
    let federated = 0;
    for (const query of queries) {
      const services = new Set([...query.matchAll(/SERVICE\s*<([^>]+)>/g)].map((m) => m[1]));
      if (services.size > 1) federated += 1;
      const result = await call_tool(session.client, "run_sparql_query", { query, max_rows: 1000 });
      assert.ok(!result.isError, `${query}\n${text_of(result)}`);
      assert.deepEqual(binding_rows(bindings_of(result.structuredContent, query)),
        oracle.expected_rows(query), query);
      if (services.size > 1) assert.equal(result.structuredContent.route, "federated");
    }
    assert.ok(federated >= 3, `${federated} federated questions`);
  });

  it("says the same in its text block and in its compact structured form", async () => {
    // Clients differ in what they give the model: the text (Claude Desktop) or only
    // JSON.stringify(structuredContent) (Claude Code): each must carry every fact.
    const query = `${PREFIXES}SELECT ?name ?place WHERE {
      SERVICE <${PEOPLE}> { ?person rdfs:label ?name ; demo:birthPlace ?place FILTER(LANG(?name) = "en") }
      SERVICE <${GEO}> { ?place a demo:City } }`;
    const result = await call_tool(session.client, "run_sparql_query", { query, max_rows: 7 });
    assert.ok(!result.isError, text_of(result));
    const s = result.structuredContent;
    const text = text_of(result);
    assert.deepEqual(s.columns, ["name", "place"]);
    assert.equal(s.rows.length, 7);
    assert.equal(s.rows_shown, 7);
    assert.equal(s.truncated, true);
    // The rows are the table's lines, cell for cell, an IRI with the label its endpoint gives it
    // written "label (cell)" there and given in `labels`, per column and row.
    s.rows.forEach((row, r) => {
      const line = row.map((c, i) => {
        const label = s.labels?.[s.columns[i]]?.[r];
        return label ? `${label} (${c})` : (c ?? "");
      }).join("\t");
      assert.ok(text.includes(`\n${line}\n`), line);
    });
    assert.ok(s.labels.place.some((l) => l !== null), "the cities' labels come from the geography shard");
    const count = s.row_count ?? s.row_count_at_least;
    assert.ok(text.includes(`${count} rows`), `the text does not say ${count} rows`);
    assert.ok(text.includes(s.next_page_query), "the next-page query is in the text");
    for (const line of [...s.warnings, ...(s.advice ?? [])]) assert.ok(text.includes(line), line);
    for (const use of s.endpoints) assert.ok(text.includes(`<${use.endpoint}> ${use.requests} request`), use.endpoint);
    assert.equal(s.route, "federated");
    assert.match(text, /^Federated query over 2 endpoints/);
    // Compact: no SPARQL JSON unless format "json" asks for it.
    assert.equal(s.results, undefined);
    assert.ok(JSON.stringify(s).length <= 1.25 * text.length + 200, `${JSON.stringify(s).length} vs ${text.length}`);
  });

  it("reports an expression error as unbound, not as a failure", async () => {
    const result = await call_tool(session.client, "run_sparql_query", {
      query: `${PREFIXES}SELECT ?name (?name + 1 AS ?oops) WHERE { SERVICE <${GEO}> { ?c a demo:City ; rdfs:label ?name } } LIMIT 2`,
    });
    assert.ok(!result.isError, text_of(result));
    for (const row of bindings_of(result.structuredContent, PREFIXES)) assert.equal(row.oops, undefined);
  });
});

describe("a cancelled in-process query on one worker", { timeout: 120000 }, () => {
  let session;
  before(async () => { session = await connect_sdk(CATALOGUE, ["--workers", "1"]); });
  after(async () => { await session?.close(); });

  it("stops evaluating, so the only worker takes the next call at once", async () => {
    const controller = new AbortController();
    const runaway = `SELECT (COUNT(*) AS ?n) WHERE { SERVICE <${GEO}> { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } }`;
    // The first progress notification (5 s after the call arrived) carries the tool's own report
    // that it is evaluating: then the worker is busy in the engine, and the test cancels.
    let evaluating;
    const started_evaluating = new Promise((resolve) => { evaluating = resolve; });
    const call = call_tool(session.client, "run_sparql_query", { query: runaway, timeout_ms: 600000 },
                           { signal: controller.signal, timeout_ms: 60000,
                             onprogress: (p) => { if (/evaluating/.test(p.message)) evaluating(); } });
    await started_evaluating;
    controller.abort("test cancels");
    await assert.rejects(call, (e) => e.code === -32001 && e.message === "MCP error -32001: test cancels");
    // Had the engine gone on counting, the only worker would be busy for ten minutes and this
    // call would run into its 30 s client timeout.
    const result = await call_tool(session.client, "run_sparql_query", { query: LARGEST_CITIES }, { timeout_ms: 30000 });
    assert.ok(!result.isError, text_of(result));
    assert.deepEqual(column(result, "name"), ["Moscow", "London", "Saint Petersburg"]);
  });
});

describe("sparql-mcp query on the demo catalogue", { timeout: 60000 }, () => {
  it("prints a table with its notes", () => {
    const r = run_cli(["query", "--catalogue", CATALOGUE, "--log-level", "warn", LARGEST_CITIES]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Moscow/);
    assert.match(r.stdout, /3 rows/);
  });

  it("prints a bare CSV document on stdout for pipes, notes on stderr", () => {
    const r = run_cli(["query", "--catalogue", CATALOGUE, "--log-level", "warn", "--format", "csv", "-"],
                      LARGEST_CITIES);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trim().split(/\r?\n/);
    assert.equal(lines[0], "name,population");
    assert.equal(lines.length, 4);
    assert.match(lines[1], /^Moscow,\d+$/);
    assert.match(r.stderr, /answered/);
  });

  it("exits 1 with the error on stderr for a bad query", () => {
    const r = run_cli(["query", "--catalogue", CATALOGUE, "--log-level", "warn",
                       `SELECT * WHERE { SERVICE <${GEO}> { ?s ?p } }`]);
    assert.equal(r.status, 1);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr, `sparql-mcp query: SPARQL syntax error at line 1, column ${37 + GEO.length}: unexpected ` +
                           "'}', expected a triple pattern object (an IRI, prefixed name, literal, variable or blank " +
                           "node)\n");
  });

  it("stops a runaway cross product at --timeout and says how to raise it", () => {
    // Unstopped, the count would run far past run_cli's 30 s kill, and status would be null.
    const r = run_cli(["query", "--catalogue", CATALOGUE, "--timeout", "1s",
                       `SELECT (COUNT(*) AS ?n) WHERE { SERVICE <${GEO}> { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } }`]);
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stderr, /time limit of 1 s/);
    assert.match(r.stderr, /raise --timeout/);
  });
});
