#!/usr/bin/env node
// The federation benchmark (issue 12, item 11): the FKGQA-style federated workload of
// tests/federation/fkgqa through sparql-mcp and the peer federation engines, against the same
// loopback Oxigraph endpoints, in one run. Prints figures; asserts nothing.
//
//   node bench/federation.mjs [--workload DIR] [--regenerate] [--graphs kg1,kg2]
//       [--systems sparql-mcp,sparql-mcp-nocache,comunica5,comunica4,jena]
//       [--forms trivial,precise,plain,catalogue]
//       [--queries N | --ids id1,id2 | --match REGEX] [--timeout-ms N] [--bin PATH]
//       [--invalidate-cache] [--mcp-args "ARGS"] [--out FILE.json] [--fkgqa DIR]
//   node bench/federation.mjs --report FILE.json      (the figures of an earlier run again)
//
// 1. The workload: DIR/workload.json and its shard files (default build/bench-federation),
//    written by tests/federation/fkgqa/generate.mjs (--servers oxigraph) when missing or with
//    --regenerate. --graphs picks the knowledge graphs (when generating, and when selecting).
// 2. The shards: every shard on a loopback Oxigraph endpoint (serve.mjs, Oxigraph only, so no
//    server's result cap or literal spelling differs between systems), with request counters.
// 3. The oracle: each original query on the unsharded graph with Oxigraph (oracle.mjs); an
//    answer is correct when compareAnswers accepts it (multisets of rows; positions where the
//    query orders them, ties allowed).
// 4. The systems, one at a time and one process per system and form (so no cache carries from
//    the trivial forms to the precise ones), every query sequentially, the counters reset
//    before each query:
//      sparql-mcp  the real binary over stdio with the MCP TypeScript SDK client, tool
//                  run_sparql_query (max_rows 10,000, next_page_query followed until the
//                  answer is complete), catalogue = the shards; --bin or SPARQL_MCP_BIN or
//                  build/release/src/app/sparql-mcp; --mcp-args adds server options (e.g.
//                  "--no-subquery-cache")
//      comunica5, comunica4, jena   bench/peers runners (scripts/install-peers.sh)
//    A query that outlives --timeout-ms (default 60,000) counts as failed; a peer runner is
//    then killed and restarted, sparql-mcp's call is cancelled.
// 5. Per system and form: correct answers / queries, wrong answers, failures (errors and
//    timeouts), median and p90 time per answered query, total HTTP requests to the shards and
//    their mean per query; then the ratios the issue sets goals for, each over the queries
//    both sides answered correctly: sparql-mcp against the better Comunica on each figure
//    (median time <= 1/5, requests <= 1/4) and each system's trivial forms against its precise
//    ones (<= 1.5x).
//
// Times are wall-clock times per query as each system's client sees them (the runner around
// the engine call, the SDK client around the tool call): compare them within one run.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { connect_sdk, call_tool, text_of } from "../tests/e2e/lib/mcp.mjs";
import { start_runner, runner_command } from "./peers/runners.mjs";
import { command_options, run_main } from "./lib/cli.mjs";
import { load_fkgqa, select_queries } from "./lib/fkgqa.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// sparql-mcp-nocache: the same binary with --no-subquery-cache, which keeps no sub-query answer
// across the 321 queries of a form, as the peers keep nothing: the fair ratio beside the other.
const ALL_SYSTEMS = ["sparql-mcp", "sparql-mcp-nocache", "comunica5", "comunica4", "jena"];
// trivial, precise: the federated forms (SERVICE around every pattern); plain: the original
// query without SERVICE, over the sources = its graph's shards (run_sparql_query's endpoints,
// Comunica's sources); catalogue: the original query with no sources named, over every shard of
// every graph (sparql-mcp only), checked against one store holding all their data.
const ALL_FORMS = ["trivial", "precise", "plain", "catalogue"];
const PLAIN_FORMS = ["plain", "catalogue"];
const LABELS = { "sparql-mcp": "sparql-mcp", "sparql-mcp-nocache": "sparql-mcp, no sub-query cache",
                 comunica5: "Comunica v5", comunica4: "Comunica v4", jena: "Jena ARQ" };
