// The endpoints of lib/void_servers.mjs (issue 14 item 6) publish VoID where they say: Oxigraph
// at /.well-known/void (origin or dataset path, redirected, broken or HTML), in its Service
// Description (the VoID itself or a link), in its default graph, in a named graph, or nowhere;
// Virtuoso in one endpoint's default graph or its named graph, or nowhere, each endpoint seeing
// only its own graphs. Every VoID read back states the generated data's counted figures, and
// Virtuoso's own aggregates over an endpoint agree with them exactly; its 10,000-row cap cuts a
// GROUP BY over more classes.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { select_endpoint, select_oxigraph, sparql_figures, void_figures, without_resource_objects } from "./lib/void_figures.mjs";
import { OXIGRAPH_WAYS, NO_GRAPH, start_void_oxigraph, start_void_virtuoso } from "./lib/void_servers.mjs";

const require = createRequire(import.meta.url);
const oxigraph = require("oxigraph");

const VOID = "http://rdfs.org/ns/void#";
const PREFIXES = `PREFIX void: <${VOID}>\nPREFIX sd: <http://www.w3.org/ns/sparql-service-description#>\n`;
const TURTLE_ACCEPT = "text/turtle, application/n-triples;q=0.9";

const get = (url, accept = TURTLE_ACCEPT, redirect = "follow") => fetch(url, { headers: { Accept: accept }, redirect });
const parse = (text, base_iri) => {
  const store = new oxigraph.Store();
  store.load(text, { format: "text/turtle", base_iri });
  return store;
};
const triple_count = (turtle) => parse(turtle).size;
const ask = async (url, query) => {
  const response = await fetch(`${url}${url.includes("?") ? "&" : "?"}query=${encodeURIComponent(PREFIXES + query)}`,
                               { headers: { Accept: "application/sparql-results+json" } });
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()).boolean;
};
const select = (url, query) => select_endpoint(url)(PREFIXES + query);
const count_all = async (url) => Number((await select(url, "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }"))[0].n.value);
const graphs = async (url) =>
  (await select(url, "SELECT DISTINCT ?g { GRAPH ?g { ?s ?p ?o } }")).map((row) => row.g.value).sort();

// The figures that the VoID document at `url` (or the Turtle `text`) states.
async function figures_at(text, base, dataset_iri) {
  return void_figures(select_oxigraph(parse(text, base)), dataset_iri);
}

