// Debian's haproxy as a real reverse proxy in front of sparql-mcp instances, on loopback.
//
// Ports are race-free: loopback_listeners() binds and listens on 127.0.0.1:0 here, and
// start_haproxy() hands those very sockets to haproxy as inherited file descriptors (its
// `bind fd@N`, "the fd must be bound and may or may not already be listening"), so no other
// process can take a port between choosing and binding it. Because the sockets listen before
// haproxy runs, a client never sees "connection refused": start_haproxy() waits for an HTTP
// answer through every listener (an event, not a timer) or for haproxy's exit.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const live = new Set();
process.on("exit", () => {
  for (const child of live) {
    try { child.kill("SIGKILL"); } catch { /* already gone */ }
  }
});

// Why haproxy cannot run here ("haproxy is not installed ..."), or null when it can.
export function haproxy_missing() {
  const probe = spawnSync("haproxy", ["-v"], { encoding: "utf8" });
  if (probe.error?.code === "ENOENT") {
    return "haproxy is not installed: apt-get install haproxy (scripts/install-deps.sh installs it)";
  }
  if (probe.error || probe.status !== 0) return `haproxy -v failed: ${probe.error ?? probe.stderr}`;
  return null;
}

// `count` sockets listening on 127.0.0.1 at ports the system picked. Each is
// { port, bind, server }: `bind` is what haproxy's configuration names it by (fd@3, fd@4, ...,
// the descriptor it will have in the haproxy process).
export async function loopback_listeners(count) {
  const listeners = [];
  for (let i = 0; i < count; ++i) {
    const server = createServer();
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", resolve);
    });
    listeners.push({ port: server.address().port, bind: `fd@${3 + i}`, server });
  }
  return listeners;
}

// Starts `haproxy -db -f <config>` (foreground) with `listeners` as fds 3, 4, ...; `config` is
// the configuration text, binding each frontend to a listener's `bind`. Resolves once each
// listener has answered one HTTP request (GET /, answered by whatever the configuration routes
// it to), with { pid, log(), stop() }; stop() sends SIGTERM to haproxy's PID and resolves once
// it has exited. Rejects with haproxy's own words when the configuration is invalid or haproxy
// exits early. (`haproxy -c` cannot check a configuration that binds fd@N without the sockets,
// so haproxy checks it as it starts.)
export async function start_haproxy(config, listeners) {
  const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-haproxy-"));
  const file = join(dir, "haproxy.cfg");
  writeFileSync(file, config);
  // `fd` of a listening net.Server is not public API, but it is how Node itself passes a
  // descriptor on (stdio entries that are integers are descriptors of this process).
  const child = spawn("haproxy", ["-db", "-f", file], {
    stdio: ["ignore", "pipe", "pipe", ...listeners.map((l) => l.server._handle.fd)],
  });
  live.add(child);
  let log = "";
  child.stdout.on("data", (chunk) => { log += chunk; });
  child.stderr.on("data", (chunk) => { log += chunk; });
  const exited = new Promise((resolve) => {
    const done = (code, signal) => {
      live.delete(child);
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, signal });
    };
    child.once("exit", done);
    child.once("error", (error) => { log += `${error}\n`; done(null, null); });
  });
  // haproxy holds its copies now; ours must go, or this process would accept connections too.
  await Promise.all(listeners.map((l) => new Promise((resolve) => l.server.close(resolve))));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  const early_exit = exited.then(({ code, signal }) => {
    throw new Error(`haproxy exited (${code ?? signal}) before serving:\n${log}`);
  });
  early_exit.catch(() => {});  // handled by the race below; a later exit is stop()'s business
  try {
    await Promise.race([early_exit, Promise.all(listeners.map(async (l) => {
      const answer = await fetch(`http://127.0.0.1:${l.port}/`);
      await answer.arrayBuffer();
    }))]);
  } catch (error) {
    await stop();
    throw new Error(`haproxy did not serve: ${error.message}\n${log}`);
  }
  return { pid: child.pid, log: () => log, stop };
}