const MAX_ROWS = 10000; // run_sparql_query's largest max_rows
const MAX_PAGES = 1000;

function usage(message) {
  process.stderr.write(`federation.mjs: ${message}\n` +
    "usage: node bench/federation.mjs [--workload DIR] [--regenerate] [--graphs kg1,kg2]\n" +
    "         [--systems sparql-mcp,sparql-mcp-nocache,comunica5,comunica4,jena]\n" +
    "         [--forms trivial,precise,plain,catalogue]\n" +
    "         [--queries N | --ids id1,id2 | --match REGEX] [--timeout-ms N] [--bin PATH]\n" +
    "         [--invalidate-cache] [--mcp-args \"ARGS\"] [--out FILE.json] [--fkgqa DIR]\n" +
    "       node bench/federation.mjs --report FILE.json\n");
  process.exit(2);
}

function parse_arguments(argv) {
  const options = {
    workload: join(REPO, "build", "bench-federation"), regenerate: false, graphs: null,
    systems: ALL_SYSTEMS, forms: ALL_FORMS, queries: null, ids: null, match: null, timeout_ms: 60000,
    bin: process.env.SPARQL_MCP_BIN || join(REPO, "build", "release", "src", "app", "sparql-mcp"),
    invalidate_cache: false, out: null, fkgqa: join(REPO, "tests", "federation", "fkgqa"), report: null,
    mcp_args: [],
  };
  const list = (text) => text.split(",").map((s) => s.trim()).filter(Boolean);
  for (const { key, arg, value } of command_options(argv, usage)) {
    switch (key) {
      case "--workload": options.workload = resolve(value()); break;
      case "--regenerate": options.regenerate = true; break;
      case "--graphs": options.graphs = list(value()); break;
      case "--systems": options.systems = list(value()); break;
      case "--forms": options.forms = list(value()); break;
      case "--queries": options.queries = Number(value()); break;
      case "--ids": options.ids = new Set(list(value())); break;
      case "--match": options.match = new RegExp(value()); break;
      case "--timeout-ms": options.timeout_ms = Number(value()); break;
      case "--bin": options.bin = resolve(value()); break;
      case "--invalidate-cache": options.invalidate_cache = true; break;
      case "--mcp-args": options.mcp_args = value().split(/\s+/).filter(Boolean); break;
      case "--out": options.out = resolve(value()); break;
      case "--fkgqa": options.fkgqa = resolve(value()); break;
      case "--report": options.report = resolve(value()); break;
      case "--help": case "-h": usage("the federation benchmark"); break;
      default: usage(`unknown argument ${arg}`);
    }
  }
  for (const s of options.systems) if (!ALL_SYSTEMS.includes(s)) usage(`unknown system ${s} (one of ${ALL_SYSTEMS.join(", ")})`);
  for (const f of options.forms) if (!ALL_FORMS.includes(f)) usage(`unknown form ${f} (one of ${ALL_FORMS.join(", ")})`);
  if (options.queries !== null && !(Number.isInteger(options.queries) && options.queries > 0)) usage("--queries must be a positive integer");
  if (!(Number.isInteger(options.timeout_ms) && options.timeout_ms > 0 && options.timeout_ms <= 600000)) {
    usage("--timeout-ms must be an integer between 1 and 600000");
  }
  return options;
}


// --- The systems -----------------------------------------------------------------------------
// Each is { label, version, start(), run(query, timeout_ms) -> { ms, answer } | { ms, error } |
// { ms, timeout: true }, stop() }; answer is SPARQL JSON ({ head, results } or { boolean }).

