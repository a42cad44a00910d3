#!/usr/bin/env node
// Query validation (issue 25, "Figures"): how well validate_query catches the mistakes agents
// make in federated queries and names the fix, how run_sparql_query completes a missing PREFIX,
// and how its `diagnose: true` explains an empty answer. Over the FKGQA-style federated
// workload of tests/federation/fkgqa, every shard a dump-only catalogue entry answered
// in-process (so no SPARQL server is needed and every shard's VoID is computed, exact and
// complete).
//
//   node bench/validation.mjs [--workload DIR] [--regenerate] [--graphs kg1,kg2]
//       [--queries N | --ids id1,id2 | --match REGEX] [--forms precise,trivial]
//       [--kinds predicate_swap,prefix_removed,class_misspelled,wrong_namespace] [--per-kind N]
//       [--seed N] [--catalogue-prefixes] [--mutations-only] [--timeout-ms N] [--bin PATH]
//       [--mcp-args "ARGS"] [--out FILE.json] [--fkgqa DIR] [--check]
//   e.g. SPARQL_MCP_BIN=build/release/src/app/sparql-mcp SPARQLMCP_SHARED_DIR=../shared \
//          node bench/validation.mjs --check          (DEBUG=1 prints every miss)
//
// 1. The workload: DIR/workload.json, graphs/ and shards/ (default build/bench-validation, apart
//    from bench/federation.mjs's folder), written by tests/federation/fkgqa/generate.mjs when
//    missing or with --regenerate. The catalogue: one entry per shard, with the titles and
//    descriptions of serve.mjs's catalogue, whose IRI is the <urn:shard:ID> the queries' SERVICE
//    clauses name and which has only a void:dataDump (docs/catalogue.md: a dump-only entry is
//    answered in-process and SERVICE names the dataset resource's own IRI). No @prefix for the
//    workload's namespaces unless --catalogue-prefixes. get_void_descriptions is called for
//    every entry first, so the VoID is computed once and cached (in a temporary --void-cache).
// 2. The queries: the workload's federated forms (--forms, default precise; trivial puts every
//    pattern in a UNION over every shard of its graph), --queries N spread over all graphs
//    (default: all 321, less the 7 whose gold query names a class or property its graph lacks,
//    e.g. :reference_template_types where the data has :ref_template_types: a validator with
//    complete VoID rightly flags those, and their answer is empty anyway). Each in three
//    texts: as generated (`PREFIX :`, full predicate IRIs), the full-IRI form (every IRI
//    written <...>, no PREFIX) and the prefixed form (a PREFIX per namespace used, named after
//    its last segment, `:` for http://valuenet/ontop/, `a` for rdf:type). Printed with
//    sparqljs, so the three mean the same (the sanity lines check that they also give the
//    same answer).
// 3. Mutations (bench/lib/query_mutations.mjs; deterministic: each query, form and kind draws
//    from its own generator seeded with --seed, default 25), --per-kind of each kind and text
//    (default 2; the same mutant twice is dropped):
//      predicate_swap    (on the full-IRI and the prefixed form) the predicate of a variable's
//                        patterns replaced, in every pattern with that subject and predicate, by
//                        another property of the graph that no class of the subject uses (its
//                        rdf:type classes in the query, else the classes using the predicate;
//                        read from the graph's data, which is what its VoID says); gold: the
//                        original predicate
//      class_misspelled  (both forms) the local name of a class in `?x a <class>` changed by
//                        one or two edits of its letters (insert, delete, substitute,
//                        transpose), into no local name of the graph; gold: the original class
//      prefix_removed    (prefixed form) a used PREFIX line deleted; gold: that declaration
//      wrong_namespace   (prefixed form) a used PREFIX bound to a close but wrong namespace
//                        (http <-> https, ending # <-> /, ending separator removed); gold: the
//                        original namespace
//    A mutation is kept only when it changes the answer or breaks parsing: the original and the
//    mutant are run with run_sparql_query (rows compared as multisets, numbers by value; an
//    error counts as a change). For prefix_removed the server cannot judge this (once PREFIX
//    completion lands it answers the mutant), so the mutant is kept when sparqljs, an
//    independent SPARQL 1.1 parser (Comunica's), refuses it ("Unknown prefix"), which it
//    always should. Each mutant is given to validate_query before it is run.
// 4. Figures (name ok / all pct% (goal)); --check exits 1 when one is below its goal:
//      flagged          kept mutations with a validate_query finding of severity error or
//                       warning (>= 95%); beside it, without goal, flagged_or_completed also
//                       counts a removed PREFIX that validate_query's prefixes_added restores
//                       (whatever the severity it gives that finding)
//      right_term_top3  kept mutations whose gold IRI is among the first three `alternatives`
//                       of some finding; for prefix_removed, validate_query's prefixes_added
//                       (or the PREFIX lines of its completed_query) declare the removed prefix
//                       with the right namespace (>= 90%)
//      clean_full_iri   unmutated queries in full-IRI form with no finding of severity error or
//                       warning (100%); clean_prefixed the same in prefixed form
//      prefix_completed prefix_removed mutants answered by run_sparql_query exactly as the
//                       original, with the removed declaration in prefixes_added (>= 95%)
//      no_prefix_added  runs of unmutated queries (all three texts) with nothing in
//                       prefixes_added (100%; an absent field counts as nothing added)
//      diagnosis_hit    kept mutants of kinds 1, 3 and 4 whose answer (run with diagnose:
//                       true) has no row, where the first two parts the diagnosis names
//                       (diagnosis.empty[0] and [1], else the two parts of diagnosis.join)
//                       name a SERVICE block (1-based, text order) holding the mistake, or have
//                       a `pattern` that spells the mistaken term (>= 95%)
//      diagnosis_quiet  runs with at least one row (unmutated queries, and mutants whether
//                       kept or not) that carry no diagnosis (100%)
//    then per kind and form, the findings run_sparql_query itself returns (flagged_in_run, no
//    goal), the sanity lines (the forms' answers agree with each other and with the oracle)
//    and the client-side time of the calls. A missing field counts as a miss, never a crash.
//    --mutations-only runs what needs no validate_query (for a server without it); otherwise
//    a server without validate_query stops the script with exit code 2.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { call_tool, connect_sdk, text_of } from "../tests/e2e/lib/mcp.mjs";
import { command_options, run_main } from "./lib/cli.mjs";
import {
  KINDS, answer_is_empty, answer_key, class_misspelled, declares, full_iri_form, graph_schema, iris_of,
  meaning, name_namespaces, parse, predicate_swap, prefix_removed, prefixed_form, rng_for, split_iri,
  wrong_namespace,
} from "./lib/query_mutations.mjs";
import { RDF_TYPE } from "../tests/federation/fkgqa/sparql.mjs";
import { load_fkgqa, select_queries } from "./lib/fkgqa.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BASE = "http://valuenet/ontop/"; // the Spider4SPARQL namespace, `:` in the workload's texts
const PRESET = { [BASE]: "" };
const ALL_KINDS = Object.keys(KINDS);
const ALL_FORMS = ["precise", "trivial"];
// Which texts each kind mutates: predicates and classes in both forms, prefixes where there are.
const BASE_FORMS = { predicate_swap: ["full", "prefixed"], class_misspelled: ["full", "prefixed"],
                     prefix_removed: ["prefixed"], wrong_namespace: ["prefixed"] };
