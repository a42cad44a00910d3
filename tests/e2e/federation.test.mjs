// Federated queries through the real binary over stdio: two Oxigraph endpoints with the shared
// people graph, joined by the embedded federation engine; and what the result says when a
// SERVICE block is empty, an endpoint is down (with and without SILENT) or answers with a web
// page. Expected rows come from Oxigraph on the same graph with the SERVICE wrappers removed
// (both endpoints hold the same data, so that is the federated answer). Last, the same kind of
// query sent to an external federation engine (--federation-endpoint, Comunica's endpoint).
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { SHARED_DATA, free_port, start_oxigraph } from "./lib/servers.mjs";
import { bindings_of, call_tool, connect_sdk, text_of, write_catalogue } from "./lib/mcp.mjs";
import { json_term, term_key } from "./lib/differential.mjs";
import { comunica_installations, start_comunica_endpoint } from "./lib/comunica.mjs";
import { INSTALL_HINT } from "./lib/peers.mjs";
import { peer_skip } from "./lib/peer_skip.mjs";

const oxigraph = createRequire(import.meta.url)("oxigraph");
const PREFIXES = `PREFIX ex: <http://example.org/vocab#>
PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
`;
const DATA = join(SHARED_DATA, "people.ttl");

function rows_of(bindings) {
  return bindings.map((b) => Object.keys(b).filter((k) => b[k] !== undefined).sort()
    .map((k) => `${k}=${term_key(b[k])}`).join(" ")).sort();
}

// The federated answer: the query on the one graph both endpoints hold, SERVICE removed.
function expected_rows(store, query) {
  const local = query.replace(/SERVICE\s*(SILENT\s*)?<[^>]+>/g, "");
  return rows_of(store.query(local).map((solution) => {
    const b = {};
    for (const [k, v] of solution) b[k] = json_term(v);
    return b;
  }));
}

