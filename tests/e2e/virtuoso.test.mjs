// run_sparql_query against a real, private Virtuoso 7 (tests/servers/virtuoso/start.sh) with
// the shared data in named graphs. Virtuoso caps every result at ResultSetMaxRows = 10000 and
// says nothing about it: sparql-mcp must flag such results as possibly incomplete.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { start_virtuoso } from "./lib/servers.mjs";
import { bindings_of, write_catalogue, connect_sdk, call_tool, text_of } from "./lib/mcp.mjs";
import { people, PEOPLE_GRAPH, NUMBERS_GRAPH, NUMBER_COUNT, VOCAB } from "../data/shared/dataset.mjs";

describe("run_sparql_query against Virtuoso", { timeout: 400000 }, () => {
  let virtuoso;
  let catalogue;
  let session;
  let all_graphs;
  let people_endpoint;
  let numbers_endpoint;
  const run = (args) => call_tool(session.client, "run_sparql_query", args, { timeout_ms: 60000 });
  const ok = (result) => {
    assert.equal(result.isError ?? false, false, `unexpected tool error: ${text_of(result)}`);
    return result.structuredContent;
  };

  before(async () => {
    virtuoso = await start_virtuoso();
    all_graphs = virtuoso.endpoint;
    people_endpoint = virtuoso.graph_endpoint(PEOPLE_GRAPH);
    numbers_endpoint = virtuoso.graph_endpoint(NUMBERS_GRAPH);
    catalogue = write_catalogue([
      { id: "virtuoso", title: "All test graphs", description: "Every graph of the test Virtuoso.",
        endpoint: all_graphs, result_cap: 10000 },
      { id: "virtuoso-people", title: "People", description: "People and publications.",
        endpoint: people_endpoint, result_cap: 10000 },
      { id: "virtuoso-numbers", title: "Numbers", description: "Twelve thousand numbered resources.",
        endpoint: numbers_endpoint, result_cap: 10000 },
    ]);
    session = await connect_sdk(catalogue.dir, ["--max-rows", "20000", "--max-response-bytes", "100000000"]);
  });

  after(async () => {
    await session?.close();
    await virtuoso?.stop();
    catalogue?.remove();
  });

  it("counts the people of one named graph through a default-graph-uri endpoint", async () => {
    const query = `SELECT (COUNT(?p) AS ?n) WHERE {
  SERVICE <${people_endpoint}> { ?p a <http://xmlns.com/foaf/0.1/Person> } }`;
    const s = ok(await run({ query }));
    assert.equal(s.endpoint, people_endpoint);
    assert.equal(s.row_count, 1);
    assert.equal(Number(bindings_of(s, query)[0].n.value), people().length);
    assert.equal(s.possibly_incomplete, false);
  });

  it("keeps multibyte literals intact", async () => {
    const query = `SELECT ?name WHERE { SERVICE <${people_endpoint}> {
  ?p <http://xmlns.com/foaf/0.1/name> ?name FILTER(CONTAINS(?name, "ë")) } } ORDER BY ?name`;
    const s = ok(await run({ query }));
    const expected = [...new Set(people().map((p) => p.name).filter((n) => n.includes("ë")))];
    const got = bindings_of(s, query).map((b) => b.name.value);
    assert.deepEqual([...new Set(got)].sort(), expected.sort());
  });

  it("answers ASK", async () => {
    const s = ok(await run({ query: `ASK { SERVICE <${all_graphs}> { ?s <${VOCAB}value> 11999 } }` }));
    assert.equal(s.boolean, true);
  });

  it("flags a result that reaches the 10,000-row cap as possibly incomplete", async () => {
    const query = `SELECT ?s ?v WHERE { SERVICE <${numbers_endpoint}> { ?s <${VOCAB}value> ?v } }`;
    const result = await run({ query, max_rows: 20000 });
    const s = ok(result);
    assert.ok(NUMBER_COUNT > 10000);
    // Virtuoso returns exactly ResultSetMaxRows rows: a lower bound, never a row count.
    assert.equal(s.row_count, undefined);
    assert.equal(s.row_count_at_least, 10000);
    assert.match(text_of(result), /At least 10000 rows/);
    assert.equal(s.possibly_incomplete, true);
    assert.match(s.warnings.join(" "), /returned 10000 rows, its result cap \(smcp:resultCap in the catalogue\), so more rows may exist/);
    assert.equal(typeof s.next_page_query, "string", "the next page continues after the cap");
    const counted = ok(await run({ query, max_rows: 10, count: true }));
    assert.equal(counted.row_count, NUMBER_COUNT, "count: true gives the exact number");
  });

  it("does not flag a query whose own LIMIT equals the cap", async () => {
    const query = `SELECT ?s ?v WHERE { SERVICE <${numbers_endpoint}> { ?s <${VOCAB}value> ?v } } LIMIT 10000`;
    const s = ok(await run({ query, max_rows: 10000 }));
    assert.equal(s.row_count, 10000);
    assert.equal(s.possibly_incomplete, false);
    assert.deepEqual(s.warnings, []);
  });

  it("does not flag a complete result below the cap", async () => {
    const query = `SELECT ?s ?v WHERE { SERVICE <${numbers_endpoint}> { ?s <${VOCAB}value> ?v FILTER(?v <= 9000) } }`;
    const s = ok(await run({ query, max_rows: 20000 }));
    assert.equal(s.row_count, 9000);
    assert.equal(s.possibly_incomplete, false);
  });

  it("pages through ordered results with next_page_query", async () => {
    const query = `SELECT ?v WHERE { SERVICE <${numbers_endpoint}> { ?s <${VOCAB}value> ?v } } ORDER BY ?v`;
    const first = ok(await run({ query, max_rows: 3 }));
    assert.deepEqual(bindings_of(first, query).map((b) => Number(b.v.value)), [1, 2, 3]);
    assert.equal(first.truncated, true);
    assert.equal(typeof first.next_page_query, "string");
    const second = ok(await run({ query: first.next_page_query, max_rows: 3 }));
    assert.deepEqual(bindings_of(second, query).map((b) => Number(b.v.value)), [4, 5, 6]);
  });

  it("returns CONSTRUCT results from Virtuoso as N-Triples", async () => {
    const query = `CONSTRUCT { ?s <${VOCAB}value> ?v } WHERE {
  SERVICE <${numbers_endpoint}> { ?s <${VOCAB}value> ?v FILTER(?v = 42) } }`;
    const result = await run({ query, format: "ntriples" });
    ok(result);
    // N-Triples allows tabs between terms (Virtuoso writes them): compare with single spaces.
    const text = text_of(result).replace(/[ \t]+/g, " ");
    assert.ok(text.includes(`<http://example.org/number/42> <${VOCAB}value> "42"^^<http://www.w3.org/2001/XMLSchema#integer> .`),
              text.slice(0, 500));
  });
});