const GOALS = { flagged: 0.95, right_term_top3: 0.9, clean_full_iri: 1, clean_prefixed: 1,
                prefix_completed: 0.95, no_prefix_added: 1, diagnosis_hit: 0.95, diagnosis_quiet: 1 };
const NEEDS_VALIDATE = new Set(["flagged", "right_term_top3", "clean_full_iri", "clean_prefixed"]);
const VOID_BATCH = 20; // get_void_descriptions describes at most 20 endpoints per call
const MAX_ROWS = 10000;
const DEBUG = Boolean(process.env.DEBUG && process.env.DEBUG !== "0");

function usage(message) {
  process.stderr.write(`validation.mjs: ${message}\n` +
    "usage: node bench/validation.mjs [--workload DIR] [--regenerate] [--graphs kg1,kg2]\n" +
    "         [--queries N | --ids id1,id2 | --match REGEX] [--forms precise,trivial]\n" +
    `         [--kinds ${ALL_KINDS.join(",")}] [--per-kind N]\n` +
    "         [--seed N] [--catalogue-prefixes] [--mutations-only] [--timeout-ms N] [--bin PATH]\n" +
    "         [--mcp-args \"ARGS\"] [--out FILE.json] [--fkgqa DIR] [--check]\n");
  process.exit(2);
}

