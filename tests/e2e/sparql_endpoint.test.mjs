// The federation proxy as a SPARQL endpoint (`sparql-mcp --http` answers the SPARQL 1.1
// Protocol on /sparql): federated queries over the demo catalogue's in-process shards and two
// real Oxigraph endpoints, sent by raw HTTP in every request form and answered in every format;
// each status code the endpoint gives; and real SPARQL clients: Comunica v4 querying it as a
// `sparql` source, and Jena ARQ sending it a SERVICE.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { start_names_and_ages, XSD_INTEGER } from "./lib/names_ages.mjs";
import { start_scripted_endpoint } from "./lib/endpoint.mjs";
import { start_http_server } from "./lib/http_server.mjs";
import { assert_no_sanitizer_report } from "./lib/mcp.mjs";
import { installed_peers, peer_missing } from "./lib/peers.mjs";
import { peer_skip } from "./lib/peer_skip.mjs";
import { start_runner } from "../../bench/peers/runners.mjs";

const PEOPLE = "https://demo.sparql-mcp.org/sparql/people";
const GEO = "https://demo.sparql-mcp.org/sparql/geography";
const PREFIXES = `PREFIX demo: <https://demo.sparql-mcp.org/vocab#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
`;
// Two SERVICE clauses over two shards: the embedded federation engine joins them.
const BIRTHPLACES = `${PREFIXES}SELECT ?name ?city WHERE {
  SERVICE <${PEOPLE}> { ?person demo:birthPlace ?place ; rdfs:label ?name }
  SERVICE <${GEO}> { ?place rdfs:label ?city FILTER(LANG(?city) = "en") }
} ORDER BY ?name ?city LIMIT 3`;
const EXPECTED_BIRTHPLACES = [
  ["Adam Smith", "Kirkcaldy"], ["Adolf von Baeyer", "Berlin"], ["Alan Turing", "London"],
];

const peers = installed_peers();

