// The checks before a query is sent, as an agent meets them (docs/validation.md): validate_query
// and run_sparql_query through the real binary and the MCP SDK client, over an Oxigraph endpoint
// whose VoID the server computed, beside an endpoint with no description. Unknown classes and
// predicates with ranked alternatives, a predicate the subject's class does not use, a prefix
// bound to an almost-right namespace, a PREFIX completed, IRIs nothing has shown, the diagnosis
// of an empty answer, --strict-validation, and the errors bad input gets.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, start_oxigraph } from "./lib/servers.mjs";
import { connect_sdk, call_tool, text_of } from "./lib/mcp.mjs";

const MUSIC = join(REPO, "tests", "e2e", "data", "search_music.ttl");
const VOC = "http://example.org/music/vocab#";
const EX = "http://example.org/music/";
const UNDESCRIBED = "http://127.0.0.1:9/never-described";

function catalogue(music_url) {
  const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-validation-"));
  writeFileSync(join(dir, "catalogue.ttl"), [
    "@prefix void: <http://rdfs.org/ns/void#> .",
    "@prefix dcterms: <http://purl.org/dc/terms/> .",
    "@prefix smcp: <https://w3id.org/sparql-mcp/vocab#> .",
    `<#music> a void:Dataset ; smcp:id "music" ; dcterms:title "music" ;`,
    `  dcterms:description "Singers and albums." ; void:sparqlEndpoint <${music_url}> .`,
    `<#other> a void:Dataset ; smcp:id "other" ; dcterms:title "other" ;`,
    `  dcterms:description "An endpoint never described." ; void:sparqlEndpoint <${UNDESCRIBED}> .`,
    ""].join("\n"));
  return { dir, cache: join(dir, "void-cache"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function tool(session, name, args) {
  const result = await call_tool(session.client, name, args, { timeout_ms: 60000 });
  assert.ok(!result.isError, `${name} failed: ${text_of(result)}`);
  return result;
}

const finding = (sc, problem) => sc.findings.find((f) => f.problem === problem);

describe("validation over Oxigraph", () => {
  let oxigraph, cat, session, url;
  const service = (body) => `SERVICE <${url}> { ${body} }`;
  before(async () => {
    oxigraph = await start_oxigraph([MUSIC]);
    url = oxigraph.url();
    cat = catalogue(url);
    session = await connect_sdk(cat.dir, ["--void-cache", cat.cache]);
    await tool(session, "get_void_descriptions", { endpoint: "music" });
  });
  after(async () => {
    await session?.close();
    await oxigraph?.stop();
    cat?.remove();
  });

  it("finds nothing wrong in a correct query, written with prefixes or in full", async () => {
    for (const query of [
      `PREFIX voc: <${VOC}>\nSELECT ?s WHERE { ${service("?s a voc:Singer ; voc:nationality ?n")} }`,
      `SELECT ?a WHERE { ${service(`?a <${VOC}performer> ?s . ?s <${VOC}birthYear> ?y`)} }`,
    ]) {
      const sc = (await tool(session, "validate_query", { query })).structuredContent;
      assert.equal(sc.valid, true);
      assert.deepEqual(sc.findings, []);
      assert.deepEqual(sc.prefixes_added, []);
    }
  });

  it("names an unknown class and predicate with the nearest terms first, where they are", async () => {
    const query = `PREFIX voc: <${VOC}>\nSELECT ?s WHERE {\n  ${service("?s a voc:Singr ; voc:nationalty ?n")} }`;
    const result = await tool(session, "validate_query", { query });
    const sc = result.structuredContent;
    assert.equal(sc.valid, false);
    const c = finding(sc, "unknown_class");
    assert.equal(c.severity, "error");
    assert.equal(c.term, `${VOC}Singr`);
    assert.equal(c.alternatives[0], `${VOC}Singer`);
    assert.equal(c.endpoint, url);
    assert.equal(c.service, 1);
    assert.equal(c.line, 3);
    assert.equal(finding(sc, "unknown_predicate").alternatives[0], `${VOC}nationality`);
    assert.match(text_of(result), /error 3:\d+ unknown_class: voc:Singr is not a class at/);
  });

  it("ranks a term by its label once the search index holds the labels", async () => {
    await tool(session, "search_terms", { text: "citizenship", kind: "property", endpoints: ["music"] });
    const query = `SELECT * WHERE { ${service(`?s <${VOC}citizenship> ?c`)} }`;
    const f = finding((await tool(session, "validate_query", { query })).structuredContent, "unknown_predicate");
    assert.equal(f.alternatives[0], `${VOC}p27`);  // labelled "citizenship"
  });

  it("names a predicate the subject's class does not use, and what it uses", async () => {
    const query = `PREFIX voc: <${VOC}>\nSELECT * WHERE { ${service("?album a voc:Album ; voc:nationality ?recordedIn")} }`;
    const f = finding((await tool(session, "validate_query", { query })).structuredContent,
                      "predicate_not_on_class");
    assert.equal(f.severity, "error");
    assert.equal(f.term, `${VOC}nationality`);
    assert.equal(f.alternatives[0], `${VOC}recordedIn`);  // the object variable names it
    assert.match(f.message, /^\?album \(voc:Album\) at .* has no predicate voc:nationality; it uses voc:recordedIn/);
  });

  it("names the namespace a prefix almost has", async () => {
    const query = `PREFIX voc: <https://example.org/music/vocab#>\nSELECT * WHERE { ${service("?s a voc:Singer ; voc:nationality ?n")} }`;
    const f = finding((await tool(session, "validate_query", { query })).structuredContent, "wrong_namespace");
    assert.equal(f.severity, "warning");
    assert.equal(f.prefix, "voc");
    assert.deepEqual(f.alternatives, [VOC]);
  });

  it("adds a forgotten PREFIX, runs the query and says what it added", async () => {
    const query = `SELECT ?name WHERE { ${service("?s a voc:Singer ; rdfs:label ?name")} } ORDER BY ?name`;
    const checked = (await tool(session, "validate_query", { query })).structuredContent;
    assert.deepEqual(checked.prefixes_added.map((p) => [p.prefix, p.namespace]).sort(),
                     [["rdfs", "http://www.w3.org/2000/01/rdf-schema#"], ["voc", VOC]]);
    assert.match(checked.completed_query, /^PREFIX /);
    const result = await tool(session, "run_sparql_query", { query });
    assert.equal(result.structuredContent.rows.length, 4);
    assert.equal(result.structuredContent.prefixes_added.length, 2);
    assert.equal(result.structuredContent.findings, undefined);  // said once, as added
    assert.match(text_of(result), /Added \(the query used them without declaring them\):.*PREFIX voc: /);
  });

  it("gives the parser's error first, and the prefix findings it can", async () => {
    const sc = (await tool(session, "validate_query",
                           { query: `SELECT * WHERE { ${service("?s zzq:nothing ?o ; voc:nationality")} }` })).structuredContent;
    assert.equal(sc.valid, false);
    assert.equal(sc.findings[0].problem, "syntax");
    assert.ok(sc.findings[0].line >= 1 && sc.findings[0].column >= 1);
    assert.equal(finding(sc, "undeclared_prefix").prefix, "zzq");
    assert.equal(finding(sc, "undeclared_prefix").severity, "error");
  });

  it("says what it could not check instead of guessing", async () => {
    const query = `SELECT * WHERE { SERVICE <${UNDESCRIBED}> { ?s <http://x.example/made-up> ?o } }`;
    const sc = (await tool(session, "validate_query", { query })).structuredContent;
    assert.equal(sc.valid, true);
    assert.deepEqual(sc.findings.map((f) => [f.problem, f.severity, f.endpoint]),
                     [["not_checked", "info", UNDESCRIBED]]);
  });

  it("warns about an IRI nothing has shown, until an answer shows it", async () => {
    const query = `SELECT ?y WHERE { ${service(`<${EX}jacques> <${VOC}birthYear> ?y`)} }`;
    let sc = (await tool(session, "validate_query", { query })).structuredContent;
    assert.equal(finding(sc, "unknown_iri").term, `${EX}jacques`);
    await tool(session, "run_sparql_query", { query: `SELECT ?s WHERE { ${service(`?s a <${VOC}Singer>`)} }` });
    sc = (await tool(session, "validate_query", { query })).structuredContent;
    assert.equal(finding(sc, "unknown_iri"), undefined);
  });

  it("runs the checks before a query and returns them with the answer", async () => {
    const result = await tool(session, "run_sparql_query", {
      query: `SELECT ?s WHERE { ${service(`?s a <${VOC}Singr>`)} }`,
    });
    const f = result.structuredContent.findings[0];
    assert.equal(f.problem, "unknown_class");
    assert.equal(f.alternatives[0], `${VOC}Singer`);
    assert.match(text_of(result), /Findings:\nerror \d+:\d+ unknown_class:/);
  });

  it("diagnoses an empty answer: the pattern of the block that matches nothing", async () => {
    const query = `PREFIX voc: <${VOC}>\nSELECT ?s ?y WHERE { ${service("?s a voc:Singer ; voc:nationalty ?n")} ` +
                  `${service("?a voc:performer ?s ; voc:releaseYear ?y")} }`;
    const result = await tool(session, "run_sparql_query", { query, diagnose: true });
    const d = result.structuredContent.diagnosis;
    assert.equal(result.structuredContent.rows.length, 0);
    assert.equal(d.empty[0].service, 1);
    assert.equal(d.empty[0].endpoint, url);
    assert.equal(d.empty[0].pattern, "?s voc:nationalty ?n");
    assert.match(d.empty[0].message, /^SERVICE #1 <.*>: the pattern \?s voc:nationalty \?n matches nothing there \(the endpoint has voc:nationality\)$/);
    assert.match(text_of(result), /Why the answer is empty/);
  });

  it("diagnoses a join that is empty, and nothing when the answer has rows", async () => {
    const join_query = `PREFIX voc: <${VOC}>\nSELECT * WHERE { ${service("?s a voc:Album")} ${service("?s voc:nationality ?n")} }`;
    const d = (await tool(session, "run_sparql_query", { query: join_query, diagnose: true })).structuredContent.diagnosis;
    assert.deepEqual(d.empty, []);
    assert.deepEqual(d.join.parts.map((p) => p.services), [[1], [2]]);
    assert.deepEqual(d.join.variables, ["s"]);
    const full = await tool(session, "run_sparql_query", {
      query: `SELECT ?s WHERE { ${service(`?s a <${VOC}Singer>`)} }`, diagnose: true });
    assert.equal(full.structuredContent.diagnosis, undefined);
  });

  it("diagnoses an empty answer handed in with submit", async () => {
    const result = await tool(session, "submit", {
      query: `SELECT ?s WHERE { ${service(`?s a <${VOC}Singer> ; <${VOC}releaseYear> ?y`)} }`,
    });
    const sc = result.structuredContent;
    assert.equal(sc.rows, 0);
    assert.equal(finding(sc, "predicate_not_on_class").term, `${VOC}releaseYear`);
    assert.match(sc.diagnosis.empty[0].message, /the patterns .* each match, but not together/);
  });

  it("sends a query without SERVICE to the one endpoint named, and checks it there", async () => {
    const result = await tool(session, "run_sparql_query", {
      query: `PREFIX voc: <${VOC}>\nSELECT ?s WHERE { ?s a voc:Singer ; voc:nationalty ?n }`,
      endpoints: ["music"], max_rows: 1 });
    assert.equal(finding(result.structuredContent, "unknown_predicate").alternatives[0], `${VOC}nationality`);
    const rows = await tool(session, "run_sparql_query", {
      query: `PREFIX voc: <${VOC}>\nSELECT ?s WHERE { ?s a voc:Singer } ORDER BY ?s`, endpoints: ["music"], max_rows: 1 });
    assert.equal(rows.structuredContent.rows.length, 1);
    assert.match(rows.structuredContent.next_page_query, new RegExp(`SERVICE <${url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}>`));
    const two = await call_tool(session.client, "run_sparql_query",
                                { query: "SELECT * WHERE { ?s ?p ?o } LIMIT 1", endpoints: ["music", "other"] });
    assert.equal(two.isError, false, text_of(two));
    assert.equal(two.structuredContent.route, "federated");
    const unknown = await call_tool(session.client, "run_sparql_query",
                                    { query: "SELECT * WHERE { ?s ?p ?o } LIMIT 1", endpoints: ["nope"] });
    assert.equal(unknown.isError, true);
    assert.match(text_of(unknown), /nope/);
  });

  it("refuses a query past the pattern limit, and a query too long to check", async () => {
    const patterns = Array.from({ length: 5001 }, (_, i) => `?s voc:p${i} ?o${i} .`).join(" ");
    const many = await call_tool(session.client, "validate_query",
                                 { query: `PREFIX voc: <${VOC}> SELECT * WHERE { ${service(patterns)} }` });
    assert.equal(many.isError, true);
    assert.match(text_of(many), /the query has 5001 triple patterns, validation looks at 5000 at most/);
    const long = await call_tool(session.client, "validate_query", { query: `SELECT * WHERE { ${"?s ?p ?o . ".repeat(20000)} }` });
    assert.equal(long.isError, true);
    assert.match(text_of(long), /characters; at most 200000 are checked/);
    // The server goes on serving.
    assert.equal((await tool(session, "validate_query", { query: "ASK {}" })).structuredContent.valid, true);
  });
});

describe("validate_query on an endpoint never described", () => {
  let oxigraph, cat, session, url;
  before(async () => {
    oxigraph = await start_oxigraph([MUSIC]);
    url = oxigraph.url();
    cat = catalogue(url);
    session = await connect_sdk(cat.dir, ["--void-cache", cat.cache]);
  });
  after(async () => {
    await session?.close();
    await oxigraph?.stop();
    cat?.remove();
  });

  it("has its description made, then checks against it", async () => {
    const sc = (await tool(session, "validate_query", {
      query: `SELECT ?s WHERE { SERVICE <${url}> { ?s a <${VOC}Singr> } }`, timeout_ms: 60000,
    })).structuredContent;
    assert.equal(finding(sc, "unknown_class").alternatives[0], `${VOC}Singer`);
  });
});

describe("--strict-validation", () => {
  let oxigraph, cat, session, url;
  before(async () => {
    oxigraph = await start_oxigraph([MUSIC]);
    url = oxigraph.url();
    cat = catalogue(url);
    session = await connect_sdk(cat.dir, ["--void-cache", cat.cache, "--strict-validation"]);
    await tool(session, "get_void_descriptions", { endpoint: "music" });
  });
  after(async () => {
    await session?.close();
    await oxigraph?.stop();
    cat?.remove();
  });

  it("refuses a query with an error finding and runs the rest", async () => {
    const refused = await call_tool(session.client, "run_sparql_query",
                                    { query: `SELECT ?s WHERE { SERVICE <${url}> { ?s a <${VOC}Singr> } }` });
    assert.equal(refused.isError, true);
    assert.match(text_of(refused), /the query was not sent: validation found 1 error.*\n.*unknown_class/);
    const ok = await tool(session, "run_sparql_query",
                          { query: `SELECT ?s WHERE { SERVICE <${url}> { ?s a <${VOC}Singer> } }` });
    assert.equal(ok.structuredContent.rows.length, 3);
  });
});
