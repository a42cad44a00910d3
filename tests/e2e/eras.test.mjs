// Both eras of MCP over stdio, side by side: the v2 SDK client (@modelcontextprotocol/client,
// versionNegotiation 'auto') probes with server/discover and speaks 2026-07-28, the v1 SDK
// client (@modelcontextprotocol/sdk) speaks 2025-11-25 after initialize; then raw lines mix both
// eras on one connection. The catalogue is the in-process demo plus ad hoc endpoints on a
// scripted server that tells the test when a request arrives or is abandoned.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { LOG_LEVEL_META_KEY, PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/client";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { start_scripted_endpoint, ASK_TRUE } from "./lib/endpoint.mjs";
import { bindings_of, connect_sdk, connect_sdk_v2, RawSession, text_of } from "./lib/mcp.mjs";
import { DEMO_CATALOGUE, DEMO_GEOGRAPHY, DEMO_CITIES_QUERY } from "./lib/demo.mjs";

const MODERN = "2026-07-28";
const LEGACY = "2025-11-25";
const DEMO = DEMO_CATALOGUE;
const GEO = DEMO_GEOGRAPHY;
const CITIES = DEMO_CITIES_QUERY;

// The envelope a 2026-07-28 request carries in params._meta.
const envelope = (extra = {}) => ({
  [PROTOCOL_VERSION_META_KEY]: MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw-e2e", version: "1.0.0" },
  ...extra,
});

