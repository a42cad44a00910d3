#!/usr/bin/env node
// Cancellation latency of sparql-mcp over stdio with the official MCP SDK client: the figures
// the end-to-end tests used to assert as wall-clock bounds (they now wait on events).
//
//   SPARQL_MCP_BIN=build/release/src/app/sparql-mcp node bench/mcp_cancel.mjs [--rounds 5] [--bin PATH]
//
// Prints, never fails on a figure:
//   remote abandon  AbortController.abort() of a call whose request a loopback endpoint holds ->
//                   the endpoint sees the request closed (the HTTP transfer was aborted)
//   ping while busy ping round trip while that call runs
//   in-process free abort() of a runaway in-process query on the demo catalogue with one worker,
//                   300 ms after it started -> the answer of the next (quick) call
import { createRequire } from "node:module";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { start_scripted_endpoint } from "../tests/e2e/lib/endpoint.mjs";

const require = createRequire(new URL("../tests/e2e/package.json", import.meta.url));
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

const REPO = new URL("..", import.meta.url).pathname;
const DEMO = join(REPO, "examples", "catalogue.ttl");
const GEO = "https://demo.sparql-mcp.org/sparql/geography";

function parse_arguments(argv) {
  const options = { rounds: 5, bin: process.env.SPARQL_MCP_BIN ?? null };
  for (let i = 0; i < argv.length; ++i) {
    const [key, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (key === "--rounds") options.rounds = Number(value());
    else if (key === "--bin") options.bin = value();
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!options.bin) throw new Error("give the binary with --bin PATH or SPARQL_MCP_BIN");
  if (!Number.isInteger(options.rounds) || options.rounds < 1 || options.rounds > 1000) {
    throw new Error("--rounds must be an integer between 1 and 1000");
  }
  return options;
}

function report(label, samples) {
  samples.sort((a, b) => a - b);
  const at = (p) => samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)];
  console.log(`${label.padEnd(16)} rounds=${samples.length} median=${at(0.5).toFixed(2)} ms ` +
              `p99=${at(0.99).toFixed(2)} ms max=${samples[samples.length - 1].toFixed(2)} ms`);
}

async function connect(bin, args) {
  const transport = new StdioClientTransport({ command: bin, args: [...args, "--log-level", "warn"], stderr: "inherit" });
  const client = new Client({ name: "sparql-mcp-bench", version: "1.0.0" }, { capabilities: {} });
  await client.connect(transport, { timeout: 15000 });
  return client;
}

const call = (client, query, signal) =>
  client.callTool({ name: "run_sparql_query", arguments: { query, timeout_ms: 600000 } }, undefined,
                  { timeout: 120000, signal });

async function bench_remote(bin, rounds) {
  const endpoint = await start_scripted_endpoint();
  const client = await connect(bin, ["--catalogue", DEMO, "--endpoint", endpoint.url("/held")]);
  const abandon = [];
  const ping = [];
  try {
    for (let i = 0; i < rounds; ++i) {
      const controller = new AbortController();
      const pending = call(client, `ASK { SERVICE <${endpoint.url("/held")}> { ?s ?p ?o } }`, controller.signal)
        .catch(() => null);
      const request = await endpoint.next_request();
      let start = performance.now();
      await client.ping();
      ping.push(performance.now() - start);
      start = performance.now();
      controller.abort("bench cancels");
      await request.abandoned;
      abandon.push(performance.now() - start);
      await pending;
    }
  } finally {
    await client.close().catch(() => {});
    await endpoint.stop();
  }
  report("remote abandon", abandon);
  report("ping while busy", ping);
}

async function bench_in_process(bin, rounds) {
  const client = await connect(bin, ["--catalogue", DEMO, "--workers", "1"]);
  const runaway = `SELECT (COUNT(*) AS ?n) WHERE { SERVICE <${GEO}> { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } }`;
  const quick = `ASK { SERVICE <${GEO}> { ?s ?p ?o } }`;
  const free = [];
  try {
    for (let i = 0; i < rounds; ++i) {
      const controller = new AbortController();
      const pending = call(client, runaway, controller.signal).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, 300)); // a bench may sleep: it asserts nothing
      const start = performance.now();
      controller.abort("bench cancels");
      await call(client, quick);
      free.push(performance.now() - start);
      await pending;
    }
  } finally {
    await client.close().catch(() => {});
  }
  report("in-process free", free);
}

const options = parse_arguments(process.argv.slice(2));
await bench_remote(options.bin, options.rounds);
await bench_in_process(options.bin, options.rounds);
