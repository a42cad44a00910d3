#!/usr/bin/env node
// The warnings of `submit` (docs/evaluation.md) over the whole FKGQA-style federated test set
// (tests/federation/fkgqa): every task's precise form (its gold query) and its trivial form
// (every pattern sent to every shard of its graph) submitted to one sparql-mcp in evaluation
// mode, and how often each form scored an exact match and drew each warning. Issue 15: how
// often trivial_federation catches a trivial federation, and how often it cries wolf on a
// precise one. Prints figures; asserts nothing.
//
//   node bench/submit_warnings.mjs [--virtuoso] [--only id1,id2] [--gold-results] [--run-first]
//       [--json FILE] [--workload DIR] [--regenerate] [--bin PATH] [--timeout-ms N]
//
// 1. The test set: DIR/workload.json and its shards (default build/bench-submit-warnings),
//    written by tests/federation/fkgqa/generate.mjs when missing or with --regenerate (with the
//    server assignment of the mixed setup, so that one folder serves both setups).
// 2. The shards on loopback: every shard on Oxigraph, or with --virtuoso half of them on
//    Virtuoso as workload.json assigns them (serve.mjs startShards, which writes the catalogue).
// 3. The tasks file (tasks.mjs benchmark_tasks): every task, or those of --only; gold query =
//    the precise form; with --gold-results also the original query's answer on the unsharded
//    graph (Oxigraph in this process) where that answer is the only right one, which then wins
//    over the gold query when scoring.
// 4. ONE sparql-mcp over stdio (the SDK client): --tasks, --submissions, --allow-resubmit (so
//    a task takes both forms in one session) and --show-score (so the receipt carries the
//    score); binary from --bin, SPARQL_MCP_BIN or build/release/src/app/sparql-mcp.
// 5. For every task in workload order: the precise form submitted with its task_id, then the
//    trivial form; with --run-first each is first run with run_sparql_query, as an agent that
//    checks its query does (then never_run should not appear). Each receipt is read: rows,
//    warnings, score (a submission without a score: the score_error of its line in the
//    submissions file).
// 6. Then, for the precise forms flagged trivial_federation and the trivial forms with rows not
//    flagged, the same query once more through run_sparql_query, for its rows per endpoint
//    (structuredContent.endpoints), so that a reader can judge each case.
// 7. Prints, per form: submitted, failed, with rows, exact set and multiset matches, each
//    warning code; trivial_federation over the trivial forms with rows (caught) and over the
//    precise forms with rows (false alarms); the listed cases with the endpoints named,
//    contacted, idle (as the warning names them) and the rows each endpoint returned; the tasks
//    not scored exact. --json FILE writes the figures, the lists and one record per submission.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { call_tool, connect_sdk, text_of } from "../tests/e2e/lib/mcp.mjs";
import { generate, summary } from "../tests/federation/fkgqa/generate.mjs";
import { read_workload, startShards, with_endpoints } from "../tests/federation/fkgqa/serve.mjs";
import { benchmark_tasks, named_shards, tasks_jsonl } from "../tests/federation/fkgqa/tasks.mjs";
import { command_options, run_main } from "./lib/cli.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const FORMS = ["precise", "trivial"];
// The warning codes of docs/evaluation.md, in its order; any other code a receipt carries is
// counted too.
const CODES = ["trivial_federation", "no_rows", "never_run", "hard_coded", "possibly_incomplete", "not_scored"];
const MAX_ROWS = 10000; // submit's page size, for the runs of --run-first and of the diagnosis

function usage(message) {
  process.stderr.write(`submit_warnings.mjs: ${message}\n` +
    "usage: node bench/submit_warnings.mjs [--virtuoso] [--only id1,id2] [--gold-results] [--run-first]\n" +
    "         [--json FILE] [--workload DIR] [--regenerate] [--bin PATH] [--timeout-ms N]\n");
  process.exit(2);
}

