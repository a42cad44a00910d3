// The search tools as an agent meets them: search_terms, describe_entity and
// get_example_queries through the real binary and the MCP SDK client, over an Oxigraph endpoint
// whose data has labels in several languages and SHACL examples in a named graph (one of them
// malformed), a catalogue file of examples, a Virtuoso endpoint searched through its free-text
// index (bif:contains), an endpoint that never answers, and the errors bad arguments get.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
    session = await connect_sdk(cat.dir, ["--void-cache", cat.cache, "--trace", join(cat.dir, "trace.jsonl")]);
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

  it("finds the property a question asks about through a value it names", async () => {
    // No word of the text names voc:nationality; "France" is one of its values.
    const result = await tool(session, "search_terms",
                              { text: "Which singers come from France?", kind: "property", endpoints: ["music"], limit: 3 });
    assert.ok(result.structuredContent.results.some((r) => r.iri === `${VOC}nationality`),
              JSON.stringify(result.structuredContent.results));
  });

  it("finds the property linking a class the text names to the class of a value it names", async () => {
    // "Brussels" is where an album was recorded; no word names albums or voc:performer, which
    // links albums to singers.
    const result = await tool(session, "search_terms",
                              { text: "Which singers are from Brussels?", kind: "property", endpoints: ["music"], limit: 3 });
    const found = result.structuredContent.results;
    const performer = found.find((r) => r.iri === `${VOC}performer`);
    assert.ok(performer, JSON.stringify(found));
    // Each says what found it, no word of the text having done so.
    assert.equal(performer.found_by, "link");
    assert.deepEqual(performer.between, [`${VOC}Album`, `${VOC}Singer`]);
    assert.equal(found.find((r) => r.iri === `${VOC}recordedIn`)?.found_by, "value");
    assert.match(text_of(result), /performer\S*\t.*\tlinks \S*Album\S* to \S*Singer/);
  });

  it("fills the properties asked for with those the best match's class uses, below the matches", async () => {
    const result = await tool(session, "search_terms",
                              { text: "the nationality of the oldest", kind: "property", endpoints: ["music"], limit: 6 });
    const found = result.structuredContent.results;
    assert.equal(found[0].iri, `${VOC}nationality`);
    const birth = found.find((r) => r.iri === `${VOC}birthYear`);
    assert.ok(birth && birth.score < 0.1, JSON.stringify(found));
    assert.equal(birth.found_by, "neighbour");
    assert.equal(birth.with, `${VOC}nationality`);
    assert.equal(found[0].found_by, undefined);  // its words found it
    assert.match(text_of(result), /no word matched; used with /);
    // Only the class's own: albums' properties have nothing to do with the text.
    assert.ok(!found.some((r) => r.iri === `${VOC}releaseYear` || r.iri === `${VOC}recordedIn`), JSON.stringify(found));
  });

  it("finds a property by a word WordNet relates to the text's", async () => {
    // "issued" -> publish, release: voc:releaseYear, whose name shares no word with the text.
    const result = await tool(session, "search_terms",
                              { text: "When was each album issued?", kind: "property", endpoints: ["music"], limit: 3 });
    assert.equal(result.structuredContent.results[0]?.iri, `${VOC}releaseYear`, JSON.stringify(result.structuredContent.results));
  });

  it("finds an entity by its label, with its classes", async () => {
    const result = await tool(session, "search_terms", { text: "Edith Piaf", kind: "entity" });
    const first = result.structuredContent.results[0];
    assert.equal(first.iri, `${EX}edith`);
    assert.deepEqual(first.classes, [`${VOC}Singer`]);
    // Over every kind, the entity whose label is the text comes first, and its label is not
    // repeated as a value.
    const any = await tool(session, "search_terms", { text: "Edith Piaf" });
    assert.equal(any.structuredContent.results[0].iri, `${EX}edith`);
    assert.ok(!any.structuredContent.results.some((r) => r.kind === "value" && r.property.endsWith("rdf-schema#label")));
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
    // Found through the label of a term its query uses (voc:p27 is "citizenship").
    const by_label = await tool(session, "get_example_queries", { text: "citizenship" });
    assert.equal(by_label.structuredContent.examples[0]?.question, "Where does Edith Piaf come from?");
    const from_file = await tool(session, "get_example_queries", { text: "albums and the year they were released" });
    assert.equal(from_file.structuredContent.examples[0].question, "List every album with the year it was released");
    assert.match(from_file.structuredContent.examples[0].source, /search_catalogue_examples.ttl$/);
  });

  it("shows the IRIs of a query's table with their labels, unless labels: false", async () => {
    const query = `SELECT ?singer ?n WHERE { SERVICE <${oxigraph.url()}> { ?singer <${VOC}nationality> ?n } } ORDER BY ?singer`;
    const result = await tool(session, "run_sparql_query", { query });
    assert.match(text_of(result), /\nCharles Aznavour \(<http:\/\/example.org\/music\/charles>\)\t"France"\n/);
    assert.match(text_of(result), /\nEdith Piaf \(<http:\/\/example.org\/music\/edith>\)/);  // English first
    assert.deepEqual(result.structuredContent.labels,
                     { singer: ["Charles Aznavour", "Edith Piaf", "Jacques Brel"] });
    assert.equal(result.structuredContent.rows[0][0], `<${EX}charles>`);  // the rows stay plain
    const plain = await tool(session, "run_sparql_query", { query, labels: false });
    assert.equal(plain.structuredContent.labels, undefined);
    assert.doesNotMatch(text_of(plain), /Charles Aznavour/);
  });

  it("traces the search tools' calls and the requests they send", async () => {
    const result = await tool(session, "search_terms", { text: "Aznavour", kind: "entity", endpoints: ["music"] });
    assert.ok(result.structuredContent.requests > 0);
    const lines = readFileSync(join(cat.dir, "trace.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const call = lines.filter((l) => l.event === "tool_call" && l.tool === "search_terms").at(-1);
    assert.ok(call, "no tool_call line for search_terms");
    const requests = lines.filter((l) => l.event === "request" && l.call === call.call);
    assert.equal(requests.length, result.structuredContent.requests);
    assert.ok(requests.every((r) => r.endpoint === oxigraph.url()));
  });

  it("refuses empty, huge and wordless text and unknown endpoints, and goes on serving", async () => {
    assert.match(await error_of(session, "search_terms", { text: "" }), /'text'/);
    assert.match(await error_of(session, "search_terms", { text: "?! ..." }), /no word to search for/);
    assert.match(await error_of(session, "get_example_queries", { text: "x".repeat(10000) }),
                 /'text' has 10000 characters; give at most 2000/);
    assert.match(await error_of(session, "search_terms", { text: "singer", endpoints: ["nope"] }),
                 /unknown endpoint 'nope'.*known endpoints: music/);
    assert.match(await error_of(session, "describe_entity", { iri: "edith" }), /must be a full IRI/);
    assert.match(await error_of(session, "search_terms", { text: "x", property: "http://x/p> } DROP ALL #" }),
                 /'property' contains a character IRIs cannot hold/);
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

  it("finds terms by their IRIs when the label query times out, and says the search was bounded", async () => {
    const silent = await start_scripted_endpoint();
    const cat = catalogue([{ id: "slowlabels", endpoint: silent.url() }]);
    // A cached description, so that the search reads its terms and asks the endpoint only
    // for their labels, which it never answers.
    mkdirSync(cat.cache, { recursive: true });
    writeFileSync(join(cat.cache, "slowlabels.ttl"), `@prefix void: <http://rdfs.org/ns/void#> .
<http://example.org/slow/dataset> a void:Dataset ; void:sparqlEndpoint <${silent.url()}> ;
  void:triples 6 ;
  void:classPartition [ void:class <http://example.org/slow/PopSinger> ; void:entities 3 ] ;
  void:propertyPartition [ void:property <http://example.org/slow/stageName> ; void:triples 3 ] .
`);
    const session = await connect_sdk(cat.dir, ["--void-cache", cat.cache]);
    try {
      const result = await tool(session, "search_terms", { text: "singer", kind: "class", timeout_ms: 1500 });
      assert.equal(result.structuredContent.results[0]?.iri, "http://example.org/slow/PopSinger");
      assert.equal(result.structuredContent.bounded, true);
      assert.ok(result.structuredContent.notes.some((n) => /labels of slowlabels's terms could not be read/.test(n)),
                JSON.stringify(result.structuredContent.notes));
      const request = await silent.next_request();
      assert.match(request.query, /PopSinger[\s\S]*rdf-schema#label/);
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

describe("the answer_question prompt and completions, with the SDK client", () => {
  let session;
  before(async () => {
    session = await connect_sdk(join(REPO, "examples", "catalogue.ttl"));
  });
  after(async () => { await session?.close(); });

  it("lists the prompt and fills it with the question and the tools offered", async () => {
    const { prompts } = await session.client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name), ["answer_question"]);
    assert.deepEqual(prompts[0].arguments.map((a) => [a.name, a.required]), [["question", true], ["endpoints", false]]);
    const filled = await session.client.getPrompt({
      name: "answer_question", arguments: { question: "Who was born in Warsaw?", endpoints: "demo-people, demo-geo" } });
    const text = filled.messages[0].content.text;
    assert.match(text, /Who was born in Warsaw\?/);
    assert.match(text, /demo-people <https:\/\/demo.sparql-mcp.org\/sparql\/people>/);
    for (const tool of ["list_endpoints", "search_terms", "get_example_queries", "run_sparql_query", "submit"])
      assert.ok(text.includes(tool), `${tool} is not in the prompt`);
    await assert.rejects(session.client.getPrompt({ name: "answer_question", arguments: {} }), /needs the argument "question"/);
    await assert.rejects(session.client.getPrompt({ name: "answer_question", arguments: { question: "x", endpoints: "nope" } }),
                         /unknown endpoint 'nope'/);
    await assert.rejects(session.client.getPrompt({ name: "no_such_prompt" }), /unknown prompt/);
  });

  it("completes endpoint ids for the prompt and for the resource templates", async () => {
    const prompt = await session.client.complete({ ref: { type: "ref/prompt", name: "answer_question" },
                                                   argument: { name: "endpoints", value: "demo-people, demo-g" } });
    assert.deepEqual(prompt.completion.values, ["demo-people, demo-geo"]);
    const resource = await session.client.complete({ ref: { type: "ref/resource", uri: "sparql-mcp://void/{id}" },
                                                     argument: { name: "id", value: "demo-w" } });
    assert.deepEqual(resource.completion.values, ["demo-works"]);
    const all = await session.client.complete({ ref: { type: "ref/resource", uri: "sparql-mcp://catalogue/{id}" },
                                                argument: { name: "id", value: "" } });
    assert.equal(all.completion.total, 4);
    const none = await session.client.complete({ ref: { type: "ref/prompt", name: "answer_question" },
                                                 argument: { name: "question", value: "Who" } });
    assert.deepEqual(none.completion.values, []);
  });
});

describe("--learn-examples", () => {
  it("keeps a submission scored exact as an example of its endpoints, with its task's question", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-learn-"));
    const people = "https://demo.sparql-mcp.org/sparql/people";
    const gold = `PREFIX demo: <https://demo.sparql-mcp.org/vocab#> SELECT ?p WHERE { SERVICE <${people}> { ?p demo:birthPlace <https://demo.sparql-mcp.org/city/Warsaw> } }`;
    writeFileSync(join(dir, "tasks.jsonl"), JSON.stringify({ id: "t1", question: "Which people were born in Warsaw?",
                                                            gold_query: gold, endpoints: ["demo-people"] }) + "\n");
    const session = await connect_sdk(join(REPO, "examples", "catalogue.ttl"),
                                      ["--void-cache", join(dir, "cache"), "--tasks", join(dir, "tasks.jsonl"), "--learn-examples"]);
    try {
      const before = await tool(session, "get_example_queries", { text: "people born in Warsaw" });
      assert.deepEqual(before.structuredContent.examples, []);
      await tool(session, "submit", { query: gold, task_id: "t1" });
      const after = await tool(session, "get_example_queries", { text: "people born in Warsaw" });
      const [learned] = after.structuredContent.examples;
      assert.equal(learned.question, "Which people were born in Warsaw?");
      assert.equal(learned.query, gold);
      assert.deepEqual(learned.endpoints, [people]);
      assert.match(learned.source, /learned from an exact submission \(task t1\)/);
    } finally {
      await session.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