describe("2026-07-28 with the v2 SDK client and 2025-11-25 with the v1 client, over stdio", { timeout: 180000 }, () => {
  let scripted;
  let modern;
  let legacy;
  const modern_wire = [];  // every server message the v2 client read, in order
  const legacy_wire = [];
  const modern_errors = [];
  const modern_logs = [];
  const ask = (path) => `ASK { SERVICE <${scripted.url(path)}> { ?s ?p ?o } }`;

  before(async () => {
    scripted = await start_scripted_endpoint();
    const endpoints = ["/slow", "/held", "/flaky", "/flaky-logged"].flatMap((p) => ["--endpoint", scripted.url(p)]);
    modern = await connect_sdk_v2(DEMO, endpoints, { on_message: (m) => modern_wire.push(m) });
    modern.client.onerror = (error) => modern_errors.push(error);
    modern.client.setNotificationHandler("notifications/message", (n) => { modern_logs.push(n.params); });
    legacy = await connect_sdk(DEMO, endpoints, { on_message: (m) => legacy_wire.push(m) });
  });

  after(async () => {
    await modern?.close();
    await legacy?.close();
    await scripted?.stop();
  });

  it("negotiates 2026-07-28 through server/discover for v2 and 2025-11-25 through initialize for v1", () => {
    assert.equal(modern.client.getNegotiatedProtocolVersion(), MODERN);
    const info = modern.client.getServerVersion();
    assert.equal(info.name, "sparql-mcp");
    assert.equal(typeof info.version, "string");
    const capabilities = modern.client.getServerCapabilities();
    assert.deepEqual(capabilities.tools, { listChanged: false });
    assert.equal(typeof capabilities.resources, "object");
    assert.match(modern.client.getInstructions(), /SERVICE/);
    // v1 learnt its version from the initialize result; it never saw a 2026-07-28 field.
    const init = legacy_wire.find((m) => m.result?.protocolVersion !== undefined);
    assert.equal(init.result.protocolVersion, LEGACY);
    // The tasks extension exists only for 2026-07-28: server/discover declares it, initialize does not.
    assert.deepEqual(capabilities.extensions, { "io.modelcontextprotocol/tasks": {} });
    assert.equal(init.result.capabilities.extensions, undefined);
    assert.deepEqual(legacy.client.getServerVersion(), info);
    assert.equal(legacy.client.getInstructions(), modern.client.getInstructions());
  });

  it("answers server/discover with the versions, capabilities and identity", async () => {
    const discovered = await modern.client.discover();
    assert.deepEqual(discovered.supportedVersions, [MODERN]);
    assert.deepEqual(discovered.capabilities, modern.client.getServerCapabilities());
    const wire = modern_wire.findLast((m) => m.result?.supportedVersions !== undefined);
    assert.equal(wire.result.resultType, "complete");
    assert.deepEqual(wire.result._meta["io.modelcontextprotocol/serverInfo"], modern.client.getServerVersion());
    assert.equal(wire.result.cacheScope, "public");
    assert.ok(Number.isInteger(wire.result.ttlMs) && wire.result.ttlMs > 0, `ttlMs ${wire.result.ttlMs}`);
  });

  it("lists the same tools in the same order in both eras, with caching hints only under 2026-07-28", async () => {
    const { tools: modern_tools } = await modern.client.listTools();
    const { tools: legacy_tools } = await legacy.client.listTools();
    assert.deepEqual(modern_tools.map((t) => t.name), ["list_endpoints", "get_void_descriptions", "search_terms", "describe_entity", "get_example_queries", "validate_query", "run_sparql_query", "submit"]);
    assert.deepEqual(legacy_tools.map((t) => t.name), modern_tools.map((t) => t.name));
    const modern_list = modern_wire.findLast((m) => Array.isArray(m.result?.tools));
    assert.equal(modern_list.result.resultType, "complete");
    assert.equal(modern_list.result.cacheScope, "public");
    assert.ok(modern_list.result.ttlMs > 0);
    const legacy_list = legacy_wire.findLast((m) => Array.isArray(m.result?.tools));
    for (const key of ["resultType", "ttlMs", "cacheScope", "_meta"]) {
      assert.ok(!(key in legacy_list.result), `a 2025-11-25 tools/list result carries ${key}`);
    }
    assert.deepEqual(legacy_list.result.tools, modern_list.result.tools);
  });

  it("runs the same query with the same structured answer in both eras", async () => {
    const modern_result = await modern.client.callTool({ name: "run_sparql_query", arguments: { query: CITIES } });
    const legacy_result = await legacy.client.callTool({ name: "run_sparql_query", arguments: { query: CITIES } });
    assert.equal(modern_result.isError ?? false, false, text_of(modern_result));
    const names = (r) => bindings_of(r.structuredContent, CITIES).map((b) => b.name.value);
    assert.equal(names(modern_result).length, 5);
    assert.deepEqual(names(modern_result), names(legacy_result));
    const wire = modern_wire.findLast((m) => m.result?.structuredContent?.rows !== undefined);
    assert.equal(wire.result.resultType, "complete");
    assert.equal(wire.result.ttlMs, undefined, "a tool result is not cacheable");
    assert.deepEqual(modern_errors.map(String), []);
  });

  it("reads resources in both eras; an unknown one is -32602 under 2026-07-28 and -32002 before", async () => {
    const { resources } = await modern.client.listResources();
    const uri = resources.find((r) => r.name === "demo-geo").uri;
    const modern_read = await modern.client.readResource({ uri });
    const legacy_read = await legacy.client.readResource({ uri });
    assert.deepEqual(modern_read.contents, legacy_read.contents);
    assert.match(modern_read.contents[0].text, /demo-geo/);
    const read_wire = modern_wire.findLast((m) => Array.isArray(m.result?.contents));
    assert.equal(read_wire.result.cacheScope, "public");
    assert.ok(read_wire.result.ttlMs > 0);

    // A URI of the catalogue's template whose id names no entry: the catalogue says so.
    const missing = "sparql-mcp://catalogue/nope";
    const message = `Resource not found: ${missing}: the catalogue has no entry with the id "nope"; ` +
                    "list_endpoints and resources/list name its entries";
    await assert.rejects(modern.client.readResource({ uri: missing }), (e) => {
      assert.equal(e.code, -32602);
      assert.equal(e.message, message);
      return true;
    });
    await assert.rejects(legacy.client.readResource({ uri: missing }), (e) => {
      assert.ok(e instanceof McpError);
      assert.equal(e.code, -32002);
      return true;
    });
  });

  it("lists the resource templates in both eras, and reads a URI built from it", async () => {
    const expected = [{
      uriTemplate: "sparql-mcp://catalogue/{id}",
      name: "catalogue-entry",
      title: "Catalogue entry",
      description: "One SPARQL endpoint of the catalogue by its id (list_endpoints names them): its URL, " +
                   "title, description, keywords, data dumps and query settings, as JSON.",
      mimeType: "application/json",
    }, {
      uriTemplate: "sparql-mcp://void/{id}",
      name: "void-description",
      title: "VoID description",
      description: "The cached VoID description of a catalogue entry by its id, as self-contained Turtle: " +
                   "classes and properties with their counts, and per class the properties its instances " +
                   "use. Reading does not compute one: get_void_descriptions does.",
      mimeType: "text/turtle",
    }];
    const modern_templates = await modern.client.listResourceTemplates();
    const legacy_templates = await legacy.client.listResourceTemplates();
    assert.deepEqual(modern_templates.resourceTemplates, expected);
    assert.deepEqual(legacy_templates.resourceTemplates, expected);
    const wire = modern_wire.findLast((m) => Array.isArray(m.result?.resourceTemplates));
    assert.equal(wire.result.resultType, "complete");
    assert.equal(wire.result.cacheScope, "public");
    assert.ok(wire.result.ttlMs > 0);
    const legacy_wire_templates = legacy_wire.findLast((m) => Array.isArray(m.result?.resourceTemplates));
    assert.equal(legacy_wire_templates.result.resultType, undefined);
    // The URI for an id, expanded as RFC 6570 does, reads the same entry in both eras.
    const uri = expected[0].uriTemplate.replace("{id}", "demo-geo");
    const modern_read = await modern.client.readResource({ uri });
    assert.deepEqual((await legacy.client.readResource({ uri })).contents, modern_read.contents);
    assert.equal(JSON.parse(modern_read.contents[0].text).endpoint, GEO);
  });

  it("sends progress for a 2026-07-28 call that waits on its endpoint, and none after the response", async () => {
    const progress = [];
    let first_progress;
    const progressed = new Promise((resolve) => { first_progress = resolve; });
    const call = modern.client.callTool({ name: "run_sparql_query", arguments: { query: ask("/slow") } },
                                        { onprogress: (p) => { progress.push(p); first_progress(); } });
    const request = await scripted.next_request();
    await progressed;  // the first tick comes 5 s after the call arrived
    request.reply(200, ASK_TRUE);
    const result = await call;
    assert.equal(result.structuredContent.boolean, true);
    assert.ok(progress[0].message.includes(scripted.url("/slow")), progress[0].message);
    for (let i = 1; i < progress.length; ++i) assert.ok(progress[i].progress > progress[i - 1].progress);
    const token = modern_wire.find((m) => m.method === "notifications/progress").params.progressToken;
    const response_at = modern_wire.findIndex((m) => m.result?.structuredContent?.endpoint === scripted.url("/slow"));
    assert.ok(!modern_wire.slice(response_at).some((m) => m.params?.progressToken === token),
              "progress after the response");
    assert.deepEqual(modern_errors.map(String), []);
  });

  it("cancels a 2026-07-28 call, which abandons its endpoint request, and keeps serving", async () => {
    const controller = new AbortController();
    const call = modern.client.callTool({ name: "run_sparql_query", arguments: { query: ask("/held") } },
                                        { signal: controller.signal });
    const request = await scripted.next_request();
    controller.abort("test cancels");
    await assert.rejects(call);
    assert.equal(await request.abandoned, true);
    const after = await modern.client.callTool({ name: "list_endpoints", arguments: {} });
    assert.equal(after.isError ?? false, false);
  });

  it("sends log messages only for 2026-07-28 requests whose _meta sets a level", async () => {
    const quiet = modern.client.callTool({ name: "run_sparql_query", arguments: { query: ask("/flaky") } });
    (await scripted.next_request()).reply(503, "busy", { "Content-Type": "text/plain", "Retry-After": "0" });
    (await scripted.next_request()).reply(200, ASK_TRUE);
    assert.equal((await quiet).structuredContent.boolean, true);
    assert.deepEqual(modern_logs, [], "a request without a log level got notifications/message");

    const endpoint = scripted.url("/flaky-logged");
    const logged = modern.client.callTool({ name: "run_sparql_query", arguments: { query: ask("/flaky-logged") },
                                            _meta: { [LOG_LEVEL_META_KEY]: "warning" } });
    (await scripted.next_request()).reply(503, "busy", { "Content-Type": "text/plain", "Retry-After": "0" });
    (await scripted.next_request()).reply(200, ASK_TRUE);
    assert.equal((await logged).structuredContent.boolean, true);
    assert.equal(modern_logs.length, 1);
    assert.equal(modern_logs[0].level, "warning");
    assert.equal(modern_logs[0].data.event, "retry");
    assert.equal(modern_logs[0].data.endpoint, endpoint);
    const warning_at = modern_wire.findIndex((m) => m.method === "notifications/message");
    const response_at = modern_wire.findIndex((m, i) => i > warning_at && m.result?.structuredContent?.endpoint === endpoint);
    assert.ok(warning_at >= 0 && response_at > warning_at, "the warning did not precede the result");
  });
});

