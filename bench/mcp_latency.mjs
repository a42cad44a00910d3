#!/usr/bin/env node
// Round-trip latency of sparql-mcp over stdio, measured with the official MCP SDK client.
//
//   SPARQL_MCP_BIN=build/release/src/app/sparql-mcp node bench/mcp_latency.mjs \
//       [--calls 2000] [--warmup 100] [--catalogue DIR] [--bin PATH]
//
// Starts the binary, warms up, then times `calls` sequential tools/list and ping requests and
// prints the median and 99th percentile in microseconds (and, for comparison, the SDK's
// listTools(), which adds client-side schema compilation), plus the server's resident memory
// (VmRSS from /proc/<pid>/status) while idle after the run. Bounded: at most 100,000 calls and a
// 120 s wall-clock budget per method.
import { createRequire } from "node:module";
import { readFileSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

// The SDK is installed once, under tests/e2e/ (scripts/install-deps.sh).
const require = createRequire(new URL("../tests/e2e/package.json", import.meta.url));
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { ListToolsResultSchema } = require("@modelcontextprotocol/sdk/types.js");

const MAX_CALLS = 100000;
const BUDGET_MS = 120000;

function parse_arguments(argv) {
  const options = { calls: 2000, warmup: 100, catalogue: null, bin: process.env.SPARQL_MCP_BIN ?? null };
  for (let i = 0; i < argv.length; ++i) {
    const [key, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (key === "--calls") options.calls = Number(value());
    else if (key === "--warmup") options.warmup = Number(value());
    else if (key === "--catalogue") options.catalogue = value();
    else if (key === "--bin") options.bin = value();
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!options.bin) throw new Error("give the binary with --bin PATH or SPARQL_MCP_BIN");
  for (const key of ["calls", "warmup"]) {
    if (!Number.isInteger(options[key]) || options[key] < 0 || options[key] > MAX_CALLS) {
      throw new Error(`--${key} must be an integer between 0 and ${MAX_CALLS}`);
    }
  }
  return options;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

async function measure(label, calls, call) {
  const samples = [];
  const deadline = performance.now() + BUDGET_MS;
  for (let i = 0; i < calls && performance.now() < deadline; ++i) {
    const start = performance.now();
    await call();
    samples.push((performance.now() - start) * 1000);
  }
  samples.sort((a, b) => a - b);
  const median = percentile(samples, 50);
  const p99 = percentile(samples, 99);
  console.log(`${label.padEnd(12)} calls=${samples.length} median=${median.toFixed(1)}us p99=${p99.toFixed(1)}us`);
  return { median, p99, calls: samples.length };
}

function resident_kib(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) : NaN;
}

async function main() {
  const options = parse_arguments(process.argv.slice(2));
  let temporary = null;
  if (!options.catalogue) {
    // A one-entry catalogue: nothing is contacted, tools/list and ping stay in-process.
    temporary = mkdtempSync(join(tmpdir(), "sparqlmcp-bench-"));
    writeFileSync(join(temporary, "bench.ttl"), `@prefix void: <http://rdfs.org/ns/void#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix smcp: <https://w3id.org/sparql-mcp/vocab#> .
<#bench> a void:Dataset ; smcp:id "bench" ; dcterms:title "Bench" ;
  dcterms:description "A catalogue entry for the latency benchmark." ;
  void:sparqlEndpoint <http://127.0.0.1:9/sparql> .
`);
    options.catalogue = temporary;
  }
  const transport = new StdioClientTransport({
    command: options.bin, args: ["--catalogue", options.catalogue, "--log-level", "warn"], stderr: "inherit",
  });
  const client = new Client({ name: "sparql-mcp-bench", version: "1.0.0" }, { capabilities: {} });
  try {
    await client.connect(transport, { timeout: 15000 });
    const pid = transport.pid;
    for (let i = 0; i < options.warmup; ++i) {
      await client.listTools();
      await client.ping();
    }
    // client.request() is the SDK's plain round trip (result parsed with the SDK's schema);
    // client.listTools() also compiles a validator for every outputSchema, which is client
    // time, so it is reported separately.
    const tools_list = await measure("tools/list", options.calls,
                                     () => client.request({ method: "tools/list", params: {} }, ListToolsResultSchema));
    const ping = await measure("ping", options.calls, () => client.ping());
    await measure("listTools()", Math.min(options.calls, 500), () => client.listTools());
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rss = resident_kib(pid);
    console.log(`idle VmRSS=${rss} kB (${(rss / 1024).toFixed(1)} MiB)`);
    if (!(tools_list.calls > 0 && ping.calls > 0 && rss > 0)) process.exitCode = 1;
  } finally {
    await client.close().catch(() => {});
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`mcp_latency: ${error.stack ?? error}`);
  process.exit(1);
});
