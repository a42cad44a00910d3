#!/usr/bin/env node
// The VoID benchmark (issue 14, "Goals and figures"): computing the description of a generated
// endpoint, cache hits, and the naive way as a peer, in one run. Prints figures; asserts nothing.
//
//   node bench/void_compute.mjs [--triples N] [--oxigraph-triples N] [--hits N]
//       [--naive-timeout-ms N] [--wait-ms N] [--skip oxigraph,naive,mcp] [--trace] [--bin PATH]
//       [--data-cache DIR] [--json FILE]
//
// 1. Virtuoso (tests/e2e/lib/void_servers.mjs, start_void_virtuoso) with --triples generated
//    triples (default 1,000,000) bulk-loaded into a graph of their own, reached as one endpoint
//    (default-graph-uri). The data and its exact figures (tests/servers/void/count.mjs) are kept
//    in --data-cache (default build/void-data) between runs.
// 2. `sparql-mcp void bench --void-cache TMP`, the catalogue naming that endpoint: its result
//    line gives the queries, the computation's time and the longest query; the wall-clock time
//    of the command is printed beside it. The cache file it wrote is read with the oxigraph npm
//    store and compared with the counter's figures: totals, class partitions (entities),
//    property partitions (triples, distinct subjects and objects), and the properties of each
//    class (triples, distinct subjects and objects, object classes, datatypes, languages).
// 3. The naive peer: the same statistics with the whole-dataset GROUP BY queries of SPORTAL
//    (tests/e2e/lib/void_figures.mjs sparql_figures), sent straight to the endpoint one after
//    another, each timed and abandoned after --naive-timeout-ms (default 20,000, the server's
//    time per query); whether any answer reached Virtuoso's 10,000-row cap (X-SPARQL-MaxRows
//    or as many rows) or timed out, whether its counts equal the counter's, and the ratio of
//    our computation's time to the naive total.
// 4. get_void_descriptions through a real MCP client (the TypeScript SDK over stdio) with the
//    tool's default wait (or --wait-ms, the tool's timeout_ms), on an empty cache folder:
//    whether the computation finished within the call or the call answered partial (then the
//    time until the cache file appeared, as the computation finished in the background), and
//    the progress notifications received (the server sends one every 5 s).
// 5. Cache hits: --hits calls (default 200) of get_void_descriptions in that process, then in
//    a new process on the same cache folder (its first call apart): the server's own time
//    (structuredContent.server_time_ms) and the client's round trip, for the default summary
//    and for detail=full and detail=turtle.
// 6. The same computation and peer on Oxigraph (tests/servers/oxigraph-server.mjs, the npm
//    store) with --oxigraph-triples (default: --triples, at most 1,000,000).
//
// Everything listens on 127.0.0.1 and is stopped by PID. The machine's load average is printed
// at the start and the end: compare figures within one run.
import { execFile } from "node:child_process";
import { createServer, request as http_request } from "node:http";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { command_options } from "./lib/cli.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(REPO, "tests", "e2e", "package.json"));

const USAGE = `usage: node bench/void_compute.mjs [--triples N] [--oxigraph-triples N] [--hits N]
         [--naive-timeout-ms N] [--wait-ms N] [--skip oxigraph,naive,mcp] [--trace] [--bin PATH]
         [--data-cache DIR] [--json FILE]
  --triples N            generated triples on Virtuoso (default 1000000)
  --oxigraph-triples N   generated triples on Oxigraph (default: --triples, at most 1000000;
                         0 skips Oxigraph)
  --hits N               cached get_void_descriptions calls per process and detail (default 200)
  --naive-timeout-ms N   time after which a naive query is abandoned (default 20000)
  --wait-ms N            the MCP call's timeout_ms (default: none, the tool's default wait)
  --skip LIST            leave out oxigraph, naive and/or mcp
  --trace                also run the command through a timing proxy: its queries by phase
  --bin PATH             sparql-mcp (default: SPARQL_MCP_BIN, else build/release or build/dev)
  --data-cache DIR       generated data and their figures, kept between runs (build/void-data)
  --json FILE            also write every figure as JSON
Needs tests/e2e/node_modules (cd tests/e2e && npm ci) and Virtuoso (scripts/install-deps.sh).
`;

function usage(message) {
  process.stderr.write(`void_compute.mjs: ${message}\n${USAGE}`);
  process.exit(2);
}

function default_binary() {
  if (process.env.SPARQL_MCP_BIN) return process.env.SPARQL_MCP_BIN;
  for (const preset of ["release", "dev"]) {
    const path = join(REPO, "build", preset, "src", "app", "sparql-mcp");
    if (existsSync(path)) return path;
  }
  return join(REPO, "build", "release", "src", "app", "sparql-mcp");
}

