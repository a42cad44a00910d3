// Starts Comunica's SPARQL endpoint (comunica-sparql-http from @comunica/query-sparql) on a
// free loopback port, as an external federation engine that evaluates SERVICE: v5 on the
// Node 22 of scripts/install-peers.sh when it is installed, v4 on the system Node otherwise.
//
//   const comunica = await start_comunica_endpoint();   // { url, version, node, pid, stop() }
//   ... POST SPARQL to comunica.url ...
//   await comunica.stop();
//
// The endpoint has no data of its own: every triple comes from SERVICE clauses. It runs in its
// own process group (a primary and one worker, Node's cluster module); stop() ends that group
// by the primary's PID and resolves when both processes have exited; every endpoint still
// running when the test process exits is killed the same way.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
import { free_port } from "./servers.mjs";
import { installed_peers, INSTALL_HINT } from "./peers.mjs";

const LOOPBACK_LISTEN = join(dirname(fileURLToPath(import.meta.url)), "loopback_listen.mjs");

const live_groups = new Set();
process.on("exit", () => {
  for (const pid of live_groups) {
    try { process.kill(-pid, "SIGKILL"); } catch { /* already gone */ }
  }
});

// The Comunica installations that can run here, best first: [{ major, version, folder, node_bin }].
export function comunica_installations() {
  const peers = installed_peers();
  const found = [];
  for (const [key, major] of [["comunica5", 5], ["comunica4", 4]]) {
    const entry = peers?.[key];
    if (entry) found.push({ major, version: entry.version, folder: entry.folder, node_bin: entry.node_bin });
  }
  return found;
}

// Ends the endpoint's process group and resolves once every process of it has gone: the
// worker shares the primary's stdout and stderr pipes, so the child's "close" event (all its
// stdio closed, after its exit) comes only when both have exited.
async function stop_group(child) {
  const pid = child.pid;
  if (!live_groups.has(pid)) return;
  const closed = new Promise((resolve) => {
    if (child.stdout.closed && child.stderr.closed && child.exitCode !== null) resolve();
    else child.once("close", resolve);
  });
  try { process.kill(-pid, "SIGTERM"); } catch { /* already gone */ }
  const timer = setTimeout(() => { try { process.kill(-pid, "SIGKILL"); } catch { /* gone */ } }, 5000);
  await closed;
  clearTimeout(timer);
  live_groups.delete(pid);
}

// Options: major (5 or 4; default: the best installed), timeout_ms (start-up; engine
// instantiation takes seconds, more on a busy machine), args (extra comunica-sparql-http options,
// e.g. ["--invalidateCache"]).
export async function start_comunica_endpoint({ major, timeout_ms = 180000, args = [] } = {}) {
  const installations = comunica_installations().filter((c) => major === undefined || c.major === major);
  if (installations.length === 0) {
    throw new Error(`Comunica${major ? ` v${major}` : ""} is not installed: ${INSTALL_HINT}`);
  }
  const comunica = installations[0];
  const port = await free_port();
  const scratch = mkdtempSync(join(tmpdir(), "sparqlmcp-comunica-"));
  // No data of its own. v5 accepts an empty source list. v4 is given one empty Turtle file
  // instead: with no source at all it sends each SERVICE endpoint the whole query (SERVICE
  // clauses included) instead of its part, see bench/peers/comunica-runner.mjs.
  let sources;
  if (comunica.major >= 5) {
    sources = ["--context", JSON.stringify({ sources: [] })];
  } else {
    const empty = join(scratch, "empty.ttl");
    writeFileSync(empty, "");
    sources = [empty];
  }
  const package_dir = join(comunica.folder, "node_modules", "@comunica", "query-sparql");
  const manifest = JSON.parse(readFileSync(join(package_dir, "package.json"), "utf8"));
  const bin = join(package_dir, manifest.bin["comunica-sparql-http"]);
  const child = spawn(comunica.node_bin, [bin, "--port", String(port), "--workers", "1", ...args, ...sources], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_OPTIONS: `--import ${pathToFileURL(LOOPBACK_LISTEN).href}` },
  });
  live_groups.add(child.pid);
  let output = "";
  child.stdout.on("data", (chunk) => { output += chunk; });
  const lines = createInterface({ input: child.stderr });
  try {
    // The worker builds its engine, then calls listen(), which the primary binds for it (Node's
    // cluster module); loopback_listen.mjs reports the bound socket, from either process.
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(
        `comunica-sparql-http did not start within ${timeout_ms} ms:\n${output}`)), timeout_ms);
      lines.on("line", (line) => {
        if (output.length < 65536) output += `${line}\n`;
        if (line === `loopback_listen: listening on 127.0.0.1:${port}`) { clearTimeout(timer); resolve(); }
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`comunica-sparql-http exited (${code ?? signal}) before it was ready:\n${output}`));
      });
    });
  } catch (error) {
    await stop_group(child);
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}/sparql`,
    port,
    version: comunica.version,
    major: comunica.major,
    node: comunica.node_bin,
    pid: child.pid,
    output: () => output,
    stop: async () => {
      await stop_group(child);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
