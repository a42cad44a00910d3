// MCP lifecycle and JSON-RPC edge cases, with the official SDK client and with raw lines.
// The catalogue points at a live Oxigraph server so resources and list_endpoints have real
// entries; no SPARQL query is needed here.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { start_oxigraph } from "./lib/servers.mjs";
import { write_catalogue, connect_sdk, RawSession, call_tool, text_of, within } from "./lib/mcp.mjs";

const LATEST = "2025-11-25";
const OLDER = ["2025-06-18", "2025-03-26", "2024-11-05"];

describe("MCP protocol over stdio", { timeout: 120000 }, () => {
  let oxigraph;
  let catalogue;
  let session;
  const entries = () => [
    { id: "people", title: "People", description: "People, organisations and publications for tests.",
      endpoint: oxigraph.url("/query") },
    { id: "people-slow", title: "Slow people", description: "The same data, answered slowly.",
      endpoint: oxigraph.url("/slow?ms=2000") },
  ];

  before(async () => {
    oxigraph = await start_oxigraph();
    catalogue = write_catalogue(entries());
    session = await connect_sdk(catalogue.dir);
  });

  after(async () => {
    await session?.close();
    await oxigraph?.stop();
    catalogue?.remove();
  });

  it("answers initialize with capabilities, server info and instructions", () => {
    const capabilities = session.client.getServerCapabilities();
    assert.ok(capabilities, "no server capabilities");
    assert.equal(typeof capabilities.tools, "object", "tools capability missing");
    assert.equal(typeof capabilities.resources, "object", "resources capability missing");
    assert.equal(typeof capabilities.logging, "object", "logging capability missing");
    const info = session.client.getServerVersion();
    assert.equal(typeof info.name, "string");
    assert.ok(info.name.length > 0);
    assert.equal(typeof info.version, "string");
    const instructions = session.client.getInstructions();
    assert.equal(typeof instructions, "string", "instructions missing from the initialize result");
    assert.ok(instructions.length > 20, `instructions too short: ${instructions}`);
  });

  it("lists run_sparql_query and list_endpoints with input and output schemas and annotations", async () => {
    const { tools } = await session.client.listTools();
    const by_name = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const name of ["run_sparql_query", "list_endpoints"]) {
      const tool = by_name[name];
      assert.ok(tool, `tool ${name} missing; got ${tools.map((t) => t.name)}`);
      assert.equal(typeof tool.description, "string");
      assert.ok(tool.description.length > 10);
      assert.equal(tool.inputSchema.type, "object");
      assert.equal(tool.outputSchema?.type, "object", `${name} has no object outputSchema`);
      assert.equal(tool.annotations?.readOnlyHint, true, `${name} readOnlyHint`);
    }
    const run = by_name.run_sparql_query;
    assert.equal(run.annotations.openWorldHint, true);
    assert.equal(run.inputSchema.properties.query.type, "string");
    assert.deepEqual(run.inputSchema.required, ["query"]);
    // The contract's six formats must all be offered (an extra one is an extension).
    for (const format of ["csv", "json", "ntriples", "tsv", "turtle", "xml"]) {
      assert.ok(run.inputSchema.properties.format.enum.includes(format), `format ${format} missing`);
    }
    assert.equal(run.inputSchema.properties.timeout_ms.type, "integer");
    assert.equal(run.inputSchema.properties.max_rows.type, "integer");
    for (const key of ["endpoint", "elapsed_ms", "route", "results", "row_count", "rows_shown", "truncated",
                       "next_page_query", "possibly_incomplete", "warnings"]) {
      assert.ok(key in run.outputSchema.properties, `run_sparql_query outputSchema lacks ${key}`);
    }
    const list = by_name.list_endpoints;
    assert.equal(list.inputSchema.properties.keyword.type, "string");
    assert.ok(!(list.inputSchema.required ?? []).includes("keyword"), "keyword must be optional");
    assert.ok("endpoints" in list.outputSchema.properties);
  });

  it("lists every catalogue endpoint and filters them by keyword", async () => {
    const all = await call_tool(session.client, "list_endpoints", {});
    assert.equal(all.isError ?? false, false, text_of(all));
    const endpoints = all.structuredContent.endpoints;
    assert.deepEqual(endpoints.map((e) => e.id).sort(), ["people", "people-slow"]);
    const people = endpoints.find((e) => e.id === "people");
    const { id, endpoint, title, description } = people;
    assert.deepEqual({ id, endpoint, title, description }, {
      id: "people", endpoint: oxigraph.url("/query"), title: "People",
      description: "People, organisations and publications for tests.",
    });
    assert.match(text_of(all), /people/);
    const slow = await call_tool(session.client, "list_endpoints", { keyword: "slowly" });
    assert.deepEqual(slow.structuredContent.endpoints.map((e) => e.id), ["people-slow"]);
    const none = await call_tool(session.client, "list_endpoints", { keyword: "zzz-no-such-topic" });
    assert.deepEqual(none.structuredContent.endpoints, []);
  });

  it("exposes catalogue entries as resources that can be read", async () => {
    const { resources: all } = await session.client.listResources();
    const resources = all.filter((r) => /^sparql-mcp:\/\/catalogue\/[^/]+$/.test(r.uri));
    const uris = resources.map((r) => r.uri).sort();
    assert.deepEqual(uris, ["sparql-mcp://catalogue/people", "sparql-mcp://catalogue/people-slow"]);
    for (const r of resources) assert.equal(typeof r.name, "string");
    const read = await session.client.readResource({ uri: "sparql-mcp://catalogue/people" });
    assert.equal(read.contents.length, 1);
    assert.equal(read.contents[0].uri, "sparql-mcp://catalogue/people");
    assert.equal(typeof read.contents[0].text, "string");
    assert.ok(read.contents[0].text.includes(oxigraph.url("/query")),
              `resource text does not name the endpoint: ${read.contents[0].text}`);
    await assert.rejects(session.client.readResource({ uri: "sparql-mcp://catalogue/nope" }),
                         (e) => e instanceof McpError);
  });

  it("answers ping and logging/setLevel", async () => {
    assert.deepEqual(await session.client.ping(), {});
    assert.deepEqual(await session.client.setLoggingLevel("debug"), {});
    assert.deepEqual(await session.client.setLoggingLevel("warning"), {});
  });

  it("reports an unknown tool as JSON-RPC error -32602", async () => {
    await assert.rejects(call_tool(session.client, "no_such_tool", {}), (e) => {
      assert.ok(e instanceof McpError, `not an McpError: ${e}`);
      assert.equal(e.code, ErrorCode.InvalidParams);
      return true;
    });
  });

  it("reports missing and wrongly typed arguments as tool errors", async () => {
    const missing = await call_tool(session.client, "run_sparql_query", {});
    assert.equal(missing.isError, true);
    assert.match(text_of(missing), /query/);
    const wrong = await call_tool(session.client, "run_sparql_query", { query: 42 });
    assert.equal(wrong.isError, true);
    assert.match(text_of(wrong), /query/);
    const bad_format = await call_tool(session.client, "run_sparql_query",
                                       { query: "ASK { ?s ?p ?o }", format: "yaml" });
    assert.equal(bad_format.isError, true);
    assert.match(text_of(bad_format), /format/);
    const bad_rows = await call_tool(session.client, "run_sparql_query",
                                     { query: "ASK { ?s ?p ?o }", max_rows: "ten" });
    assert.equal(bad_rows.isError, true);
    assert.match(text_of(bad_rows), /max_rows/);
  });

  it("stays responsive when a tool call is cancelled with an AbortController", async () => {
    const controller = new AbortController();
    const query = `SELECT * WHERE { SERVICE <${oxigraph.url("/slow?ms=2000")}> { ?s ?p ?o } } LIMIT 1`;
    const started = Date.now();
    const call = call_tool(session.client, "run_sparql_query", { query }, { signal: controller.signal });
    setTimeout(() => controller.abort("test cancels"), 200);
    await assert.rejects(call);
    assert.ok(Date.now() - started < 1500, `abort took ${Date.now() - started} ms`);
    const ping_started = Date.now();
    await within(2000, session.client.ping(), "ping after a cancelled call");
    assert.ok(Date.now() - ping_started < 1000);
    // The server still runs tools normally afterwards.
    const after_cancel = await call_tool(session.client, "list_endpoints", {});
    assert.equal(after_cancel.isError ?? false, false);
    // notifications/cancelled must also stop the HTTP request to the endpoint.
    let stats = {};
    for (let i = 0; i < 30; ++i) {
      stats = await (await fetch(oxigraph.url("/stats"))).json();
      if (stats.slow_abandoned >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(stats.slow_abandoned >= 1, `the endpoint request was not abandoned: ${JSON.stringify(stats)}`);
  });
});

describe("MCP JSON-RPC edge cases on raw stdio lines", { timeout: 120000 }, () => {
  let catalogue;
  const sessions = [];
  const open = () => {
    const s = new RawSession(catalogue.dir);
    sessions.push(s);
    return s;
  };

  before(() => {
    catalogue = write_catalogue([{ id: "local", endpoint: "http://127.0.0.1:9/sparql" }]);
  });

  after(async () => {
    for (const s of sessions) await s.close(2000);
    catalogue?.remove();
  });

  it("negotiates the latest protocol version and falls back for older or unknown ones", async () => {
    const s = open();
    const latest = await s.initialize(LATEST);
    assert.equal(latest.result.protocolVersion, LATEST);
    assert.ok(latest.result.capabilities.tools);
    assert.equal(typeof latest.result.instructions, "string");
    assert.equal(typeof latest.result.serverInfo.name, "string");
    for (const version of OLDER) {
      const older = open();
      const r = await older.initialize(version);
      assert.equal(r.result.protocolVersion, version, `client asked for ${version}`);
    }
    const unknown = open();
    const r = await unknown.initialize("1999-01-01");
    assert.equal(r.result.protocolVersion, LATEST, "an unknown version gets the server's latest");
  });

  it("answers a malformed line with -32700 and keeps serving", async () => {
    const s = open();
    s.write_line("not json");
    const error = await s.next((m) => "error" in m, 5000, "parse error response");
    assert.equal(error.jsonrpc, "2.0");
    assert.equal(error.id, null);
    assert.equal(error.error.code, -32700);
    assert.equal(typeof error.error.message, "string");
    const init = await s.initialize();
    assert.equal(init.result.protocolVersion, LATEST);
    const tools = await s.request("tools/list", {});
    assert.ok(Array.isArray(tools.result.tools));
  });

  it("answers a request that is valid JSON but not JSON-RPC with -32600", async () => {
    const s = open();
    await s.initialize();
    s.write_line('{"jsonrpc":"2.0","id":7,"method":42}');
    const error = await s.response(7, 5000);
    assert.equal(error.error.code, -32600);
  });

  it("reports an unknown method with -32601", async () => {
    const s = open();
    await s.initialize();
    const r = await s.request("no/such/method", {});
    assert.equal(r.error.code, -32601);
  });

  it("refuses a request before initialize but answers ping", async () => {
    const s = open();
    const early = await s.request("tools/list", {});
    assert.ok(early.error, `tools/list before initialize should fail, got ${JSON.stringify(early)}`);
    assert.equal(Number.isInteger(early.error.code), true);
    assert.equal(typeof early.error.message, "string");
    const ping = await s.request("ping");
    assert.deepEqual(ping.result, {});
    const init = await s.initialize();
    assert.ok(init.result);
    const tools = await s.request("tools/list", {});
    assert.ok(tools.result.tools.length >= 2);
  });

  it("answers a JSON-RPC batch with an array of responses under 2025-03-26", async () => {
    const s = open();
    await s.initialize("2025-03-26");
    s.write_line(JSON.stringify([
      { jsonrpc: "2.0", id: 21, method: "ping" },
      { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "x", progress: 1 } },
      { jsonrpc: "2.0", id: 22, method: "tools/list", params: {} },
    ]));
    // A batch response is one line holding an array; RawSession queues non-objects as is.
    const batch = await s.next((m) => Array.isArray(m), 5000, "batch response array");
    assert.equal(batch.length, 2, "one response per request, none for the notification");
    const ids = batch.map((m) => m.id).sort();
    assert.deepEqual(ids, [21, 22]);
    const after_batch = await s.request("ping");
    assert.deepEqual(after_batch.result, {});
  });

  it("answers a batch under 2025-11-25 either as a batch or with -32600, and keeps serving", async () => {
    const s = open();
    await s.initialize(LATEST);
    s.write_line(JSON.stringify([{ jsonrpc: "2.0", id: 31, method: "ping" }]));
    const answer = await s.next((m) => Array.isArray(m) || "error" in m, 5000, "batch answer");
    if (Array.isArray(answer)) assert.deepEqual(answer.map((m) => m.id), [31]);
    else assert.equal(answer.error.code, -32600);
    assert.deepEqual((await s.request("ping")).result, {});
  });

  it("sends nothing but JSON on stdout and exits cleanly at end of input", async () => {
    const s = open();
    await s.initialize();
    await s.request("tools/list", {});
    await s.request("tools/call", { name: "list_endpoints", arguments: {} });
    const exit = await s.close(5000);
    assert.notEqual(exit, null, "the server did not exit within 5 s of stdin closing");
    assert.equal(exit.code, 0);
    assert.deepEqual(s.bad_lines, [], "non-JSON lines on stdout");
  });
});
