// MCP lifecycle and JSON-RPC edge cases, with the official SDK client and with raw lines.
// The catalogue points at a live Oxigraph server so resources and list_endpoints have real
// entries; progress, logging and cancellation run against the in-process demo catalogue and a
// scripted endpoint that tells the test when a request arrives or is abandoned.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ErrorCode, McpError, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { start_oxigraph, REPO } from "./lib/servers.mjs";
import { start_scripted_endpoint, ASK_TRUE } from "./lib/endpoint.mjs";
import { bindings_of, write_catalogue, connect_sdk, RawSession, call_tool, text_of, assert_no_late_progress } from "./lib/mcp.mjs";

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
    // Clients cut instructions at 2 KB: all of it must fit.
    assert.ok(instructions.length <= 2000, `instructions of ${instructions.length} characters`);
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
    for (const tool of tools) {
      assert.ok(tool.description.length <= 2000, `${tool.name}: a description of ${tool.description.length} characters`);
    }
    const run = by_name.run_sparql_query;
    // Its answers may exceed the 50,000 characters Claude Code keeps in the conversation.
    assert.ok(run._meta["anthropic/maxResultSizeChars"] >= 50000, JSON.stringify(run._meta));
    assert.equal(run.annotations.openWorldHint, true);
    assert.equal(run.inputSchema.properties.query.type, "string");
    assert.deepEqual(run.inputSchema.required, ["query"]);
    // The contract's six formats must all be offered (an extra one is an extension).
    for (const format of ["csv", "json", "ntriples", "tsv", "turtle", "xml"]) {
      assert.ok(run.inputSchema.properties.format.enum.includes(format), `format ${format} missing`);
    }
    assert.equal(run.inputSchema.properties.timeout_ms.type, "integer");
    assert.equal(run.inputSchema.properties.max_rows.type, "integer");
    for (const key of ["endpoint", "elapsed_ms", "route", "columns", "rows", "results", "row_count", "rows_shown",
                       "truncated", "next_page_query", "possibly_incomplete", "warnings", "advice", "requests"]) {
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
    assert.equal(text_of(none), "No endpoint matches every word of 'zzz-no-such-topic'. 2 endpoints are known: " +
                                "call list_endpoints without a keyword to see them all.\n");
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
      assert.equal(e.message, `MCP error -32602: unknown tool "no_such_tool"; available tools: ` +
                              "list_endpoints, get_void_descriptions, search_terms, describe_entity, " +
                              "get_example_queries, validate_query, run_sparql_query, submit");
      return true;
    });
  });

  it("reports missing and wrongly typed arguments as tool errors that say what to pass", async () => {
    const expect_tool_error = async (args, text) => {
      const result = await call_tool(session.client, "run_sparql_query", args);
      assert.equal(result.isError, true);
      assert.equal(text_of(result), text);
    };
    await expect_tool_error({}, "missing required argument 'query' of run_sparql_query: pass the SPARQL " +
                                "query text as a string");
    await expect_tool_error({ query: 42 }, "invalid argument 'query' of run_sparql_query: expected a string, " +
                                           "got an integer");
    await expect_tool_error({ query: "ASK { ?s ?p ?o }", format: "yaml" },
                            "invalid argument 'format' of run_sparql_query: 'yaml' is not one of: table, " +
                            "json, xml, csv, tsv, turtle, ntriples");
    await expect_tool_error({ query: "ASK { ?s ?p ?o }", max_rows: "ten" },
                            "invalid argument 'max_rows' of run_sparql_query: expected an integer, got a string");
  });

});