function peer_system(system, options) {
  let runner = null;
  const spec = runner_command(system, { invalidate_cache: options.invalidate_cache });
  return {
    label: spec instanceof Error ? LABELS[system] : spec.label,
    unavailable: spec instanceof Error ? spec.message : null,
    async start() {
      runner = await start_runner(system, { invalidate_cache: options.invalidate_cache });
      // The engines' code paths are warmed up on a query that reaches no endpoint.
      await runner.run("SELECT ?x WHERE { VALUES ?x { 1 } }", { timeout_ms: 120000 });
    },
    // Jena ARQ's runner evaluates SERVICE only: it takes no sources.
    runs_form: (form) => form !== "catalogue" && !(system === "jena" && form === "plain"),
    async run(query, timeout_ms, { sources } = {}) {
      const started = performance.now();
      const reply = await runner.run(query, { timeout_ms, sources });
      const wall = performance.now() - started;
      if (reply.timeout) return { ms: wall, timeout: true };
      if (reply.error !== undefined) return { ms: reply.ms ?? wall, error: reply.error };
      if (typeof reply.boolean === "boolean") return { ms: reply.ms, answer: { head: {}, boolean: reply.boolean } };
      return { ms: reply.ms, answer: { head: { vars: reply.vars }, results: { bindings: reply.bindings } } };
    },
    get pid() { return runner?.pid; },
    async stop() {
      await runner?.stop();
      runner = null;
    },
  };
}

function sparql_mcp_system(options, catalogue, extra_args = []) {
  let session = null;
  const mcp_args = [...options.mcp_args, ...extra_args];
  const available = existsSync(options.bin);
  let version = "";
  if (available) {
    try { version = execFileSync(options.bin, ["--version"], { encoding: "utf8" }).trim(); } catch { /* label without it */ }
  }
  return {
    label: `${version || "sparql-mcp"}${mcp_args.length ? ` ${mcp_args.join(" ")}` : ""}`,
    unavailable: available ? null : `no sparql-mcp binary at ${options.bin} (build it, or give --bin / SPARQL_MCP_BIN)`,
    async start() {
      process.env.SPARQL_MCP_BIN = options.bin;
      session = await connect_sdk(catalogue, mcp_args, { name: "bench-federation" });
      await session.client.ping();
    },
    runs_form: () => true,
    async run(query, timeout_ms, { sources } = {}) {
      const started = performance.now();
      const deadline = started + timeout_ms;
      // The next-page query names its endpoints itself: only the first call takes `sources`.
      const call = (text, endpoints) => call_tool(session.client, "run_sparql_query",
                                       { query: text, max_rows: MAX_ROWS, format: "json", timeout_ms: Math.max(1, Math.round(deadline - performance.now())),
                                         ...(endpoints ? { endpoints } : {}) },
                                       { timeout_ms: Math.max(1, Math.round(deadline - performance.now())) + 2000 });
      try {
        let result = await call(query, sources);
        if (result.isError) return { ms: performance.now() - started, error: text_of(result) };
        // With format "json", structuredContent.results is the SPARQL JSON results document of
        // the page.
        const first = result.structuredContent ?? {};
        const document = first.results ?? {};
        if (typeof document.boolean === "boolean") return { ms: performance.now() - started, answer: { head: {}, boolean: document.boolean } };
        const bindings = [...(document.results?.bindings ?? [])];
        let page = first;
        for (let pages = 1; page.truncated && page.next_page_query; ++pages) {
          if (pages >= MAX_PAGES) return { ms: performance.now() - started, error: `more than ${MAX_PAGES} pages` };
          if (performance.now() >= deadline) return { ms: performance.now() - started, timeout: true };
          result = await call(page.next_page_query);
          if (result.isError) return { ms: performance.now() - started, error: `next page: ${text_of(result)}` };
          page = result.structuredContent ?? {};
          bindings.push(...(page.results?.results?.bindings ?? []));
        }
        return { ms: performance.now() - started, answer: { head: { vars: document.head?.vars ?? [] }, results: { bindings } } };
      } catch (error) {
        const ms = performance.now() - started;
        if (/timed out|timeout/i.test(error.message) && ms >= timeout_ms) return { ms, timeout: true };
        return { ms, error: `the MCP call failed: ${error.message}` };
      }
    },
    get pid() { return session?.pid; },
    async stop() {
      await session?.close();
      session = null;
    },
  };
}

