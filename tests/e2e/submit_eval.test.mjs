// A scripted agent session over stdio against the FKGQA-style federated test set
// (tests/federation/fkgqa, docs/testing.md "Federated test set"), in the evaluation mode of
// docs/evaluation.md: sparql-mcp runs with --tasks, --trace and --submissions, the official SDK
// client replays what an agent does for six tasks (list_endpoints, get_void_descriptions, queries
// that fail and queries that answer, submit), and the test checks the receipts, the submissions
// file, the trace and the `sparql-mcp eval` summary against figures it computes from its own
// script and from what the shards themselves saw (their request counters), never from the output
// it checks.
//
// The six tasks: for each role below in turn, the first query, in workload order, of the first
// graph not taken yet that has one whose answer (on the unsharded graph) has 2 to 20 distinct
// rows and no blank node, with no LIMIT or OFFSET, and whose precise form names at least two of
// the graph's shards but not all of them (so the shards it does not name hold none of its
// patterns); for the roles that submit the precise form, one that joins its SERVICE blocks with
// no UNION, OPTIONAL or MINUS, so that every shard it names returns rows when the answer has
// rows (a join with an empty side is empty) and no trivial_federation warning is due. (A precise
// form with a UNION over hash shards, or a MINUS on a shard whose rows the FILTER removes, has
// shards that return no rows, and submit warns of a trivial federation for it.)
// Each is given one role:
//   syntax_error  a malformed query (a stray '}'), then the gold query, submitted: exact match
//   prefix_error  the gold query without its PREFIX line, then the gold query, submitted: exact
//   wrong         the gold query cut to LIMIT 1, submitted: not an exact match (recall 1/n)
//   trivial       the trivial form (every pattern sent to every shard), run then submitted:
//                 exact match, and a trivial_federation warning (shards the precise form does not
//                 name hold none of the patterns, so they return no rows)
//   hard_coded    one look at one shard, then the gold rows written into a VALUES query, which
//                 run_sparql_query refuses (no SERVICE) and submit takes: exact match, warnings
//                 never_run and hard_coded
//   never_run     the gold query submitted without running it: exact match, never_run
// Then a second submit for the first task, refused and not recorded; and a server with
// --tools baseline, which offers run_sparql_query and submit and no resources.
//
// Every shard is on Oxigraph (startShards's servers: "oxigraph"): Virtuoso would add nothing this
// test looks at and take seconds to start.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { binary, call_tool, connect_sdk, text_of } from "./lib/mcp.mjs";
import { generate } from "../federation/fkgqa/generate.mjs";
import { startShards, with_endpoints } from "../federation/fkgqa/serve.mjs";
import { expected_answer, load_store } from "../federation/fkgqa/oracle.mjs";
import { parse, print } from "../federation/fkgqa/sparql.mjs";
import { benchmark_tasks, named_shards, tasks_jsonl } from "../federation/fkgqa/tasks.mjs";

const ROLES = ["syntax_error", "prefix_error", "wrong", "trivial", "hard_coded", "never_run"];
// Tasks scored against gold results (the unsharded graph's answer); the others against their
// gold query, run by the server when the submission is scored.
const GOLD_RESULTS = new Set(["prefix_error", "wrong", "trivial", "hard_coded"]);
const EXPECTED_WARNINGS = {
  syntax_error: [], prefix_error: [], wrong: [], trivial: ["trivial_federation"],
  hard_coded: ["never_run", "hard_coded"], never_run: ["never_run"],
};
const QUERY_TOOLS = new Set(["run_sparql_query", "submit"]);
// The roles whose submission is the precise form (as it is, or cut to LIMIT 1).
const PRECISE_SUBMITTED = new Set(["syntax_error", "prefix_error", "wrong", "never_run"]);

const work = mkdtempSync(join(tmpdir(), "sparqlmcp-submit-eval-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));
const set_dir = join(work, "set");
const files = {
  tasks: join(work, "tasks.jsonl"),
  trace: join(work, "trace.jsonl"),
  submissions: join(work, "submissions.jsonl"),
  void_cache: join(work, "void-cache"),
};

const read_lines = (file) => readFileSync(file, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line));
const sorted = (values) => [...values].sort();
const round4 = (x) => Math.round(x * 10000) / 10000;
const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  const middle = Math.floor(v.length / 2);
  return v.length % 2 ? v[middle] : (v[middle - 1] + v[middle]) / 2;
};