function parse_arguments(argv) {
  const options = {
    triples: 1_000_000, oxigraph_triples: null, hits: 200, naive_timeout_ms: 20000, skip: new Set(), trace: false,
    wait_ms: null,
    bin: null, data_cache: join(REPO, "build", "void-data"), json: null,
  };
  for (const { key, arg, value } of command_options(argv, usage)) {
    const whole = (min, max) => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < min || n > max) usage(`${key} needs a whole number from ${min} to ${max}`);
      return n;
    };
    if (key === "--help" || key === "-h") {
      process.stdout.write(USAGE);
      process.exit(0);
    } else if (key === "--triples") options.triples = whole(1000, 20_000_000);
    else if (key === "--oxigraph-triples") options.oxigraph_triples = whole(0, 20_000_000);
    else if (key === "--hits") options.hits = whole(1, 100_000);
    else if (key === "--naive-timeout-ms") options.naive_timeout_ms = whole(100, 3_600_000);
    else if (key === "--wait-ms") options.wait_ms = whole(0, 600_000);
    else if (key === "--skip") {
      for (const part of value().split(",").map((s) => s.trim()).filter(Boolean)) {
        if (!["oxigraph", "naive", "mcp"].includes(part)) usage(`--skip takes oxigraph, naive, mcp; got '${part}'`);
        options.skip.add(part);
      }
    } else if (key === "--trace") options.trace = true;
    else if (key === "--bin") options.bin = resolve(value());
    else if (key === "--data-cache") options.data_cache = resolve(value());
    else if (key === "--json") options.json = resolve(value());
    else usage(`unknown argument ${arg}`);
  }
  options.bin ??= default_binary();
  options.oxigraph_triples ??= Math.min(options.triples, 1_000_000);
  if (options.skip.has("oxigraph")) options.oxigraph_triples = 0;
  if (!existsSync(options.bin)) usage(`no sparql-mcp at ${options.bin}: build it or give --bin`);
  return options;
}

// --- printing ---

const ms = (x) => (x === null || x === undefined || Number.isNaN(x) ? "-" : `${x < 10 ? x.toFixed(3) : x.toFixed(0)} ms`);
const grouped = (n) => (typeof n === "number" ? n.toLocaleString("en-US") : String(n));
const load_text = () => loadavg().map((x) => x.toFixed(2)).join(" ");
function heading(text) {
  console.log(`\n== ${text}`);
}
function percentile(samples, p) {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

// --- the catalogue and the command ---

function write_catalogue(dir, id, endpoint) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "bench.ttl"), `@prefix void: <http://rdfs.org/ns/void#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix smcp: <https://w3id.org/sparql-mcp/vocab#> .
<#${id}> a void:Dataset ; smcp:id "${id}" ; dcterms:title "VoID benchmark" ;
  dcterms:description "Generated data for bench/void_compute.mjs." ;
  void:sparqlEndpoint <${endpoint}> .
`);
  return dir;
}

// `sparql-mcp void ID`: resolves { wall_ms, line, status, queries, compute_ms, longest_ms, missing }.
function run_void_command(bin, catalogue, cache, id) {
  return new Promise((resolve_run, reject) => {
    const started = performance.now();
    execFile(bin, ["void", id, "--catalogue", catalogue, "--void-cache", cache, "--log-level", "warn"],
             { timeout: 3_600_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const wall_ms = performance.now() - started;
      if (error) {
        reject(new Error(`sparql-mcp void failed: ${error.message}\n${stdout}\n${stderr.slice(-2000)}`));
        return;
      }
      const line = stdout.trim().split("\n").find((l) => l.startsWith(`${id}: `)) ?? "";
      const m = /^\S+: (\w+),.*?; (\d+) queries in (\d+) ms, the longest (\d+) ms(?:; (\d+) parts missing)?/.exec(line);
      if (!m) {
        reject(new Error(`unexpected output of sparql-mcp void: ${stdout}\n${stderr.slice(-2000)}`));
        return;
      }
      resolve_run({ wall_ms, line, status: m[1], queries: Number(m[2]), compute_ms: Number(m[3]),
                    longest_ms: Number(m[4]), missing: Number(m[5] ?? 0) });
    });
  });
}

// --- reading our cache file (with the oxigraph npm store, independently of sparql-mcp) ---

const PREFIXES = `PREFIX void: <http://rdfs.org/ns/void#>
PREFIX void-ext: <http://ldf.fi/void-ext#>
PREFIX smcp: <https://w3id.org/sparql-mcp/vocab#>
PREFIX prov: <http://www.w3.org/ns/prov#>
`;

