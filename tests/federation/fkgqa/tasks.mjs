#!/usr/bin/env node
// node tests/federation/fkgqa/tasks.mjs OUT_DIR ENDPOINTS.json [--only ID,...] [--gold-results]
//
// Benchmark tasks for sparql-mcp's evaluation mode (--tasks FILE, docs/evaluation.md) from a
// generated federated test set (generate.mjs) whose shards are served (serve.mjs): one JSON line
// per query of workload.json,
//   {"id": "world_1-3", "question": "...", "gold_query": "...", "gold_results"?: {...},
//    "endpoints": ["world_1-s2", ...]}
// - question: the Spider4SPARQL dev question of the query (dev.json, the file the queries come
//   from; the first of its questions in file order where several ask the same query);
// - gold_query: the precise form with each <urn:shard:ID> replaced by the shard's URL;
// - endpoints: the catalogue ids (= shard ids, serve.mjs) of the shards the precise form names;
// - gold_results (only when asked for): the original query's answer on the unsharded graph
//   (Oxigraph, oracle.mjs), as SPARQL 1.1 JSON results; left out where that answer is not the
//   only right one (a top-level LIMIT or OFFSET that cuts through rows tied in its ORDER BY, or
//   slices unordered rows), so that only the gold query scores those.
// ENDPOINTS.json is startShards(...).endpoints ({SHARD_ID: url}). Writes JSON Lines to stdout.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BASE, spider_path } from "../../data/spider_instances.mjs";
import { expected_answer, load_store } from "./oracle.mjs";
import { read_workload, with_endpoints } from "./serve.mjs";

const PROLOGUE = `PREFIX : <${BASE}>\n`; // what generate.mjs puts before each dev query

// The dev questions by graph and query text (the first question of each text).
function dev_questions() {
  const pairs = JSON.parse(readFileSync(spider_path("nl_sparql_pairs", "dev", "dev.json"), "utf8"));
  const questions = new Map();
  for (const pair of pairs) {
    const key = `${pair.kg_name}\n${pair.query}`;
    if (!questions.has(key)) questions.set(key, pair.question);
  }
  return questions;
}

// The shard ids a federated form names, in order of first mention.
export function named_shards(form) {
  return [...new Set([...form.matchAll(/SERVICE <urn:shard:([^>]+)>/g)].map((m) => m[1]))];
}

// Whether the answer expected_answer describes is the only right one: no top-level slice, or
// one whose edges fall between ORDER BY tie groups.
function unique_answer(expected) {
  if (expected.kind === "ask" || (expected.offset === 0 && expected.limit === null)) return true;
  const { rows, groups, offset, count } = expected;
  if (!groups) return offset === 0 && count === rows.length; // unordered: only an uncut slice
  const cut = (i) => i > 0 && i < rows.length && groups[i - 1] === groups[i];
  return !cut(offset) && !cut(offset + count);
}

// The original query's answer on `store` as SPARQL 1.1 JSON results.
function answer_json(store, query) {
  return JSON.parse(store.query(query, { results_format: "application/sparql-results+json" }));
}

// The tasks of the test set in OUT_DIR, in workload order: all queries, or those of `only` (an
// iterable of query ids, each of which must exist). `endpoints`: {SHARD_ID: url}.
export function benchmark_tasks(out_dir, endpoints, { only = null, gold_results = false } = {}) {
  const workload = read_workload(out_dir);
  const wanted = only ? new Set(only) : null;
  if (wanted) {
    const known = new Set(workload.queries.map((q) => q.id));
    const unknown = [...wanted].filter((id) => !known.has(id));
    if (unknown.length) throw new Error(`no query ${unknown.join(", ")} in ${join(out_dir, "workload.json")}`);
  }
  const questions = dev_questions();
  const stores = {};
  const store_of = (kg) => {
    stores[kg] ??= load_store(join(out_dir, workload.graphs.find((g) => g.kg === kg).file));
    return stores[kg];
  };
  const tasks = [];
  for (const q of workload.queries) {
    if (wanted && !wanted.has(q.id)) continue;
    if (!q.original.startsWith(PROLOGUE)) throw new Error(`${q.id}: the original does not start with ${PROLOGUE}`);
    const question = questions.get(`${q.kg}\n${q.original.slice(PROLOGUE.length)}`);
    if (question === undefined) throw new Error(`${q.id}: its query is not in Spider4SPARQL's dev.json`);
    const task = { id: q.id, question, gold_query: with_endpoints(q.precise, endpoints) };
    if (gold_results && unique_answer(expected_answer(store_of(q.kg), q.original))) {
      task.gold_results = answer_json(store_of(q.kg), q.original);
    }
    task.endpoints = named_shards(q.precise);
    tasks.push(task);
  }
  return tasks;
}

// The tasks as the JSON Lines `sparql-mcp --tasks` reads.
export function tasks_jsonl(tasks) {
  return tasks.map((task) => `${JSON.stringify(task)}\n`).join("");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const positional = [];
  const options = { only: null, gold_results: false };
  let wrong = null;
  for (let i = 0; i < args.length; ++i) {
    const [name, inline] = args[i].startsWith("--") ? args[i].split(/=(.*)/s) : [args[i]];
    if (name === "--only") options.only = (inline ?? args[++i] ?? "").split(",").filter(Boolean);
    else if (name === "--gold-results") options.gold_results = true;
    else if (name.startsWith("--")) wrong ??= `unknown option ${name}`;
    else positional.push(name);
  }
  if (!wrong && positional.length !== 2) wrong = `expected OUT_DIR and ENDPOINTS.json, got ${positional.length} arguments`;
  if (wrong) {
    console.error(`tasks.mjs: ${wrong}\n` +
                  "usage: tasks.mjs OUT_DIR ENDPOINTS.json [--only ID,...] [--gold-results]\n" +
                  "  ENDPOINTS.json: {\"SHARD_ID\": \"http://...\"}, the shards' URLs (serve.mjs startShards().endpoints)");
    process.exit(2);
  }
  try {
    const endpoints = JSON.parse(readFileSync(positional[1], "utf8"));
    process.stdout.write(tasks_jsonl(benchmark_tasks(positional[0], endpoints, options)));
  } catch (error) {
    console.error(`tasks.mjs: ${error.message}`);
    process.exit(1);
  }
}