describe("the SPARQL 1.1 Protocol endpoint on /sparql", { timeout: 300000 }, () => {
  let endpoints;
  let names;     // Oxigraph: ex:name
  let ages;      // Oxigraph: ex:age
  let scripted;  // answers as each test says, or not at all
  let server;
  let sparql;    // the endpoint's URL
  before(async () => {
    [endpoints, scripted] = await Promise.all([start_names_and_ages(), start_scripted_endpoint()]);
    ({ names, ages } = endpoints);
    server = await start_http_server(["--endpoint", names.url(), "--endpoint", ages.url(),
                                      "--endpoint", scripted.url("/scripted")]);
    sparql = server.url.replace(/\/mcp$/, "/sparql");
  });
  after(async () => {
    const exit = await server?.stop();
    await Promise.all([endpoints?.stop(), scripted?.stop()]);
    // A graceful stop, and nothing for a sanitizer build to report.
    assert.deepEqual(exit, { code: 0, signal: null }, server?.log());
    assert_no_sanitizer_report(server.log());
  });

  const get = (query, headers = {}, extra = "") =>
    fetch(`${sparql}?query=${encodeURIComponent(query)}${extra}`, { headers });
  const pairs = (json, a, b) => json.results.bindings.map((row) => [row[a].value, row[b].value]);
  const people_ages = () => `SELECT ?person ?name ?age WHERE {
    SERVICE <${names.url()}> { ?person <http://ex/name> ?name }
    SERVICE <${ages.url()}> { ?person <http://ex/age> ?age }
  } ORDER BY ?person`;

  it("answers a federated SELECT sent by GET, as SPARQL JSON by default", async () => {
    const response = await get(BIRTHPLACES);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/sparql-results+json");
    const json = await response.json();
    assert.deepEqual(json.head.vars, ["name", "city"]);
    assert.deepEqual(pairs(json, "name", "city"), EXPECTED_BIRTHPLACES);
  });

  it("answers the same query POSTed as a form and as application/sparql-query", async () => {
    const form = await fetch(sparql, {
      method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ query: BIRTHPLACES }) });
    assert.equal(form.status, 200);
    assert.deepEqual(pairs(await form.json(), "name", "city"), EXPECTED_BIRTHPLACES);
    const direct = await fetch(sparql, {
      method: "POST", headers: { "Content-Type": "application/sparql-query; charset=utf-8" }, body: BIRTHPLACES });
    assert.equal(direct.status, 200);
    assert.deepEqual(pairs(await direct.json(), "name", "city"), EXPECTED_BIRTHPLACES);
  });

  it("writes XML, CSV and TSV results as Accept asks, with q-values and wildcards", async () => {
    const xml = await get(BIRTHPLACES, { Accept: "application/sparql-results+xml" });
    assert.equal(xml.headers.get("content-type"), "application/sparql-results+xml");
    const xml_text = await xml.text();
    assert.match(xml_text, /<sparql xmlns="http:\/\/www.w3.org\/2005\/sparql-results#">/);
    assert.match(xml_text, /<binding name="city"><literal xml:lang="en">Kirkcaldy<\/literal><\/binding>/);

    const csv = await get(BIRTHPLACES, { Accept: "text/csv;q=0.9, application/sparql-results+json;q=0.1" });
    assert.equal(csv.headers.get("content-type"), "text/csv; charset=utf-8");
    assert.equal(await csv.text(), "name,city\r\nAdam Smith,Kirkcaldy\r\nAdolf von Baeyer,Berlin\r\nAlan Turing,London\r\n");

    const tsv = await get(BIRTHPLACES, { Accept: "text/*;q=0.5, text/tab-separated-values" });
    assert.equal(tsv.headers.get("content-type"), "text/tab-separated-values; charset=utf-8");
    assert.equal((await tsv.text()).split("\n")[1], '"Adam Smith"@en\t"Kirkcaldy"@en');

    const any = await get(BIRTHPLACES, { Accept: "*/*" });
    assert.equal(any.headers.get("content-type"), "application/sparql-results+json");
  });

  it("joins two remote endpoints and answers ASK", async () => {
    const joined = await (await get(people_ages())).json();
    assert.deepEqual(joined.results.bindings, [
      { person: { type: "uri", value: "http://ex/p1" }, name: { type: "literal", value: "Alice" },
        age: { type: "literal", value: "30", datatype: XSD_INTEGER } },
      { person: { type: "uri", value: "http://ex/p2" }, name: { type: "literal", value: "Bob", "xml:lang": "en" },
        age: { type: "literal", value: "40", datatype: XSD_INTEGER } },
    ]);
    const ask = await get(`ASK { SERVICE <${ages.url()}> { <http://ex/p3> <http://ex/age> 50 } }`);
    assert.deepEqual(await ask.json(), { head: {}, boolean: true });
  });

  it("answers a query without SERVICE over the endpoints endpoint= names, as one merged graph", async () => {
    const federated = await (await get(people_ages())).json();
    const plain = `SELECT ?person ?name ?age WHERE { ?person <http://ex/name> ?name . ?person <http://ex/age> ?age }
                   ORDER BY ?person`;
    const extra = `&endpoint=${encodeURIComponent(names.url())}&endpoint=${encodeURIComponent(ages.url())}`;
    const response = await get(plain, {}, extra);
    assert.equal(response.status, 200, await response.clone().text());
    const merged = await response.json();
    assert.ok(merged.results.bindings.length > 0);
    assert.deepEqual(merged.results.bindings, federated.results.bindings);
    const unknown = await get(plain, {}, "&endpoint=nope");
    assert.equal(unknown.status, 400);
    assert.match(await unknown.text(), /endpoint=nope is not an endpoint of this server's catalogue.*known endpoints/);
  });

  it("answers CONSTRUCT as Turtle by default and as N-Triples when asked", async () => {
    const construct = `CONSTRUCT { ?person <http://ex/years> ?age } WHERE {
      SERVICE <${names.url()}> { ?person <http://ex/name> "Alice" }
      SERVICE <${ages.url()}> { ?person <http://ex/age> ?age } }`;
    const turtle = await get(construct);
    assert.equal(turtle.headers.get("content-type"), "text/turtle; charset=utf-8");
    assert.match(await turtle.text(), /<http:\/\/ex\/p1>\s+<http:\/\/ex\/years>\s+30\s*\./);
    const ntriples = await get(construct, { Accept: "application/n-triples" });
    assert.equal(ntriples.headers.get("content-type"), "application/n-triples");
    assert.equal(await ntriples.text(), `<http://ex/p1> <http://ex/years> "30"^^<${XSD_INTEGER}> .\n`);
  });

  it("returns its Service Description for a GET without a query", async () => {
    const response = await fetch(sparql, { headers: { Accept: "application/n-triples" } });
    assert.equal(response.status, 200);
    const text = await response.text();
    const sd = "http://www.w3.org/ns/sparql-service-description#";
    assert.ok(text.includes(` <${sd}endpoint> <${sparql}> .`), text);
    assert.ok(text.includes(` <${sd}supportedLanguage> <${sd}SPARQL11Query> .`), text);
    // VoID of what it federates: its own dataset on the default graph, each endpoint a subset.
    const VOID = "http://rdfs.org/ns/void#";
    assert.ok(text.includes(` <${VOID}sparqlEndpoint> <${sparql}> .`), text);
    for (const url of [names.url(), ages.url()]) assert.ok(text.includes(` <${VOID}sparqlEndpoint> <${url}> .`), text);
    assert.ok(text.split("\n").filter((line) => line.includes(`<${VOID}subset>`)).length >= 3, text);
  });

  it("cuts an answer at 10,000 rows and says so with X-SPARQL-MaxRows and a warning", async () => {
    // 278 people times 176 cities.
    const product = `${PREFIXES}SELECT ?p ?c WHERE { SERVICE <${PEOPLE}> { ?p a demo:Person }
      SERVICE <${GEO}> { ?c a demo:City } }`;
    const response = await get(product);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("x-sparql-maxrows"), "10000");
    assert.match(response.headers.get("x-sparql-mcp-warning"), /more than 10000 rows.*LIMIT and OFFSET/);
    assert.equal((await response.json()).results.bindings.length, 10000);
    const page = await get(`${product} ORDER BY ?p ?c OFFSET 48000`);
    assert.equal(page.headers.get("x-sparql-maxrows"), null);
    assert.equal((await page.json()).results.bindings.length, 278 * 176 - 48000);
  });

  describe("refuses what it cannot answer, saying what to do", () => {
    const refused = async (pending, status, pattern) => {
      const response = await pending;
      const text = await response.text();
      assert.equal(response.status, status, text);
      assert.match(text, pattern);
      return response;
    };
    it("400: a malformed query, with its line and column", () =>
      refused(get("SELECT ?x WHERE {\n  ?x ?y"), 400, /^2:\d+: .*expected/));
    it("400: no query, or two", async () => {
      await refused(await fetch(`${sparql}?timeout=1000`), 400, /no query: send query=/);
      await refused(await fetch(`${sparql}?query=ASK%7B%7D&query=ASK%7B%7D`), 400, /more than one query/);
    });
    it("400: no graph pattern at all, naming the catalogue's endpoints", () =>
      refused(get("SELECT * WHERE { BIND(1 AS ?x) }"), 400, /no graph pattern.*Known endpoints: <https:\/\/demo/s));
    it("400: an endpoint the catalogue does not hold", () =>
      refused(get("SELECT * WHERE { SERVICE <http://127.0.0.1:9/elsewhere> { ?s ?p ?o } }"), 400, /not an endpoint of this server's catalogue/));
    it("400: default-graph-uri, since the proxy has no dataset of its own", () =>
      refused(get(BIRTHPLACES, {}, "&default-graph-uri=http%3A%2F%2Fex%2Fg"), 400, /default-graph-uri.*SERVICE/s));
    it("400: SPARQL Update, in any of its forms", async () => {
      await refused(await fetch(sparql, { method: "POST", headers: { "Content-Type": "application/sparql-update" },
        body: "INSERT DATA { <http://ex/a> <http://ex/b> 1 }" }), 400, /read-only/);
      await refused(await fetch(sparql, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "update=CLEAR%20ALL" }), 400, /read-only/);
      await refused(await get("CLEAR ALL"), 400, /Update/);
    });
    it("400: a timeout that is not a number of milliseconds", () =>
      refused(get(BIRTHPLACES, {}, "&timeout=soon"), 400, /timeout must be a whole number/));
    it("404: another path", async () =>
      refused(await fetch(server.url.replace(/\/mcp$/, "/query")), 404, /\/sparql/));
    it("405: another method, with Allow", async () => {
      const response = await refused(await fetch(sparql, { method: "PUT", body: "x" }), 405, /GET .*POST/);
      assert.equal(response.headers.get("allow"), "GET, POST");
    });
    it("406: an Accept without any format of the query form", async () => {
      await refused(await get(BIRTHPLACES, { Accept: "text/turtle" }), 406, /application\/sparql-results\+json/);
      await refused(await get(`CONSTRUCT { ?s ?p ?o } WHERE { SERVICE <${names.url()}> { ?s ?p ?o } }`,
        { Accept: "application/sparql-results+json, */*;q=0" }), 406, /text\/turtle/);
    });
    it("415: a POST body of another type", () =>
      fetch(sparql, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })
        .then((response) => refused(response, 415, /application\/sparql-query/)));
    it("403: an Origin outside the allow-list (DNS rebinding)", async () =>
      refused(await get(BIRTHPLACES, { Origin: "http://evil.example" }), 403, /Origin/));
    it("413: a body over the size limit", async () =>
      refused(await fetch(sparql, { method: "POST", headers: { "Content-Type": "application/sparql-query" },
        body: `ASK {} #${"x".repeat(5 * 1024 * 1024)}` }), 413, /bytes/));
    it("502: an endpoint that fails, with its status and the start of its body", async () => {
      const answer = get(`ASK { SERVICE <${scripted.url("/scripted")}> { ?s ?p ?o } }`);
      (await scripted.next_request()).reply(500, "Virtuoso 37000 Error SP030: broken", { "Content-Type": "text/plain" });
      await refused(await answer, 502, /500.*Virtuoso 37000 Error SP030/s);
    });
    it("504: the time limit runs out while an endpoint holds the query, and that request is abandoned", async () => {
      const answer = get(`ASK { SERVICE <${scripted.url("/scripted")}> { ?s ?p ?o } }`, {}, "&timeout=300");
      const held = await scripted.next_request();
      await refused(await answer, 504, /time/i);
      assert.equal(await held.abandoned, true);
    });
  });

  it("abandons the endpoint's request when the client goes away, and serves the next query", async () => {
    const aborted = new AbortController();
    const gone = fetch(`${sparql}?query=${encodeURIComponent(`ASK { SERVICE <${scripted.url("/scripted")}> { ?s ?p ?o } }`)}`,
      { signal: aborted.signal }).catch((error) => error);
    const held = await scripted.next_request();
    aborted.abort();
    assert.equal((await gone).name, "AbortError");
    assert.equal(await held.abandoned, true);
    const next = await get(people_ages(), { Accept: "text/csv" });
    assert.equal(next.status, 200);
    assert.equal(await next.text(), "person,name,age\r\nhttp://ex/p1,Alice,30\r\nhttp://ex/p2,Bob,40\r\n");
  });

  it("takes the same bearer token as MCP when one is set", async () => {
    const secured = await start_http_server([], { SPARQL_MCP_AUTH_TOKEN: "s3cret-token" });
    try {
      const url = secured.url.replace(/\/mcp$/, "/sparql");
      const query = `?query=${encodeURIComponent(BIRTHPLACES)}`;
      const anonymous = await fetch(url + query);
      assert.equal(anonymous.status, 401);
      assert.match(anonymous.headers.get("www-authenticate"), /^Bearer/);
      const wrong = await fetch(url + query, { headers: { Authorization: "Bearer wrong" } });
      assert.equal(wrong.status, 401);
      const right = await fetch(url + query, { headers: { Authorization: "Bearer s3cret-token" } });
      assert.equal(right.status, 200);
      assert.deepEqual(pairs(await right.json(), "name", "city"), EXPECTED_BIRTHPLACES);
    } finally {
      await secured.stop();
    }
  });

  it("serves Comunica v4 querying it as a sparql source", { skip: peer_skip(peer_missing("comunica4", peers)) }, async () => {
    const require = createRequire(join(peers.comunica4.folder, "package.json"));
    const { QueryEngine } = require("@comunica/query-sparql");
    const engine = new QueryEngine();
    const stream = await engine.queryBindings(BIRTHPLACES, { sources: [{ type: "sparql", value: sparql }] });
    const rows = (await stream.toArray()).map((b) => [b.get("name").value, b.get("city").value]);
    assert.deepEqual(rows, EXPECTED_BIRTHPLACES);
    const ask = await engine.queryBoolean(`ASK { SERVICE <${ages.url()}> { <http://ex/p3> <http://ex/age> 50 } }`,
      { sources: [{ type: "sparql", value: sparql }] });
    assert.equal(ask, true);
  });

  it("serves Comunica v4 a server started with a token, with the token as Basic credentials",
     { skip: peer_skip(peer_missing("comunica4", peers)) }, async () => {
    // Comunica sends no header of its own; it takes Basic credentials (httpAuth, or the
    // user:password@ of a URL on its command line).
    const secured = await start_http_server([], { SPARQL_MCP_AUTH_TOKEN: "s3cret-token" });
    try {
      const url = new URL(secured.url.replace(/\/mcp$/, "/sparql"));
      const basic = `Basic ${Buffer.from("anyone:s3cret-token").toString("base64")}`;
      const query = `?query=${encodeURIComponent(BIRTHPLACES)}`;
      assert.equal((await fetch(url + query, { headers: { Authorization: basic } })).status, 200);
      const wrong = `Basic ${Buffer.from("anyone:wrong").toString("base64")}`;
      assert.equal((await fetch(url + query, { headers: { Authorization: wrong } })).status, 401);
      const require = createRequire(join(peers.comunica4.folder, "package.json"));
      const { QueryEngine } = require("@comunica/query-sparql");
      const stream = await new QueryEngine().queryBindings(BIRTHPLACES,
        { sources: [{ type: "sparql", value: url.href }], httpAuth: "anyone:s3cret-token" });
      const rows = (await stream.toArray()).map((b) => [b.get("name").value, b.get("city").value]);
      assert.deepEqual(rows, EXPECTED_BIRTHPLACES);
    } finally {
      await secured.stop();
    }
  });

  it("answers Jena ARQ's SERVICE to it, whose body holds two SERVICE clauses", { skip: peer_skip(peer_missing("jena", peers)) }, async () => {
    const runner = await start_runner("jena");
    try {
      const reply = await runner.run(`SELECT ?person ?name ?age WHERE { SERVICE <${sparql}> {
        SERVICE <${names.url()}> { ?person <http://ex/name> ?name }
        SERVICE <${ages.url()}> { ?person <http://ex/age> ?age } } }`);
      assert.equal(reply.error, undefined);
      const rows = reply.bindings.map((b) => [b.person.value, b.name.value, b.age.value]).sort();
      assert.deepEqual(rows, [["http://ex/p1", "Alice", "30"], ["http://ex/p2", "Bob", "40"]]);
    } finally {
      await runner.stop();
    }
  });
});
