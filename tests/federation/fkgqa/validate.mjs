#!/usr/bin/env node
// node tests/federation/fkgqa/validate.mjs OUT_DIR [--comunica DIR] [--servers mixed|oxigraph]
//                                          [--forms trivial,precise] [--only ID,ID] [--timeout-ms N]
//
// Checks the federated forms of a generated test set (generate.mjs) with a real federation
// engine before sparql-mcp's exists: Comunica v4 (@comunica/query-sparql@4, which runs on Node
// 20), installed into a private folder (default build/comunica4):
//
//   mkdir -p build/comunica4 && cd build/comunica4 && echo '{"private":true}' > package.json &&
//   npm install --no-audit --no-fund @comunica/query-sparql@4
//
// Starts the shards (serve.mjs), runs every query's trivial and precise forms through Comunica
// against them, one at a time, and compares each answer with the oracle's (oracle.mjs). Prints
// per form how many agree, the requests the shards received, and each disagreement with the
// oracle's explanation. Exit status 1 when any form of any query disagrees or fails. With
// --forms original (or original,trivial,precise), the original query also runs in Comunica on
// the unsharded graph, loaded into its memory: what differs there is Comunica's own evaluation.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compareAnswers, expected_answer, load_store } from "./oracle.mjs";
import { read_workload, startShards, with_endpoints } from "./serve.mjs";
import { parse, print } from "./sparql.mjs";

const HERE = fileURLToPath(new URL(".", import.meta.url));

function parse_arguments(argv) {
  const options = {
    out: null, comunica: join(HERE, "..", "..", "..", "build", "comunica4"), servers: "mixed",
    forms: ["trivial", "precise"], only: null, timeout_ms: 120000,
  };
  for (let i = 0; i < argv.length; ++i) {
    const [name, inline] = argv[i].startsWith("--") ? argv[i].split(/=(.*)/s) : [argv[i]];
    const value = () => inline ?? argv[++i];
    if (name === "--comunica") options.comunica = resolve(value());
    else if (name === "--servers") options.servers = value();
    else if (name === "--forms") options.forms = value().split(",");
    else if (name === "--only") options.only = new Set(value().split(","));
    else if (name === "--timeout-ms") options.timeout_ms = Number(value());
    else if (name.startsWith("--")) throw new Error(`unknown option ${name}`);
    else if (options.out === null) options.out = name;
    else throw new Error(`unexpected argument ${name}`);
  }
  if (!options.out) throw new Error("missing OUT_DIR");
  for (const f of options.forms) if (!["trivial", "precise", "original"].includes(f)) throw new Error(`unknown form ${f}`);
  return options;
}

// Comunica's engine with two of its own settings changed, so that it can use Virtuoso's graph
// endpoints /sparql?default-graph-uri=G:
// - forceSparqlEndpoint (SERVICE actor) on: by default it first dereferences each SERVICE IRI
//   to learn what kind of source it is; Virtuoso answers a GET without a query with 400 ("The
//   request does not contain text of SPARQL query"), which Comunica v4 turns into an unhandled
//   'error' event that ends the process;
// - forceGetIfUrlLengthBelow (SPARQL source) 0: it sends queries shorter than 600 characters by
//   GET, appending "?query=" to the endpoint URL even when that has a query string already
//   (.../sparql?default-graph-uri=G?query=...), which Virtuoso refuses; by POST the URL stays
//   as it is;
// - correctionMultiplier (HTTP rate limiter) 0: the SPARQL source still asks each endpoint for
//   its service description with a bare GET, Virtuoso's graph endpoints answer 400, and the
//   limiter then spaces every later request to that host (all shards of one server) by ten
//   times the response time, which grows to seconds per request.
// The settings are constructor arguments in the compiled engine (engine-default.js), so a copy
// with them changed is written beside the original.
function load_comunica(dir) {
  const require = createRequire(join(dir, "package.json"));
  let comunica;
  try {
    comunica = { ...require("@comunica/query-sparql"), translate: require("sparqlalgebrajs").translate, N3: require("n3") };
  } catch (error) {
    throw new Error(`@comunica/query-sparql is not installed in ${dir} (see the header of validate.mjs): ${error.message}`);
  }
  const original = require.resolve("@comunica/query-sparql/engine-default.js");
  const text = readFileSync(original, "utf8");
  const settings = [["'forceSparqlEndpoint': false", "'forceSparqlEndpoint': true"],
                    ["'forceGetIfUrlLengthBelow': 600", "'forceGetIfUrlLengthBelow': 0"],
                    ["'correctionMultiplier': 0.1", "'correctionMultiplier': 0"]];
  let changed = text;
  for (const [from, to] of settings) {
    if (!changed.includes(from)) throw new Error(`${original} has no setting ${from} to change`);
    changed = changed.replace(from, to);
  }
  const forced = join(dirname(original), "engine-fkgqa-validate.js");
  writeFileSync(forced, changed);
  const engine = require(forced);
  return { ...comunica, new_engine: () => new comunica.QueryEngine(engine()) };
}

