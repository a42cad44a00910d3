// run_sparql_query against a real Oxigraph server (tests/servers/oxigraph-server.mjs) through
// the official SDK client: every query form, every result format, paging and query errors.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { start_oxigraph } from "./lib/servers.mjs";
import { bindings_of, write_catalogue, connect_sdk, call_tool, text_of } from "./lib/mcp.mjs";
import { people, EX, VOCAB } from "../data/shared/dataset.mjs";

const PREFIXES = `PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX ex: <${VOCAB}>
`;
const XSD_INTEGER = "http://www.w3.org/2001/XMLSchema#integer";

describe("run_sparql_query against Oxigraph", { timeout: 180000 }, () => {
  let oxigraph;
  let catalogue;
  let session;
  let endpoint;
  const run = (args, options) => call_tool(session.client, "run_sparql_query", args, options);
  const ok = (result) => {
    assert.equal(result.isError ?? false, false, `unexpected tool error: ${text_of(result)}`);
    return result.structuredContent;
  };

  before(async () => {
    oxigraph = await start_oxigraph();
    endpoint = oxigraph.url("/query");
    catalogue = write_catalogue([
      { id: "people", title: "People", description: "People, organisations and publications.", endpoint },
    ]);
    session = await connect_sdk(catalogue.dir);
  });

  after(async () => {
    await session?.close();
    await oxigraph?.stop();
    catalogue?.remove();
  });

  it("runs a SELECT through its SERVICE endpoint and returns compact rows, or SPARQL JSON when asked", async () => {
    const query = `${PREFIXES}SELECT ?p ?name ?age WHERE {
  SERVICE <${endpoint}> { ?p a foaf:Person ; foaf:name ?name ; foaf:age ?age FILTER(?age >= 60) }
} ORDER BY ?p`;
    const result = await run({ query });
    const s = ok(result);
    const expected = people().filter((p) => p.age >= 60);
    assert.ok(expected.length > 5);
    assert.equal(s.endpoint, endpoint);
    assert.equal(typeof s.elapsed_ms, "number");
    assert.ok(s.elapsed_ms >= 0);
    assert.equal(typeof s.route, "string");
    assert.equal(s.row_count, expected.length);
    assert.equal(s.rows_shown, expected.length);
    assert.equal(s.truncated, false);
    assert.equal(s.possibly_incomplete, false);
    assert.ok(Array.isArray(s.warnings));
    const bindings = expected.map((p) => ({
      p: { type: "uri", value: p.iri },
      name: { type: "literal", value: p.name },
      age: { type: "literal", value: String(p.age), datatype: XSD_INTEGER },
    }));
    // The same short cells as the text table: IRIs (the query's prefixes), literals, numbers bare.
    assert.deepEqual(s.columns, ["p", "name", "age"]);
    assert.deepEqual(bindings_of(s, query), bindings);
    assert.equal(s.rows[0][2], String(expected[0].age));
    assert.equal(s.results, undefined);
    const json = ok(await run({ query, format: "json" }));
    assert.deepEqual(json.results.head.vars, ["p", "name", "age"]);
    assert.deepEqual(json.results.results.bindings, bindings);
    assert.equal(json.rows, undefined);
    const text = text_of(result);
    const first_line = text.split("\n")[0];
    assert.ok(first_line.includes(endpoint), `the header line does not name the endpoint: ${first_line}`);
    const lines = text.split("\n");
    assert.ok(lines.some((l) => /\bp\b.*\tname\b.*\tage\b/.test(l.replace(/\?/g, ""))),
              `no TSV header p/name/age in:\n${text.slice(0, 500)}`);
    assert.ok(text.includes(expected[0].name), "multibyte names must survive in the text block");
  });

  it("answers ASK with a boolean result", async () => {
    const yes = ok(await run({ query: `ASK { SERVICE <${endpoint}> { <${EX}city/1> ?p ?o } }` }));
    assert.equal(yes.boolean, true);
    const no = ok(await run({ query: `ASK { SERVICE <${endpoint}> { <${EX}city/999> ?p ?o } }` }));
    assert.equal(no.boolean, false);
  });

  it("returns CONSTRUCT results as Turtle and as N-Triples", async () => {
    const query = `${PREFIXES}CONSTRUCT { ?c rdfs:label ?l } WHERE {
  SERVICE <${endpoint}> { ?c a ex:City ; rdfs:label ?l FILTER(?c = <${EX}city/1>) } }`;
    const turtle = await run({ query, format: "turtle" });
    ok(turtle);
    const t = text_of(turtle);
    assert.match(t, /"Wien"@de/);
    assert.match(t, /"Vienna"@en/);
    assert.ok(t.includes(`${EX}city/1`) || /city\/1|:1\b/.test(t), `subject missing in:\n${t}`);
    const ntriples = await run({ query, format: "ntriples" });
    ok(ntriples);
    const n = text_of(ntriples).replace(/[ \t]+/g, " "); // N-Triples allows tabs between terms
    assert.ok(n.includes(`<${EX}city/1> <http://www.w3.org/2000/01/rdf-schema#label> "Wien"@de .`),
              `N-Triples line missing in:\n${n}`);
    assert.ok(n.includes(`<${EX}city/1> <http://www.w3.org/2000/01/rdf-schema#label> "Vienna"@en .`));
  });

  it("serialises SELECT results in each requested format", async () => {
    const query = `${PREFIXES}SELECT ?c ?label WHERE {
  SERVICE <${endpoint}> { ?c a ex:City ; rdfs:label ?label FILTER(lang(?label) = "en") } } ORDER BY ?c`;
    const markers = {
      json: (t) => t.includes('"bindings"') || /\??c\t\??label/.test(t),
      xml: (t) => t.includes("<sparql") && t.includes("<binding name=\"label\">"),
      csv: (t) => /^c,label\r?$/m.test(t) && t.includes(`${EX}city/3,Zürich`),
      tsv: (t) => /^\?c\t\?label\r?$/m.test(t) && t.includes(`<${EX}city/3>\t"Zürich"@en`),
    };
    for (const [format, check] of Object.entries(markers)) {
      const result = await run({ query, format });
      const s = ok(result);
      assert.equal(s.row_count, 8, `${format}: row_count`);
      assert.equal(bindings_of(s, query).length, 8, `${format}: structured rows`);
      assert.equal(s.results !== undefined, format === "json", `${format}: SPARQL JSON only when asked`);
      assert.ok(check(text_of(result)), `${format}: the text block is not ${format}:\n${text_of(result).slice(0, 600)}`);
    }
  });

  it("truncates at max_rows and gives a next_page_query that returns the following rows", async () => {
    const query = `${PREFIXES}SELECT ?p ?name WHERE { SERVICE <${endpoint}> { ?p foaf:name ?name } } ORDER BY ?p`;
    const all = people().map((p) => p.iri).sort();
    const first = ok(await run({ query, max_rows: 5 }));
    assert.equal(first.rows_shown, 5);
    assert.equal(first.truncated, true);
    assert.ok(first.row_count >= 5);
    assert.deepEqual(bindings_of(first, query).map((b) => b.p.value), all.slice(0, 5));
    assert.equal(typeof first.next_page_query, "string", "truncated results need a next_page_query");
    const second = ok(await run({ query: first.next_page_query, max_rows: 5 }));
    assert.deepEqual(bindings_of(second, query).map((b) => b.p.value), all.slice(5, 10));
    assert.equal(second.truncated, true);
    const whole = ok(await run({ query, max_rows: 1000 }));
    assert.equal(whole.truncated, false);
    assert.equal(whole.row_count, all.length);
    assert.equal(whole.next_page_query, undefined);
  });

  it("reports a syntax error with its line and column, counted in code points", async () => {
    const line3 = '    ?s foaf:name "Zoë" ?oops .';
    const query = `${PREFIXES}SELECT ?s WHERE {\n  SERVICE <${endpoint}> {\n${line3}\n  }\n}`;
    const line = PREFIXES.split("\n").length - 1 + 3;
    const column = [...line3.slice(0, line3.indexOf("?oops"))].length + 1;
    const result = await run({ query });
    assert.equal(result.isError, true);
    assert.equal(text_of(result),
                 `SPARQL syntax error at line ${line}, column ${column}: unexpected variable ?oops, expected '.' ` +
                 "or '}' (triple patterns are separated by '.')");
  });

  it("refuses SPARQL Update as read-only", async () => {
    const result = await run({ query: `INSERT DATA { <${EX}a> <${EX}b> <${EX}c> }` });
    assert.equal(result.isError, true);
    assert.equal(text_of(result), "Query refused at line 1, column 1: this server is read-only: SPARQL Update " +
                                  "(INSERT DATA) is not accepted; send a SELECT, ASK, CONSTRUCT or DESCRIBE query");
  });

  it("refuses an unknown SERVICE endpoint and lists the known ones", async () => {
    const result = await run({ query: "SELECT * WHERE { SERVICE <http://127.0.0.1:9/unknown> { ?s ?p ?o } }" });
    assert.equal(result.isError, true);
    assert.equal(text_of(result),
                 "SERVICE <http://127.0.0.1:9/unknown> is not an endpoint of this server's catalogue, so it will not " +
                 "be contacted. Use one of the catalogue's endpoint IRIs exactly as listed by list_endpoints. Known " +
                 `endpoints: <${endpoint}> (People).`);
  });

  it("sends a query without SERVICE to the catalogue's one endpoint", async () => {
    const result = await run({ query: "SELECT * WHERE { ?s ?p ?o } LIMIT 1" });
    assert.equal(result.isError, false, text_of(result));
    assert.equal(result.structuredContent.route, "direct");
    assert.equal(result.structuredContent.rows.length, 1);
  });

  it("explains that a query with no graph pattern has nothing to send", async () => {
    const result = await run({ query: "SELECT * WHERE { BIND(1 AS ?x) }" });
    assert.equal(result.isError, true, `expected a tool error, got ${text_of(result).slice(0, 300)}`);
    assert.equal(text_of(result),
                 "the query has no graph pattern for an endpoint to match (no triple pattern and no SERVICE " +
                 "clause). Write the triple patterns, e.g. SELECT ?s WHERE { ?s ?p ?o } LIMIT 10, or SERVICE " +
                 `<endpoint IRI> { ... } around them. Known endpoints: <${endpoint}> (People).`);
  });
});