// The demo catalogue (answered in-process) plus ad hoc endpoints on a scripted server.
describe("progress, logging and cancellation with a progress-aware SDK client", { timeout: 180000 }, () => {
  const DEMO = join(REPO, "examples", "catalogue.ttl");
  const GEO = "https://demo.sparql-mcp.org/sparql/geography";
  const CITIES = `PREFIX demo: <https://demo.sparql-mcp.org/vocab#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?name WHERE { SERVICE <${GEO}> { ?city a demo:City ; rdfs:label ?name . FILTER(LANG(?name) = "en") } }
ORDER BY ?name`;
  let scripted;
  let session;
  const wire = [];    // every server message, in the order the client read it
  const errors = [];  // what the SDK reported through onerror
  const logs = [];    // notifications/message, as the SDK handed them over
  const ask = (path) => `ASK { SERVICE <${scripted.url(path)}> { ?s ?p ?o } }`;

  before(async () => {
    scripted = await start_scripted_endpoint();
    const endpoints = ["/held", "/slow", "/flaky", "/flaky-quiet"].flatMap((p) => ["--endpoint", scripted.url(p)]);
    session = await connect_sdk(DEMO, endpoints, { on_message: (m) => wire.push(m) });
    session.client.onerror = (error) => errors.push(error);
    session.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { logs.push(n.params); });
  });

  after(async () => {
    await session?.close();
    await scripted?.stop();
  });

  it("answers 200 quick run_sparql_query calls with no client error and no progress after a response", async () => {
    const all = await call_tool(session.client, "run_sparql_query", { query: CITIES, max_rows: 1000 });
    assert.equal(all.isError ?? false, false, text_of(all));
    const names = bindings_of(all.structuredContent, CITIES).map((b) => b.name.value);
    assert.ok(names.length >= 10, `the demo has only ${names.length} English city names`);
    let progress = 0;
    for (let batch = 0; batch < 10; ++batch) {
      // Twenty at a time: responses share the client's reads, where a late progress would show.
      const calls = [];
      for (let i = 0; i < 20; ++i) {
        const n = batch * 20 + i;
        calls.push(call_tool(session.client, "run_sparql_query",
                             { query: `${CITIES} LIMIT 1 OFFSET ${n % names.length}` },
                             { onprogress: () => { ++progress; } })
          .then((result) => ({ n, result })));
      }
      for (const { n, result } of await Promise.all(calls)) {
        assert.equal(result.isError ?? false, false, text_of(result));
        assert.deepEqual(bindings_of(result.structuredContent, CITIES).map((b) => b.name.value),
                         [names[n % names.length]]);
      }
    }
    assert.deepEqual(errors.map(String), []);
    assert_no_late_progress(wire);
    // Quick calls end before the first progress tick (5 s): none carries any progress.
    assert.equal(progress, 0);
  });

  it("sends progress while a call waits on its endpoint, and none after the response", async () => {
    let first_progress;
    const progressed = new Promise((resolve) => { first_progress = resolve; });
    const progress = [];
    const call = call_tool(session.client, "run_sparql_query", { query: ask("/slow") },
                           { onprogress: (p) => { progress.push(p); first_progress(); } });
    const request = await scripted.next_request();
    await progressed; // the first tick comes 5 s after the call arrived
    request.reply(200, ASK_TRUE);
    const result = await call;
    assert.equal(result.isError ?? false, false, text_of(result));
    assert.equal(result.structuredContent.boolean, true);
    assert.ok(progress[0].message.includes(scripted.url("/slow")), `the tool's report names the endpoint: ${progress[0].message}`);
    for (let i = 1; i < progress.length; ++i) assert.ok(progress[i].progress > progress[i - 1].progress);
    assert.deepEqual(errors.map(String), []);
    assert_no_late_progress(wire);
  });

  it("sends an endpoint's 503 retry as a warning log message before the result, at level warning", async () => {
    await session.client.setLoggingLevel("warning");
    const logged_before = logs.length;
    const call = call_tool(session.client, "run_sparql_query", { query: ask("/flaky") });
    (await scripted.next_request()).reply(503, "busy, try again", { "Content-Type": "text/plain", "Retry-After": "0" });
    (await scripted.next_request()).reply(200, ASK_TRUE);
    const result = await call;
    assert.equal(result.isError ?? false, false, text_of(result));
    assert.equal(result.structuredContent.boolean, true);
    const endpoint = scripted.url("/flaky");
    const expected = {
      level: "warning",
      logger: "run_sparql_query",
      data: {
        message: `${endpoint} answered HTTP 503 Service Unavailable; retrying in 0 ms (retry 1 of 2)`,
        event: "retry", endpoint, http_status: 503, retry: 1, max_retries: 2, retry_in_ms: 0,
      },
    };
    assert.deepEqual(logs.slice(logged_before), [expected]);
    // On the wire the warning came before the response.
    const warning_at = wire.findIndex((m) => m.method === "notifications/message" && m.params.data.endpoint === endpoint);
    const response_at = wire.findIndex((m, i) => i > warning_at && m.result?.structuredContent?.endpoint === endpoint);
    assert.ok(warning_at >= 0 && response_at > warning_at, "the warning did not precede the result");

    // Above the warning level the same retry is not sent.
    await session.client.setLoggingLevel("error");
    const quiet = call_tool(session.client, "run_sparql_query", { query: ask("/flaky-quiet") });
    (await scripted.next_request()).reply(503, "busy, try again", { "Content-Type": "text/plain", "Retry-After": "0" });
    (await scripted.next_request()).reply(200, ASK_TRUE);
    assert.equal((await quiet).isError ?? false, false);
    assert.equal(logs.length, logged_before + 1);
  });

  it("stays responsive while a call waits, and a cancelled call abandons its endpoint request", async () => {
    const controller = new AbortController();
    const call = call_tool(session.client, "run_sparql_query", { query: ask("/held") }, { signal: controller.signal });
    const request = await scripted.next_request();
    // The call is running (its request is at the endpoint, unanswered): ping does not wait for it.
    assert.deepEqual(await session.client.ping(), {});
    controller.abort("test cancels");
    await assert.rejects(call, (e) => e instanceof McpError && e.code === ErrorCode.RequestTimeout &&
                                      e.message === "MCP error -32001: test cancels");
    // notifications/cancelled must also stop the HTTP request to the endpoint.
    assert.equal(await request.abandoned, true);
    const after_cancel = await call_tool(session.client, "list_endpoints", {});
    assert.equal(after_cancel.isError ?? false, false);
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
    assert.deepEqual(error, {
      jsonrpc: "2.0", id: null,
      error: { code: -32700, message: "parse error at line 1, column 2: the message is not valid JSON (syntax " +
                                      "error while parsing value - invalid literal; last read: 'no'); send one " +
                                      "complete JSON-RPC 2.0 object per line" },
    });
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
    assert.deepEqual(error.error, {
      code: -32600,
      message: 'invalid request: "method" must be a string, got number; send the method name as a string such ' +
               'as "tools/call"',
    });
  });

  it("reports an unknown method with -32601", async () => {
    const s = open();
    await s.initialize();
    const r = await s.request("no/such/method", {});
    assert.deepEqual(r.error, {
      code: -32601,
      message: 'method not found: "no/such/method"; this server implements initialize, ping, tools/list, ' +
               "tools/call, resources/list, resources/templates/list, resources/read, prompts/list, " +
               "prompts/get, completion/complete, logging/setLevel",
      data: { method: "no/such/method" },
    });
  });

  it("refuses a request before initialize but answers ping", async () => {
    const s = open();
    const early = await s.request("tools/list", {});
    assert.deepEqual(early.error, {
      code: -32600, message: "server not initialized: send initialize first (got tools/list before initialize)",
    });
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

  it("refuses a batch under 2025-11-25 (batching exists only in 2025-03-26) and keeps serving", async () => {
    const s = open();
    await s.initialize(LATEST);
    s.write_line(JSON.stringify([{ jsonrpc: "2.0", id: 31, method: "ping" }]));
    const answer = await s.next((m) => Array.isArray(m) || "error" in m, 5000, "batch answer");
    assert.deepEqual(answer, {
      jsonrpc: "2.0", id: null,
      error: { code: -32600, message: "JSON-RPC batches are not supported by this MCP version; send one message per line" },
    });
    assert.deepEqual((await s.request("ping")).result, {});
  });

  it("refuses a ping that reuses the id of a running tools/call, as a duplicate tools/call is", async () => {
    const scripted = await start_scripted_endpoint();
    try {
      const endpoint = scripted.url("/held");
      const s = new RawSession(catalogue.dir, ["--endpoint", endpoint]);
      sessions.push(s);
      await s.initialize();
      s.send({ jsonrpc: "2.0", id: 5, method: "tools/call",
               params: { name: "run_sparql_query", arguments: { query: `ASK { SERVICE <${endpoint}> { ?s ?p ?o } }` } } });
      const request = await scripted.next_request(); // the call is running now
      const refusal = {
        jsonrpc: "2.0", id: 5,
        error: { code: -32600, message: "request id 5 is already used by a running request; give every request a unique id" },
      };
      s.send({ jsonrpc: "2.0", id: 5, method: "ping" });
      assert.deepEqual(await s.response(5), refusal);
      s.send({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "list_endpoints", arguments: {} } });
      assert.deepEqual(await s.response(5), refusal);
      request.reply(200, ASK_TRUE);
      const result = await s.response(5);
      assert.equal(result.result.isError, false);
      assert.equal(result.result.structuredContent.boolean, true);
      // The id is free again once its response is out.
      assert.deepEqual(await (s.send({ jsonrpc: "2.0", id: 5, method: "ping" }), s.response(5)),
                       { jsonrpc: "2.0", id: 5, result: {} });
      assert.equal(scripted.received, 1);
    } finally {
      await scripted.stop();
    }
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