describe("Oxigraph endpoints that publish VoID", { timeout: 120000 }, () => {
  const servers = {};
  before(async () => {
    const ways = [[], ...OXIGRAPH_WAYS.map((way) => [way]), ["bad-turtle", "well-known-path"], ["html", "default-graph"]];
    const started = await Promise.allSettled(ways.map((publish, i) => start_void_oxigraph({ publish, triples: 1500, seed: i + 1 })));
    ways.forEach((publish, i) => { servers[publish.join("+") || "none"] = started[i].value; });
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
  });
  after(async () => Promise.all(Object.values(servers).map((s) => s?.stop())));

  it("serves the VoID at the origin's /.well-known/void as Turtle, naming the endpoint and stating the data's figures", async () => {
    const ep = servers["well-known"];
    const response = await get(`${ep.origin}/.well-known/void`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/turtle; charset=utf-8");
    const text = await response.text();
    assert.equal(text, ep.void_turtle);
    assert.equal(ep.void_url, `${ep.origin}/.well-known/void`);
    assert.deepEqual(await figures_at(text, ep.void_url, ep.dataset_iri), without_resource_objects(ep.figures));
    assert.ok(parse(text).match(oxigraph.namedNode(ep.dataset_iri), oxigraph.namedNode(`${VOID}sparqlEndpoint`),
                                oxigraph.namedNode(ep.endpoint)).length === 1);
    assert.equal((await ep.stats()).served["/.well-known/void"], 1);
    // HEAD has the headers and no body; other methods are refused.
    const head = await fetch(`${ep.origin}/.well-known/void`, { method: "HEAD" });
    assert.equal(head.headers.get("content-length"), String(Buffer.byteLength(text)));
    assert.equal((await fetch(`${ep.origin}/.well-known/void`, { method: "POST" })).status, 405);
    // Nothing else publishes it.
    assert.equal(await ask(ep.endpoint, "ASK { ?d void:triples ?n }"), false);
    assert.deepEqual(await graphs(ep.endpoint), []);
  });

  it("serves it under the dataset's path in multi-dataset mode, and not at the origin", async () => {
    const ep = servers["well-known-path"];
    assert.match(ep.endpoint, /\/ds\/sparql$/);
    assert.equal((await get(`${ep.origin}/.well-known/void`)).status, 404);
    const response = await get(`${ep.origin}/ds/.well-known/void`);
    assert.equal(response.status, 200);
    assert.deepEqual(await figures_at(await response.text(), ep.void_url, ep.dataset_iri), without_resource_objects(ep.figures));
    assert.equal(await count_all(ep.endpoint), ep.figures.triples);
  });

  it("redirects /.well-known/void to the VoID document", async () => {
    const ep = servers.redirect;
    const response = await get(`${ep.origin}/.well-known/void`, TURTLE_ACCEPT, "manual");
    assert.equal(response.status, 302);
    assert.equal(response.headers.get("location"), "/void/ds.ttl");
    const followed = await get(`${ep.origin}/.well-known/void`);
    assert.equal(followed.url, `${ep.origin}/void/ds.ttl`);
    assert.equal(await followed.text(), ep.void_turtle);
  });

  it("puts the VoID in the Service Description that a GET on the endpoint returns", async () => {
    const ep = servers["service-description"];
    const response = await get(ep.endpoint);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type"), /^text\/turtle/);
    const store = parse(await response.text());
    assert.deepEqual(await void_figures(select_oxigraph(store), ep.dataset_iri), without_resource_objects(ep.figures));
    const sd = select_oxigraph(store);
    const rows = await sd(`${PREFIXES}SELECT ?g { ?service sd:endpoint <${ep.endpoint}> ; sd:defaultDataset/sd:defaultGraph ?g }`);
    assert.ok(rows.some((row) => row.g.value === ep.dataset_iri), "the SD's default graph is the VoID dataset");
    // N-Triples too, and the data are not touched.
    const nt = await get(ep.endpoint, "application/n-triples");
    assert.match(nt.headers.get("content-type"), /^application\/n-triples/);
    assert.equal(await count_all(ep.endpoint), ep.figures.triples);
  });

  it("links the Service Description to a VoID document", async () => {
    const ep = servers["service-description-link"];
    const store = parse(await (await get(ep.endpoint)).text());
    const rows = await select_oxigraph(store)(`${PREFIXES}PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?doc { ?service sd:endpoint <${ep.endpoint}> ; sd:defaultDataset/rdfs:seeAlso ?doc }`);
    assert.deepEqual(rows.map((row) => row.doc.value), [`${ep.origin}/void/ds.ttl`]);
    assert.equal(ep.void_url, `${ep.origin}/void/ds.ttl`);
    assert.equal(await ask(ep.endpoint, "ASK { ?d void:triples ?n }"), false);
    const doc = await get(ep.void_url);
    assert.equal(doc.status, 200);
    assert.deepEqual(await figures_at(await doc.text(), ep.void_url, ep.dataset_iri), without_resource_objects(ep.figures));
    // The other endpoints' SDs have no such link and no VoID.
    const plain = await (await get(servers.none.endpoint)).text();
    assert.doesNotMatch(plain, /seeAlso|rdfs\.org\/ns\/void/);
  });

  it("loads the VoID into the default graph beside the data", async () => {
    const ep = servers["default-graph"];
    assert.equal(await count_all(ep.endpoint), ep.figures.triples + triple_count(ep.void_turtle));
    assert.deepEqual(await void_figures(select_endpoint(ep.endpoint), ep.dataset_iri), without_resource_objects(ep.figures));
    assert.deepEqual(await graphs(ep.endpoint), []);
    assert.equal((await get(`${ep.origin}/.well-known/void`)).status, 404);
  });

  it("loads the VoID into a named graph, out of the default graph", async () => {
    const ep = servers["named-graph"];
    assert.deepEqual(await graphs(ep.endpoint), [ep.void_graph]);
    assert.equal(await count_all(ep.endpoint), ep.figures.triples);
    assert.equal(await ask(ep.endpoint, "ASK { ?d void:triples ?n }"), false);
    const in_graph = (query) => select_endpoint(`${ep.endpoint}?default-graph-uri=${encodeURIComponent(ep.void_graph)}`)(query);
    assert.deepEqual(await void_figures(in_graph, ep.dataset_iri), without_resource_objects(ep.figures));
  });

  it("publishes nothing on an endpoint without VoID, whose data the counter's figures describe", async () => {
    const ep = servers.none;
    assert.equal((await get(`${ep.origin}/.well-known/void`)).status, 404);
    assert.equal((await get(`${ep.origin}/void/ds.ttl`)).status, 404);
    assert.equal(ep.void_url, null);
    assert.deepEqual(await graphs(ep.endpoint), []);
    assert.deepEqual(await sparql_figures(select_endpoint(ep.endpoint)), ep.figures);
  });

  it("answers /.well-known/void with broken Turtle while the dataset's path has the VoID", async () => {
    const ep = servers["bad-turtle+well-known-path"];
    const response = await get(`${ep.origin}/.well-known/void`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/turtle; charset=utf-8");
    const text = await response.text();
    assert.throws(() => parse(text), { message: /line 4 between columns 3 and 15/ });
    assert.equal(text, await (await get(`${servers.none.origin}/bad-turtle`)).text());
    const good = await get(`${ep.origin}/ds/.well-known/void`);
    assert.deepEqual(await figures_at(await good.text(), ep.void_url, ep.dataset_iri), without_resource_objects(ep.figures));
  });

  it("answers /.well-known/void with an HTML page and 200 while the default graph has the VoID", async () => {
    for (const ep of [servers.html, servers["html+default-graph"]]) {
      const response = await get(`${ep.origin}/.well-known/void`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
      assert.match(await response.text(), /^<!DOCTYPE html>/);
    }
    assert.equal(await ask(servers.html.endpoint, "ASK { ?d void:triples ?n }"), false);
    assert.equal(await ask(servers["html+default-graph"].endpoint, `ASK { <${servers["html+default-graph"].dataset_iri}> void:triples ${servers["html+default-graph"].figures.triples} }`), true);
  });

  it("refuses to publish two things at /.well-known/void, or an unknown way", async () => {
    await assert.rejects(start_void_oxigraph({ publish: ["well-known", "html"] }),
                         { message: "at most one of well-known, bad-turtle, html, redirect: they all answer /.well-known/void" });
    await assert.rejects(start_void_oxigraph({ publish: "sd" }), { message: /^unknown way to publish VoID 'sd'/ });
  });
});

describe("Virtuoso endpoints that publish VoID", { timeout: 400000 }, () => {
  let v;
  before(async () => { v = await start_void_virtuoso({ triples: 3000, tail_classes: 10500 }); });
  after(async () => v?.stop());

  it("gives each endpoint its own graph, so Virtuoso's aggregates over it equal the counted figures", async () => {
    for (const way of ["named-graph", "none"]) {
      assert.deepEqual(await sparql_figures(select_endpoint(v.endpoints[way].url)), v.endpoints[way].figures, way);
    }
    assert.notDeepEqual(v.endpoints.none.figures, v.endpoints["named-graph"].figures, "each endpoint has data of its own");
  });

  it("publishes VoID in one endpoint's default graph, with its data", async () => {
    const ep = v.endpoints["default-graph"];
    assert.equal(await count_all(ep.url), ep.figures.triples + triple_count(ep.void_turtle));
    assert.deepEqual(await void_figures(select_endpoint(ep.url), ep.dataset_iri), without_resource_objects(ep.figures));
    assert.equal(await ask(ep.url, `ASK { <${ep.dataset_iri}> void:sparqlEndpoint <${ep.url}> }`), true);
    assert.deepEqual(await graphs(ep.url), [], "named-graph-uri names an empty graph: no named graphs");
  });

  it("publishes VoID in another endpoint's named graph, which GRAPH ?g finds alone", async () => {
    const ep = v.endpoints["named-graph"];
    assert.deepEqual(await graphs(ep.url), [ep.void_graph]);
    assert.equal(await ask(ep.url, "ASK { ?d void:triples ?n }"), false);
    const in_graph = `${v.all_graphs}?default-graph-uri=${encodeURIComponent(ep.void_graph)}`;
    assert.deepEqual(await void_figures(select_endpoint(in_graph), ep.dataset_iri), without_resource_objects(ep.figures));
  });

  it("publishes nothing on the third endpoint", async () => {
    const ep = v.endpoints.none;
    assert.equal(await ask(ep.url, "ASK { ?d void:triples ?n }"), false);
    assert.deepEqual(await graphs(ep.url), []);
    assert.equal(ep.void_turtle, null);
  });

  it("sees every graph, system graphs included, at the bare /sparql", async () => {
    const all = await graphs(v.all_graphs);
    for (const ep of Object.values(v.endpoints)) assert.ok(all.includes(ep.graph), ep.graph);
    assert.ok(all.includes("http://www.openlinksw.com/schemas/virtrdf#"), all.join(" "));
    assert.ok(!all.includes(NO_GRAPH));
    const data = Object.values(v.endpoints).reduce((sum, ep) => sum + ep.figures.triples, 0) + v.many.figures.triples;
    assert.ok(await count_all(v.all_graphs) > data);
  });

  it("cuts GROUP BY ?class at 10,000 rows on data with more classes, while COUNT(DISTINCT) counts them all", async () => {
    const ep = v.many;
    assert.ok(ep.figures.class_count > 10000);
    const { origin, pathname, searchParams } = new URL(ep.url);
    searchParams.set("query", "SELECT ?c (COUNT(?s) AS ?n) { ?s a ?c } GROUP BY ?c");
    const response = await fetch(`${origin}${pathname}?${searchParams}`, { headers: { Accept: "application/sparql-results+json" } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("x-sparql-maxrows"), "10000");
    assert.equal((await response.json()).results.bindings.length, 10000);
    const [row] = await select(ep.url, "SELECT (COUNT(DISTINCT ?c) AS ?n) { ?s a ?c }");
    assert.equal(Number(row.n.value), ep.figures.class_count);
    assert.equal(await count_all(ep.url), ep.figures.triples);
  });
});
