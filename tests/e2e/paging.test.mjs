// Paging through answers (docs/results.md, "Paging"), with the official SDK client against an
// Oxigraph endpoint on loopback whose /shuffle route returns unordered rows in a new random
// order on every request and caps every answer at 10,000 rows, and against the in-process demo.
// Every row must come exactly once across the pages, every request the endpoint saw must be
// bounded, and counts must be exact or stated as lower bounds.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { start_oxigraph, REPO } from "./lib/servers.mjs";
import { bindings_of, write_catalogue, connect_sdk, call_tool, text_of } from "./lib/mcp.mjs";

const ITEMS = 25000;
const EX = "http://example.org/paging/";
const CAP = 10000;

function ok(result) {
  assert.equal(result.isError ?? false, false, `unexpected tool error: ${text_of(result)}`);
  return result.structuredContent;
}

function row_key(binding) {
  return Object.keys(binding).sort().map((k) => `${k}=${binding[k].value}`).join("|");
}

describe("paging a large remote answer", () => {
  let data_dir, oxigraph, catalogue, session, endpoint;

  before(async () => {
    data_dir = mkdtempSync(join(tmpdir(), "sparqlmcp-paging-"));
    const lines = [];
    for (let i = 0; i < ITEMS; ++i) {
      lines.push(`<${EX}item/${i}> <${EX}rank> "${i}"^^<http://www.w3.org/2001/XMLSchema#integer> .`);
      if (i % 10 === 0) lines.push(`<${EX}item/${i}> <${EX}tag> "tenth" .`);
      if (i % 100 === 0) lines.push(`<${EX}item/${i}> <${EX}tag> "hundredth" .`);
    }
    writeFileSync(join(data_dir, "items.nt"), lines.join("\n") + "\n");
    oxigraph = await start_oxigraph([join(data_dir, "items.nt")]);
    endpoint = oxigraph.url(`/shuffle?cap=${CAP}`);
    catalogue = write_catalogue([{ id: "items", endpoint, title: "Items" }]);
    session = await connect_sdk(catalogue.dir);
  });

  after(async () => {
    await session?.close();
    await oxigraph?.stop();
    catalogue?.remove();
    if (data_dir) rmSync(data_dir, { recursive: true, force: true });
  });

  const run = (args) => call_tool(session.client, "run_sparql_query", args, { timeout_ms: 60000 });
  const seen_queries = async () => (await fetch(oxigraph.url("/queries"))).json();

  it("follows next_page_query through every page of an unordered answer: each row once", async () => {
    const query = `SELECT ?item ?rank WHERE { SERVICE <${endpoint}> { ?item <${EX}rank> ?rank } }`;
    const before_count = (await seen_queries()).length;
    const rows = new Map();
    let args = { query, max_rows: 500 };
    let pages = 0;
    let first = null;
    for (;;) {
      const result = await run(args);
      const s = ok(result);
      if (!first) first = { s, text: text_of(result) };
      for (const b of bindings_of(s, query)) {
        const key = row_key(b);
        assert.ok(!rows.has(key), `row ${key} came twice (page ${pages + 1})`);
        rows.set(key, true);
      }
      ++pages;
      if (!s.next_page_query) break;
      assert.ok(pages < 200, "paging must end");
      args = { query: s.next_page_query, max_rows: 500 };
    }
    assert.equal(rows.size, ITEMS, "every row of the answer came once");
    assert.ok(pages >= ITEMS / 500, "pages hold at most max_rows rows (fewer when the text is full)");

    // The first page is honest about what it does not know.
    assert.equal(first.s.row_count, undefined);
    assert.ok(first.s.row_count_at_least > 500);
    assert.match(first.text, /At least 1001 rows \(count: true counts them all\); showing the first \d+\./);

    // The endpoint was asked for bounded amounts, never the whole answer.
    const queries = (await seen_queries()).slice(before_count);
    assert.ok(queries.length > 0);
    for (const q of queries) {
      const limit = /LIMIT\s+(\d+)/i.exec(q);
      assert.ok(limit, `a request without LIMIT reached the endpoint: ${q}`);
      assert.ok(Number(limit[1]) <= 1001, `a request asked for ${limit[1]} rows: ${q}`);
    }
    // Pages after the first came mostly from the cache: far fewer requests than pages.
    assert.ok(queries.length <= ITEMS / 1000 + 2, `${queries.length} requests for ${pages} pages`);
  });

  it("counts exactly with count: true", async () => {
    const query = `SELECT ?item WHERE { SERVICE <${endpoint}> { ?item <${EX}rank> ?rank } }`;
    const s = ok(await run({ query, max_rows: 5, count: true }));
    assert.equal(s.row_count, ITEMS);
    assert.equal(s.row_count_at_least, undefined);
    assert.equal(s.rows_shown, 5);
  });

  it("gives an exact count when the answer fits in one request", async () => {
    const query = `SELECT ?item WHERE { SERVICE <${endpoint}> { ?item <${EX}tag> "hundredth" } }`;
    const result = await run({ query, max_rows: 10 });
    const s = ok(result);
    assert.equal(s.row_count, ITEMS / 100);
    assert.equal(s.requests, 1, "one request, no re-ordering: the whole answer is cached");
    assert.match(text_of(result), new RegExp(`^Endpoint <[^>]+> answered in \\d+ ms\\. ${ITEMS / 100} rows; showing the first 10\\.`));
  });

  it("keeps the query's own LIMIT and OFFSET", async () => {
    const query = `SELECT ?rank WHERE { SERVICE <${endpoint}> { ?item <${EX}rank> ?rank } } ORDER BY ?rank LIMIT 7 OFFSET 100`;
    const first = ok(await run({ query, max_rows: 4 }));
    assert.deepEqual(bindings_of(first, query).map((b) => Number(b.rank.value)), [100, 101, 102, 103]);
    assert.equal(first.row_count, 7);
    const second = ok(await run({ query: first.next_page_query, max_rows: 4 }));
    assert.deepEqual(bindings_of(second, query).map((b) => Number(b.rank.value)), [104, 105, 106]);
    assert.equal(second.from_cache, true);
    assert.equal(second.requests, 0);
    assert.equal(second.next_page_query, undefined);
  });

  it("pages a CONSTRUCT result in parts, each triple once", async () => {
    const query = `CONSTRUCT { ?item <${EX}tagged> ?rank } WHERE { SERVICE <${endpoint}> {
      ?item <${EX}tag> "tenth" ; <${EX}rank> ?rank } }`;
    const triples = new Set();
    let args = { query, format: "ntriples" };
    let parts = 0;
    for (;;) {
      const s = ok(await run(args));
      for (const line of s.rdf.split("\n").filter((l) => l.trim())) {
        assert.ok(!triples.has(line), `triple came twice: ${line}`);
        triples.add(line);
      }
      ++parts;
      if (!s.next_page_query) break;
      assert.match(s.next_page_query, /# sparql-mcp next part: skip \d+ triples$/);
      args = { query: s.next_page_query, format: "ntriples" };
      assert.ok(parts < 100);
    }
    assert.ok(parts > 1, "the result was cut into parts");
    assert.equal(triples.size, ITEMS / 10);
  });
});

describe("the in-process row cap", () => {
  let session;
  before(async () => {
    session = await connect_sdk(join(REPO, "examples", "catalogue.ttl"));
  });
  after(async () => {
    await session?.close();
  });

  it("reports a cross product it did not finish as a lower bound", async () => {
    const query = `SELECT * WHERE { SERVICE <https://demo.sparql-mcp.org/sparql/geography> {
      ?a a ?b . ?c a ?d } }`;
    const result = await call_tool(session.client, "run_sparql_query", { query, max_rows: 10 });
    const s = ok(result);
    assert.equal(s.row_count, undefined, "never a row count that is not exact");
    assert.ok(s.row_count_at_least > 10);
    assert.match(text_of(result), /At least \d+ rows \(count: true counts them all\); showing the first 10\./);
    const counted = ok(await call_tool(session.client, "run_sparql_query", { query, max_rows: 10, count: true }));
    assert.equal(counted.row_count, 209 * 209, "count: true counts the whole cross product");
  });
});
