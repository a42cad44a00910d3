// Queries without SERVICE over several endpoints (docs/federation.md, "Plain queries"): the
// patterns match the RDF merge of the endpoints' default graphs. Two Oxigraph servers hold
// overlapping data: a triple both hold, blank nodes with the same label in both, facts about
// one person split between them.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { start_oxigraph } from "./lib/servers.mjs";
import { connect_sdk, call_tool, text_of, write_catalogue } from "./lib/mcp.mjs";

const EX = "http://example.org/plain/";
const PREFIX = `PREFIX ex: <${EX}>\n`;

const LEFT = `@prefix ex: <${EX}> .
ex:alice a ex:Person ; ex:name "Alice" ; ex:knows ex:bob .
ex:bob a ex:Person ; ex:name "Bob" .
ex:carol ex:address _:home .
_:home ex:city "Paris" .
`;
const RIGHT = `@prefix ex: <${EX}> .
ex:alice a ex:Person ; ex:age 30 .
ex:bob ex:age 42 .
ex:carol ex:name "Carol" .
ex:dave ex:address _:home .
_:home ex:city "Rome" .
`;

async function tool(session, name, args) {
  const result = await call_tool(session.client, name, args, { timeout_ms: 60000 });
  assert.ok(!result.isError, `${name} failed: ${text_of(result)}`);
  return result;
}

// A cell as the structured rows write it (<iri>, "lexical"@lang or "lexical"^^<type>, or a bare
// number), as its plain value.
const plain = (cell) => {
  if (cell.startsWith("<")) return cell.slice(1, -1);
  if (cell.startsWith('"')) return cell.slice(1, cell.lastIndexOf('"'));
  return cell;
};
const values = (result, column) =>
  result.structuredContent.rows.map((row) => plain(row[result.structuredContent.columns.indexOf(column)])).sort();
const pairs = (result) => result.structuredContent.rows.map((row) => row.map(plain));