function parse_arguments(argv) {
  const options = {
    workload: join(REPO, "build", "bench-validation"), regenerate: false, graphs: null, queries: null, ids: null,
    match: null, forms: ["precise"], kinds: ALL_KINDS, per_kind: 2, seed: 25, catalogue_prefixes: false,
    mutations_only: false, timeout_ms: 30000,
    bin: process.env.SPARQL_MCP_BIN || join(REPO, "build", "release", "src", "app", "sparql-mcp"),
    mcp_args: [], out: null, fkgqa: join(REPO, "tests", "federation", "fkgqa"), check: false,
  };
  const list = (text) => text.split(",").map((s) => s.trim()).filter(Boolean);
  for (const { key, arg, value } of command_options(argv, usage)) {
    switch (key) {
      case "--workload": options.workload = resolve(value()); break;
      case "--regenerate": options.regenerate = true; break;
      case "--graphs": options.graphs = list(value()); break;
      case "--queries": options.queries = Number(value()); break;
      case "--ids": options.ids = new Set(list(value())); break;
      case "--match": options.match = new RegExp(value()); break;
      case "--forms": options.forms = list(value()); break;
      case "--kinds": options.kinds = list(value()); break;
      case "--per-kind": options.per_kind = Number(value()); break;
      case "--seed": options.seed = Number(value()); break;
      case "--catalogue-prefixes": options.catalogue_prefixes = true; break;
      case "--mutations-only": options.mutations_only = true; break;
      case "--timeout-ms": options.timeout_ms = Number(value()); break;
      case "--bin": options.bin = resolve(value()); break;
      case "--mcp-args": options.mcp_args = value().split(/\s+/).filter(Boolean); break;
      case "--out": options.out = resolve(value()); break;
      case "--fkgqa": options.fkgqa = resolve(value()); break;
      case "--check": options.check = true; break;
      case "--help": case "-h": usage("the query validation benchmark"); break;
      default: usage(`unknown argument ${arg}`);
    }
  }
  for (const f of options.forms) if (!ALL_FORMS.includes(f)) usage(`unknown form ${f} (precise or trivial)`);
  for (const k of options.kinds) if (!ALL_KINDS.includes(k)) usage(`unknown kind ${k} (one of ${ALL_KINDS.join(", ")})`);
  if (options.queries !== null && !(Number.isInteger(options.queries) && options.queries > 0)) usage("--queries must be a positive integer");
  if (!(Number.isInteger(options.per_kind) && options.per_kind > 0 && options.per_kind <= 20)) usage("--per-kind must be an integer between 1 and 20");
  if (!Number.isInteger(options.seed)) usage("--seed must be an integer");
  if (!(Number.isInteger(options.timeout_ms) && options.timeout_ms >= 100 && options.timeout_ms <= 600000)) {
    usage("--timeout-ms must be an integer between 100 and 600000");
  }
  return options;
}


// The catalogue: serve.mjs's entries (titles, descriptions) with the <urn:shard:ID> IRI the
// queries name and a void:dataDump instead of an endpoint.
function write_catalogue(dir, fkgqa, workload, options) {
  const endpoints = Object.fromEntries(workload.graphs.flatMap((g) => g.shards).map((s) => [s.id, `urn:shard:${s.id}`]));
  let turtle = fkgqa.serve.catalogue_turtle(workload, endpoints, () => "oxigraph", options.workload);
  let dumps = 0;
  turtle = turtle.replace(/void:sparqlEndpoint <urn:shard:([^>]+)> \./g, (_, id) => {
    ++dumps;
    return `void:dataDump <${pathToFileURL(join(options.workload, "shards", `${id}.nt`)).href}> .`;
  });
  if (dumps !== Object.keys(endpoints).length) throw new Error(`the catalogue has ${dumps} dumps for ${Object.keys(endpoints).length} shards`);
  if (options.catalogue_prefixes) {
    const namespaces = new Set();
    for (const q of workload.queries) for (const iri of iris_of(parse(q.original))) if (split_iri(iri)) namespaces.add(split_iri(iri).namespace);
    const declarations = [...name_namespaces(namespaces, PRESET)].map(([ns, name]) => `@prefix ${name}: <${ns}> .`);
    turtle = `${declarations.join("\n")}\n${turtle}`;
  }
  writeFileSync(join(dir, "catalogue.ttl"), turtle);
  return Object.keys(endpoints);
}

// The texts and mutants of one query in one workload form.
function build_item(q, wl_form, schema, options) {
  const given = q[wl_form];
  const ast = parse(given);
  const texts = { given, full: full_iri_form(ast), prefixed: prefixed_form(ast, PRESET) };
  const render = { full: (a) => full_iri_form(a), prefixed: (a) => prefixed_form(a, PRESET) };
  const bases = { full: parse(texts.full), prefixed: parse(texts.prefixed) };
  const mutants = [];
  const seen = new Set();
  let duplicates = 0;
  for (const kind of options.kinds) {
    for (const base_form of BASE_FORMS[kind]) {
      for (let n = 0; n < options.per_kind; ++n) {
        const rng = rng_for(options.seed, q.id, wl_form, base_form, kind, n);
        const m = kind === "predicate_swap" ? predicate_swap(bases[base_form], schema, rng, render[base_form])
          : kind === "class_misspelled" ? class_misspelled(bases[base_form], schema, rng, render[base_form])
          : kind === "prefix_removed" ? prefix_removed(texts[base_form], rng)
          : wrong_namespace(texts[base_form], rng);
        if (!m) continue;
        if (seen.has(m.text)) { ++duplicates; continue; }
        seen.add(m.text);
        mutants.push({ ...m, form: wl_form, base_form, n });
      }
    }
  }
  return { id: q.id, kg: q.kg, form: wl_form, ordered: q.ordered, original: q.original, texts, mutants, duplicates };
}