async function with_timeout(promise, ms, what) {
  let timer;
  try {
    return await Promise.race([promise, new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
    })]);
  } finally {
    clearTimeout(timer);
  }
}

async function main() {
  const options = parse_arguments(process.argv.slice(2));
  const { new_engine, translate, N3 } = load_comunica(options.comunica);
  const workload = read_workload(options.out);
  const stores = Object.fromEntries(workload.graphs.map((g) => [g.kg, load_store(join(options.out, g.file))]));
  // The "original" form runs on the unsharded graph in Comunica's own memory (an N3 store), so
  // that a disagreement there is Comunica's evaluation, not the rewriting or the shards.
  const graphs = Object.fromEntries(workload.graphs.map((g) => [g.kg, new N3.Store(
    new N3.Parser({ format: "N-Triples" }).parse(readFileSync(join(options.out, g.file), "utf8")))]));
  const shards = await startShards(options.out, { servers: options.servers });
  const tally = Object.fromEntries(options.forms.map((f) => [f, { agree: 0, differ: 0, failed: 0, requests: 0, ms: [] }]));
  const problems = [];
  try {
    for (const query of workload.queries) {
      if (options.only && !options.only.has(query.id)) continue;
      const expected = expected_answer(stores[query.kg], query.original);
      for (const form of options.forms) {
        // The original goes in reprinted by sparqljs: Comunica's parser is sparqljs, which keeps
        // the backslash of `:singer\#name` in the IRI (see sparql.mjs) and so matches nothing.
        const text = form === "original" ? print(parse(query.original)) : with_endpoints(query[form], shards.endpoints);
        const sources = form === "original" ? [graphs[query.kg]] : [];
        // A fresh engine per query: Comunica caches HTTP answers and source metadata.
        const engine = new_engine();
        shards.resetCounts();
        const started = performance.now();
        let actual;
        try {
          // The query goes in as algebra, not text: given text and no sources, Comunica v4 keeps
          // the text in its context (assign-sources-exhaustive drops it only when there are
          // sources) and sends the whole federated query, SERVICE clauses and all, to every
          // SERVICE endpoint.
          const algebra = translate(text, { quads: false, blankToVariable: true });
          const result = await with_timeout(
            engine.query(algebra, { sources, lenient: false, httpRetryCount: 0 })
              .then((r) => engine.resultToString(r, "application/sparql-results+json"))
              .then(async ({ data }) => {
                let body = "";
                for await (const chunk of data) body += chunk;
                return body;
              }),
            options.timeout_ms, `${query.id} ${form}`);
          actual = JSON.parse(result);
        } catch (error) {
          ++tally[form].failed;
          problems.push(`${query.id} ${form}: Comunica failed: ${String(error.message ?? error).split("\n")[0]}`);
          continue;
        } finally {
          tally[form].ms.push(performance.now() - started);
          tally[form].requests += Object.values(shards.requestCounts()).reduce((a, b) => a + b, 0);
        }
        const difference = compareAnswers(expected, actual, query.ordered);
        if (difference === null) ++tally[form].agree;
        else {
          ++tally[form].differ;
          problems.push(`${query.id} ${form}: ${difference}`);
        }
      }
      process.stderr.write(".");
    }
  } finally {
    process.stderr.write("\n");
    await shards.stop();
  }
  for (const p of problems) console.log(p);
  for (const [form, t] of Object.entries(tally)) {
    const sorted = [...t.ms].sort((a, b) => a - b);
    const median = sorted.length ? sorted[Math.floor(sorted.length / 2)].toFixed(0) : "-";
    console.log(`${form}: ${t.agree} agree with the oracle, ${t.differ} differ, ${t.failed} failed; ` +
                `${t.requests} requests to the shards; median ${median} ms per query`);
  }
  process.exitCode = problems.length ? 1 : 0;
}

main().catch((error) => {
  console.error(`validate.mjs: ${error.message}`);
  process.exit(2);
});