function read_cache_file(path) {
  const oxigraph = require("oxigraph");
  const store = new oxigraph.Store();
  store.load(readFileSync(path, "utf8"), { format: "text/turtle" });
  const rows = (query) =>
    JSON.parse(store.query(PREFIXES + query, { results_format: "application/sparql-results+json" })).results.bindings;
  const n = (term) => (term ? Number(term.value) : null);
  const name = (term) => (term.type === "bnode" ? `_:${term.value}` : term.value);
  const [d] = rows(`SELECT * { ?d a void:Dataset ; smcp:id ?id ; prov:wasGeneratedBy ?a .
    OPTIONAL { ?d void:triples ?t } OPTIONAL { ?d void:distinctSubjects ?ds } OPTIONAL { ?d void:distinctObjects ?do }
    OPTIONAL { ?d void:classes ?nc } OPTIONAL { ?d void:properties ?np }
    OPTIONAL { ?a smcp:queries ?q } OPTIONAL { ?a smcp:failedQueries ?fq } OPTIONAL { ?a smcp:longestQueryMs ?lq }
    OPTIONAL { ?a prov:startedAtTime ?start } OPTIONAL { ?a prov:endedAtTime ?end } }`);
  if (!d) throw new Error(`${path}: no void:Dataset with smcp:id and provenance`);
  const missing = rows(`SELECT ?part ?subject ?reason { ?a smcp:missing ?m . ?m smcp:part ?part ; smcp:reason ?reason .
    OPTIONAL { ?m smcp:subject ?subject } }`).map((r) => ({ part: r.part.value, subject: r.subject?.value ?? "",
                                                             reason: r.reason.value }));
  const classes = new Map();
  for (const r of rows(`SELECT ?c ?n { ?d a void:Dataset ; void:classPartition ?cp . ?cp void:class ?c .
      OPTIONAL { ?cp void:entities ?n } }`)) {
    classes.set(name(r.c), { class: name(r.c), entities: n(r.n), properties: new Map() });
  }
  const nested = `?d a void:Dataset ; void:classPartition ?cp . ?cp void:class ?c ; void:propertyPartition ?pp .
    ?pp void:property ?p`;
  for (const r of rows(`SELECT * { ${nested} . OPTIONAL { ?pp void:triples ?t } OPTIONAL { ?pp void:distinctSubjects ?ds }
      OPTIONAL { ?pp void:distinctObjects ?do } }`)) {
    classes.get(name(r.c))?.properties.set(r.p.value, {
      property: r.p.value, triples: n(r.t), distinct_subjects: n(r.ds), distinct_objects: n(r.do),
      object_classes: {}, datatypes: {}, languages: {},
    });
  }
  const entry = (r) => classes.get(name(r.c))?.properties.get(r.p.value);
  for (const r of rows(`SELECT * { ${nested} ; void:classPartition ?k . ?k void:class ?o OPTIONAL { ?k void:triples ?n } }`)) {
    const e = entry(r);
    if (e) e.object_classes[name(r.o)] = n(r.n);
  }
  for (const r of rows(`SELECT * { ${nested} ; void-ext:datatypePartition ?k . ?k void-ext:datatype ?o
      OPTIONAL { ?k void:triples ?n } }`)) {
    const e = entry(r);
    if (e) e.datatypes[r.o.value] = n(r.n);
  }
  const languages = "(void-ext:languagePartition|void-ext:datatypePartition/void-ext:languagePartition)";
  for (const r of rows(`SELECT DISTINCT ?c ?p ?o ?n { ${nested} ; ${languages} ?k .
      ?k void-ext:language ?o OPTIONAL { ?k void:triples ?n } }`)) {
    const e = entry(r);
    if (e) e.languages[r.o.value.toLowerCase()] = n(r.n);
  }
  const properties = rows(`SELECT * { ?d a void:Dataset ; void:propertyPartition ?pp . ?pp void:property ?p .
      OPTIONAL { ?pp void:triples ?t } OPTIONAL { ?pp void:distinctSubjects ?ds } OPTIONAL { ?pp void:distinctObjects ?do } }`)
    .map((r) => ({ property: r.p.value, triples: n(r.t), distinct_subjects: n(r.ds), distinct_objects: n(r.do) }));
  return {
    triples: n(d.t), distinct_subjects: n(d.ds), distinct_objects: n(d.do), class_count: n(d.nc),
    property_count: n(d.np), queries: n(d.q), failed_queries: n(d.fq), longest_query_ms: n(d.lq),
    started: d.start?.value, ended: d.end?.value, missing,
    classes: [...classes.values()].map((c) => ({ ...c, properties: [...c.properties.values()] })),
    properties,
  };
}

// --- comparing with the counter's exact figures ---