// --- Calls -------------------------------------------------------------------------------------

function make_caller(session, options, features) {
  const times = { run_sparql_query: [], validate_query: [] };
  const call = async (name, args) => {
    const started = performance.now();
    try {
      const result = await call_tool(session.client, name, args, { timeout_ms: options.timeout_ms + 5000 });
      times[name].push(performance.now() - started);
      if (result.isError) return { error: text_of(result) || "isError without text" };
      return { sc: result.structuredContent ?? {}, text: text_of(result) };
    } catch (error) {
      return { error: `the MCP call failed: ${error.message}` };
    }
  };
  return {
    times,
    async run(query) {
      const timeout_ms = Math.min(options.timeout_ms, features.max_timeout_ms ?? Infinity);
      const args = { query, format: "json", max_rows: MAX_ROWS, labels: false, timeout_ms };
      if (features.diagnose) args.diagnose = true;
      const r = await call("run_sparql_query", args);
      if (r.error) return r;
      const document = r.sc.results;
      if (answer_key(document) === null) return { error: `no SPARQL JSON results in structuredContent: ${JSON.stringify(r.sc).slice(0, 200)}` };
      return { ...r, document, key: answer_key(document), empty: answer_is_empty(document), truncated: Boolean(r.sc.truncated) };
    },
    validate: (query) => call("validate_query", { query }),
  };
}

const is_flag = (f) => f && (f.severity === "error" || f.severity === "warning");
const findings_of = (sc) => (Array.isArray(sc?.findings) ? sc.findings : null);

