// The official MCP conformance suite (@modelcontextprotocol/conformance, installed with Node 22
// by scripts/install-peers.sh) in server mode against `sparql-mcp --http`'s /mcp: the scenarios
// that apply to any server, from its 0.1 line (2025 revisions) and from 0.2.0-alpha.12 with
// --spec-version 2026-07-28. Each must pass every check it makes, at least one, with no
// failure and no warning.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { INSTALL_HINT, installed_peers } from "./lib/peers.mjs";
import { peer_skip } from "./lib/peer_skip.mjs";
import { start_http_server } from "./lib/http_server.mjs";

const SUITES = [
  { key: "conformance1", args: [], scenarios: ["server-initialize", "ping", "tools-list", "logging-set-level",
    "resources-list", "dns-rebinding-protection", "server-sse-multiple-streams"] },
  { key: "conformance2", args: ["--spec-version", "2026-07-28"], scenarios: ["tools-list", "resources-list",
    "dns-rebinding-protection", "server-sse-multiple-streams", "sep-2164-resource-not-found", "http-header-validation"] },
];

function suite_cli(peers, key) {
  const entry = peers?.[key];
  const cli = entry && join(entry.folder, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
  const node = peers?.node22?.bin;
  return cli && existsSync(cli) && node && existsSync(node) ? { cli, node, version: entry.version } : null;
}

function run_scenario(node, cli, url, scenario, args) {
  return new Promise((resolve) => {
    execFile(node, [cli, "server", "--url", url, "--scenario", scenario, ...args],
      { timeout: 120000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        resolve({ code: error ? error.code ?? 1 : 0, output: `${stdout}${stderr}` });
      });
  });
}

const peers = installed_peers();

describe("the MCP conformance suite against sparql-mcp --http", { timeout: 600000 }, () => {
  let server;
  before(async () => { server = await start_http_server(); });
  after(async () => { await server?.stop(); });

  for (const suite of SUITES) {
    const found = suite_cli(peers, suite.key);
    for (const scenario of suite.scenarios) {
      it(`${scenario} (${found ? `conformance ${found.version}` : suite.key}${suite.args.length ? ` ${suite.args.join(" ")}` : ""})`,
        { skip: peer_skip(!found && `the MCP conformance suite (${suite.key}) is not installed: ${INSTALL_HINT}`) },
        async () => {
          const { code, output } = await run_scenario(found.node, found.cli, server.url, scenario, suite.args);
          const summary = output.match(/Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/);
          assert.ok(summary, `no summary line:\n${output}`);
          const [, passed, total, failed, warnings] = summary.map(Number);
          assert.ok(total >= 1, `no check ran:\n${output}`);
          assert.equal(failed, 0, output);
          assert.equal(warnings, 0, output);
          assert.equal(passed, total, output);
          assert.equal(code, 0, output);
        });
    }
  }
});
