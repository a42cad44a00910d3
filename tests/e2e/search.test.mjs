// The search tools as an agent meets them: search_terms, describe_entity and
// get_example_queries through the real binary and the MCP SDK client, over an Oxigraph endpoint
// whose data has labels in several languages and SHACL examples in a named graph (one of them
// malformed), a catalogue file of examples, a Virtuoso endpoint searched through its free-text
// index (bif:contains), an endpoint that never answers, and the errors bad arguments get.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, start_oxigraph, start_virtuoso } from "./lib/servers.mjs";
import { start_scripted_endpoint } from "./lib/endpoint.mjs";
import { connect_sdk, call_tool, text_of } from "./lib/mcp.mjs";

const DATA = join(REPO, "tests", "e2e", "data");
const MUSIC = join(DATA, "search_music.ttl");
const EXAMPLES = join(DATA, "search_examples.ttl");
const FILE_EXAMPLES = join(DATA, "search_catalogue_examples.ttl");
const VOC = "http://example.org/music/vocab#";
const EX = "http://example.org/music/";

function catalogue(entries) {
  const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-search-"));
  const lines = ["@prefix void: <http://rdfs.org/ns/void#> .",
                 "@prefix dcterms: <http://purl.org/dc/terms/> .",
                 "@prefix smcp: <https://w3id.org/sparql-mcp/vocab#> .", ""];
  for (const e of entries) {
    lines.push(`<#${e.id}> a void:Dataset ; smcp:id "${e.id}" ; dcterms:title "${e.id}" ;`,
               `  dcterms:description "Test endpoint ${e.id}." ;`);
    if (e.examples) lines.push(`  smcp:exampleQueries <file://${e.examples}> ;`);
    if (e.text_search) lines.push(`  smcp:textSearch "${e.text_search}" ;`);
    lines.push(`  void:sparqlEndpoint <${e.endpoint}> .`, "");
  }
  writeFileSync(join(dir, "catalogue.ttl"), lines.join("\n"));
  return { dir, cache: join(dir, "void-cache"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function tool(session, name, args, options) {
  const result = await call_tool(session.client, name, args, options);
  assert.ok(!result.isError, `${name} failed: ${text_of(result)}`);
  return result;
}

async function error_of(session, name, args) {
  const result = await call_tool(session.client, name, args);
  assert.equal(result.isError, true, `${name} ${JSON.stringify(args).slice(0, 100)} should fail`);
  return text_of(result);
}

describe("search tools over Oxigraph", () => {
  let oxigraph, cat, session;
  before(async () => {
    oxigraph = await start_oxigraph([MUSIC, `${EXAMPLES}=http://example.org/music/examples`]);
    cat = catalogue([{ id: "music", endpoint: oxigraph.url(), examples: FILE_EXAMPLES }]);
    session = await connect_sdk(cat.dir, ["--void-cache", cat.cache]);
    // The description the term index is built from (computed: the endpoint publishes none).
    await tool(session, "get_void_descriptions", { endpoint: "music" }, { timeout_ms: 60000 });
  });
  after(async () => {
    await session?.close();
    await oxigraph?.stop();
    cat?.remove();
  });

  it("finds a class by a label in another language", async () => {
    const result = await tool(session, "search_terms", { text: "chanteur", kind: "class" });
    const first = result.structuredContent.results[0];
    assert.equal(first.iri, `${VOC}Singer`);
    assert.equal(first.label, "singer");
    assert.equal(first.endpoint, "music");
    assert.equal(first.count, 3);
    assert.match(text_of(result), /class\t<http:\/\/example.org\/music\/vocab#Singer>\tsinger\tmusic\t3/);
  });

  it("finds the properties used on a class's instances", async () => {
    const result = await tool(session, "search_terms",
                              { text: "nationality", kind: "property", of: `${VOC}Singer` });
    assert.equal(result.structuredContent.results[0].iri, `${VOC}nationality`);
    const on_albums = await tool(session, "search_terms",
                                 { text: "nationality", kind: "property", of: `${VOC}Album` });
    assert.deepEqual(on_albums.structuredContent.results, []);
  });

  it("finds the property that holds a value, with the class of its subjects", async () => {
    const france = await tool(session, "search_terms", { text: "France", kind: "value" });
    const first = france.structuredContent.results[0];
    assert.equal(first.kind, "value");
    assert.equal(first.value, '"France"');
    assert.equal(first.property, `${VOC}nationality`);
    assert.equal(first.class, `${VOC}Singer`);
    assert.equal(first.count, 2);
    const year = await tool(session, "search_terms", { text: "1947", kind: "value" });
    assert.equal(year.structuredContent.results[0].property, `${VOC}releaseYear`);
  });

  it("finds an entity by its label, with its classes", async () => {
    const result = await tool(session, "search_terms", { text: "Edith Piaf", kind: "entity" });
    const first = result.structuredContent.results[0];
    assert.equal(first.iri, `${EX}edith`);
    assert.deepEqual(first.classes, [`${VOC}Singer`]);
  });

  it("describes an entity's neighbourhood with counts, examples and labels", async () => {
    const result = await tool(session, "describe_entity", { iri: `${EX}edith` });
    const [view] = result.structuredContent.endpoints;
    assert.equal(view.endpoint, "music");
    assert.deepEqual(view.classes, [`${VOC}Singer`]);
    const nationality = view.outgoing.find((n) => n.property === `${VOC}nationality`);
    assert.deepEqual(nationality.examples, ['"France"']);
    const performer = view.incoming.find((n) => n.property === `${VOC}performer`);
    assert.equal(performer.count, 1);
    assert.equal(view.labels[`${VOC}Singer`], "singer");
    assert.match(text_of(result), /performer \(<http:\/\/example.org\/music\/vocab#performer>\)\t1\tLa Vie en rose/);
    const unknown = await tool(session, "describe_entity", { iri: `${EX}nobody` });
    assert.deepEqual(unknown.structuredContent.endpoints, []);
    assert.match(text_of(unknown), /No endpoint asked knows/);
  });

  it("ranks the endpoint's published examples and the catalogue's, reporting a malformed one", async () => {
    const result = await tool(session, "get_example_queries", { text: "albums recorded by Edith Piaf" });
    const [first] = result.structuredContent.examples;
    assert.equal(first.question, "Which albums did Edith Piaf record?");
    assert.match(first.query, /^PREFIX voc: <http:\/\/example.org\/music\/vocab#>\nPREFIX ex: <http:\/\/example.org\/music\/>\nSELECT/);
    assert.deepEqual(first.endpoints, [oxigraph.url()]);
    assert.ok(result.structuredContent.notes.some((n) => /queries\/broken.*does not parse/.test(n)),
              JSON.stringify(result.structuredContent.notes));
    const from_file = await tool(session, "get_example_queries", { text: "albums and the year they were released" });
    assert.equal(from_file.structuredContent.examples[0].question, "List every album with the year it was released");
    assert.match(from_file.structuredContent.examples[0].source, /search_catalogue_examples.ttl$/);
  });

  it("refuses empty, huge and wordless text and unknown endpoints, and goes on serving", async () => {
    assert.match(await error_of(session, "search_terms", { text: "" }), /'text'/);
    assert.match(await error_of(session, "search_terms", { text: "?! ..." }), /no word to search for/);
    assert.match(await error_of(session, "get_example_queries", { text: "x".repeat(10000) }),
                 /'text' has 10000 characters; give at most 2000/);
    assert.match(await error_of(session, "search_terms", { text: "singer", endpoints: ["nope"] }),
                 /unknown endpoint 'nope'.*known endpoints: music/);
    assert.match(await error_of(session, "describe_entity", { iri: "edith" }), /must be a full IRI/);
    assert.match(await error_of(session, "search_terms", { text: "singer", kind: "everything" }), /kind/);
    await tool(session, "search_terms", { text: "singer" });
  });
});

describe("search tools at endpoints that fail or hold nothing", () => {
  it("says the search was bounded when an endpoint does not answer in time", async () => {
    const silent = await start_scripted_endpoint();
    const cat = catalogue([{ id: "silent", endpoint: silent.url() }]);
    const session = await connect_sdk(cat.dir, ["--void-cache", cat.cache]);
    try {
      const result = await tool(session, "search_terms",
                                { text: "Edith Piaf", kind: "entity", timeout_ms: 1500 });
      assert.deepEqual(result.structuredContent.results, []);
      assert.equal(result.structuredContent.bounded, true);
      assert.match(text_of(result), /search was bounded/);
      assert.ok(result.structuredContent.notes.some((n) => /search at silent did not finish/.test(n)));
    } finally {
      await session.close();
      await silent.stop();
      cat.remove();
    }
  });

  it("refuses to search an empty catalogue", async () => {
    const cat = catalogue([]);
    const session = await connect_sdk(cat.dir, ["--void-cache", cat.cache]);
    try {
      assert.match(await error_of(session, "search_terms", { text: "singer" }), /no endpoints/);
      const none = await tool(session, "get_example_queries", { text: "singer" });
      assert.deepEqual(none.structuredContent.examples, []);
    } finally {
      await session.close();
      cat.remove();
    }
  });
});

describe("search through Virtuoso's free-text index", () => {
  let virtuoso, cat, session;
  before(async () => {
    virtuoso = await start_virtuoso({ files: ["--text-index", `${MUSIC}=http://example.org/music`] });
    cat = catalogue([{ id: "vmusic", endpoint: virtuoso.graph_endpoint("http://example.org/music"),
                       text_search: "virtuoso" }]);
    session = await connect_sdk(cat.dir, ["--void-cache", cat.cache]);
  });
  after(async () => {
    await session?.close();
    await virtuoso?.stop();
    cat?.remove();
  });

  it("finds entities by a word of their label with bif:contains", async () => {
    const result = await tool(session, "search_terms", { text: "Aznavour", kind: "entity" });
    assert.equal(result.structuredContent.results[0]?.iri, `${EX}charles`, text_of(result));
    const value = await tool(session, "search_terms", { text: "Brussels", kind: "value" });
    assert.equal(value.structuredContent.results[0]?.property, `${VOC}recordedIn`, text_of(value));
  });
});
