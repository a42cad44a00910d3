// Starts the long-lived peer runners (comunica-runner.mjs on Comunica v5 or v4, JenaRunner on
// Jena ARQ) installed by scripts/install-peers.sh, and sends them queries one at a time.
//
//   const runner = await start_runner("comunica5");        // or "comunica4", "jena"
//   const reply = await runner.run(query, { timeout_ms });  // { ms, vars, bindings } | { ms, boolean }
//                                                           // | { ms, error } | { timeout: true }
//   await runner.stop();
//
// A query that outlives its timeout ends the runner process (by PID) and the next query starts
// a fresh one, so no work of an abandoned query runs on into the next one's time or requests.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { installed_peers, INSTALL_HINT } from "../../tests/e2e/lib/peers.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
export const SYSTEMS = ["comunica5", "comunica4", "jena"];
const LABELS = { comunica5: "Comunica v5", comunica4: "Comunica v4", jena: "Jena ARQ" };

const live = new Set();
process.on("exit", () => {
  for (const child of live) {
    try { child.kill("SIGKILL"); } catch { /* gone */ }
  }
});

// The command that starts a runner for `system`, or an Error saying what to install.
export function runner_command(system, { invalidate_cache = false } = {}) {
  const peers = installed_peers();
  if (system === "jena") {
    if (!peers?.jena) return new Error(`Jena ARQ is not installed: ${INSTALL_HINT}`);
    // -Xss: ARQ's parser and evaluator recurse once per nested group, and trivial federations
    // nest a UNION per triple pattern.
    return {
      command: "java",
      args: ["-Xss16m", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
             "-cp", readFileSync(peers.jena.classpath, "utf8").trim(), "JenaRunner"],
      label: `${LABELS.jena} ${peers.jena.version}`,
      version: peers.jena.version,
    };
  }
  const entry = peers?.[system];
  if (!SYSTEMS.includes(system)) return new Error(`unknown system ${system} (one of ${SYSTEMS.join(", ")})`);
  if (!entry) return new Error(`${LABELS[system]} is not installed: ${INSTALL_HINT}`);
  return {
    command: entry.node_bin,
    args: [join(HERE, "comunica-runner.mjs"), entry.folder, ...(invalidate_cache ? ["--invalidate-cache"] : [])],
    label: `${LABELS[system]} ${entry.version}`,
    version: entry.version,
  };
}

export async function start_runner(system, options = {}) {
  const spec = runner_command(system, options);
  if (spec instanceof Error) throw spec;
  let process_state = null; // { child, lines, pending, stderr } of the running process
  let next_id = 0;

  const launch = async (startup_ms = 120000) => {
    const child = spawn(spec.command, spec.args, { stdio: ["pipe", "pipe", "pipe"] });
    live.add(child);
    const state = { child, pending: new Map(), stderr: "", exited: false };
    child.stderr.on("data", (chunk) => { if (state.stderr.length < 65536) state.stderr += chunk; });
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    let ready_resolve;
    let ready_reject;
    const ready = new Promise((resolve, reject) => { ready_resolve = resolve; ready_reject = reject; });
    lines.on("line", (line) => {
      let message;
      try { message = JSON.parse(line); } catch { return; }
      if (message.ready) { ready_resolve(message); return; }
      const waiter = state.pending.get(message.id);
      if (waiter) { state.pending.delete(message.id); waiter.resolve(message); }
    });
    child.once("exit", (code, signal) => {
      state.exited = true;
      live.delete(child);
      const error = new Error(`${spec.label} runner exited (${code ?? signal}): ${state.stderr.slice(-2000)}`);
      ready_reject(error);
      for (const waiter of state.pending.values()) waiter.reject(error);
      state.pending.clear();
    });
    child.stdin.on("error", () => { /* the exit handler reports it */ });
    const timer = setTimeout(() => ready_reject(new Error(`${spec.label} runner not ready in ${startup_ms} ms`)), startup_ms);
    try {
      state.hello = await ready;
    } finally {
      clearTimeout(timer);
    }
    process_state = state;
    return state;
  };

  const kill = async (state) => {
    if (!state || state.exited) return;
    const gone = new Promise((resolve) => state.child.once("exit", resolve));
    state.child.kill("SIGKILL");
    await gone;
  };

  await launch();
  return {
    label: spec.label,
    version: spec.version,
    get hello() { return process_state?.hello; },
    get pid() { return process_state?.child.pid; },
    async run(query, { timeout_ms = 60000, sources } = {}) {
      const state = process_state && !process_state.exited ? process_state : await launch();
      const id = ++next_id;
      const reply = new Promise((resolve, reject) => state.pending.set(id, { resolve, reject }));
      state.child.stdin.write(`${JSON.stringify({ id, query, ...(sources ? { sources } : {}) })}\n`);
      let timer;
      const timeout = new Promise((resolve) => { timer = setTimeout(() => resolve({ timeout: true }), timeout_ms); });
      let result;
      try {
        result = await Promise.race([reply, timeout]);
      } catch (error) {
        result = { error: error.message, crashed: true };
      } finally {
        clearTimeout(timer);
      }
      if (result.timeout) {
        state.pending.delete(id);
        await kill(state);
        process_state = null;
      }
      return result;
    },
    async stop() {
      const state = process_state;
      process_state = null;
      if (!state || state.exited) return;
      const gone = new Promise((resolve) => state.child.once("exit", resolve));
      state.child.stdin.end(); // the runners end at end of input
      const timer = setTimeout(() => state.child.kill("SIGKILL"), 10000);
      await gone;
      clearTimeout(timer);
    },
  };
}
