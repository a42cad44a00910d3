#!/usr/bin/env node
// Load benchmark of MCP over HTTP (issue 13 item 8): N concurrent clients (the official v2 SDK
// client over Streamable HTTP, 2026-07-28) each run a fixed number of run_sparql_query calls
// against `sparql-mcp --http`, then the same load against a reference MCP server written with
// the official TypeScript SDK v2 (bench/peers/reference-mcp-server.mjs) that forwards the same
// query to the same loopback Oxigraph endpoint. Prints, per server: calls, errors (must be 0),
// throughput, median and p99 latency, the server process's CPU time per call (utime + stime
// from /proc/PID/stat) and its resident memory before, right after and a while after the
// load; then the ratios. The two servers take turns for --rounds rounds (a fresh process each)
// and the summary takes each figure's median: on a shared machine one round's CPU figure moves
// by 20%. Bounded loops; asserts nothing.
//
//   node bench/mcp_load.mjs [--clients 50] [--calls 20] [--rounds 3] [--bin PATH] [--peers DIR]
import { existsSync, readFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { performance } from "node:perf_hooks";
// The v2 SDK client that tests/e2e installs (npm ci there).
import { Client, StreamableHTTPClientTransport } from "../tests/e2e/node_modules/@modelcontextprotocol/client/dist/index.mjs";
import { start_oxigraph } from "../tests/e2e/lib/servers.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const options = { clients: 50, calls: 20, rounds: 3, bin: process.env.SPARQL_MCP_BIN || join(REPO, "build", "release", "src", "app", "sparql-mcp"),
  peers: process.env.SPARQLMCP_PEERS_DIR || join(REPO, "build", "peers") };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, "");
  if (!(key in options)) { process.stderr.write(`mcp_load.mjs: unknown option ${process.argv[i]}\n`); process.exit(2); }
  options[key] = ["clients", "calls", "rounds"].includes(key) ? Number(process.argv[i + 1]) : process.argv[i + 1];
}
if (!(options.clients > 0 && options.clients <= 500 && options.calls > 0 && options.calls <= 1000 &&
      options.rounds > 0 && options.rounds <= 20)) {
  process.stderr.write("mcp_load.mjs: --clients must be 1..500, --calls 1..1000 and --rounds 1..20\n");
  process.exit(2);
}

const TICKS_PER_SECOND = 100;  // USER_HZ on Linux
function cpu_seconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;  // utime, stime
}
function rss_mib(pid) {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return match ? Number(match[1]) / 1024 : null;
}

// Starts a server process; resolves { pid, url, stop } once a stdout or stderr line names its URL.
function start(command, args, pattern) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  return new Promise((resolve_start, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        log += `${line}\n`;
        const match = line.match(pattern);
        if (match) {
          resolve_start({ pid: child.pid, url: match[1], log: () => log,
            stop: () => new Promise((done) => { child.once("exit", done); child.kill("SIGTERM"); }) });
        }
      });
    }
    child.once("exit", (code) => reject(new Error(`${command} exited (${code}) before listening:\n${log}`)));
  });
}

