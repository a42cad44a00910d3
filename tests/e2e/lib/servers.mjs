// Starts and stops the real SPARQL servers the end-to-end tests talk to, on loopback ports.
// Every server started here is also killed by PID when the test process exits, so a failing
// test never leaves one behind.
import { spawn, execFile } from "node:child_process";
import { mkdtempSync, rmSync, readFileSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = join(here, "..", "..", "..");
export const SHARED_DATA = join(REPO, "tests", "data", "shared");
const OXIGRAPH_SERVER = join(REPO, "tests", "servers", "oxigraph-server.mjs");
const VIRTUOSO_DIR = join(REPO, "tests", "servers", "virtuoso");

const live_pids = new Set();
process.on("exit", () => {
  for (const pid of live_pids) {
    try { process.kill(pid, "SIGKILL"); } catch { /* already gone */ }
  }
});

// A port nobody listens on right now (the system picks it; the tiny race is acceptable here).
export function free_port() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function wait_for_exit(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => { clearTimeout(timer); resolve(true); });
  });
}

async function kill_child(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  if (!(await wait_for_exit(child, 3000))) {
    child.kill("SIGKILL");
    await wait_for_exit(child, 3000);
  }
  live_pids.delete(child.pid);
}

// Starts tests/servers/oxigraph-server.mjs with the given data files (FILE or FILE=GRAPH; any
// other argument of the server, such as --dataset NAME=FILE, is passed on as well) and
// resolves once it has printed its port. Returns { port, base, url(path), stop() }.
export async function start_oxigraph(files = [join(SHARED_DATA, "people.ttl")], { timeout_ms = 20000 } = {}) {
  const child = spawn(process.execPath, [OXIGRAPH_SERVER, ...files], { stdio: ["ignore", "pipe", "pipe"] });
  live_pids.add(child.pid);
  let stderr = "";
  child.stderr.on("data", (chunk) => { stderr += chunk; });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`oxigraph-server did not start in ${timeout_ms} ms: ${stderr}`)),
                             timeout_ms);
    lines.once("line", (line) => { clearTimeout(timer); resolve(Number(line.trim())); });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`oxigraph-server exited with ${code}: ${stderr}`));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  return { port, base, url: (path = "/query") => `${base}${path}`, stop: () => kill_child(child), pid: child.pid };
}

function run_script(script, args, timeout_ms) {
  return new Promise((resolve, reject) => {
    execFile("bash", [script, ...args], { timeout: timeout_ms, killSignal: "SIGKILL" }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${script} ${args.join(" ")} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

// Starts a private Virtuoso (tests/servers/virtuoso/start.sh) with the shared data in named
// graphs, or with `files` (["FILE=GRAPH_IRI", ...], "--bulk" before an item for the bulk
// loader) instead. Returns { http_port, endpoint, graph_endpoint(graph), dir, load_seconds,
// stop() }. A second attempt on new ports covers the rare case of a free port being taken
// before Virtuoso binds it; with `http_port` given (a caller that wrote the port into its data)
// there is no second attempt, and the caller retries with another port.
export async function start_virtuoso(options = {}) {
  if (options.http_port) return start_virtuoso_once(options);
  try {
    return await start_virtuoso_once(options);
  } catch (error) {
    process.stderr.write(`first Virtuoso start failed, retrying on other ports: ${error.message}\n`);
    return start_virtuoso_once(options);
  }
}

async function start_virtuoso_once({ timeout_ms = 240000, files = [], http_port = 0 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-virtuoso-"));
  let sql_port = await free_port();
  while (sql_port === http_port) sql_port = await free_port();
  http_port ||= await free_port();
  while (http_port === sql_port) http_port = await free_port();
  const stop = async () => {
    const pid_file = join(dir, "virtuoso.pid");
    const pid = existsSync(pid_file) ? Number(readFileSync(pid_file, "utf8")) : null;
    try {
      await run_script(join(VIRTUOSO_DIR, "stop.sh"), [dir], 60000);
    } finally {
      if (pid) live_pids.delete(pid);
      rmSync(dir, { recursive: true, force: true });
    }
  };
  let output;
  try {
    output = await run_script(join(VIRTUOSO_DIR, "start.sh"), [dir, String(sql_port), String(http_port), ...files],
                              timeout_ms);
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  live_pids.add(Number(readFileSync(join(dir, "virtuoso.pid"), "utf8")));
  const endpoint = `http://127.0.0.1:${http_port}/sparql`;
  const load_seconds = Number(/loaded in ([0-9.]+) s/.exec(output)?.[1] ?? NaN);
  return {
    dir, sql_port, http_port, endpoint, load_seconds, stop,
    graph_endpoint: (graph) => `${endpoint}?default-graph-uri=${encodeURIComponent(graph)}`,
  };
}