// A term of SPARQL JSON results written as SPARQL (for the hard-coded VALUES answer).
function sparql_term(term) {
  if (term === undefined) return "UNDEF";
  if (term.type === "uri") return `<${term.value}>`;
  if (term.type !== "literal" && term.type !== "typed-literal") throw new Error(`no SPARQL text for ${JSON.stringify(term)}`);
  const text = JSON.stringify(term.value); // JSON string escapes are valid SPARQL STRING_LITERAL2 escapes
  if (term["xml:lang"]) return `${text}@${term["xml:lang"]}`;
  return term.datatype ? `${text}^^<${term.datatype}>` : text;
}

function values_query(results) {
  const vars = results.head.vars;
  const rows = results.results.bindings.map((b) => `(${vars.map((v) => sparql_term(b[v])).join(" ")})`);
  return `SELECT ${vars.map((v) => `?${v}`).join(" ")} WHERE {\n  VALUES (${vars.map((v) => `?${v}`).join(" ")}) {\n    ${rows.join("\n    ")}\n  }\n}`;
}

// The rule of the header: for each role in turn, the first fitting query of the first graph not
// taken yet.
function pick_queries(workload) {
  const stores = {};
  const fits = (q, graph, role) => {
    const ast = parse(q.original);
    if (ast.queryType !== "SELECT" || ast.limit !== undefined || ast.offset !== undefined) return false;
    const named = named_shards(q.precise).length;
    if (named < 2 || named >= graph.shards.length) return false;
    if (PRECISE_SUBMITTED.has(role) && /\b(UNION|OPTIONAL|MINUS)\b/.test(q.precise)) return false;
    stores[graph.kg] ??= load_store(join(set_dir, graph.file));
    const distinct = new Set(expected_answer(stores[graph.kg], q.original).rows).size;
    if (distinct < 2 || distinct > 20) return false;
    const answer = JSON.parse(stores[graph.kg].query(q.original, { results_format: "application/sparql-results+json" }));
    return answer.results.bindings.every((b) => Object.values(b).every((t) => t.type !== "bnode"));
  };
  const taken = new Set();
  return ROLES.map((role) => {
    for (const graph of workload.graphs) {
      if (taken.has(graph.kg)) continue;
      const query = workload.queries.find((q) => q.kg === graph.kg && fits(q, graph, role));
      if (!query) continue;
      taken.add(graph.kg);
      const expected = expected_answer(stores[graph.kg], query.original);
      return { query, rows: expected.count, distinct: new Set(expected.rows).size };
    }
    throw new Error(`no graph left has a query that fits the rule for the role ${role}`);
  });
}