// Compares `got` (read_cache_file's figures, or sparql_figures') with the counter's. Resolves
// { ok, checked: {part: [equal, total]}, differences: [text] }.
function compare_figures(got, exact, { class_properties = true } = {}) {
  const checked = {};
  const differences = [];
  const check = (part, what, a, b) => {
    checked[part] ??= [0, 0];
    ++checked[part][1];
    if (a === b) ++checked[part][0];
    else if (differences.length < 200) differences.push(`${what}: ${a} instead of ${b}`);
  };
  for (const key of ["triples", "distinct_subjects", "distinct_objects", "class_count", "property_count"]) {
    check("totals", key, got[key], exact[key]);
  }
  const classes = new Map(got.classes.map((c) => [c.class, c]));
  for (const c of exact.classes) {
    const mine = classes.get(c.class);
    check("class entities", `entities of ${c.class}`, mine?.entities ?? "no partition", c.entities);
    if (!class_properties) continue;
    const props = new Map((mine?.properties ?? []).map((p) => [p.property, p]));
    for (const p of c.properties) {
      const m = props.get(p.property);
      const what = `${c.class} ${p.property}`;
      for (const key of ["triples", "distinct_subjects", "distinct_objects"]) {
        check("class properties", `${key} of ${what}`, m?.[key] ?? "none", p[key]);
      }
      const maps = (a, b) => JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b).sort());
      for (const key of ["object_classes", "datatypes", "languages"]) {
        const same = maps(m?.[key], p[key]);
        check("class properties' values", `${key} of ${what}`, same ? "equal" : JSON.stringify(m?.[key] ?? null),
              same ? "equal" : JSON.stringify(p[key]));
      }
    }
    check("class properties", `properties of ${c.class}`, mine?.properties.length ?? 0, c.properties.length);
  }
  check("class entities", "class partitions", got.classes.length, exact.classes.length);
  const properties = new Map(got.properties.map((p) => [p.property, p]));
  for (const p of exact.properties) {
    const m = properties.get(p.property);
    for (const key of ["triples", "distinct_subjects", "distinct_objects"]) {
      check("property partitions", `${key} of ${p.property}`, m?.[key] ?? "none", p[key]);
    }
  }
  check("property partitions", "property partitions", got.properties.length, exact.properties.length);
  return { ok: differences.length === 0 && Object.values(checked).every(([a, b]) => a === b), checked, differences };
}

function print_comparison(label, comparison) {
  const parts = Object.entries(comparison.checked).map(([part, [equal, total]]) => `${part} ${equal}/${total}`);
  console.log(`${label}: ${comparison.ok ? "equal to the counter's figures" : "DIFFERENT from the counter's figures"} ` +
              `(${parts.join(", ")})`);
  for (const line of comparison.differences.slice(0, 10)) console.log(`    ${line}`);
  if (comparison.differences.length > 10) console.log(`    ... ${comparison.differences.length - 10} more`);
}

// --- the timing proxy (--trace) ---

// A loopback HTTP proxy in front of `target_url` that times every request from its first byte
// in to its last byte out. Resolves { url (target_url's path and query on the proxy), log,
// close() }.
async function start_trace_proxy(target_url) {
  const target = new URL(target_url);
  const log = [];
  const query_of = (request, body) => {
    const type = request.headers["content-type"] ?? "";
    if (request.method === "POST" && type.startsWith("application/x-www-form-urlencoded")) {
      return new URLSearchParams(body.toString("utf8")).get("query") ?? "";
    }
    if (request.method === "POST") return body.toString("utf8");
    return new URL(request.url, target).searchParams.get("query") ?? "";
  };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const entry = { query: query_of(request, body), method: request.method, path: request.url.split("?")[0], ms: 0,
                      status: 0, bytes: 0, error: null };
      const started = performance.now();
      const upstream = http_request({ host: target.hostname, port: target.port, method: request.method, path: request.url,
                                      headers: { ...request.headers, host: target.host } }, (answer) => {
        entry.status = answer.statusCode;
        response.writeHead(answer.statusCode, answer.headers);
        answer.on("data", (chunk) => {
          entry.bytes += chunk.length;
          response.write(chunk);
        });
        answer.on("end", () => {
          response.end();
          entry.ms = performance.now() - started;
          log.push(entry);
        });
      });
      upstream.on("error", (error) => {
        entry.error = error.message;
        entry.ms = performance.now() - started;
        log.push(entry);
        response.destroy();
      });
      response.on("close", () => upstream.destroy());  // the client gave up: so does the proxy
      upstream.end(body);
    });
  });
  await new Promise((resolve_listen, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve_listen);
  });
  const url = `http://127.0.0.1:${server.address().port}${target.pathname}${target.search}`;
  return { url, log, close: () => new Promise((r) => server.close(r)) };
}

