#!/usr/bin/env node
// A long-lived Comunica process for bench/federation.mjs: one QueryEngine answers query after
// query, so per-query times are not dominated by Node start-up and engine instantiation.
//
//   node bench/peers/comunica-runner.mjs FOLDER [--invalidate-cache]
//
// FOLDER holds node_modules/@comunica/query-sparql (scripts/install-peers.sh installs v5 in
// build/peers/comunica5, to run with build/peers/bin/node22, and v4 in build/peers/comunica4,
// for the system Node 20).
//
// stdin: one JSON object per line, {"id": ..., "query": "...", "sources": [...]} (id: any JSON
// value; sources, optional: SPARQL endpoint URLs the query runs over with Comunica's own
// source selection, for queries without SERVICE).
// stdout: one JSON object per line for each input line, in order:
//   {"id", "ms", "vars": [...], "bindings": [...]}   SELECT; bindings as in SPARQL 1.1 Query
//                                                    Results JSON (section 3.2.2)
//   {"id", "ms", "boolean": true|false}              ASK
//   {"id", "ms", "error": "..."}                     parse or evaluation failure
// ms is the wall time from handing the query to the engine to the last row read. The first line
// is {"ready": true, "engine": "comunica", "version": "...", "node": "..."}.
//
// Caches: the engine is kept for all queries, as Comunica's own SPARQL endpoint keeps it, and
// with its default configuration. That configuration keeps, across queries, the sources it
// has identified (each SERVICE endpoint's service description is fetched once) and, per
// SPARQL endpoint, an LRU of 1,024 COUNT answers that its join planner asks for cardinalities.
// It keeps no HTTP cache (--httpCache is off by default) and no result cache. With
// --invalidate-cache, engine.invalidateHttpCache() runs before each query and drops both.
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { join, resolve } from "node:path";

const XSD_STRING = "http://www.w3.org/2001/XMLSchema#string";
const RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString";
const RDF_DIR_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString";

function usage(message) {
  process.stderr.write(`comunica-runner: ${message}\n` +
                       "usage: node bench/peers/comunica-runner.mjs FOLDER [--invalidate-cache]\n");
  process.exit(2);
}

const args = process.argv.slice(2);
const invalidate = args.includes("--invalidate-cache");
const folders = args.filter((a) => !a.startsWith("--"));
if (folders.length !== 1 || args.some((a) => a.startsWith("--") && a !== "--invalidate-cache")) {
  usage("expected one package folder and no option other than --invalidate-cache");
}
const folder = resolve(folders[0]);
const require = createRequire(join(folder, "package.json"));
let comunica;
let manifest;
try {
  comunica = require("@comunica/query-sparql");
  manifest = require("@comunica/query-sparql/package.json");
} catch (error) {
  usage(`no @comunica/query-sparql under ${folder} (run scripts/install-peers.sh): ${error.message}`);
}
const major = Number(manifest.version.split(".")[0]);
const engine = new comunica.QueryEngine();

// Comunica v4 keeps the query text in the context (KeysInitQuery.queryString) so that a single
// SPARQL source can be sent the query unchanged; when the context names no sources at all,
// nothing removes it, and each SERVICE endpoint is sent the whole query, SERVICE clauses
// included, instead of its own part (a 400 from any endpoint that cannot call the others).
// v4's query processor drops that text when initial bindings are given, so an empty set of
// initial bindings (which binds nothing and leaves the query as it is) avoids the bug. v5
// identifies SERVICE targets during optimisation and needs no such help.
let base_context = {};
if (major === 4) {
  const { BindingsFactory } = require("@comunica/utils-bindings-factory");
  const { DataFactory } = require("rdf-data-factory");
  base_context = { initialBindings: new BindingsFactory(new DataFactory()).bindings() };
}

function term_json(term) {
  switch (term.termType) {
    case "NamedNode":
      return { type: "uri", value: term.value };
    case "BlankNode":
      return { type: "bnode", value: term.value };
    case "Literal": {
      const out = { type: "literal", value: term.value };
      if (term.language) out["xml:lang"] = term.language;
      else if (term.datatype && ![XSD_STRING, RDF_LANG_STRING, RDF_DIR_LANG_STRING].includes(term.datatype.value)) {
        out.datatype = term.datatype.value;
      }
      return out;
    }
    default:
      return { type: "unsupported", value: String(term.value ?? term.termType) };
  }
}

// v3+ metadata lists { variable, canBeUndef }; older shapes listed the variables themselves.
function variable_names(metadata) {
  return (metadata?.variables ?? []).map((v) => (v.variable ?? v).value);
}

async function answer(request) {
  const started = performance.now();
  const context = Array.isArray(request.sources)
    ? { ...base_context, sources: request.sources.map((value) => ({ type: "sparql", value })) }
    : base_context;
  const result = await engine.query(request.query, context);
  if (result.resultType === "bindings") {
    const stream = await result.execute();
    const rows = [];
    for await (const bindings of stream) {
      const row = {};
      for (const [variable, term] of bindings) row[variable.value] = term_json(term);
      rows.push(row);
    }
    const vars = variable_names(await result.metadata());
    return { vars, bindings: rows, ms: performance.now() - started };
  }
  if (result.resultType === "boolean") {
    const value = await result.execute();
    return { boolean: value, ms: performance.now() - started };
  }
  throw new Error(`only SELECT and ASK queries are supported (this query gives ${result.resultType})`);
}

function write(object) {
  process.stdout.write(`${JSON.stringify(object)}\n`);
}

// An error that escapes a query's streams (Comunica runs sub-queries in the background) must
// not end the process: it is logged, and the query it belonged to fails or times out.
process.on("unhandledRejection", (error) => process.stderr.write(`comunica-runner: unhandled: ${error?.stack ?? error}\n`));
process.on("uncaughtException", (error) => process.stderr.write(`comunica-runner: uncaught: ${error?.stack ?? error}\n`));

write({ ready: true, engine: "comunica", version: manifest.version, node: process.version });
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  let request;
  try {
    request = JSON.parse(line);
    if (typeof request?.query !== "string") throw new Error('the request has no "query" string');
  } catch (error) {
    write({ id: request?.id, error: `bad request line: ${error.message}`, ms: 0 });
    continue;
  }
  const started = performance.now();
  try {
    if (invalidate) await engine.invalidateHttpCache();
    const reply = await answer(request);
    write({ id: request.id, ...reply, ms: Math.round(reply.ms * 1000) / 1000 });
  } catch (error) {
    write({ id: request.id, error: String(error?.message ?? error).slice(0, 2000),
            ms: Math.round((performance.now() - started) * 1000) / 1000 });
  }
}