// --- Figures ---------------------------------------------------------------------------------

function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const median = (values) => percentile(values, 50);
const sum = (values) => values.reduce((a, b) => a + b, 0);
const fmt_ms = (v) => (v === null ? "-" : v < 10 ? v.toFixed(1) : String(Math.round(v)));
const fmt_ratio = (v) => (v === null || !Number.isFinite(v) ? "n/a" : `${v < 0.1 ? v.toFixed(3) : v.toFixed(2)}x`);

function summarise(records) {
  const answered = records.filter((r) => r.outcome === "correct" || r.outcome === "wrong");
  const times = answered.map((r) => r.ms);
  const requests = sum(records.map((r) => r.requests));
  return {
    queries: records.length,
    correct: records.filter((r) => r.outcome === "correct").length,
    wrong: records.filter((r) => r.outcome === "wrong").length,
    errors: records.filter((r) => r.outcome === "error").length,
    timeouts: records.filter((r) => r.outcome === "timeout").length,
    median_ms: median(times),
    p90_ms: percentile(times, 90),
    requests,
    requests_per_query: records.length ? requests / records.length : null,
  };
}

// Median time and total requests of `a` and `b` over the queries both answered correctly.
function compare(a_records, b_records) {
  const b_by_id = new Map(b_records.filter((r) => r.outcome === "correct").map((r) => [r.id, r]));
  const common = a_records.filter((r) => r.outcome === "correct" && b_by_id.has(r.id));
  const b_common = common.map((r) => b_by_id.get(r.id));
  return {
    count: common.length,
    single_service: common.filter((r) => r.services === 1).length,
    a_median: median(common.map((r) => r.ms)), b_median: median(b_common.map((r) => r.ms)),
    a_requests: sum(common.map((r) => r.requests)), b_requests: sum(b_common.map((r) => r.requests)),
  };
}

// Errors grouped by message (numbers and IRIs blanked), wrong answers by query.
function failure_reasons(records, limit = 3) {
  const reasons = new Map();
  for (const r of records) {
    if (r.outcome !== "error" && r.outcome !== "timeout") continue;
    const reason = r.outcome === "timeout" ? "timeout"
      : r.detail.split("\n")[0].replace(/<[^>]*>/g, "<...>").replace(/\d+/g, "N").slice(0, 110);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const lines = [...reasons].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([reason, n]) => `${n} x ${reason}`);
  const wrong = records.filter((r) => r.outcome === "wrong");
  if (wrong.length) {
    lines.push(`${wrong.length} wrong: ${wrong.slice(0, 8).map((r) => r.id).join(", ")}${wrong.length > 8 ? ", ..." : ""}`);
  }
  return lines;
}