// The phase of a request the command sent, from its query (src/void/compute_queries.cpp, as
// the federation source writes it out again: `?s a <C> . ?s ?p ?o .`); requests for published
// VoID (discover.cpp) are "discovery".
function phase_of(entry) {
  const q = entry.query.replace(/\s+/g, " ").replace(/ ; \?p \?o/, " . ?s ?p ?o");
  if (q === "" || q.includes("http://rdfs.org/ns/void#")) return "discovery (published VoID)";
  if (/\?s a <[^>]*> \. \?s \?p \?o \. \?o a \?d/.test(q)) return "per class: object classes";
  if (/\?s a <[^>]*> \. \?s \?p \?o \. FILTER ?\(isLiteral/i.test(q)) return "per class: literals";
  if (/\?s a <[^>]*> \. \?s \?p \?o \.? ?\}/.test(q)) return "per class: properties";
  if (/AS \?ds\) \(COUNT\(DISTINCT \?o\) AS \?do\) WHERE \{ \?s (<[^>]*>|a) \?o/.test(q)) {
    return "per property: distinct subjects and objects";
  }
  if (/COUNT\(DISTINCT \?[so]\) AS \?n\) WHERE \{ \?s \?p \?o/.test(q)) return "dataset distincts";
  return "totals";
}

function print_trace(log) {
  const phases = new Map();
  for (const entry of log) {
    const phase = phase_of(entry);
    const p = phases.get(phase) ?? { queries: 0, ms: 0, longest: 0 };
    ++p.queries;
    p.ms += entry.ms;
    p.longest = Math.max(p.longest, entry.ms);
    phases.set(phase, p);
  }
  console.log(`traced: ${log.length} requests on the wire (${log.filter((e) => e.error || e.status !== 200).length} ` +
              "not answered 200)");
  const order = ["discovery (published VoID)", "totals", "per class: properties", "per class: object classes",
                 "per class: literals", "per property: distinct subjects and objects", "dataset distincts"];
  for (const [phase, p] of [...phases].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))) {
    console.log(`    ${phase.padEnd(44)} ${String(p.queries).padStart(4)} requests, ${ms(p.ms).padStart(9)} in all, ` +
                `the longest ${ms(p.longest)}`);
  }
  console.log("    the five longest:");
  for (const entry of [...log].sort((a, b) => b.ms - a.ms).slice(0, 5)) {
    const what = entry.query ? entry.query.replace(/\s+/g, " ") : `${entry.method} ${entry.path} (${entry.status})`;
    console.log(`    ${ms(entry.ms).padStart(9)}  ${what.slice(0, 120)}`);
  }
  return Object.fromEntries(phases);
}

// --- the naive peer ---