describe("2026-07-28 and legacy requests mixed on raw stdio lines", { timeout: 60000 }, () => {
  const sessions = [];
  const open = () => {
    const s = new RawSession(DEMO);
    sessions.push(s);
    return s;
  };

  after(async () => {
    for (const s of sessions) assert.notEqual(await s.close(), null, "sparql-mcp did not exit at end of input");
  });

  it("serves 2026-07-28 requests before and after initialize without changing the legacy session", async () => {
    const s = open();
    const discovered = await s.request("server/discover", { _meta: envelope() });
    assert.deepEqual(discovered.result.supportedVersions, [MODERN]);
    // No handshake happened: a legacy request is still refused.
    const refused = await s.request("tools/list", {});
    assert.equal(refused.error.code, -32600);
    assert.equal(refused.error.message, "server not initialized: send initialize first (got tools/list before initialize)");
    const init = await s.initialize(LEGACY);
    assert.equal(init.result.protocolVersion, LEGACY);
    assert.equal(init.result.resultType, undefined);
    const legacy_list = await s.request("tools/list", {});
    const modern_list = await s.request("tools/list", { _meta: envelope() });
    assert.equal(legacy_list.result.resultType, undefined);
    assert.equal(modern_list.result.resultType, "complete");
    assert.deepEqual(modern_list.result.tools, legacy_list.result.tools);
    assert.deepEqual(await s.request("ping"), { jsonrpc: "2.0", id: s.next_id - 1, result: {} });
    assert.deepEqual(s.bad_lines, []);
  });

  it("answers unsupported versions and malformed envelopes with errors that say what to send, and keeps serving", async () => {
    const s = open();
    const unknown = await s.request("tools/list", { _meta: envelope({ [PROTOCOL_VERSION_META_KEY]: "1900-01-01" }) });
    assert.deepEqual(unknown.error, {
      code: -32022,
      message: "unsupported protocol version \"1900-01-01\": declare 2026-07-28 in " +
               "params._meta[\"io.modelcontextprotocol/protocolVersion\"], or send initialize to use " +
               "2025-11-25, 2025-06-18, 2025-03-26 or 2024-11-05",
      data: { supported: [MODERN], requested: "1900-01-01" },
    });
    const missing = await s.request("tools/call", {
      name: "list_endpoints", arguments: {}, _meta: { [PROTOCOL_VERSION_META_KEY]: MODERN },
    });
    assert.equal(missing.error.code, -32602);
    assert.equal(missing.error.message,
                 "invalid params for tools/call: params._meta[\"io.modelcontextprotocol/clientCapabilities\"] " +
                 "is missing; every 2026-07-28 request declares the client's capabilities (an empty object " +
                 "declares none)");
    const removed = await s.request("ping", { _meta: envelope() });
    assert.equal(removed.error.code, -32601);
    const unknown_method = await s.request("no/such/method", { _meta: envelope() });
    assert.equal(unknown_method.error.code, -32601);
    const called = await s.request("tools/call", { name: "list_endpoints", arguments: {}, _meta: envelope() });
    assert.equal(called.result.resultType, "complete");
    assert.equal(called.result.isError, false);
    assert.deepEqual(s.bad_lines, []);
  });
});