function short_finding(f) {
  const alternatives = Array.isArray(f?.alternatives) ? f.alternatives.slice(0, 3).map((a) => String(a).replace(/^.*\//, "")) : "-";
  return `[${f?.severity}] ${f?.problem}${f?.term ? ` ${f.term}` : ""}${f?.prefix !== undefined ? ` prefix '${f.prefix}'` : ""}` +
         `${f?.endpoint ? ` @${String(f.endpoint).replace(/^urn:shard:/, "")}` : ""} alt=${JSON.stringify(alternatives)}: ${String(f?.message ?? "").slice(0, 160)}`;
}

// Whether `pattern` (a diagnosis's text) spells the term as one of `spellings`, as a whole token.
function spells(pattern, spellings) {
  if (typeof pattern !== "string") return false;
  for (const s of spellings) {
    for (let i = pattern.indexOf(s); i >= 0; i = pattern.indexOf(s, i + 1)) {
      const before = pattern[i - 1] ?? " ";
      const after = pattern[i + s.length] ?? " ";
      if (!/[\w\-:%#/]/.test(before) && !/[\w\-:%#/]/.test(after)) return true;
    }
  }
  return false;
}

// --- Main --------------------------------------------------------------------------------------

async function main() {
  const options = parse_arguments(process.argv.slice(2));
  const started = performance.now();
  const fkgqa = await load_fkgqa(options.fkgqa);
  const workload_file = join(options.workload, "workload.json");
  if (options.regenerate || !existsSync(workload_file)) {
    mkdirSync(options.workload, { recursive: true });
    console.log(`generating the workload in ${options.workload} ...`);
    const generated = fkgqa.generate.generate(options.workload, { servers: "oxigraph", ...(options.graphs ? { graphs: options.graphs } : {}) });
    console.log(fkgqa.generate.summary(generated));
  }
  const workload = fkgqa.serve.read_workload(options.workload);
  const queries = select_queries(workload, options);
  if (queries.length === 0) usage("no query of the workload matches the selection");
  if (!existsSync(options.bin)) throw new Error(`no sparql-mcp binary at ${options.bin} (build it, or give --bin / SPARQL_MCP_BIN)`);

  // Schemas, oracle answers, texts and mutants.
  const schemas = {};
  const expected = new Map();
  for (const graph of workload.graphs.filter((g) => queries.some((q) => q.kg === g.kg))) {
    schemas[graph.kg] = graph_schema(readFileSync(join(options.workload, graph.file), "utf8"));
    const store = fkgqa.oracle.load_store(join(options.workload, graph.file));
    for (const q of queries.filter((x) => x.kg === graph.kg)) expected.set(q.id, fkgqa.oracle.expected_answer(store, q.original));
  }
  // A few Spider4SPARQL gold queries name classes or properties their graph does not have (an
  // empty answer either way); a validator with complete VoID rightly flags them, so they are
  // not "correct queries" here and are left out.
  const absent = new Map();
  for (const q of queries) {
    const missing = [...iris_of(parse(q.precise))].filter((iri) => iri !== RDF_TYPE && !schemas[q.kg].iris.has(iri));
    if (missing.length) absent.set(q.id, missing);
  }
  const items = [];
  for (const wl_form of options.forms) {
    for (const q of queries) if (!absent.has(q.id)) items.push(build_item(q, wl_form, schemas[q.kg], options));
  }
  const rewrite_problems = items.filter((it) => meaning(it.texts.full) !== meaning(full_iri_form(it.texts.given)) ||
                                                meaning(it.texts.prefixed) !== meaning(it.texts.full)).map((it) => it.id);
  const generated_count = items.reduce((n, it) => n + it.mutants.length, 0);
  console.log(`${queries.length - absent.size} queries x ${options.forms.join("+")}; ${generated_count} mutations generated` +
              ` (${options.per_kind} per kind and text; seed ${options.seed})`);
  if (absent.size) {
    console.log(`left out: ${absent.size} quer${absent.size === 1 ? "y names" : "ies name"} terms their graph lacks (` +
                `${[...absent].map(([id, iris]) => `${id}: ${iris[0].replace(/^.*\//, "")}${iris.length > 1 ? ", ..." : ""}`).join("; ")})`);
  }

  // The server.
  const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-validation-"));
  let session = null;
  cleanup = async () => {
    await session?.close().catch(() => {});
    session = null;
    rmSync(dir, { recursive: true, force: true });
  };
  const records = { queries: [], mutants: [] };
  const results = {};
  const misses = {};
  const tally = (name, ok, miss) => {
    (results[name] ??= { ok: 0, all: 0 }).all++;
    if (ok) results[name].ok++;
    else if (miss) (misses[name] ??= []).push(miss);
  };
  const breakdown = new Map(); // `${workload form}|${kind}|${base_form}` -> counters
  const count = (m, key, ok = true) => {
    const k = `${m.form}|${m.kind}|${m.base_form}`;
    const b = breakdown.get(k) ?? breakdown.set(k, {}).get(k);
    b[key] = (b[key] ?? 0) + (ok ? 1 : 0);
  };
  const seen = { run_findings: 0, run_prefixes_added: 0, run_diagnosis: 0, runs: 0, validate_findings: 0, validations: 0 };
  const sanity = { forms_agree: { ok: 0, all: 0, bad: [] }, oracle_agree: { ok: 0, all: 0, bad: [] }, reference_failed: [] };
  let caller;
  try {
    const entries = write_catalogue(dir, fkgqa, workload, options);
    process.env.SPARQL_MCP_BIN = options.bin;
    session = await connect_sdk(dir, ["--void-cache", join(dir, "void-cache"), ...options.mcp_args], { name: "bench-validation" });
    const { tools } = await session.client.listTools();
    const by_name = new Map(tools.map((t) => [t.name, t]));
    const features = {
      validate: by_name.has("validate_query"),
      diagnose: Boolean(by_name.get("run_sparql_query")?.inputSchema?.properties?.diagnose),
      // run_sparql_query refuses a timeout_ms above the server's --max-timeout.
      max_timeout_ms: by_name.get("run_sparql_query")?.inputSchema?.properties?.timeout_ms?.maximum ?? null,
    };
    if (!features.validate && !options.mutations_only) {
      console.error("validation.mjs: the server lists no validate_query tool (tools/list: " +
                    `${[...by_name.keys()].join(", ")}); build a binary with issue 25's validation, or give ` +
                    "--mutations-only to run only what needs no validate_query");
      await cleanup();
      process.exit(2);
    }
    if (!features.diagnose) console.log("note: run_sparql_query has no `diagnose` argument: every diagnosis_hit item is a miss");
    caller = make_caller(session, options, features);

    const void_started = performance.now();
    for (let i = 0; i < entries.length; i += VOID_BATCH) {
      const batch = entries.slice(i, i + VOID_BATCH);
      const described = await call_tool(session.client, "get_void_descriptions",
                                        { endpoints: batch, detail: "summary", max_chars: 1000, timeout_ms: 120000 },
                                        { timeout_ms: 130000 });
      if (described.isError) throw new Error(`get_void_descriptions ${batch.join(",")}: ${text_of(described)}`);
    }
    const cached = existsSync(join(dir, "void-cache")) ? readdirSync(join(dir, "void-cache")).filter((f) => f.endsWith(".ttl")).length : 0;
    console.log(`VoID of ${entries.length} dump-only entries computed in ${((performance.now() - void_started) / 1000).toFixed(1)} s` +
                ` (${cached} files in the VoID cache)`);

    const note_run = (r) => {
      if (r.error) return;
      ++seen.runs;
      if ("findings" in r.sc) ++seen.run_findings;
      if ("prefixes_added" in r.sc) ++seen.run_prefixes_added;
      if (r.sc.diagnosis) ++seen.run_diagnosis;
    };
    const note_validation = (v) => {
      if (v.error) return;
      ++seen.validations;
      if (Array.isArray(v.sc.findings)) ++seen.validate_findings;
    };
    const prefixes_added_of = (sc) => (Array.isArray(sc?.prefixes_added) ? sc.prefixes_added : []);

    const loop_started = performance.now();
    for (const it of items) {
      const tag = `${it.id}${options.forms.length > 1 ? ` (${it.form})` : ""}`;
      // Unmutated: the three texts, run (with diagnose) and validated.
      const runs = {};
      for (const which of ["given", "full", "prefixed"]) {
        runs[which] = await caller.run(it.texts[which]);
        note_run(runs[which]);
      }
      const reference = runs.given;
      const query_record = { id: it.id, form: it.form, rows: reference.document?.results?.bindings?.length ?? null,
                             error: reference.error ?? null, clean: {} };
      records.queries.push(query_record);
      if (reference.error) {
        sanity.reference_failed.push(`${tag}: ${reference.error.split("\n")[0].slice(0, 160)}`);
        continue;
      }
      ++sanity.oracle_agree.all;
      const oracle_difference = fkgqa.oracle.compareAnswers(expected.get(it.id), reference.document, it.ordered);
      if (oracle_difference === null) ++sanity.oracle_agree.ok;
      else sanity.oracle_agree.bad.push(`${tag}: ${oracle_difference}`);
      for (const which of ["full", "prefixed"]) {
        ++sanity.forms_agree.all;
        if (runs[which].key === reference.key) ++sanity.forms_agree.ok;
        else sanity.forms_agree.bad.push(`${tag} ${which}: ${runs[which].error?.split("\n")[0].slice(0, 160) ?? "another answer"}`);
      }
      for (const which of ["given", "full", "prefixed"]) {
        const r = runs[which];
        const added = prefixes_added_of(r.sc);
        tally("no_prefix_added", !r.error && added.length === 0,
              `${tag} ${which}: ${r.error ? r.error.split("\n")[0] : `added ${JSON.stringify(added)}`}`);
        if (!r.error && !r.empty) {
          tally("diagnosis_quiet", !r.sc.diagnosis, `${tag} ${which} (unmutated, ${r.document?.results?.bindings?.length ?? "ASK"} rows): ` +
                `diagnosis ${JSON.stringify(r.sc.diagnosis)?.slice(0, 300)}`);
        }
      }
      if (features.validate) {
        for (const [which, figure] of [["full", "clean_full_iri"], ["prefixed", "clean_prefixed"]]) {
          const v = await caller.validate(it.texts[which]);
          note_validation(v);
          const findings = findings_of(v.sc);
          const flagged = findings ? findings.filter(is_flag) : null;
          query_record.clean[which] = v.error ? { error: v.error } : { findings };
          tally(figure, !v.error && flagged !== null && flagged.length === 0,
                { tag, which, text: it.texts[which], error: v.error, findings: flagged ?? findings, missing: !v.error && findings === null });
        }
      }

      // Mutants.
      for (const m of it.mutants) {
        // Validated first, as an agent would before running it (and before the run could show the
        // session anything); validated whether kept or not, counted only when kept.
        const v = features.validate ? await caller.validate(m.text) : null;
        if (v) note_validation(v);
        const r = await caller.run(m.text);
        note_run(r);
        const kept = m.kind === "prefix_removed" ? !m.parses : Boolean(r.error) || r.key !== reference.key;
        const record = { id: it.id, form: it.form, kind: m.kind, base_form: m.base_form, describe: m.describe, kept,
                         run_error: r.error?.split("\n")[0] ?? null, rows: r.document?.results?.bindings?.length ?? null };
        records.mutants.push(record);
        count(m, "generated");
        const label = `${tag} ${KINDS[m.kind]} (${m.base_form}): ${m.describe}`;
        if (!r.error && !r.empty) {
          tally("diagnosis_quiet", !r.sc.diagnosis, `${label} (${r.document?.results?.bindings?.length ?? "ASK"} rows): diagnosis ` +
                `${JSON.stringify(r.sc.diagnosis)?.slice(0, 300)}`);
        }
        if (!kept) continue;
        count(m, "kept");
        const run_findings = findings_of(r.sc);
        count(m, "flagged_in_run", Boolean(run_findings?.some(is_flag)));
        record.run_findings = run_findings;
        record.prefixes_added = r.sc?.prefixes_added;

        if (v) {
          const findings = findings_of(v.sc);
          record.validation = v.error ? { error: v.error } : { valid: v.sc.valid, findings, prefixes_added: v.sc.prefixes_added,
                                                               completed_query: v.sc.completed_query };
          const dump = () => `${label}\n      validate_query: ${v.error ? `ERROR ${v.error.split("\n")[0]}` : findings === null
            ? "no findings field" : findings.length === 0 ? "no findings" : findings.map(short_finding).join("\n                      ")}` +
            (m.kind === "prefix_removed" && !v.error ? `\n      prefixes_added ${JSON.stringify(v.sc.prefixes_added)}` : "");
          const flagged = Boolean(findings?.some(is_flag));
          tally("flagged", flagged, dump);
          count(m, "flagged", flagged);
          // The same, with a PREFIX that validate_query completes (an info finding, say) as caught.
          const completed = m.kind === "prefix_removed" &&
            prefixes_added_of(v.sc).some((p) => p?.prefix === m.gold.prefix && p?.namespace === m.gold.namespace);
          tally("flagged_or_completed", flagged || completed);
          let top3;
          if (m.kind === "prefix_removed") {
            top3 = prefixes_added_of(v.sc).some((p) => p?.prefix === m.gold.prefix && p?.namespace === m.gold.namespace) ||
                   (typeof v.sc?.completed_query === "string" && declares(v.sc.completed_query, m.gold.prefix, m.gold.namespace));
          } else {
            top3 = Boolean(findings?.some((f) => Array.isArray(f?.alternatives) && f.alternatives.slice(0, 3).includes(m.gold)));
          }
          tally("right_term_top3", top3, () => `${dump()}\n      gold ${JSON.stringify(m.gold)}`);
          count(m, "right_term_top3", top3);
        }

        if (m.kind === "prefix_removed") {
          const added = prefixes_added_of(r.sc);
          const named = added.some((p) => p?.prefix === m.gold.prefix && p?.namespace === m.gold.namespace);
          const same = !r.error && r.key === reference.key;
          tally("prefix_completed", same && named, `${label}: ${r.error ? `ERROR ${r.error.split("\n")[0].slice(0, 200)}`
            : `${same ? "same answer" : "another answer"}, prefixes_added ${JSON.stringify(r.sc.prefixes_added)}`}`);
          count(m, "prefix_completed", same && named);
        }
        if (!r.error && r.empty && m.kind !== "prefix_removed") {
          count(m, "empty");
          const empties = Array.isArray(r.sc.diagnosis?.empty) ? r.sc.diagnosis.empty : [];
          // A join that is empty names its two parts (each a SERVICE block or a UNION of them).
          const parts = Array.isArray(r.sc.diagnosis?.join?.parts) ? r.sc.diagnosis.join.parts : [];
          const named = [...empties.slice(0, 2).map((e) => ({ services: [e?.service], pattern: e?.pattern })),
                         ...parts].slice(0, 2);
          const hit = named.some((e) => (Array.isArray(e?.services) && e.services.some((i) => m.holding.has(i))) ||
                                        spells(e?.pattern, m.spellings));
          record.diagnosis = r.sc.diagnosis;
          tally("diagnosis_hit", hit, `${label}\n      mistake in SERVICE ${[...m.holding].map((i) => `#${i}`).join(", ") || "(none)"}; ` +
                `diagnosis ${JSON.stringify(r.sc.diagnosis ?? null).slice(0, 600)}`);
          count(m, "diagnosis_hit", hit);
        }
      }
    }
    const loop_seconds = (performance.now() - loop_started) / 1000;

    // --- Report --------------------------------------------------------------------------------
    const kept = records.mutants.filter((r) => r.kept).length;
    console.log(`${items.length} query texts, ${records.mutants.length} mutations run, ${kept} kept (changed the answer or ` +
                `failed to parse); ${items.reduce((n, it) => n + it.duplicates, 0)} duplicates dropped; calls took ${loop_seconds.toFixed(1)} s\n`);
    let below = false;
    for (const name of Object.keys(GOALS)) {
      if (NEEDS_VALIDATE.has(name) && !features.validate) {
        console.log(`${name.padEnd(18)} (not measured: no validate_query)`);
        continue;
      }
      const { ok, all } = results[name] ?? { ok: 0, all: 0 };
      const share = all ? ok / all : null;
      if (share !== null && share < GOALS[name]) below = true;
      console.log(`${name.padEnd(18)} ${String(ok).padStart(4)} / ${String(all).padEnd(4)} ${share === null ? "  n/a" : (100 * share).toFixed(1).padStart(5)}%` +
                  `  (goal ${100 * GOALS[name]}%)`);
    }
    if (results.flagged_or_completed) {
      const { ok, all } = results.flagged_or_completed;
      console.log(`(flagged_or_completed ${ok} / ${all} ${(100 * ok / all).toFixed(1)}%: flagged, or for a removed PREFIX ` +
                  "validate_query's prefixes_added restores it, whatever the finding's severity; no goal)");
    }

    console.log("\nper kind and text (kept: changed the answer or failed to parse; empty: kept mutants answered with no row):");
    const rows = [["kind", "text", "generated", "kept", "flagged", "top3", "in run", "completed", "empty", "diagnosed"]];
    for (const kind of options.kinds) {
      for (const [form, base_form] of options.forms.flatMap((f) => BASE_FORMS[kind].map((b) => [f, b]))) {
        const b = breakdown.get(`${form}|${kind}|${base_form}`) ?? {};
        const k = b.kept ?? 0;
        const of = (key) => (features.validate || !["flagged", "right_term_top3"].includes(key) ? `${b[key] ?? 0}/${k}` : "-");
        rows.push([KINDS[kind], options.forms.length > 1 ? `${form} ${base_form}` : base_form, b.generated ?? 0, k, of("flagged"), of("right_term_top3"), `${b.flagged_in_run ?? 0}/${k}`,
                   kind === "prefix_removed" ? `${b.prefix_completed ?? 0}/${k}` : "-",
                   kind === "prefix_removed" ? "-" : b.empty ?? 0,
                   kind === "prefix_removed" ? "-" : `${b.diagnosis_hit ?? 0}/${b.empty ?? 0}`]);
      }
    }
    print_table(rows);
    console.log("(in run: kept mutants whose run_sparql_query result carried a finding of severity error or warning)");

    // Unmutated queries with an error or warning finding: how many, and the first few.
    for (const figure of ["clean_full_iri", "clean_prefixed"]) {
      const bad = misses[figure] ?? [];
      if (!bad.length) continue;
      console.log(`\n${figure}: ${bad.length} unmutated quer${bad.length === 1 ? "y has" : "ies have"} an error or warning finding` +
                  " (or the call failed); the first few:");
      for (const b of bad.slice(0, DEBUG ? bad.length : 4)) {
        console.log(`  ${b.tag} (${b.which}): ${b.error ? `ERROR ${b.error.split("\n")[0]}` : b.missing ? "no findings field"
          : b.findings.map(short_finding).join("\n      ")}`);
      }
    }

    console.log("\nsanity (the benchmark's own checks):");
    console.log(`  forms agree        ${sanity.forms_agree.ok} / ${sanity.forms_agree.all}  (full-IRI and prefixed texts answer as the given text)`);
    console.log(`  oracle agrees      ${sanity.oracle_agree.ok} / ${sanity.oracle_agree.all}  (the given text's answer against Oxigraph on the unsharded graph)`);
    if (rewrite_problems.length) console.log(`  rewriting changed the meaning of ${rewrite_problems.length}: ${rewrite_problems.slice(0, 5).join(", ")}`);
    for (const line of [...sanity.reference_failed.map((l) => `reference run failed: ${l}`), ...sanity.forms_agree.bad, ...sanity.oracle_agree.bad].slice(0, 8)) {
      console.log(`  ! ${line}`);
    }
    console.log(`  fields seen: run_sparql_query findings ${seen.run_findings}/${seen.runs}, prefixes_added ` +
                `${seen.run_prefixes_added}/${seen.runs}, diagnosis ${seen.run_diagnosis}/${seen.runs}; validate_query findings ` +
                `${seen.validate_findings}/${seen.validations}`);
    const ms = (list, p) => {
      if (!list.length) return "-";
      const sorted = [...list].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1);
    };
    for (const [name, list] of Object.entries(caller.times)) {
      if (list.length) console.log(`  ${name.padEnd(17)} ${list.length} calls, median ${ms(list, 50)} ms, p90 ${ms(list, 90)} ms, max ${ms(list, 100)} ms (client side, stdio included)`);
    }
    console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`);

    if (DEBUG) {
      for (const [name, list] of Object.entries(misses)) {
        if (name.startsWith("clean_")) continue;
        console.log(`\nmisses of ${name} (${list.length}):`);
        for (const miss of list) console.log(`  ${typeof miss === "function" ? miss() : miss}`);
      }
    }
    if (options.out) {
      mkdirSync(dirname(options.out), { recursive: true });
      writeFileSync(options.out, `${JSON.stringify({
        date: new Date().toISOString(),
        options: { ...options, ids: options.ids && [...options.ids], match: options.match?.source },
        results, sanity, records,
      }, null, 1)}\n`);
      console.log(`\nper-query and per-mutation records written to ${options.out}`);
    }
    if (options.check && below) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

function print_table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const [n, row] of rows.entries()) {
    console.log(row.map((cell, i) => (i < 2 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  "));
    if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}

let cleanup = async () => {};
run_main("validation.mjs", main, () => cleanup);