describe("plain queries over several endpoints", () => {
  let left, right, data, catalogue, session;
  before(async () => {
    data = mkdtempSync(join(tmpdir(), "sparqlmcp-plain-"));
    writeFileSync(join(data, "left.ttl"), LEFT);
    writeFileSync(join(data, "right.ttl"), RIGHT);
    [left, right] = await Promise.all([start_oxigraph([join(data, "left.ttl")]),
                                       start_oxigraph([join(data, "right.ttl")])]);
    catalogue = write_catalogue([{ id: "left", endpoint: left.url() }, { id: "right", endpoint: right.url() }]);
    session = await connect_sdk(catalogue.dir, ["--void-cache", join(data, "void-cache")]);
  });
  after(async () => {
    await session?.close();
    await Promise.all([left?.stop(), right?.stop()]);
    catalogue?.remove();
    rmSync(data, { recursive: true, force: true });
  });

  const run = (query, extra = {}) =>
    tool(session, "run_sparql_query", { query: PREFIX + query, endpoints: ["left", "right"], ...extra });

  it("counts a triple both endpoints hold once, as one store holding both would", async () => {
    const people = await run("SELECT ?p WHERE { ?p a ex:Person }");
    assert.deepEqual(values(people, "p"), ["ex:alice", "ex:bob"]);
    const count = await run("SELECT (COUNT(*) AS ?n) WHERE { ?p a ex:Person }");
    assert.equal(pairs(count)[0][0], "2");
  });

  it("joins solutions across endpoints", async () => {
    const ages = await run("SELECT ?n ?age WHERE { ?p ex:name ?n ; ex:age ?age } ORDER BY ?n");
    assert.deepEqual(pairs(ages), [["Alice", "30"], ["Bob", "42"]]);
    const named = await run("SELECT ?n WHERE { ?p ex:address ?a . ?p ex:name ?n }");
    assert.deepEqual(values(named, "n"), ["Carol"]);
  });

  it("keeps blank nodes of different endpoints apart, even with the same label", async () => {
    const homes = await run("SELECT ?who ?home WHERE { ?who ex:address ?home }");
    const rows = pairs(homes);
    assert.deepEqual(rows.map((r) => r[0]).sort(), ["ex:carol", "ex:dave"]);
    assert.ok(rows.every((r) => r[1].startsWith("_:")), JSON.stringify(rows));
    assert.notEqual(rows[0][1], rows[1][1]);
    // A blank node written in the query is a variable of its own, never projected by '*'.
    const written = await run("SELECT * WHERE { ?who ex:address [] }");
    assert.deepEqual(written.structuredContent.columns, ["who"]);
    assert.equal(written.structuredContent.rows.length, 2);
  });

  it("goes to every catalogue endpoint without `endpoints`, with the same answer", async () => {
    const named = await run("SELECT ?n ?age WHERE { ?p ex:name ?n ; ex:age ?age }");
    const all = await tool(session, "run_sparql_query",
                           { query: `${PREFIX}SELECT ?n ?age WHERE { ?p ex:name ?n ; ex:age ?age }` });
    assert.deepEqual(all.structuredContent.rows, named.structuredContent.rows);
    assert.equal(all.structuredContent.route, "federated");
  });

  it("rules out, and says why in explain, an endpoint whose description lacks a predicate", async () => {
    await tool(session, "get_void_descriptions", { endpoint: "left" });
    await tool(session, "get_void_descriptions", { endpoint: "right" });
    const result = await run("SELECT ?n WHERE { ?a ex:knows ?b . ?b ex:name ?n }", { explain: true });
    assert.deepEqual(values(result, "n"), ["Bob"]);
    const escaped = right.url().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    assert.match(text_of(result), new RegExp(`ruled out \\(\\(bgp \\(triple \\?a <${EX}knows> \\?b\\)\\): ` +
                                             `<${escaped}>: its data has no <${EX}knows>\\)`));
    // Only the endpoint left is asked for that pattern: one SERVICE, no merge unit.
    assert.match(text_of(result), /service \(#1 <[^>]+> requests=1 rows=1 [^\n]*sent: SELECT \?a \?b WHERE \{ \?a ex:knows \?b \. \}/);
    // A predicate no endpoint's description has: an empty answer, without a request.
    const none = await run("SELECT ?x WHERE { ?x ex:nowhere ?y }", { explain: true });
    assert.equal(none.structuredContent.rows.length, 0);
    assert.equal(none.structuredContent.requests, 0, text_of(none));
    // ... and a warning that says which pattern nothing holds, and what to do.
    const nowhere = /No endpoint can match the pattern `\?x ex:nowhere \?y` \(.*their data has no <http:\/\/example\.org\/plain\/nowhere>\).*search_terms/;
    assert.ok(none.structuredContent.warnings?.some((w) => nowhere.test(w)), JSON.stringify(none.structuredContent.warnings));
    const whole = await tool(session, "run_sparql_query", { query: `${PREFIX}SELECT ?x WHERE { ?x ex:nowhere ?y }` });
    assert.ok(whole.structuredContent.warnings?.some((w) => nowhere.test(w)), JSON.stringify(whole.structuredContent.warnings));
    // The endpoints asked are listed.
    assert.ok(result.structuredContent.endpoints.length >= 1);
  });

  it("pages with a next-page query that needs no `endpoints`", async () => {
    const first = await run("SELECT ?p WHERE { ?p a ex:Person } ORDER BY ?p", { max_rows: 1 });
    assert.equal(pairs(first)[0][0], "ex:alice");
    const next = await tool(session, "run_sparql_query", { query: first.structuredContent.next_page_query });
    assert.equal(pairs(next)[0][0], "ex:bob");
  });

  it("refuses an empty list and an unknown id, naming the known ones", async () => {
    const empty = await call_tool(session.client, "run_sparql_query",
                                  { query: "SELECT * WHERE { ?s ?p ?o } LIMIT 1", endpoints: [] });
    assert.equal(empty.isError, true);
    assert.match(text_of(empty), /`endpoints` is empty.*Known endpoints: left, right/s);
    const unknown = await call_tool(session.client, "run_sparql_query",
                                    { query: "SELECT * WHERE { ?s ?p ?o } LIMIT 1", endpoints: ["left", "nope"] });
    assert.equal(unknown.isError, true);
    assert.match(text_of(unknown), /unknown endpoint 'nope'.*known endpoints: left, right/s);
  });

  it("refuses a path with + over several endpoints, saying what to do", async () => {
    const path = await call_tool(session.client, "run_sparql_query",
                                 { query: `${PREFIX}SELECT * WHERE { ?a ex:knows+ ?b }`, endpoints: ["left", "right"] });
    assert.equal(path.isError, true);
    assert.match(text_of(path), /can run across several endpoints.*SERVICE/s);
  });
});

describe("plain queries with an endpoint that is down", () => {
  const DOWN = "http://127.0.0.1:9/sparql";  // nothing listens on the discard port
  let left, data, catalogue, session;
  before(async () => {
    data = mkdtempSync(join(tmpdir(), "sparqlmcp-plain-down-"));
    writeFileSync(join(data, "left.ttl"), LEFT);
    left = await start_oxigraph([join(data, "left.ttl")]);
    catalogue = write_catalogue([{ id: "left", endpoint: left.url() }, { id: "down", endpoint: DOWN }]);
    session = await connect_sdk(catalogue.dir, ["--void-cache", join(data, "void-cache")]);
  });
  after(async () => {
    await session?.close();
    await left?.stop();
    catalogue?.remove();
    rmSync(data, { recursive: true, force: true });
  });

  it("fails naming the endpoint, or with silent: true goes on without it and says so", async () => {
    const query = `${PREFIX}SELECT ?p WHERE { ?p a ex:Person } ORDER BY ?p`;
    const failed = await call_tool(session.client, "run_sparql_query", { query, endpoints: ["left", "down"] });
    assert.equal(failed.isError, true);
    assert.match(text_of(failed), /127\.0\.0\.1:9/);
    const silent = await tool(session, "run_sparql_query", { query, endpoints: ["left", "down"], silent: true });
    assert.deepEqual(values(silent, "p"), ["ex:alice", "ex:bob"]);
    assert.equal(silent.structuredContent.possibly_incomplete, true);
    assert.ok(silent.structuredContent.warnings.some((w) => /127\.0\.0\.1:9.*left out \(silent: true\)/.test(w)),
              JSON.stringify(silent.structuredContent.warnings));
  });
});

describe("plain queries over endpoints that declare the URI space of their entities", () => {
  // People declares its space in the catalogue; places publishes VoID in its own data with a
  // void:uriRegexPattern. A person's triples link to a city: objects outside the space stay.
  const PEOPLE = `@prefix ex: <${EX}> .
<http://people.example/id/alice> ex:name "Alice" ; ex:livesIn <http://places.example/city/paris> .
<http://people.example/id/bob> ex:name "Bob" .
`;
  const PLACES = `@prefix ex: <${EX}> .
@prefix void: <http://rdfs.org/ns/void#> .
<http://places.example/city/paris> ex:name "Paris" .
<http://places.example/city/rome> ex:name "Rome" .
<http://places.example/void> a void:Dataset ; void:triples 2 ;
  void:uriRegexPattern "^http://places\\\\.example/(city|country)/" .
`;
  let people, places, data, catalogue, session;
  before(async () => {
    data = mkdtempSync(join(tmpdir(), "sparqlmcp-plain-space-"));
    writeFileSync(join(data, "people.ttl"), PEOPLE);
    writeFileSync(join(data, "places.ttl"), PLACES);
    [people, places] = await Promise.all([start_oxigraph([join(data, "people.ttl")]),
                                          start_oxigraph([join(data, "places.ttl")])]);
    catalogue = write_catalogue([{ id: "people", endpoint: people.url(), uri_space: "http://people.example/id/" },
                                 { id: "places", endpoint: places.url() }]);
    session = await connect_sdk(catalogue.dir, ["--void-cache", join(data, "void-cache")]);
  });
  after(async () => {
    await session?.close();
    await Promise.all([people?.stop(), places?.stop()]);
    catalogue?.remove();
    rmSync(data, { recursive: true, force: true });
  });

  it("asks only the endpoint whose URI space holds a constant subject, and says why in explain", async () => {
    // Its published VoID has no partitions: a description is computed, keeping the pattern.
    const published = await tool(session, "get_void_descriptions", { endpoint: "places" });
    assert.match(text_of(published), /entity IRIs matching \^http:\/\/places\\\.example\/\(city\|country\)\//);
    // A forced recomputation, which does not look for published VoID again, keeps it too.
    const forced = await tool(session, "get_void_descriptions", { endpoint: "places", compute: "force" });
    assert.match(text_of(forced), /entity IRIs matching \^http:\/\/places/);
    const result = await tool(session, "run_sparql_query", {
      query: `${PREFIX}SELECT ?n WHERE { <http://people.example/id/alice> ex:name ?n }`, explain: true });
    assert.deepEqual(values(result, "n"), ["Alice"]);
    assert.equal(result.structuredContent.requests, 1, text_of(result));
    const escaped = places.url().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    assert.match(text_of(result), new RegExp(`<${escaped}>: <http://people\\.example/id/alice> is outside its URI space ` +
                                             `\\(void:uriRegexPattern`));
    // People's vocabulary is not known yet: the subject might be one of its own terms, so its
    // URI space rules nothing out until its description says what its terms are.
    const rome = `${PREFIX}SELECT ?n WHERE { <http://places.example/city/rome> ex:name ?n }`;
    const before = await tool(session, "run_sparql_query", { query: rome });
    assert.deepEqual(values(before, "n"), ["Rome"]);
    assert.equal(before.structuredContent.requests, 2, text_of(before));
    await tool(session, "get_void_descriptions", { endpoint: "people" });
    const city = await tool(session, "run_sparql_query", { query: rome.replace("?n WHERE", "?n ?unused WHERE") });
    assert.deepEqual(values(city, "n"), ["Rome"]);
    assert.equal(city.structuredContent.requests, 1, text_of(city));
  });

  it("keeps every endpoint for a variable subject and a constant object outside a space", async () => {
    const names = await tool(session, "run_sparql_query", { query: `${PREFIX}SELECT ?n WHERE { ?x ex:name ?n }` });
    assert.deepEqual(values(names, "n"), ["Alice", "Bob", "Paris", "Rome"]);
    const linked = await tool(session, "run_sparql_query", {
      query: `${PREFIX}SELECT ?who WHERE { ?who ex:livesIn <http://places.example/city/paris> }` });
    assert.deepEqual(values(linked, "who"), ["http://people.example/id/alice"]);
  });
});