// A select() for sparql_figures that times each query, notes caps and abandons it after
// `timeout_ms`. A failed query answers no rows (or, for an aggregate without GROUP BY, one row
// of NaNs), so the others still run and are timed.
function timed_select(url, { timeout_ms, cap = 10000 }) {
  const { origin, pathname, searchParams } = new URL(url);
  const log = [];
  const failed_row = new Proxy({}, { get: () => ({ type: "literal", value: "NaN" }) });
  const select = async (query) => {
    const body = new URLSearchParams(searchParams);
    body.set("query", query);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeout_ms);
    const entry = { query: query.replace(/^PREFIX[^\n]*\n/gm, "").replace(/\s+/g, " ").trim(), ms: 0, rows: null,
                    capped: false, error: null };
    const started = performance.now();
    try {
      const response = await fetch(`${origin}${pathname}`, {
        method: "POST", body, signal: controller.signal,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/sparql-results+json" },
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
      const rows = JSON.parse(text).results.bindings;
      entry.rows = rows.length;
      entry.capped = rows.length >= cap || response.headers.has("x-sparql-maxrows");
      entry.sql_state = response.headers.get("x-sql-state");
      return rows;
    } catch (error) {
      entry.error = controller.signal.aborted ? `timeout after ${timeout_ms} ms` : error.message;
      return /GROUP BY/.test(query) ? [] : [failed_row];
    } finally {
      clearTimeout(timer);
      entry.ms = performance.now() - started;
      log.push(entry);
    }
  };
  return { select, log };
}

async function run_naive(url, exact, timeout_ms) {
  const { sparql_figures } = await import("../tests/e2e/lib/void_figures.mjs");
  const { select, log } = timed_select(url, { timeout_ms });
  const started = performance.now();
  let figures = null;
  let error = null;
  try {
    figures = await sparql_figures(select);
  } catch (e) {
    error = e.message;
  }
  const total_ms = performance.now() - started;
  const comparison = figures ? compare_figures(figures, exact) : null;
  return { total_ms, queries: log, error, comparison };
}

function print_naive(label, naive) {
  console.log(`${label}: ${naive.queries.length} queries one after another, ${ms(naive.total_ms)} in all`);
  for (const q of naive.queries) {
    const what = q.error ? `FAILED: ${q.error}` : `${grouped(q.rows)} rows${q.capped ? " AT THE CAP" : ""}` +
      (q.sql_state ? ` X-SQL-State ${q.sql_state}` : "");
    console.log(`    ${ms(q.ms).padStart(9)}  ${what.padEnd(16)}  ${q.query.slice(0, 110)}`);
  }
  const capped = naive.queries.filter((q) => q.capped).length;
  const failed = naive.queries.filter((q) => q.error).length;
  const longest = Math.max(...naive.queries.map((q) => q.ms));
  console.log(`    the longest ${ms(longest)}; at the 10,000-row cap: ${capped}; timed out or failed: ${failed}`);
  if (naive.error) console.log(`    the naive figures could not be assembled: ${naive.error}`);
  if (naive.comparison) print_comparison("    counts", naive.comparison);
  return { capped, failed, longest };
}

// --- the computation on one endpoint: the command, then the naive peer ---

async function bench_endpoint(label, url, exact, options, work_dir) {
  const catalogue = write_catalogue(join(work_dir, `catalogue-${label}`), "bench", url);
  const cache = join(work_dir, `cache-${label}-cli`);
  heading(`${label}: sparql-mcp void (${grouped(exact.triples)} triples, ${exact.class_count} classes, ` +
          `${exact.property_count} properties; load average ${load_text()})`);
  const run = await run_void_command(options.bin, catalogue, cache, "bench");
  console.log(run.line);
  const file = join(cache, "bench.ttl");
  const read = read_cache_file(file);
  console.log(`status ${run.status}; ${run.queries} queries (${read.failed_queries} failed); computation ${ms(run.compute_ms)} ` +
              `(the command ${ms(run.wall_ms)} wall clock, start-up included); the longest query ${ms(run.longest_ms)}; ` +
              `cache file ${grouped(statSync(file).size)} bytes`);
  for (const m of read.missing.slice(0, 5)) console.log(`    missing: ${m.part} ${m.subject}: ${m.reason}`);
  const comparison = compare_figures(read, exact);
  print_comparison("counts in the cache file", comparison);
  const result = { label, triples: exact.triples, command: run, missing: read.missing.length, comparison };
  if (options.trace) {
    heading(`${label}: sparql-mcp void again, through the timing proxy (load average ${load_text()})`);
    const proxy = await start_trace_proxy(url);
    try {
      const traced_catalogue = write_catalogue(join(work_dir, `catalogue-${label}-traced`), "bench", proxy.url);
      const traced = await run_void_command(options.bin, traced_catalogue, join(work_dir, `cache-${label}-traced`), "bench");
      console.log(traced.line);
      result.trace = { command: traced, phases: print_trace(proxy.log) };
    } finally {
      await proxy.close();
    }
  }
  if (!options.skip.has("naive")) {
    heading(`${label}: the naive peer, SPORTAL's whole-dataset GROUP BYs (load average ${load_text()})`);
    const naive = await run_naive(url, exact, options.naive_timeout_ms);
    const summary = print_naive("naive", naive);
    const ratio = run.compute_ms / naive.total_ms;
    console.log(`ratio ours/naive: ${ratio.toFixed(2)} (${ms(run.compute_ms)} / ${ms(naive.total_ms)}); ` +
                `queries ${run.queries} / ${naive.queries.length}; longest query ${ms(run.longest_ms)} / ${ms(summary.longest)}`);
    result.naive = { total_ms: naive.total_ms, queries: naive.queries, ...summary, equal: naive.comparison?.ok ?? false,
                     error: naive.error };
    result.ratio = ratio;
  }
  return result;
}

// --- MCP: the tool with its default wait, then cache hits ---

async function tool_calls(client, CallToolResultSchema, args, count) {
  const server = [];
  const round_trip = [];
  for (let i = 0; i < count; ++i) {
    const started = performance.now();
    const result = await client.request({ method: "tools/call", params: { name: "get_void_descriptions", arguments: args } },
                                        CallToolResultSchema, { timeout: 60000 });
    round_trip.push(performance.now() - started);
    const entry = result.structuredContent?.descriptions?.[0];
    if (result.isError || entry?.status !== "cached") {
      throw new Error(`a cached call answered ${result.isError ? "an error" : entry?.status}: ` +
                      `${JSON.stringify(result).slice(0, 500)}`);
    }
    server.push(result.structuredContent.server_time_ms);
  }
  return { server, round_trip };
}

const DETAILS = [["summary", {}], ["full", { detail: "full" }], ["turtle", { detail: "turtle" }]];

async function hits_in(client, CallToolResultSchema, options, first_call) {
  const rows = [];
  for (const [detail, extra] of DETAILS) {
    const args = { endpoint: "bench", ...extra };
    const first = first_call && detail === "summary" ? await tool_calls(client, CallToolResultSchema, args, 1) : null;
    const { server, round_trip } = await tool_calls(client, CallToolResultSchema, args, options.hits);
    rows.push({ detail, first_server_ms: first?.server[0] ?? null, first_round_trip_ms: first?.round_trip[0] ?? null,
                server_median_ms: percentile(server, 50), server_p99_ms: percentile(server, 99),
                round_trip_median_ms: percentile(round_trip, 50), round_trip_p99_ms: percentile(round_trip, 99),
                calls: server.length });
  }
  return rows;
}

function print_hits(label, rows) {
  console.log(`${label}:`);
  for (const r of rows) {
    const first = r.first_server_ms === null ? "" :
      `first call: server ${ms(r.first_server_ms)}, round trip ${ms(r.first_round_trip_ms)}; then `;
    console.log(`    ${r.detail.padEnd(8)} ${first}${r.calls} calls: server median ${ms(r.server_median_ms)} ` +
                `p99 ${ms(r.server_p99_ms)}; round trip median ${ms(r.round_trip_median_ms)} p99 ${ms(r.round_trip_p99_ms)}`);
  }
}

async function bench_mcp(url, exact, options, work_dir) {
  process.env.SPARQL_MCP_BIN = options.bin;
  const { connect_sdk } = await import("../tests/e2e/lib/mcp.mjs");
  const { CallToolResultSchema } = require("@modelcontextprotocol/sdk/types.js");
  const catalogue = write_catalogue(join(work_dir, "catalogue-mcp"), "bench", url);
  const cache = join(work_dir, "cache-mcp");
  mkdirSync(cache, { recursive: true });
  const file = join(cache, "bench.ttl");
  const result = {};

  const wait = options.wait_ms === null ? "its default wait" : `timeout_ms ${options.wait_ms}`;
  heading(`get_void_descriptions with ${wait}, an empty cache (load average ${load_text()})`);
  let session = await connect_sdk(catalogue, ["--void-cache", cache]);
  try {
    let progress = 0;
    const started = performance.now();
    const args = { endpoint: "bench", ...(options.wait_ms === null ? {} : { timeout_ms: options.wait_ms }) };
    const answer = await session.client.callTool({ name: "get_void_descriptions", arguments: args },
                                                 undefined, { timeout: 600000, onprogress: () => { ++progress; } });
    const call_ms = performance.now() - started;
    const entry = answer.structuredContent?.descriptions?.[0];
    if (answer.isError || !entry) throw new Error(`the call failed: ${JSON.stringify(answer).slice(0, 1000)}`);
    result.call = { status: entry.status, call_ms, progress, queries: entry.source?.queries ?? null,
                    server_time_ms: answer.structuredContent.server_time_ms };
    console.log(`the call answered ${entry.status} after ${ms(call_ms)} (${progress} progress notifications, one per 5 s, ` +
                `${entry.source?.queries ?? "?"} queries answered by then)`);
    if (entry.status === "partial") {
      // The computation goes on in the background; its end is the cache file's appearance.
      const missing_part = entry.summary?.missing?.[0];
      if (missing_part) console.log(`    its note on what is missing: ${JSON.stringify(missing_part).slice(0, 200)}`);
      while (!existsSync(file) && performance.now() - started < 900000) await new Promise((r) => setTimeout(r, 20));
      result.call.file_after_ms = existsSync(file) ? performance.now() - started : null;
      console.log(result.call.file_after_ms === null
        ? "the cache file did not appear within 900 s"
        : `finished in the background: the cache file appeared ${ms(result.call.file_after_ms)} after the call began`);
    } else {
      console.log(`finished within one call${existsSync(file) ? " (the cache file is written)" : ""}`);
    }
    if (existsSync(file)) {
      const read = read_cache_file(file);
      result.comparison = compare_figures(read, exact);
      print_comparison(`counts in the cache file (${read.queries} queries, the longest ${ms(read.longest_query_ms)})`,
                       result.comparison);
    }

    heading(`cache hits, ${options.hits} calls per detail (load average ${load_text()})`);
    result.same_process = await hits_in(session.client, CallToolResultSchema, options, false);
    print_hits("in the process that computed it", result.same_process);
  } finally {
    await session.close();
  }
  const connect_started = performance.now();
  session = await connect_sdk(catalogue, ["--void-cache", cache]);
  const connect_ms = performance.now() - connect_started;
  try {
    result.new_process = await hits_in(session.client, CallToolResultSchema, options, true);
    result.new_process_start_ms = connect_ms;
    print_hits(`in a new process on the same cache folder (started and initialized in ${ms(connect_ms)})`,
               result.new_process);
  } finally {
    await session.close();
  }
  return result;
}

// --- the run ---

// Steps 1-6, each server stopped (by PID) when its part is done or failed.
async function run_servers(options, figures, work_dir) {
  const { start_void_virtuoso, start_void_oxigraph } = await import("../tests/e2e/lib/void_servers.mjs");
  let virtuoso = null;
  try {
    heading(`Virtuoso with ${grouped(options.triples)} generated triples`);
    virtuoso = await start_void_virtuoso({ ways: [], bench_triples: options.triples, cache_dir: options.data_cache });
    const exact = virtuoso.bench.figures;
    console.log(`loaded in ${virtuoso.load_seconds} s: ${grouped(exact.triples)} triples, ${exact.class_count} classes, ` +
                `${exact.property_count} properties, ${grouped(exact.distinct_subjects)} distinct subjects, ` +
                `${grouped(exact.distinct_objects)} distinct objects (the counter's figures)`);
    figures.virtuoso = await bench_endpoint("Virtuoso", virtuoso.bench.url, exact, options, work_dir);
    if (!options.skip.has("mcp")) figures.mcp = await bench_mcp(virtuoso.bench.url, exact, options, work_dir);
  } finally {
    await virtuoso?.stop();
  }
  if (options.oxigraph_triples > 0) {
    heading(`Oxigraph (npm store) with ${grouped(options.oxigraph_triples)} generated triples`);
    const load_started = performance.now();
    const oxigraph = await start_void_oxigraph({ triples: options.oxigraph_triples, cache_dir: options.data_cache });
    try {
      console.log(`started and loaded in ${ms(performance.now() - load_started)}`);
      figures.oxigraph = await bench_endpoint("Oxigraph", oxigraph.endpoint, oxigraph.figures, options, work_dir);
    } finally {
      await oxigraph.stop();
    }
  }
}

async function main() {
  const options = parse_arguments(process.argv.slice(2));
  const work_dir = mkdtempSync(join(tmpdir(), "sparqlmcp-void-bench-"));
  const figures = { date: new Date().toISOString(), cpus: cpus().length, load_start: loadavg(), bin: options.bin,
                    triples: options.triples, oxigraph_triples: options.oxigraph_triples };
  console.log(`VoID benchmark, ${figures.date}: ${cpus().length} CPUs, load average ${load_text()} (1, 5, 15 min); ` +
              `${options.bin}`);
  const started = performance.now();
  try {
    await run_servers(options, figures, work_dir);
  } finally {
    rmSync(work_dir, { recursive: true, force: true });
  }
  figures.load_end = loadavg();
  figures.total_ms = performance.now() - started;

  heading(`Figures (load average at the end ${load_text()}; the run took ${(figures.total_ms / 1000).toFixed(0)} s)`);
  for (const key of ["virtuoso", "oxigraph"]) {
    const f = figures[key];
    if (!f) continue;
    console.log(`${f.label}, ${grouped(f.triples)} triples: ${f.command.status} in ${ms(f.command.compute_ms)}, ` +
                `${f.command.queries} queries, the longest ${ms(f.command.longest_ms)}, counts ` +
                `${f.comparison.ok ? "exact" : "NOT exact"}` +
                (f.naive ? `; naive ${ms(f.naive.total_ms)} (${f.naive.queries.length} queries, the longest ` +
                           `${ms(f.naive.longest)}, ${f.naive.capped} at the cap, ${f.naive.failed} failed, counts ` +
                           `${f.naive.equal ? "exact" : "NOT exact"}); ours/naive ${f.ratio.toFixed(2)}` : ""));
  }
  if (figures.mcp) {
    const m = figures.mcp;
    const wait = options.wait_ms === null ? "default wait" : `timeout_ms ${options.wait_ms}`;
    console.log(`MCP tool, ${wait}: ${m.call.status} after ${ms(m.call.call_ms)}` +
                (m.call.file_after_ms !== undefined ? `, finished in the background after ${ms(m.call.file_after_ms)}` : "") +
                `; ${m.call.progress} progress notifications`);
    const hit = (rows) => rows.find((r) => r.detail === "summary");
    const same = hit(m.same_process);
    const fresh = hit(m.new_process);
    console.log(`cache hit (summary), server time: same process median ${ms(same.server_median_ms)} ` +
                `(p99 ${ms(same.server_p99_ms)}); new process median ${ms(fresh.server_median_ms)} ` +
                `(p99 ${ms(fresh.server_p99_ms)}), its first call ${ms(fresh.first_server_ms)} (its answer was rendered at start-up); ` +
                `round trips ${ms(same.round_trip_median_ms)}, ${ms(fresh.round_trip_median_ms)}, first ` +
                `${ms(fresh.first_round_trip_ms)}`);
    const met = (x) => (x < 1 ? "met" : "NOT met");
    console.log(`goal < 1 ms of server time: hits ${met(Math.max(same.server_median_ms, fresh.server_median_ms))}, ` +
                `the first call of a new process ${met(fresh.first_server_ms)}`);
  }
  if (options.json) {
    writeFileSync(options.json, `${JSON.stringify(figures, null, 1)}\n`);
    console.log(`figures written to ${options.json}`);
  }
}

main().catch((error) => {
  console.error(`void_compute: ${error.stack ?? error}`);
  process.exit(1);
});