describe("federated queries over two Oxigraph endpoints", { timeout: 180000 }, () => {
  let people;
  let places;
  let html;
  let down_url;
  let catalogue;
  let session;
  const store = new oxigraph.Store();
  const expected = (query) => expected_rows(store, query);

  before(async () => {
    store.load(readFileSync(DATA, "utf8"), { format: "text/turtle" });
    [people, places, html] = await Promise.all([start_oxigraph([DATA]), start_oxigraph([DATA]),
      start_oxigraph([DATA])]);
    down_url = `http://127.0.0.1:${await free_port()}/sparql`;
    catalogue = write_catalogue([
      { id: "people", endpoint: people.url("/query"), description: "People and where they work." },
      { id: "places", endpoint: places.url("/query"), description: "Organisations and cities." },
      { id: "down", endpoint: down_url, description: "An endpoint that is down." },
      { id: "html", endpoint: html.url("/html"), description: "An endpoint that sends a web page." },
      { id: "old", endpoint: html.url("/sparql10"), description: "A SPARQL 1.0 endpoint (no VALUES)." },
      { id: "capped", endpoint: html.url("/shuffle?cap=25"), result_cap: 25,
        description: "An endpoint that reorders unordered rows on every request and caps them at 25." },
    ]);
    session = await connect_sdk(catalogue.dir);
  });

  after(async () => {
    await session?.close();
    await Promise.all([people?.stop(), places?.stop(), html?.stop()]);
    catalogue?.remove();
  });

  async function run(query, extra = {}) {
    return call_tool(session.client, "run_sparql_query", { query, max_rows: 1000, ...extra });
  }

  it("joins two endpoints as one query and reports each endpoint's requests and rows", async () => {
    const query = `${PREFIXES}SELECT ?name ?city WHERE {
      SERVICE <${people.url("/query")}> { ?p foaf:name ?name ; ex:worksFor ?org }
      SERVICE <${places.url("/query")}> { ?org ex:locatedIn ?c . ?c rdfs:label ?city FILTER(LANG(?city) = "en") }
    }`;
    const result = await run(query);
    assert.ok(!result.isError, text_of(result));
    const s = result.structuredContent;
    assert.equal(s.route, "federated");
    assert.deepEqual(rows_of(bindings_of(s, query)), expected(query));
    assert.ok(s.row_count > 50, `${s.row_count} rows`);
    assert.deepEqual(s.endpoints.map((e) => e.endpoint).sort(), [people.url("/query"), places.url("/query")].sort());
    assert.ok(s.requests <= 4, `${s.requests} requests`);
    assert.match(text_of(result), /^Federated query over 2 endpoints answered in \d+ ms/);
  });

  it("joins with an endpoint that caps and reorders its rows: pages it in one order, whole", async () => {
    const capped = html.url("/shuffle?cap=25");
    const query = `${PREFIXES}SELECT ?name ?city WHERE {
      SERVICE <${capped}> { ?p foaf:name ?name ; ex:worksFor ?org }
      SERVICE <${places.url("/query")}> { ?org ex:locatedIn ?c . ?c rdfs:label ?city FILTER(LANG(?city) = "en") }
    }`;
    const result = await run(query);
    assert.ok(!result.isError, text_of(result));
    const s = result.structuredContent;
    assert.deepEqual(rows_of(bindings_of(s, query)), expected(query.replace(capped, people.url("/query"))));
    assert.ok(s.row_count > 25, `${s.row_count} rows: more than one capped answer`);
    assert.equal(s.possibly_incomplete, false);
    const to_capped = s.endpoints.find((e) => e.endpoint === capped);
    assert.ok(to_capped.requests > 1, "the capped side took several ordered pages");
  });

  it("evaluates OPTIONAL, FILTER and GROUP BY around SERVICE clauses here", async () => {
    const query = `${PREFIXES}SELECT ?city (COUNT(?p) AS ?people) WHERE {
      SERVICE <${places.url("/query")}> { ?org ex:locatedIn ?c . ?c rdfs:label ?city FILTER(LANG(?city) = "de") }
      OPTIONAL { SERVICE <${people.url("/query")}> { ?p ex:worksFor ?org ; foaf:age ?age } FILTER(?age > 40) }
    } GROUP BY ?city`;
    const result = await run(query);
    assert.ok(!result.isError, text_of(result));
    assert.deepEqual(rows_of(bindings_of(result.structuredContent, query)), expected(query));
  });

  it("says which SERVICE block came back empty", async () => {
    const result = await run(`${PREFIXES}SELECT * WHERE {
      SERVICE <${people.url("/query")}> { ?p foaf:name ?name ; ex:worksFor ?org }
      SERVICE <${places.url("/query")}> { ?org ex:locatedInn ?c }
    }`);
    assert.ok(!result.isError, text_of(result));
    assert.equal(result.structuredContent.row_count, 0);
    const warnings = result.structuredContent.warnings;
    assert.ok(warnings.some((w) => w.startsWith(`SERVICE #2 <${places.url("/query")}> returned no rows`)),
              JSON.stringify(warnings));
  });

  it("fails naming the endpoint that is down and the block, then keeps serving", async () => {
    const result = await run(`${PREFIXES}SELECT * WHERE {
      SERVICE <${people.url("/query")}> { ?p foaf:name ?name }
      SERVICE <${down_url}> { ?p foaf:age ?age }
    }`);
    assert.equal(result.isError, true);
    const text = text_of(result);
    assert.match(text, /SERVICE #2 </);
    assert.ok(text.includes(down_url), text);
    assert.match(text, /SILENT/);
    const again = await run(`${PREFIXES}SELECT * WHERE { SERVICE <${people.url("/query")}> { ?p foaf:age 40 } }`);
    assert.ok(!again.isError, text_of(again));
  });

  it("goes on without a SILENT block whose endpoint is down, and says so", async () => {
    const result = await run(`${PREFIXES}SELECT ?name ?age WHERE {
      SERVICE <${people.url("/query")}> { ?p foaf:name ?name ; foaf:age 40 }
      SERVICE SILENT <${down_url}> { ?p foaf:age ?age }
    }`);
    assert.ok(!result.isError, text_of(result));
    const s = result.structuredContent;
    assert.ok(s.row_count > 0);
    assert.ok(bindings_of(s, PREFIXES).every((b) => b.age === undefined));
    assert.ok(s.warnings.some((w) => w.includes("failed and SILENT let the query go on")), JSON.stringify(s.warnings));
  });

  it("names the endpoint that answers with a web page", async () => {
    const result = await run(`${PREFIXES}SELECT * WHERE {
      SERVICE <${people.url("/query")}> { ?p foaf:name ?name }
      SERVICE <${html.url("/html")}> { ?p foaf:age ?age }
    }`);
    assert.equal(result.isError, true);
    assert.ok(text_of(result).includes(html.url("/html")), text_of(result));
  });

  it("returns the plan that ran with explain: true", async () => {
    const result = await run(`${PREFIXES}SELECT * WHERE {
      SERVICE <${people.url("/query")}> { ?p foaf:name ?name ; ex:worksFor ?org }
      SERVICE <${places.url("/query")}> { ?org ex:locatedIn ?c }
    }`, { explain: true });
    assert.ok(!result.isError, text_of(result));
    const plan = result.structuredContent.plan;
    assert.equal(plan.op, "federation");
    const ops = [];
    const walk = (node) => { ops.push(`${node.op} ${node.detail ?? ""}`); (node.children ?? []).forEach(walk); };
    walk(plan);
    assert.ok(ops.some((o) => o.startsWith("join ")), ops.join("\n"));
    assert.equal(ops.filter((o) => o.startsWith("service #")).length, 2, ops.join("\n"));
    assert.match(text_of(result), /\nPlan \(rows = rows each operator produced\):\n/);
  });

  it("binds rows into an endpoint that refuses VALUES as UNION blocks, and remembers it", async () => {
    const old = html.url("/sparql10");
    const received = async () => (await fetch(html.url("/queries"))).json();
    const orgs = (from, to) => Array.from({ length: to - from + 1 }, (_, i) =>
      `(<http://example.org/org/${String(from + i).padStart(2, "0")}>)`).join(" ");
    const query = (rows) => `${PREFIXES}SELECT ?org ?name ?age WHERE {
      VALUES (?org) { ${rows} }
      SERVICE <${old}> { ?p ex:worksFor ?org ; foaf:name ?name OPTIONAL { ?p foaf:age ?age } }
    }`;
    const first = query(`${orgs(1, 20)} (UNDEF)`);
    const result = await run(first, { explain: true });
    assert.ok(!result.isError, text_of(result));
    assert.deepEqual(rows_of(bindings_of(result.structuredContent, first)), expected(first));
    assert.ok(text_of(result).includes(`<${old}> refuses VALUES; sent UNION blocks`), text_of(result));
    const before = (await received()).length;
    assert.ok((await received()).some((q) => /\bVALUES\b/.test(q)));
    // The next call goes straight to UNION blocks (without the label look-up, whose request
    // is no bound join).
    const second = query(orgs(3, 12));
    const again = await run(second, { labels: false });
    assert.ok(!again.isError, text_of(again));
    assert.deepEqual(rows_of(bindings_of(again.structuredContent, second)), expected(second));
    const sent = (await received()).slice(before);
    assert.ok(sent.length > 0);
    assert.ok(sent.every((q) => !/\bVALUES\b/.test(q) && /\bUNION\b/.test(q)), sent.join("\n----\n"));
  });

  it("sends a SERVICE ?variable to each endpoint it is bound to", async () => {
    const result = await run(`${PREFIXES}SELECT ?e ?name WHERE {
      VALUES ?e { <${people.url("/query")}> <${places.url("/query")}> }
      SERVICE ?e { ?p foaf:name ?name ; foaf:age 40 }
    }`);
    assert.ok(!result.isError, text_of(result));
    const one = expected(`${PREFIXES}SELECT ?name WHERE { ?p foaf:name ?name ; foaf:age 40 }`);
    assert.equal(result.structuredContent.rows.length, 2 * one.length);
  });

  it("pages a federated answer with next-page queries served from the cache", async () => {
    const query = `${PREFIXES}SELECT ?name ?city WHERE {
      SERVICE <${people.url("/query")}> { ?p foaf:name ?name ; ex:worksFor ?org }
      SERVICE <${places.url("/query")}> { ?org ex:locatedIn ?c . ?c rdfs:label ?city FILTER(LANG(?city) = "en") }
    }`;
    const seen = [];
    let result = await run(query, { max_rows: 40 });
    for (let page = 0; page < 20; ++page) {
      assert.ok(!result.isError, text_of(result));
      seen.push(...bindings_of(result.structuredContent, query));
      const next = result.structuredContent.next_page_query;
      if (!next) break;
      result = await run(next, { max_rows: 40 });
      assert.equal(result.structuredContent.from_cache, true);
    }
    assert.deepEqual(rows_of(seen), expected(query));
  });
});

describe("federated queries sent to an external federation engine (Comunica)", {
  timeout: 300000,
  skip: peer_skip(comunica_installations().length === 0 && `no Comunica is installed: ${INSTALL_HINT}`),
}, () => {
  let people;
  let places;
  let comunica;
  let catalogue;
  let session;
  const store = new oxigraph.Store();

  before(async () => {
    store.load(readFileSync(DATA, "utf8"), { format: "text/turtle" });
    [people, places, comunica] = await Promise.all([
      start_oxigraph([DATA]), start_oxigraph([DATA]), start_comunica_endpoint()]);
    catalogue = write_catalogue([
      { id: "people", endpoint: people.url("/query") },
      { id: "places", endpoint: places.url("/query") },
    ]);
    session = await connect_sdk(catalogue.dir, ["--federation-endpoint", comunica.url]);
  });

  after(async () => {
    await session?.close();
    await Promise.all([people?.stop(), places?.stop(), comunica?.stop()]);
    catalogue?.remove();
  });

  it("sends a two-SERVICE join unchanged to the external engine and returns its answer", async () => {
    // No language-tagged literals: Comunica v4.4+ drops the tags of endpoint results.
    const query = `${PREFIXES}SELECT ?name ?org WHERE {
      SERVICE <${people.url("/query")}> { ?p foaf:name ?name ; foaf:age 40 ; ex:worksFor ?org }
      SERVICE <${places.url("/query")}> { ?org ex:locatedIn <http://example.org/city/3> }
    }`;
    const result = await call_tool(session.client, "run_sparql_query", { query, max_rows: 1000 },
                                   { timeout_ms: 120000 });
    assert.ok(!result.isError, text_of(result));
    const s = result.structuredContent;
    assert.equal(s.route, "external");
    assert.equal(s.endpoint, comunica.url);
    const want = expected_rows(store, query);
    assert.ok(want.length > 0);
    assert.deepEqual(rows_of(bindings_of(s, query)), want);
  });

  it("still sends a one-SERVICE query straight to its endpoint", async () => {
    const result = await call_tool(session.client, "run_sparql_query", {
      query: `${PREFIXES}SELECT ?name WHERE { SERVICE <${people.url("/query")}> { ?p foaf:name ?name ; foaf:age 40 } }`,
    });
    assert.ok(!result.isError, text_of(result));
    assert.equal(result.structuredContent.route, "direct");
    assert.equal(result.structuredContent.endpoint, people.url("/query"));
  });
});