function parse_arguments(argv) {
  const options = {
    virtuoso: false, only: null, gold_results: false, run_first: false, json: null,
    workload: join(REPO, "build", "bench-submit-warnings"), regenerate: false,
    bin: process.env.SPARQL_MCP_BIN || join(REPO, "build", "release", "src", "app", "sparql-mcp"),
    timeout_ms: 120000,
  };
  for (const { key, arg, value } of command_options(argv, usage)) {
    switch (key) {
      case "--virtuoso": options.virtuoso = true; break;
      case "--only": options.only = value().split(",").map((s) => s.trim()).filter(Boolean); break;
      case "--gold-results": options.gold_results = true; break;
      case "--run-first": options.run_first = true; break;
      case "--json": options.json = resolve(value()); break;
      case "--workload": options.workload = resolve(value()); break;
      case "--regenerate": options.regenerate = true; break;
      case "--bin": options.bin = resolve(value()); break;
      case "--timeout-ms": options.timeout_ms = Number(value()); break;
      case "--help": case "-h": usage("the warnings of submit over the FKGQA-style test set"); break;
      default: usage(`unknown argument ${arg}`);
    }
  }
  if (options.only && options.only.length === 0) usage("--only needs at least one task id");
  if (!(Number.isInteger(options.timeout_ms) && options.timeout_ms > 0 && options.timeout_ms <= 600000)) {
    usage("--timeout-ms must be an integer between 1 and 600000");
  }
  if (!existsSync(options.bin)) usage(`no sparql-mcp binary at ${options.bin} (build it, or give --bin / SPARQL_MCP_BIN)`);
  return options;
}

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : "n/a");
const read_lines = (file) => readFileSync(file, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line));

// The endpoints a trivial_federation message names as adding nothing ("...; <a>, <b> added
// nothing, ...").
function idle_endpoints(message) {
  const list = /; (.*?) added nothing/s.exec(message)?.[1] ?? "";
  return [...list.matchAll(/<([^>]+)>/g)].map((m) => m[1]);
}

// One submission: the receipt read into a record (and the run before it, with --run-first).
async function submit_form(session, task, form, text, options) {
  const record = { id: task.id, form, ok: false };
  const started = performance.now();
  try {
    if (options.run_first) {
      const ran = await call_tool(session.client, "run_sparql_query", { query: text, max_rows: MAX_ROWS },
                                  { timeout_ms: options.timeout_ms });
      if (ran.isError) record.run_error = text_of(ran).split("\n")[0];
      else record.run = per_endpoint_of(ran.structuredContent);
    }
    const result = await call_tool(session.client, "submit", { query: text, task_id: task.id },
                                   { timeout_ms: options.timeout_ms });
    if (result.isError) {
      record.error = text_of(result).split("\n")[0];
      return record;
    }
    const receipt = result.structuredContent;
    record.ok = true;
    record.submission_id = receipt.submission_id;
    record.rows = receipt.rows;
    if (typeof receipt.boolean === "boolean") record.boolean = receipt.boolean;
    record.route = receipt.route;
    record.contacted = receipt.endpoints;
    record.warnings = receipt.warnings.map((w) => w.code);
    const trivial = receipt.warnings.find((w) => w.code === "trivial_federation");
    if (trivial) {
      record.trivial_message = trivial.message;
      record.idle = idle_endpoints(trivial.message);
    }
    record.score = receipt.score ?? null;
  } catch (error) {
    record.error = `the MCP call failed: ${error.message}`;
  } finally {
    record.ms = Math.round(performance.now() - started);
  }
  return record;
}

// What a run_sparql_query result says of each endpoint (route federated only).
function per_endpoint_of(structured) {
  return {
    route: structured.route,
    endpoints: (structured.endpoints ?? []).map((e) => ({ endpoint: e.endpoint, requests: e.requests, rows: e.rows })),
  };
}

// The rows each endpoint returned for `text`, by run_sparql_query.
async function rows_per_endpoint(session, text, options) {
  try {
    const ran = await call_tool(session.client, "run_sparql_query", { query: text, max_rows: MAX_ROWS },
                                { timeout_ms: options.timeout_ms });
    if (ran.isError) return { error: text_of(ran).split("\n")[0] };
    return per_endpoint_of(ran.structuredContent);
  } catch (error) {
    return { error: `the MCP call failed: ${error.message}` };
  }
}

