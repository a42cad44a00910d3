// `sparql-mcp --http 127.0.0.1:0` as tests start it: resolves once its log names the URL.
// { url, child, log(), wait_log(pattern), exited, stop() } where wait_log resolves with the
// first log line matching `pattern` (already written or still to come; it rejects when the
// process ends without one), and stop() sends SIGTERM and resolves with { code, signal } once
// the process has exited.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { binary } from "./mcp.mjs";
import { DEMO_CATALOGUE } from "./demo.mjs";

export { DEMO_CATALOGUE };

export function start_http_server(args = [], env = {}, { catalogue = DEMO_CATALOGUE } = {}) {
  const child = spawn(binary(), ["--http", "127.0.0.1:0", "--catalogue", catalogue, ...args], {
    env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  let waiters = [];  // { pattern, resolve } of wait_log calls still waiting
  const wait_log = (pattern) => {
    const found = log.split("\n").find((line) => pattern.test(line));
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      waiters.push({ pattern, resolve });
      child.once("close", (code, signal) => {
        if (!log.split("\n").some((line) => pattern.test(line)))
          reject(new Error(`sparql-mcp --http ended (${code ?? signal}) before its log matched ${pattern}:\n${log}`));
      });
    });
  };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stderr });
    lines.on("line", (line) => {
      log += `${line}\n`;
      waiters = waiters.filter((w) => !(w.pattern.test(line) && (w.resolve(line), true)));
      const match = line.match(/serving MCP over Streamable HTTP at (http:\/\/\S+)/);
      if (match) {
        const exited = new Promise((done) => child.once("exit", (code, signal) => done({ code, signal })));
        resolve({ url: match[1], child, log: () => log, wait_log, exited,
          stop: async () => { if (child.exitCode === null) child.kill("SIGTERM"); return exited; } });
      }
    });
    child.once("exit", (code) => reject(new Error(`sparql-mcp --http exited (${code}) before listening:\n${log}`)));
  });
}
