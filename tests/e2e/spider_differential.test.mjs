// Differential test of the embedded engine against Oxigraph on real queries: the 1,034
// Spider4SPARQL dev queries (../shared/spider4sparql) over synthetic instance data of their 20
// ontologies (tests/data/spider_instances.mjs). Each graph is a dump-only catalogue entry that
// the real sparql-mcp binary answers in-process through run_sparql_query (the query wrapped in
// SERVICE <entry> { ... }, as an agent writes it); the same query runs on Oxigraph's npm build
// loaded with the same file. Both answers must be the same multiset of rows (numbers compared
// by value within their datatype). Where the query ends in LIMIT/OFFSET, rows tied in the sort
// order may legitimately differ: then the row counts must match and every row we return must
// be a row of Oxigraph's answer without the LIMIT/OFFSET. A LIMIT inside a subquery picks
// among tied rows just as freely, and what the outer query makes of the pick differs with it:
// those queries must run on both, and a difference is reported but not counted as a failure.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect_sdk, call_tool, text_of } from "./lib/mcp.mjs";
import { BASE, generate_graphs, read_queries } from "../data/spider_instances.mjs";
import { json_term, term_key, wrap_in_service } from "./lib/differential.mjs";

const require = createRequire(import.meta.url);
const oxigraph = require("oxigraph");

// Other data for exploring: SPIDER_PER_CLASS=40 SPIDER_SEED=7 node --test ...
const PER_CLASS = Number(process.env.SPIDER_PER_CLASS ?? 12);
const SEED = Number(process.env.SPIDER_SEED ?? 20261123);
const endpoint_of = (kg) => `https://spider.sparql-mcp.test/sparql/${kg}`;

function row_keys(rows, variables) {
  return rows.map((row) => variables.map((v) => term_key(row[v])).join(" | ")).sort();
}

const TRAILING_SLICE = /(\s+(limit|offset)\s+\d+)+\s*$/i;
const has_inner_slice = (query) => /\b(limit|offset)\s+\d+/i.test(query.replace(TRAILING_SLICE, ""));

describe("Spider4SPARQL queries give the same answers in-process as on Oxigraph", { timeout: 600000 }, () => {
  let dir;
  let session;
  const stores = {};
  const by_kg = read_queries();

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "sparqlmcp-spider-"));
    const lines = [
      "@prefix void: <http://rdfs.org/ns/void#> .",
      "@prefix dcterms: <http://purl.org/dc/terms/> .",
      "@prefix smcp: <https://w3id.org/sparql-mcp/vocab#> .",
      "",
    ];
    for (const [kg, nt] of Object.entries(generate_graphs(by_kg, PER_CLASS, SEED))) {
      writeFileSync(join(dir, `${kg}.nt`), nt);
      stores[kg] = new oxigraph.Store();
      stores[kg].load(nt, { format: "application/n-triples" });
      lines.push(`<${endpoint_of(kg)}> a void:Dataset ; smcp:id "spider-${kg}" ;`,
                 `  dcterms:title "Spider4SPARQL ${kg} (synthetic instances)" ;`,
                 `  dcterms:description "Synthetic instance data of the Spider4SPARQL ${kg} ontology." ;`,
                 `  void:dataDump <${kg}.nt> .`, "");
    }
    writeFileSync(join(dir, "catalogue.ttl"), lines.join("\n"));
    session = await connect_sdk(join(dir, "catalogue.ttl"));
  });

  after(async () => {
    await session?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("agrees on every query", async () => {
    const mismatches = [];
    const tie_dependent = [];
    let compared = 0;
    let non_empty = 0;
    let sliced = 0;
    for (const [kg, queries] of Object.entries(by_kg)) {
      for (const { index, query } of queries) {
        const text = `PREFIX : <${BASE}>\n${query}`;
        const wrapped = wrap_in_service(text, endpoint_of(kg));
        assert.ok(wrapped, `query ${index} has no WHERE pattern to wrap: ${query}`);
        const where = `query ${index} (${kg}): ${query}`;

        let expected;
        try {
          expected = stores[kg].query(text);
        } catch (e) {
          mismatches.push(`${where}\n  Oxigraph failed: ${e}`);
          continue;
        }
        const result = await call_tool(session.client, "run_sparql_query",
                                       { query: wrapped, max_rows: 10000, format: "json" });
        if (result.isError) {
          mismatches.push(`${where}\n  sparql-mcp failed: ${text_of(result).slice(0, 400)}`);
          continue;
        }
        const ours = result.structuredContent.results;
        ++compared;
        if (typeof expected === "boolean") {
          if (ours.boolean !== expected) mismatches.push(`${where}\n  ASK: ours ${ours.boolean}, Oxigraph ${expected}`);
          continue;
        }
        if (ours.results.bindings.length > 0) ++non_empty;
        const variables = ours.head.vars;
        const theirs = expected.map((s) => Object.fromEntries(variables.map((v) => [v, json_term(s.get(v))])));
        const our_keys = row_keys(ours.results.bindings, variables);
        const their_keys = row_keys(theirs, variables);
        if (TRAILING_SLICE.test(text)) {
          ++sliced;
          if (our_keys.length !== their_keys.length) {
            mismatches.push(`${where}\n  ${our_keys.length} rows, Oxigraph ${their_keys.length}`);
            continue;
          }
          const unsliced = stores[kg].query(text.replace(TRAILING_SLICE, ""));
          const pool = new Set(row_keys(unsliced.map((s) => Object.fromEntries(
            variables.map((v) => [v, json_term(s.get(v))]))), variables));
          const stray = our_keys.filter((k) => !pool.has(k));
          if (stray.length && has_inner_slice(text)) tie_dependent.push(index);
          else if (stray.length) mismatches.push(`${where}\n  rows not in Oxigraph's unsliced answer: ${stray.slice(0, 3).join("; ")}`);
          continue;
        }
        if (our_keys.join("\n") !== their_keys.join("\n")) {
          if (has_inner_slice(text)) {
            tie_dependent.push(index);
            continue;
          }
          const extra = our_keys.filter((k) => !their_keys.includes(k)).slice(0, 3);
          const missing = their_keys.filter((k) => !our_keys.includes(k)).slice(0, 3);
          mismatches.push(`${where}\n  ${our_keys.length} rows, Oxigraph ${their_keys.length}; ours only: ${
            extra.join("; ")}; Oxigraph only: ${missing.join("; ")}`);
        }
      }
    }
    console.log(`compared ${compared} queries (${sliced} with LIMIT/OFFSET, ${non_empty} with rows), ${
      mismatches.length} differ; ${
      tie_dependent.length} with a LIMIT in a subquery picked other tied rows (${tie_dependent.join(", ")})`);
    assert.equal(mismatches.length, 0, `answers differ:\n${mismatches.join("\n")}`);
    // Comparing empty answers proves little: the generated data must make most queries match.
    assert.ok(non_empty > compared / 2, `only ${non_empty} of ${compared} queries have rows: check the data generator`);
  });
});