function figures_of(records, tasks_by_id) {
  const of_form = (form) => records.filter((r) => r.form === form);
  const out = {};
  for (const form of FORMS) {
    const rs = of_form(form);
    const ok = rs.filter((r) => r.ok);
    const warnings = Object.fromEntries(CODES.map((c) => [c, 0]));
    for (const r of ok) for (const code of r.warnings) warnings[code] = (warnings[code] ?? 0) + 1;
    const with_rows = ok.filter((r) => r.rows > 0);
    out[form] = {
      submitted: rs.length,
      failed: rs.length - ok.length,
      with_rows: with_rows.length,
      boolean: ok.filter((r) => r.boolean !== undefined).length,
      scored: ok.filter((r) => r.score).length,
      exact_set_match: ok.filter((r) => r.score?.exact_set_match).length,
      multiset_match: ok.filter((r) => r.score?.multiset_match).length,
      warnings,
      trivial_federation_with_rows: with_rows.filter((r) => r.warnings.includes("trivial_federation")).length,
    };
  }
  // Trivial forms whose precise form names at most half of their shards: there the shards the
  // precise form leaves out (which hold none of the query's patterns, so return no rows) alone
  // meet the warning's threshold.
  const reach = of_form("trivial").filter((r) => r.ok && r.rows > 0 && tasks_by_id.get(r.id).within_reach);
  out.trivial.with_rows_within_reach = reach.length;
  out.trivial.trivial_federation_within_reach = reach.filter((r) => r.warnings.includes("trivial_federation")).length;
  return out;
}