async function load(url, query) {
  const clients = [];
  for (let i = 0; i < options.clients; ++i) {
    const client = new Client({ name: `load-${i}`, version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
  }
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(clients.map(async (client) => {
    for (let n = 0; n < options.calls; ++n) {
      const t0 = performance.now();
      try {
        const result = await client.callTool({ name: "run_sparql_query", arguments: { query } });
        if (result.isError) ++errors;
      } catch {
        ++errors;
      }
      latencies.push(performance.now() - t0);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.close().catch(() => {})));
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)];
  return { calls: latencies.length, errors, seconds, median: at(0.5), p99: at(0.99) };
}

async function measure(label, server, query) {
  const rss_before = rss_mib(server.pid);
  const cpu_before = cpu_seconds(server.pid);
  const figures = await load(server.url, query);
  const cpu = cpu_seconds(server.pid) - cpu_before;
  const rss_after = rss_mib(server.pid);
  await new Promise((r) => setTimeout(r, 2000));  // a quiet moment: does memory come back?
  const rss_idle = rss_mib(server.pid);
  return { label, ...figures, cpu_ms_per_call: (cpu * 1000) / figures.calls, rss_before, rss_after, rss_idle };
}

const oxigraph = await start_oxigraph();
const endpoint = oxigraph.url("/query");
const inner = "PREFIX foaf: <http://xmlns.com/foaf/0.1/> SELECT ?p ?name WHERE { ?p foaf:name ?name } ORDER BY ?name LIMIT 20";
const ours_query = `PREFIX foaf: <http://xmlns.com/foaf/0.1/> SELECT ?p ?name WHERE { SERVICE <${endpoint}> { ?p foaf:name ?name } } ORDER BY ?name LIMIT 20`;
const runs = { ours: [], reference: [] };
const modules = join(options.peers, "mcp-reference", "node_modules");
const have_reference = existsSync(join(modules, "@modelcontextprotocol", "server"));
try {
  for (let round = 0; round < options.rounds; ++round) {
    const ours = await start(options.bin, ["--http", "127.0.0.1:0", "--endpoint", endpoint,
      "--catalogue", join(REPO, "examples", "catalogue.ttl")], /serving MCP over Streamable HTTP at (http:\S+)/);
    runs.ours.push(await measure("sparql-mcp", ours, ours_query));
    await ours.stop();
    if (!have_reference) continue;
    const reference = await start(process.execPath, [join(REPO, "bench", "peers", "reference-mcp-server.mjs"), modules, endpoint],
      /listening on (http:\S+)/);
    runs.reference.push(await measure("reference (SDK v2)", reference, inner));
    await reference.stop();
  }
} finally {
  await oxigraph.stop();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const median_row = (list) => {
  const row = { label: `${list[0].label} (median)` };
  for (const key of ["calls", "errors", "seconds", "median", "p99", "cpu_ms_per_call", "rss_before", "rss_after", "rss_idle"])
    row[key] = median(list.map((r) => r[key]));
  row.errors = list.reduce((sum, r) => sum + r.errors, 0);  // every error counts, not the median
  return row;
};

console.log(`MCP over Streamable HTTP under load: ${options.clients} clients x ${options.calls} calls of run_sparql_query, ` +
  `loopback Oxigraph endpoint, ${options.rounds} round(s) each`);
if (!have_reference) console.log(`reference (SDK v2): not run: not installed in ${modules} (run scripts/install-peers.sh)`);
console.log("server                       calls errors  calls/s  median ms  p99 ms  CPU ms/call  RSS MiB before/after/idle");
const print = (r) => console.log(`${r.label.padEnd(28)} ${String(r.calls).padStart(5)} ${String(r.errors).padStart(6)} ` +
  `${(r.calls / r.seconds).toFixed(0).padStart(8)} ${r.median.toFixed(1).padStart(10)} ${r.p99.toFixed(1).padStart(7)} ` +
  `${r.cpu_ms_per_call.toFixed(2).padStart(12)}  ${r.rss_before.toFixed(0)}/${r.rss_after.toFixed(0)}/${r.rss_idle.toFixed(0)}`);
for (let round = 0; round < options.rounds; ++round)
  for (const list of [runs.ours, runs.reference]) if (list[round]) print({ ...list[round], label: `${list[round].label} #${round + 1}` });
const a = median_row(runs.ours);
print(a);
if (runs.reference.length > 0) {
  const b = median_row(runs.reference);
  print(b);
  const ratios = runs.ours.map((r, i) => (runs.reference[i] ? (r.cpu_ms_per_call / runs.reference[i].cpu_ms_per_call).toFixed(2) : "-"));
  console.log(`sparql-mcp / reference (medians): CPU per call ${(a.cpu_ms_per_call / b.cpu_ms_per_call).toFixed(2)}x ` +
    `(rounds: ${ratios.join(", ")}), RSS after load ${(a.rss_after / b.rss_after).toFixed(2)}x (goal: both <= 0.2x); ` +
    `median latency ${(a.median / b.median).toFixed(2)}x`);
}