describe("a scripted agent session: submit, the trace and sparql-mcp eval", { timeout: 300000 }, () => {
  let shards;
  let session;
  let plan; // per task: { role, query (workload entry), task, rows, distinct, needed (URLs) }
  const calls = []; // every call the script made, in order
  const url_of = (id) => shards.endpoints[id];
  const shard_of_url = new Map();

  before(async () => {
    const workload = generate(set_dir, { servers: "oxigraph" });
    const picked = pick_queries(workload);
    shards = await startShards(set_dir, { servers: "oxigraph" });
    for (const [id, url] of Object.entries(shards.endpoints)) shard_of_url.set(url, id);
    const ids = (want) => picked.filter((_, i) => GOLD_RESULTS.has(ROLES[i]) === want).map((p) => p.query.id);
    const tasks = new Map([
      ...benchmark_tasks(set_dir, shards.endpoints, { only: ids(true), gold_results: true }),
      ...benchmark_tasks(set_dir, shards.endpoints, { only: ids(false) }),
    ].map((task) => [task.id, task]));
    plan = picked.map((p, i) => ({ ...p, role: ROLES[i], task: tasks.get(p.query.id),
                                   needed: tasks.get(p.query.id).endpoints.map(url_of) }));
    for (const p of plan) assert.equal(p.task.gold_results !== undefined, GOLD_RESULTS.has(p.role), p.task.id);
    writeFileSync(files.tasks, tasks_jsonl(plan.map((p) => p.task)));
    console.log(plan.map((p) => `${p.role}: ${p.task.id} (${p.rows} rows, ${p.task.endpoints.length} shards)`).join("; "));
    // The paper's VoID setting: no checks before sending, so the scripted mistakes reach the
    // agent as the paper's agents met them (the default tool set would complete the PREFIX).
    session = await connect_sdk(shards.catalogue, [
      "--tasks", files.tasks, "--trace", files.trace, "--submissions", files.submissions,
      "--void-cache", files.void_cache, "--tools", "void",
    ]);
    shards.resetCounts();
  });

  after(async () => {
    await session?.close();
    await shards?.stop();
  });

  // One call of the script: its result, and the requests each shard received meanwhile (the
  // shards count them before they answer, so the counts are complete when the call returns).
  async function call(task, tool, args) {
    const result = await call_tool(session.client, tool, args, { timeout_ms: 120000 });
    const observed = Object.fromEntries(Object.entries(shards.requestCounts()).filter(([, n]) => n > 0));
    shards.resetCounts();
    calls.push({ task, tool, arguments: args, result, observed });
    return result;
  }

  async function run_task(p) {
    const { role, task } = p;
    const gold = task.gold_query;
    const listed = await call(task.id, "list_endpoints", {});
    const ids = listed.structuredContent.endpoints.map((e) => e.id);
    for (const id of task.endpoints) assert.ok(ids.includes(id), `list_endpoints does not list ${id}`);
    // Computing VoID over a shard of a few hundred triples takes a few aggregate queries; the
    // call waits for them (timeout_ms), so none is still running when the next call starts.
    const described = await call(task.id, "get_void_descriptions", { endpoints: task.endpoints, timeout_ms: 60000 });
    assert.ok(!described.isError, text_of(described));
    assert.deepEqual(described.structuredContent.descriptions.map((d) => [d.id, d.status]),
                     task.endpoints.map((id) => [id, "computed"]));

    let submitted = gold;
    if (role === "syntax_error") {
      const bad = await call(task.id, "run_sparql_query", { query: `${gold} }` });
      assert.equal(bad.isError, true);
      assert.match(text_of(bad), /^SPARQL syntax error at line \d+, column \d+: unexpected '}'/);
    }
    if (role === "prefix_error") {
      const without = gold.replace(/^PREFIX : <[^>]*>\n/, "");
      assert.notEqual(without, gold);
      const bad = await call(task.id, "run_sparql_query", { query: without });
      assert.equal(bad.isError, true);
      assert.match(text_of(bad), /^SPARQL syntax error at line \d+, column \d+: prefix ':' is not declared/);
    }
    if (role === "syntax_error" || role === "prefix_error") {
      const ran = await call(task.id, "run_sparql_query", { query: gold, max_rows: 100 });
      assert.ok(!ran.isError, text_of(ran));
      assert.equal(ran.structuredContent.row_count, p.rows);
    }
    if (role === "wrong") {
      submitted = print({ ...parse(gold), limit: 1 });
      const ran = await call(task.id, "run_sparql_query", { query: submitted });
      assert.equal(ran.structuredContent.row_count, 1, text_of(ran));
    }
    if (role === "trivial") {
      submitted = with_endpoints(p.query.trivial, shards.endpoints);
      const ran = await call(task.id, "run_sparql_query", { query: submitted, max_rows: 100 });
      assert.equal(ran.structuredContent.row_count, p.rows, text_of(ran));
    }
    if (role === "hard_coded") {
      const look = await call(task.id, "run_sparql_query",
                              { query: `SELECT * WHERE { SERVICE <${p.needed[0]}> { ?s ?p ?o } } LIMIT 5` });
      assert.equal(look.structuredContent.route, "direct", text_of(look));
      submitted = values_query(task.gold_results);
      const refused = await call(task.id, "run_sparql_query", { query: submitted });
      assert.equal(refused.isError, true);
      assert.match(text_of(refused), /^the query has no graph pattern for an endpoint to match/);
    }
    const receipt = await call(task.id, "submit", { query: submitted, task_id: task.id });
    assert.ok(!receipt.isError, text_of(receipt));
    p.submitted = submitted;
    p.receipt = receipt.structuredContent;
  }

  it("replays the agent's six tasks; each receipt has the rows and the warnings its script calls for", async () => {
    for (const p of plan) await run_task(p);
    // A second submission for a finished task is refused, and says which one counts.
    const first = plan[0];
    const again = await call(first.task.id, "submit", { query: first.task.gold_query, task_id: first.task.id });
    assert.equal(again.isError, true);
    assert.equal(text_of(again),
                 `task '${first.task.id}' already has its final submission (${first.receipt.submission_id}, at ` +
                 `${read_lines(files.submissions)[1].time}): only the first submission counts, and this one was ` +
                 "not recorded. Nothing more to do for it.");

    for (const p of plan) {
      const r = p.receipt;
      assert.equal(r.task_id, p.task.id);
      assert.equal(r.rows, p.role === "wrong" ? 1 : p.rows, `${p.role}: rows`);
      assert.deepEqual(r.warnings.map((w) => w.code), EXPECTED_WARNINGS[p.role], `${p.role}: ${JSON.stringify(r.warnings)}`);
      assert.equal(r.route, p.role === "hard_coded" ? "none" : "federated", p.role);
      assert.equal(r.final, true);
      assert.equal(r.score, undefined, "the score is hidden without --show-score");
      assert.match(r.digest, /^[0-9a-f]{16}$/);
    }
    const trivial = plan.find((p) => p.role === "trivial").receipt.warnings[0].message;
    assert.match(trivial, /^trivial federation: the query names \d+ endpoints but only \d+ returned rows; /);
  });

  it("writes one submission line per accepted submit, with the receipt's digest, the warnings and the score", () => {
    const lines = read_lines(files.submissions);
    assert.deepEqual(lines[0], { event: "submissions_opened" });
    const records = lines.slice(1);
    assert.equal(records.length, plan.length, "the refused second submission is not recorded");
    const session_label = records[0].session;
    assert.match(session_label, /^stdio-[0-9a-f]+$/);
    for (const [i, p] of plan.entries()) {
      const s = records[i];
      const where = `${p.role} (${p.task.id})`;
      assert.equal(s.event, "submission");
      assert.equal(s.id, p.receipt.submission_id, where);
      assert.equal(s.task_id, p.task.id, where);
      assert.equal(s.session, session_label, where);
      assert.equal(s.group, session_label, `${where}: a stdio run's group is its session`);
      assert.equal(s.run_id, null);
      assert.equal(s.client, "sparql-mcp-e2e/1.0.0");
      assert.equal(s.query, p.submitted, where);
      assert.equal(s.rows, p.receipt.rows, where);
      assert.equal(s.signature.digest, p.receipt.digest, where);
      assert.equal(s.signature.row_count, p.receipt.rows, where);
      assert.deepEqual(s.warnings.map((w) => w.code), EXPECTED_WARNINGS[p.role], where);
      assert.deepEqual(s.endpoints_named, [...new Set([...p.submitted.matchAll(/SERVICE <([^>]+)>/g)].map((m) => m[1]))], where);
      assert.deepEqual(s.endpoints_needed, p.needed, where);
      assert.equal(s.resubmission_of, null);
      // Scores: exact set match, except the wrong answer (one of the gold's distinct rows).
      assert.equal(s.score.exact_set_match, p.role !== "wrong", `${where}: ${JSON.stringify(s.score)}`);
      assert.equal(s.score.gold_rows, p.distinct, where);
      if (p.role === "wrong") {
        assert.equal(s.score.precision, 1);
        assert.ok(Math.abs(s.score.recall - 1 / p.distinct) < 1e-9, `recall ${s.score.recall}, expected 1/${p.distinct}`);
      } else {
        assert.equal(s.score.precision, 1, where);
        assert.equal(s.score.recall, 1, where);
        assert.equal(s.score.multiset_match, true, where);
      }
    }
  });

  it("traces every call with its arguments and outcome, and every shard request under its call", () => {
    const lines = read_lines(files.trace);
    assert.equal(lines[0].event, "trace_opened");
    const tool_calls = lines.filter((l) => l.event === "tool_call");
    const requests = lines.filter((l) => l.event === "request");
    assert.equal(tool_calls.length + requests.length + 1, lines.length, "only tool_call and request lines");
    assert.equal(tool_calls.length, calls.length, "one tool_call line per call");
    const session_label = read_lines(files.submissions)[1].session;
    const ids = new Set(tool_calls.map((c) => c.call));
    assert.equal(ids.size, calls.length, "call ids are unique");

    for (const [i, made] of calls.entries()) {
      const line = tool_calls[i]; // the calls ran one after another, so their lines come in order
      const where = `call ${i + 1} (${made.tool} for ${made.task})`;
      assert.equal(line.tool, made.tool, where);
      assert.deepEqual(line.arguments, made.arguments, where);
      assert.equal(line.session, session_label, where);
      assert.equal(line.is_error, made.result.isError === true, where);
      assert.equal(line.error === null, made.result.isError !== true, where);
      const answered = !made.result.isError && QUERY_TOOLS.has(made.tool);
      assert.equal(line.route, answered ? made.result.structuredContent.route : null, where);

      // The requests of the call as the shards counted them, and as the trace has them. (The
      // server also runs a gold query when it first scores a submission and does not trace it:
      // it is the evaluation's, not the agent's. Here it sends nothing: the gold queries are
      // scored after the same query ran in the session, from the sub-query cache, or the task
      // has gold results. The VoID computations get_void_descriptions starts run for the
      // endpoint, not for the call: their requests are lines of no call, origin "void".)
      const own = requests.filter((r) => r.call === line.call);
      const traced = {};
      for (const r of own) {
        assert.equal(r.tool, made.tool, where);
        assert.equal(r.session, session_label, where);
        assert.ok(shard_of_url.has(r.endpoint), `${where}: request to ${r.endpoint}`);
        assert.equal(r.status, 200, `${where}: ${JSON.stringify(r)}`);
        assert.ok(r.bytes > 0, `${where}: ${JSON.stringify(r)}`);
        assert.ok(Number.isInteger(r.rows) && r.rows >= 0, `${where}: ${JSON.stringify(r)}`);
        assert.equal(r.error, null, where);
        const id = shard_of_url.get(r.endpoint);
        traced[id] = (traced[id] ?? 0) + r.attempts;
      }
      if (made.tool !== "get_void_descriptions") assert.deepEqual(traced, made.observed, where);
      assert.equal(line.requests, own.length, where);
      assert.equal(line.bytes, own.reduce((n, r) => n + r.bytes, 0), where);
      // Endpoints: those the requests went to; a query answered without any request names
      // those its result names; nothing else names any (list_endpoints lists, it consults none).
      const expected = own.length > 0 ? Object.keys(made.observed).map(url_of)
        : !answered ? []
        : made.tool === "submit" ? made.result.structuredContent.endpoints
        : made.result.structuredContent.endpoints.map((e) => e.endpoint);
      assert.deepEqual(sorted(line.endpoints), sorted(expected), where);
    }
    assert.ok(requests.length > 0);
    for (const r of requests) {
      if (r.call === null) {
        assert.equal(r.origin, "void", `a request of no call: ${JSON.stringify(r)}`);
        assert.ok(shard_of_url.has(r.endpoint), `a VoID request to ${r.endpoint}`);
        continue;
      }
      assert.ok(ids.has(r.call), `request line of an unknown call ${r.call}`);
    }
    // Every task's first query sent requests (nothing was cached yet for its graph).
    for (const p of plan) {
      const first = calls.find((c) => c.task === p.task.id && QUERY_TOOLS.has(c.tool) && !c.result.isError);
      assert.ok(Object.keys(first.observed).length > 0, `${p.role}: no request observed`);
    }
  });

  it("sparql-mcp eval --json gives the figures of the script", async () => {
    const { stdout } = await promisify(execFile)(binary(), [
      "eval", "--submissions", files.submissions, "--trace", files.trace, "--tasks", files.tasks,
      "--catalogue", shards.catalogue, "--json",
    ], { timeout: 60000 });
    const summary = JSON.parse(stdout);

    // What the script did, stretch by stretch: the calls of a task up to its submit.
    const queries = calls.filter((c) => QUERY_TOOLS.has(c.tool));
    const syntax = queries.filter((c) => c.result.isError && text_of(c.result).startsWith("SPARQL syntax error"));
    const prefix = syntax.filter((c) => / prefix '[^']*' is not declared/.test(text_of(c.result)));
    const per_task = plan.map((p) => {
      const own = calls.slice(0, calls.findIndex((c) => c.tool === "submit" && c.task === p.task.id) + 1)
        .filter((c) => c.task === p.task.id);
      // Endpoints consulted: those the shards saw requests from in the task's queries (the
      // lookups of list_endpoints and the VoID computations consult none in the trace's sense).
      const consulted = new Set(own.filter((c) => QUERY_TOOLS.has(c.tool)).flatMap((c) => Object.keys(c.observed)).map(url_of));
      return { calls: own.length, found: p.needed.filter((u) => consulted.has(u)).length, needed: p.needed.length };
    });
    const exact = plan.filter((p) => p.role !== "wrong").length;
    const hard = plan.find((p) => p.role === "hard_coded");
    assert.equal(per_task.find((_, i) => plan[i] === hard).found, 1, "the hard-coded task looked at one shard only");

    assert.equal(summary.tasks, plan.length);
    assert.equal(summary.answered_tasks, plan.length);
    assert.equal(summary.submissions, plan.length);
    assert.equal(summary.scored, plan.length);
    assert.equal(summary.exact_set_matches, exact);
    assert.equal(summary.accuracy, round4(exact / plan.length));
    assert.equal(summary.queries_run, queries.length);
    assert.equal(summary.syntax_errors, 2);
    assert.equal(syntax.length, 2);
    assert.equal(summary.prefix_errors, prefix.length);
    assert.equal(prefix.length, 1);
    assert.equal(summary.syntactic_validity, round4((queries.length - syntax.length) / queries.length));
    assert.equal(summary.task_runs_traced, plan.length);
    assert.equal(summary.median_tool_calls_per_task, median(per_task.map((t) => t.calls)));
    assert.equal(summary.trivial_federations, plan.filter((p) => EXPECTED_WARNINGS[p.role].includes("trivial_federation")).length);
    assert.equal(summary.trivial_federations, 1);
    const found = per_task.reduce((n, t) => n + t.found, 0);
    const needed = per_task.reduce((n, t) => n + t.needed, 0);
    assert.ok(found < needed);
    assert.equal(summary.needed_endpoints_consulted, round4(found / needed));
    assert.equal(summary.median_endpoints_needed, median(per_task.map((t) => t.needed)));
  });

  it("sparql-mcp eval without --json prints the summary, accuracy first", async () => {
    const { stdout, stderr } = await promisify(execFile)(binary(), [
      "eval", "--submissions", files.submissions, "--trace", files.trace, "--tasks", files.tasks,
      "--catalogue", shards.catalogue,
    ], { timeout: 60000 });
    console.log(stdout);
    const exact = plan.filter((p) => p.role !== "wrong").length;
    assert.match(stdout, new RegExp(`^accuracy \\(exact set match\\): ${(round4(exact / plan.length) * 100).toFixed(1)}% \\(${exact}\\)`, "m"),
                 `${stdout}\n${stderr}`);
    assert.match(stdout, /^trivial federations: 1 /m);
  });

  it("offers only run_sparql_query and submit, and no resources, with --tools baseline", async () => {
    const baseline = await connect_sdk(shards.catalogue, ["--tools", "baseline", "--void-cache", files.void_cache]);
    try {
      const { tools } = await baseline.client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ["run_sparql_query", "submit"]);
      assert.equal(baseline.client.getServerCapabilities().resources, undefined, "no resources capability");
      // A client that asks all the same finds none.
      const { resources } = await baseline.client.listResources();
      assert.deepEqual(resources, []);
      const { resourceTemplates } = await baseline.client.listResourceTemplates();
      assert.deepEqual(resourceTemplates, []);
    } finally {
      await baseline.close();
    }
  });
});