function print_report(figures, lists, context) {
  console.log(`\nsubmit warnings over the FKGQA-style test set: ${context.tasks} tasks, ${context.shards} shards of ` +
              `${context.graphs} graphs (${context.setup}); gold: ${context.gold}; ${context.binary}` +
              `${context.run_first ? "; each form run with run_sparql_query before it was submitted" : ""}`);
  const rows = [
    ["", "precise", "trivial"],
    ["submitted", ...FORMS.map((f) => figures[f].submitted)],
    ["failed (isError)", ...FORMS.map((f) => figures[f].failed)],
    ["with rows", ...FORMS.map((f) => figures[f].with_rows)],
    ["exact set match", ...FORMS.map((f) => figures[f].exact_set_match)],
    ["multiset match", ...FORMS.map((f) => figures[f].multiset_match)],
    ["scored", ...FORMS.map((f) => figures[f].scored)],
  ];
  const codes = [...new Set([...CODES, ...FORMS.flatMap((f) => Object.keys(figures[f].warnings))])];
  for (const code of codes) rows.push([`warning ${code}`, ...FORMS.map((f) => figures[f].warnings[code] ?? 0)]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  "));

  const t = figures.trivial;
  const p = figures.precise;
  console.log(`\ntrivial_federation on trivial forms with rows: ${t.trivial_federation_with_rows} of ${t.with_rows} ` +
              `(${pct(t.trivial_federation_with_rows, t.with_rows)}); of those whose precise form names at most half of ` +
              `their shards: ${t.trivial_federation_within_reach} of ${t.with_rows_within_reach} ` +
              `(${pct(t.trivial_federation_within_reach, t.with_rows_within_reach)})`);
  console.log(`trivial_federation on precise forms with rows (false alarms): ${p.trivial_federation_with_rows} of ` +
              `${p.with_rows} (${pct(p.trivial_federation_with_rows, p.with_rows)})`);

  const describe = (c) => {
    const used = c.per_endpoint.error ? `run_sparql_query failed: ${c.per_endpoint.error}`
      : c.per_endpoint.endpoints.map((e) => `${e.shard} ${e.rows} rows/${e.requests} req`).join(", ");
    return `  ${c.id} (${c.rows} rows): names ${c.named.join(" ")}; requests sent to ${c.contacted.join(" ") || "none (cached)"}` +
           `${c.idle ? `; added nothing per the warning: ${c.idle.join(" ")}` : ""}\n` +
           `    rows per endpoint (${c.per_endpoint_from}): ${used || "-"}` +
           `${c.precise_names ? `\n    the precise form names ${c.precise_names.join(" ")}` : ""}`;
  };
  console.log(`\nprecise forms flagged trivial_federation (${lists.precise_flagged.length}):`);
  for (const c of lists.precise_flagged) console.log(describe(c));
  if (lists.precise_flagged.length === 0) console.log("  (none)");
  console.log(`\ntrivial forms with rows not flagged (${lists.trivial_not_flagged.length}):`);
  for (const c of lists.trivial_not_flagged) console.log(describe(c));
  if (lists.trivial_not_flagged.length === 0) console.log("  (none)");
  console.log(`\nnot an exact set match, or not submitted (${lists.not_exact.length}):`);
  for (const c of lists.not_exact) console.log(`  ${c.id} ${c.form}: ${c.why}`);
  if (lists.not_exact.length === 0) console.log("  (none)");
}

async function main() {
  const options = parse_arguments(process.argv.slice(2));
  process.env.SPARQL_MCP_BIN = options.bin; // tests/e2e/lib/mcp.mjs starts the binary it names
  let version = "sparql-mcp";
  try { version = execFileSync(options.bin, ["--version"], { encoding: "utf8" }).trim(); } catch { /* label without it */ }

  const workload_file = join(options.workload, "workload.json");
  if (options.regenerate || !existsSync(workload_file)) {
    mkdirSync(options.workload, { recursive: true });
    console.log(`generating the test set in ${options.workload} ...`);
    console.log(summary(generate(options.workload, { servers: "mixed" })));
  }
  const workload = read_workload(options.workload);
  if (options.virtuoso && workload.settings?.servers !== "mixed") {
    usage(`${workload_file} was generated for Oxigraph alone (no shard is assigned to Virtuoso): --regenerate it`);
  }
  if (options.only) {
    const known = new Set(workload.queries.map((q) => q.id));
    const unknown = options.only.filter((id) => !known.has(id));
    if (unknown.length) usage(`no task ${unknown.join(", ")} in ${workload_file} (ids look like world_1-3)`);
  }
  const setup = options.virtuoso ? "mixed" : "oxigraph";
  const work = mkdtempSync(join(tmpdir(), "sparqlmcp-submit-warnings-"));
  const files = { tasks: join(work, "tasks.jsonl"), submissions: join(work, "submissions.jsonl"), void_cache: join(work, "void-cache") };

  const shards = await startShards(options.workload, { servers: setup });
  let session = null;
  stop_all = async () => {
    await session?.close();
    await shards.stop();
    rmSync(work, { recursive: true, force: true });
  };
  const records = [];
  const lists = { precise_flagged: [], trivial_not_flagged: [], not_exact: [] };
  let figures;
  let tasks;
  let graphs;
  try {
    const shard_of_url = new Map(Object.entries(shards.endpoints).map(([id, url]) => [url, id]));
    const shard = (url) => shard_of_url.get(url) ?? url;
    tasks = benchmark_tasks(options.workload, shards.endpoints, { only: options.only, gold_results: options.gold_results });
    writeFileSync(files.tasks, tasks_jsonl(tasks));
    const query_of = new Map(workload.queries.map((q) => [q.id, q]));
    const tasks_by_id = new Map(tasks.map((task) => {
      const q = query_of.get(task.id);
      const [precise, trivial] = [named_shards(q.precise), named_shards(q.trivial)];
      return [task.id, { precise, trivial, within_reach: 2 * precise.length <= trivial.length }];
    }));
    const kgs = new Set(tasks.map((task) => query_of.get(task.id).kg));
    graphs = workload.graphs.filter((g) => kgs.has(g.kg));
    console.log(`${tasks.length} tasks x 2 forms; ${graphs.reduce((n, g) => n + g.shards.length, 0)} shards (${setup}); ${version}`);

    session = await connect_sdk(shards.catalogue, [
      "--tasks", files.tasks, "--submissions", files.submissions, "--allow-resubmit", "--show-score",
      "--void-cache", files.void_cache,
    ], { name: "bench-submit-warnings" });
    const started = performance.now();
    for (const [i, task] of tasks.entries()) {
      const q = query_of.get(task.id);
      for (const form of FORMS) records.push(await submit_form(session, task, form, with_endpoints(q[form], shards.endpoints), options));
      if ((i + 1) % 50 === 0 || i + 1 === tasks.length) {
        console.log(`  ${i + 1}/${tasks.length} tasks (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    }

    // What the receipt does not carry, from the submissions file: the endpoints the query
    // names, and why a submission has no score.
    const lines = new Map(read_lines(files.submissions).filter((l) => l.event === "submission").map((l) => [l.id, l]));
    for (const r of records) {
      if (!r.ok) continue;
      const line = lines.get(r.submission_id);
      r.named = (line?.endpoints_named ?? []).map(shard);
      if (!r.score && line?.score_error) r.score_error = line.score_error;
      r.contacted = r.contacted.map(shard);
      if (r.idle) r.idle = r.idle.map(shard);
    }
    figures = figures_of(records, tasks_by_id);

    // The cases a reader should judge, with the rows per endpoint: those of the run before the
    // submit (--run-first), else of a run after all submissions (which the sub-query cache may
    // answer otherwise than it answered the submit: an endpoint whose cached answer is empty
    // can then go unasked).
    const diagnose = async (r) => {
      const per_endpoint = r.run ?? await rows_per_endpoint(session, with_endpoints(query_of.get(r.id)[r.form], shards.endpoints), options);
      for (const e of per_endpoint.endpoints ?? []) e.shard = shard(e.endpoint);
      return { id: r.id, form: r.form, rows: r.rows, named: r.named, contacted: r.contacted, idle: r.idle ?? null,
               per_endpoint, per_endpoint_from: r.run ? "the run before the submit" : "a run after all submissions",
               precise_names: r.form === "trivial" ? tasks_by_id.get(r.id).precise : undefined,
               message: r.trivial_message ?? null };
    };
    for (const r of records) {
      if (!r.ok || !(r.rows > 0)) continue;
      const flagged = r.warnings.includes("trivial_federation");
      if (r.form === "precise" && flagged) lists.precise_flagged.push(await diagnose(r));
      if (r.form === "trivial" && !flagged) lists.trivial_not_flagged.push(await diagnose(r));
    }
    for (const r of records) {
      if (r.ok && r.score?.exact_set_match) continue;
      const why = !r.ok ? `failed: ${r.error}`
        : r.score ? `precision ${r.score.precision}, recall ${r.score.recall} (${r.score.answer_rows} distinct rows against ${r.score.gold_rows} gold rows)`
        : `not scored: ${r.score_error ?? "no score"}`;
      lists.not_exact.push({ id: r.id, form: r.form, why });
    }
  } finally {
    await stop_all();
    stop_all = null;
  }

  const context = {
    tasks: tasks.length,
    shards: graphs.reduce((n, g) => n + g.shards.length, 0),
    graphs: graphs.length,
    setup: options.virtuoso ? "Oxigraph and Virtuoso" : "Oxigraph",
    gold: options.gold_results
      ? `the unsharded graph's answer (${tasks.filter((task) => task.gold_results).length} tasks), else the precise form`
      : "the precise form (gold query)",
    binary: version,
    run_first: options.run_first,
  };
  print_report(figures, lists, context);
  if (options.json) {
    mkdirSync(dirname(options.json), { recursive: true });
    writeFileSync(options.json, `${JSON.stringify({
      date: new Date().toISOString(), context,
      options: { virtuoso: options.virtuoso, only: options.only, gold_results: options.gold_results, run_first: options.run_first },
      figures, lists, records,
    }, null, 1)}\n`);
    console.log(`\nfigures, lists and records written to ${options.json}`);
  }
}

let stop_all = null;  // the clean-up an interruption awaits
run_main("submit_warnings.mjs", main, () => stop_all);