function print_table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const [n, row] of rows.entries()) {
    console.log(row.map((cell, i) => (i < 2 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  "));
    if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}

// The peak resident memory (VmHWM) of a system's process in KiB, read before it stops; null
// when unknown (the process is gone, or no /proc).
function peak_memory_kib(pid) {
  if (!pid) return null;
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+) kB/m);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function report(results, systems, options, context, memory = {}) {
  console.log(`\nFederation benchmark: ${context.queries} queries in ${options.forms.join(" and ")} form over ` +
              `${context.shards} Oxigraph shards of ${context.graphs} graphs; timeout ${options.timeout_ms} ms per query` +
              `${options.invalidate_cache ? "; Comunica caches invalidated before each query" : ""}`);
  for (const [name, system] of Object.entries(systems)) console.log(`  ${LABELS[name].padEnd(12)} ${system.label}${system.unavailable ? ` (not run: ${system.unavailable})` : ""}`);
  console.log("");
  const rows = [["system", "form", "correct", "wrong", "errors", "timeouts", "median ms", "p90 ms", "requests", "req/query", "peak MiB"]];
  for (const name of Object.keys(systems)) {
    for (const form of options.forms) {
      const records = results[name]?.[form];
      if (!records) continue;
      const s = summarise(records);
      rows.push([LABELS[name], form, `${s.correct}/${s.queries}`, s.wrong, s.errors, s.timeouts, fmt_ms(s.median_ms),
                 fmt_ms(s.p90_ms), s.requests, s.requests_per_query === null ? "-" : s.requests_per_query.toFixed(1),
                 memory[name]?.[form] == null ? "-" : (memory[name][form] / 1024).toFixed(0)]);
    }
  }
  print_table(rows);
  console.log("(median and p90 over the queries answered, right or wrong; requests over all queries; peak MiB: the\n" +
              " process's peak resident memory (VmHWM) after the form, the engine and its runtime included)");

  console.log("\nWhy answers were not correct (errors most frequent first; the differences are in --out's records):");
  let reasons = 0;
  for (const name of Object.keys(systems)) {
    for (const form of options.forms) {
      const records = results[name]?.[form];
      if (!records) continue;
      for (const line of failure_reasons(records)) {
        console.log(`  ${LABELS[name]} ${form}: ${line}`);
        ++reasons;
      }
    }
  }
  if (reasons === 0) console.log("  (every answer was correct)");

  // sparql-mcp (with and without its sub-query cache) against the better Comunica, per form
  // and figure (goal: time <= 1/5, requests <= 1/4).
  const comunicas = ["comunica5", "comunica4"].filter((c) => results[c]);
  for (const ours_name of ["sparql-mcp", "sparql-mcp-nocache"]) {
    if (!results[ours_name] || comunicas.length === 0) continue;
    console.log(`\n${LABELS[ours_name]} / the better Comunica (over the queries both answered correctly; goals: time <= 0.2x, requests <= 0.25x):`);
    for (const form of options.forms) {
      const ours = results[ours_name][form];
      if (!ours) continue;
      const against = comunicas.map((c) => ({ c, cmp: compare(ours, results[c][form] ?? []) })).filter((x) => x.cmp.count > 0);
      if (against.length === 0) {
        console.log(`  ${form}: n/a (no query answered correctly by ${ours_name} and a Comunica)`);
        continue;
      }
      const fastest = against.reduce((a, b) => (b.cmp.b_median < a.cmp.b_median ? b : a));
      const fewest = against.reduce((a, b) => (b.cmp.b_requests < a.cmp.b_requests ? b : a));
      console.log(`  ${form}: median time ${fmt_ratio(fastest.cmp.a_median / fastest.cmp.b_median)} of ${LABELS[fastest.c]}'s ` +
                  `(${fmt_ms(fastest.cmp.a_median)} / ${fmt_ms(fastest.cmp.b_median)} ms, ${fastest.cmp.count} queries); ` +
                  `requests ${fmt_ratio(fewest.cmp.a_requests / fewest.cmp.b_requests)} of ${LABELS[fewest.c]}'s ` +
                  `(${fewest.cmp.a_requests} / ${fewest.cmp.b_requests}, ${fewest.cmp.count} queries)` +
                  (fastest.cmp.single_service ? `; ${fastest.cmp.single_service} of the ${fastest.cmp.count} have a single ` +
                   "SERVICE clause, which sparql-mcp sends straight to its endpoint" : ""));
    }
  }
  // The whole catalogue against the sources named (goal: <= 2x the median time).
  if (options.forms.includes("catalogue") && options.forms.includes("plain")) {
    console.log("\ncatalogue / plain, sparql-mcp (over the queries answered correctly in both; goal: median time <= 2x):");
    for (const name of ["sparql-mcp", "sparql-mcp-nocache"]) {
      if (!results[name]?.catalogue || !results[name]?.plain) continue;
      const cmp = compare(results[name].catalogue, results[name].plain);
      console.log(`  ${LABELS[name].padEnd(12)} ` + (cmp.count === 0 ? "n/a (no query answered correctly in both forms)"
        : `median time ${fmt_ratio(cmp.a_median / cmp.b_median)} (${fmt_ms(cmp.a_median)} / ${fmt_ms(cmp.b_median)} ms), ` +
          `requests ${fmt_ratio(cmp.a_requests / cmp.b_requests)} (${cmp.a_requests} / ${cmp.b_requests}), ${cmp.count} queries`));
    }
  }
  // Each system's trivial forms against its precise ones (goal for sparql-mcp: <= 1.5x).
  if (options.forms.includes("trivial") && options.forms.includes("precise")) {
    console.log("\ntrivial / precise, per system (over the queries it answered correctly in both forms; goal for sparql-mcp: <= 1.5x):");
    for (const name of Object.keys(systems)) {
      if (!results[name]?.trivial || !results[name]?.precise) continue;
      const cmp = compare(results[name].trivial, results[name].precise);
      console.log(`  ${LABELS[name].padEnd(12)} ` + (cmp.count === 0 ? "n/a (no query answered correctly in both forms)"
        : `median time ${fmt_ratio(cmp.a_median / cmp.b_median)} (${fmt_ms(cmp.a_median)} / ${fmt_ms(cmp.b_median)} ms), ` +
          `requests ${fmt_ratio(cmp.a_requests / cmp.b_requests)} (${cmp.a_requests} / ${cmp.b_requests}), ${cmp.count} queries`));
    }
  }
}

// --- Main ------------------------------------------------------------------------------------

async function main() {
  const options = parse_arguments(process.argv.slice(2));
  if (options.report) {
    // Prints the figures of an earlier run's --out file again.
    const saved = JSON.parse(readFileSync(options.report, "utf8"));
    const systems = Object.fromEntries(Object.entries(saved.systems).map(([k, label]) => [k, { label }]));
    const any = Object.values(saved.results)[0] ?? {};
    const records = Object.values(any)[0] ?? [];
    const shards = saved.context?.shards ?? "?";
    report(saved.results, systems, { ...saved.options, forms: saved.options.forms },
           { queries: records.length, shards, graphs: new Set(records.map((r) => r.kg)).size }, saved.memory ?? {});
    return;
  }
  const fkgqa = await load_fkgqa(options.fkgqa);
  const workload_file = join(options.workload, "workload.json");
  if (options.regenerate || !existsSync(workload_file)) {
    mkdirSync(options.workload, { recursive: true });
    console.log(`generating the workload in ${options.workload} ...`);
    const generated = fkgqa.generate.generate(options.workload, {
      servers: "oxigraph", ...(options.graphs ? { graphs: options.graphs } : {}),
    });
    console.log(fkgqa.generate.summary(generated));
  }
  const workload = fkgqa.serve.read_workload(options.workload);
  const queries = select_queries(workload, options);
  if (queries.length === 0) usage("no query of the workload matches the selection");
  const kgs = new Set(queries.map((q) => q.kg));
  const graphs = workload.graphs.filter((g) => kgs.has(g.kg));

  // The oracle: each original query on its unsharded graph.
  const expected = new Map();
  for (const graph of graphs) {
    const store = fkgqa.oracle.load_store(join(options.workload, graph.file));
    for (const q of queries.filter((x) => x.kg === graph.kg)) expected.set(q.id, fkgqa.oracle.expected_answer(store, q.original));
  }

  // The catalogue form's oracle: one store holding every graph of the workload, as the
  // catalogue holds every shard of every graph.
  const expected_all = new Map();
  if (options.forms.includes("catalogue")) {
    const everything = join(options.workload, "all-graphs.nt");
    writeFileSync(everything, workload.graphs.map((g) => readFileSync(join(options.workload, g.file), "utf8")).join("\n"));
    const store = fkgqa.oracle.load_store(everything);
    for (const q of queries) expected_all.set(q.id, fkgqa.oracle.expected_answer(store, q.original));
  }

  // The plain forms' text: the original query printed again with sparqljs, its prefixed names'
  // escapes resolved (Spider4SPARQL writes :country\#name; Comunica's parser keeps the
  // backslash in the IRI, which every endpoint refuses, so both systems get the same clean text).
  const plain_text = (q) => fkgqa.sparql.print(fkgqa.sparql.parse(q.original));

  const shards = await fkgqa.serve.startShards(options.workload, { servers: "oxigraph" });
  stop_shards = () => shards.stop();
  const results = {};
  const memory = {};
  const systems = {};
  try {
    for (const name of options.systems) {
      systems[name] = name === "sparql-mcp" ? sparql_mcp_system(options, shards.catalogue)
        : name === "sparql-mcp-nocache" ? sparql_mcp_system(options, shards.catalogue, ["--no-subquery-cache"])
        : peer_system(name, options);
    }
    console.log(`${queries.length} queries x ${options.forms.length} forms; ` +
                `${graphs.reduce((n, g) => n + g.shards.length, 0)} shards on ${new Set(Object.values(shards.endpoints).map((u) => new URL(u).port)).size} Oxigraph server(s)`);
    for (const [name, system] of Object.entries(systems)) {
      if (system.unavailable) {
        console.log(`${LABELS[name]}: not run: ${system.unavailable}`);
        continue;
      }
      results[name] = {};
      for (const form of options.forms) {
        if (!system.runs_form(form)) continue;
        const started = performance.now();
        await system.start();
        const records = [];
        for (const q of queries) {
          const plain = PLAIN_FORMS.includes(form);
          const text = plain ? plain_text(q) : fkgqa.serve.with_endpoints(q[form], shards.endpoints);
          const sources = form === "plain"
            ? graphs.find((g) => g.kg === q.kg).shards.map((s) => shards.endpoints[s.id]) : undefined;
          shards.resetCounts();
          const reply = await system.run(text, options.timeout_ms, { sources });
          const requests = sum(Object.values(shards.requestCounts()));
          let outcome;
          let detail = "";
          if (reply.timeout) outcome = "timeout";
          else if (reply.error !== undefined) { outcome = "error"; detail = reply.error; }
          else {
            detail = fkgqa.oracle.compareAnswers((form === "catalogue" ? expected_all : expected).get(q.id),
                                                 reply.answer, q.ordered);
            outcome = detail === null ? "correct" : "wrong";
            detail ??= "";
          }
          const services = (text.match(/\bSERVICE\s*</gi) ?? []).length;
          records.push({ id: q.id, kg: q.kg, services, ms: reply.ms, requests, outcome, detail: detail.slice(0, 500) });
        }
        memory[name] ??= {};
        memory[name][form] = peak_memory_kib(system.pid);
        await system.stop();
        results[name][form] = records;
        const s = summarise(records);
        console.log(`${LABELS[name]} ${form}: ${s.correct}/${s.queries} correct, median ${fmt_ms(s.median_ms)} ms, ` +
                    `${s.requests} requests (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
  } finally {
    for (const system of Object.values(systems)) await system.stop?.().catch(() => {});
    await shards.stop();
  }

  report(results, systems, options, { queries: queries.length, shards: graphs.reduce((n, g) => n + g.shards.length, 0), graphs: graphs.length }, memory);
  if (options.out) {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, `${JSON.stringify({
      date: new Date().toISOString(), options: { ...options, ids: options.ids && [...options.ids], match: options.match?.source },
      context: { shards: graphs.reduce((n, g) => n + g.shards.length, 0) },
      systems: Object.fromEntries(Object.entries(systems).map(([k, s]) => [k, s.label])), results, memory,
    }, null, 1)}\n`);
    console.log(`\nper-query records written to ${options.out}`);
  }
}

let stop_shards = null;  // the clean-up an interruption awaits
run_main("federation.mjs", main, () => stop_shards);
