// Helpers to drive the real sparql-mcp binary over stdio: with the official TypeScript SDK
// clients (v1, which speaks the legacy revisions through initialize, and v2, which also speaks
// 2026-07-28), and raw (child_process, one JSON message per line) for protocol edge cases.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioClientTransportV2 } from "@modelcontextprotocol/client/stdio";

// A sanitizer build (the asan preset) reports memory errors and leaks on stderr; any such
// report fails the test that owned the process.
const SANITIZER_REPORT = /ERROR: (Address|Leak|Thread|Memory)Sanitizer|runtime error: /;

export function assert_no_sanitizer_report(stderr) {
  const match = SANITIZER_REPORT.exec(stderr);
  if (match) throw new Error(`sparql-mcp reported a sanitizer error:\n${stderr.slice(Math.max(0, match.index - 200))}`);
}

export function binary() {
  const bin = process.env.SPARQL_MCP_BIN;
  if (!bin) throw new Error("SPARQL_MCP_BIN is not set: point it at the built sparql-mcp executable");
  return bin;
}

function turtle_string(s) {
  return JSON.stringify(String(s)); // JSON string escapes are valid Turtle STRING_LITERAL_QUOTE
}

// Writes a catalogue folder with one Turtle file describing `entries`:
// [{ id, endpoint, title, description, result_cap? }]. Returns { dir, remove() }.
export function write_catalogue(entries) {
  const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-catalogue-"));
  const lines = [
    "@prefix void: <http://rdfs.org/ns/void#> .",
    "@prefix dcterms: <http://purl.org/dc/terms/> .",
    "@prefix smcp: <https://w3id.org/sparql-mcp/vocab#> .",
    "",
  ];
  for (const e of entries) {
    lines.push(`<#${e.id}> a void:Dataset ; smcp:id ${turtle_string(e.id)} ;`);
    lines.push(`  dcterms:title ${turtle_string(e.title ?? e.id)} ;`);
    lines.push(`  dcterms:description ${turtle_string(e.description ?? `Test endpoint ${e.id}.`)} ;`);
    if (e.result_cap !== undefined) lines.push(`  smcp:resultCap ${e.result_cap} ;`);
    if (e.uri_space !== undefined) lines.push(`  void:uriSpace ${turtle_string(e.uri_space)} ;`);
    lines.push(`  void:sparqlEndpoint <${e.endpoint}> .`, "");
  }
  writeFileSync(join(dir, "catalogue.ttl"), lines.join("\n"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// Starts sparql-mcp over stdio with `Transport` and connects `client` to it.
async function connect_stdio(Transport, client, catalogue_dir, extra_args, on_message) {
  const transport = new Transport({
    command: binary(),
    args: ["--catalogue", catalogue_dir, "--log-level", "warn", ...extra_args],
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => { stderr += chunk; });
  if (on_message) transport.onmessage = on_message; // Client.connect chains its own handler after it
  await client.connect(transport, { timeout: 15000 });
  return {
    client,
    transport,
    pid: transport.pid,
    stderr: () => stderr,
    close: async () => {
      try { await client.close(); } catch { /* already closed */ }
      assert_no_sanitizer_report(stderr);
    },
  };
}

// Connects the SDK client to a fresh sparql-mcp process. Returns { client, transport, stderr(),
// pid, close() }. `on_message` sees every message from the server in the order it was read,
// before the SDK handles it (the SDK handles a notification one microtask after a response read
// with it, so its handlers alone cannot tell the order on the wire).
export function connect_sdk(catalogue_dir, extra_args = [], { name = "sparql-mcp-e2e", on_message } = {}) {
  return connect_stdio(StdioClientTransport, new Client({ name, version: "1.0.0" }, { capabilities: {} }),
                       catalogue_dir, extra_args, on_message);
}

// The same with the v2 SDK client (@modelcontextprotocol/client) in version-negotiation mode
// 'auto': it probes with server/discover (on a sibling process it spawns and reaps itself) and
// speaks 2026-07-28 when the server offers it, falling back to initialize otherwise.
export function connect_sdk_v2(catalogue_dir, extra_args = [], { name = "sparql-mcp-e2e-v2", on_message } = {}) {
  return connect_stdio(StdioClientTransportV2,
                       new ClientV2({ name, version: "1.0.0" }, { versionNegotiation: { mode: "auto" } }),
                       catalogue_dir, extra_args, on_message);
}

export function text_of(result) {
  return (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
}

// Calls a tool with a bounded wait; returns the CallToolResult (the SDK validates
// structuredContent against the tool's outputSchema when isError is false). With `onprogress`
// the SDK sends a progressToken (the request id) and passes each progress notification to it.
export function call_tool(client, name, args, { timeout_ms = 30000, signal, onprogress } = {}) {
  return client.callTool({ name, arguments: args }, undefined, { timeout: timeout_ms, signal, onprogress });
}

// Fails when a progress notification arrived after the response to its request. `messages` are
// the server's messages in the order they were read (connect_sdk's on_message); the SDK's
// progress token is the request id.
export function assert_no_late_progress(messages) {
  const answered = new Set();
  for (const m of messages) {
    if (m.method === "notifications/progress" && answered.has(m.params.progressToken)) {
      throw new Error(`progress for request ${m.params.progressToken} arrived after its response: ${JSON.stringify(m)}`);
    }
    if (m.method === undefined && m.id !== undefined) answered.add(m.id);
  }
}

// A sparql-mcp child process spoken to line by line, for what the SDK would never send.
export class RawSession {
  constructor(catalogue_dir, extra_args = []) {
    this.child = spawn(binary(), ["--catalogue", catalogue_dir, "--log-level", "warn", ...extra_args],
                       { stdio: ["pipe", "pipe", "pipe"] });
    this.messages = [];
    this.bad_lines = [];
    this.waiters = [];
    this.stderr = "";
    this.next_id = 1000;
    this.stderr_waiters = [];  // { pattern, resolve } of wait_stderr calls still waiting
    this.child.stderr.on("data", (chunk) => {
      this.stderr += chunk;
      this.stderr_waiters = this.stderr_waiters.filter((w) => !(w.pattern.test(this.stderr) && (w.resolve(), true)));
    });
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        this.bad_lines.push(line); // stdout must carry JSON only: tests assert this stays empty
        return;
      }
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => !w.try_resolve());
    });
    this.exit_status = null;
    this.exited = new Promise((resolve) => this.child.once("exit", (code, signal) => {
      this.exit_status = { code, signal };
      // Give the last stdout lines a moment to arrive, then fail whoever still waits.
      setTimeout(() => {
        for (const w of this.waiters) w.fail();
        this.waiters = [];
      }, 100);
      resolve(this.exit_status);
    }));
  }

  // Resolves once stderr (the server's log) matches `pattern`, now or later; rejects when the
  // process ends without it.
  wait_stderr(pattern) {
    if (pattern.test(this.stderr)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.stderr_waiters.push({ pattern, resolve });
      this.child.once("close", (code, signal) => {
        if (!pattern.test(this.stderr))
          reject(new Error(`sparql-mcp ended (${code ?? signal}) before its log matched ${pattern}; ` +
                           `stderr: ${this.stderr.slice(-2000)}`));
      });
    });
  }

  write_line(text) {
    this.child.stdin.write(text.endsWith("\n") ? text : `${text}\n`);
  }

  send(message) {
    this.write_line(JSON.stringify(message));
  }

  // Resolves with the first message (received or still to come) matching `predicate`,
  // removing it from the queue; rejects after timeout_ms.
  next(predicate, timeout_ms = 10000, what = "a matching message") {
    return new Promise((resolve, reject) => {
      const waiter = {
        fail: () => {
          clearTimeout(waiter.timer);
          reject(new Error(`sparql-mcp exited (${JSON.stringify(this.exit_status)}) before ${what}; ` +
                           `stderr: ${this.stderr.slice(-2000)}`));
        },
        try_resolve: () => {
          const index = this.messages.findIndex(predicate);
          if (index < 0) return false;
          clearTimeout(waiter.timer);
          resolve(this.messages.splice(index, 1)[0]);
          return true;
        },
      };
      if (waiter.try_resolve()) return;
      if (this.exit_status) {
        waiter.fail();
        return;
      }
      waiter.timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no ${what} within ${timeout_ms} ms; received ${JSON.stringify(this.messages)}; ` +
                         `stderr: ${this.stderr.slice(-2000)}`));
      }, timeout_ms);
      this.waiters.push(waiter);
    });
  }

  response(id, timeout_ms = 10000) {
    return this.next((m) => m.id === id && !("method" in m), timeout_ms, `response to id ${JSON.stringify(id)}`);
  }

  async request(method, params, timeout_ms = 10000) {
    const id = this.next_id++;
    this.send(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
    return this.response(id, timeout_ms);
  }

  notify(method, params) {
    this.send(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
  }

  async initialize(protocolVersion = "2025-11-25") {
    const response = await this.request("initialize", {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: "raw-e2e", version: "1.0.0" },
    });
    this.notify("notifications/initialized");
    return response;
  }

  async close(timeout_ms = 5000) {
    this.child.stdin.end();
    const timer = new Promise((resolve) => setTimeout(() => resolve(null), timeout_ms));
    const result = await Promise.race([this.exited, timer]);
    if (result === null) {
      this.child.kill("SIGKILL");
      await this.exited;
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the last stderr bytes arrive
    assert_no_sanitizer_report(this.stderr);
    return result; // null when the server did not exit by itself at end of input
  }
}

export async function within(ms, promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const XSD = "http://www.w3.org/2001/XMLSchema#";

// The PREFIX declarations of a query text, as { name: namespace }.
export function prefixes_of(query) {
  const out = {};
  for (const m of query.matchAll(/PREFIX\s+([A-Za-z][\w.-]*)?:\s*<([^>]*)>/gi)) out[m[1] ?? ""] = m[2];
  return out;
}

// One cell of run_sparql_query's compact rows as a SPARQL JSON term: <iri> or prefix:local (the
// query's prefixes), "lexical"@lang or "lexical"^^datatype, a bare number or boolean, _:label.
// Throws on a cell in no such form, so that every test that reads rows checks the form too.
export function term_of_cell(cell, prefixes = {}) {
  if (cell === null) return undefined;
  const iri = (text) => {
    if (text.startsWith("<") && text.endsWith(">")) return text.slice(1, -1);
    const colon = text.indexOf(":");
    const namespace = colon < 0 ? undefined : prefixes[text.slice(0, colon)];
    if (namespace === undefined) throw new Error(`a cell that is no term: ${JSON.stringify(text)}`);
    return namespace + text.slice(colon + 1);
  };
  if (cell.startsWith("_:")) return { type: "bnode", value: cell.slice(2) };
  if (cell.startsWith("\"")) {
    let i = 1;
    let value = "";
    for (; i < cell.length && cell[i] !== "\""; ++i) {
      if (cell[i] !== "\\") { value += cell[i]; continue; }
      const c = cell[++i];
      if (c === "u" || c === "U") {
        const length = c === "u" ? 4 : 8;
        value += String.fromCodePoint(parseInt(cell.slice(i + 1, i + 1 + length), 16));
        i += length;
      } else {
        value += { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" }[c] ?? c;
      }
    }
    const rest = cell.slice(i + 1);
    if (rest.startsWith("@")) return { type: "literal", value, "xml:lang": rest.slice(1) };
    if (rest.startsWith("^^")) return { type: "literal", value, datatype: iri(rest.slice(2)) };
    if (rest !== "") throw new Error(`a cell that is no term: ${JSON.stringify(cell)}`);
    return { type: "literal", value };
  }
  if (cell === "true" || cell === "false") return { type: "literal", value: cell, datatype: `${XSD}boolean` };
  if (/^[+-]?\d+$/.test(cell)) return { type: "literal", value: cell, datatype: `${XSD}integer` };
  if (/^[+-]?\d*\.\d+$/.test(cell)) return { type: "literal", value: cell, datatype: `${XSD}decimal` };
  if (/^[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/.test(cell)) return { type: "literal", value: cell, datatype: `${XSD}double` };
  return { type: "uri", value: iri(cell) };
}

// The rows of a run_sparql_query result as SPARQL JSON bindings, whichever form it came in:
// SPARQL JSON (format "json") or the compact rows, read with the prefixes of `query`.
export function bindings_of(structured, query = "") {
  if (structured.results !== undefined) return structured.results.results.bindings;
  const prefixes = prefixes_of(query);
  return structured.rows.map((row) => {
    const binding = {};
    structured.columns.forEach((column, i) => {
      const term = term_of_cell(row[i], prefixes);
      if (term !== undefined) binding[column] = term;
    });
    return binding;
  });
}
