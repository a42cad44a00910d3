// MCP over HTTP (`sparql-mcp --http`), with real clients: the v2 SDK client
// (@modelcontextprotocol/client, versionNegotiation 'auto') speaks 2026-07-28 without a
// session, the v1 SDK client (@modelcontextprotocol/sdk) speaks 2025-11-25 in an
// Mcp-Session-Id session and over the HTTP+SSE transport, all against one server process on
// the offline demo catalogue; then
// what the transport answers to requests that break its rules, the bearer token, and a
// graceful stop on SIGTERM.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { Client as ClientV2, StreamableHTTPClientTransport as StreamableHTTPClientTransportV2 } from "@modelcontextprotocol/client";
import { start_scripted_endpoint, ASK_TRUE } from "./lib/endpoint.mjs";
import { text_of } from "./lib/mcp.mjs";
import { start_http_server } from "./lib/http_server.mjs";
import { DEMO_CATALOGUE, DEMO_GEOGRAPHY, DEMO_CITIES_QUERY } from "./lib/demo.mjs";

const DEMO = DEMO_CATALOGUE;
const GEO = DEMO_GEOGRAPHY;
const CITIES = DEMO_CITIES_QUERY;
const MODERN = "2026-07-28";
const META = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw-e2e", version: "1.0.0" },
};

// The demo's five cities through run_sparql_query.
async function assert_queries(client) {
  const result = await client.callTool({ name: "run_sparql_query", arguments: { query: CITIES } });
  assert.ok(!result.isError, text_of(result));
  assert.equal(result.structuredContent.row_count, 5);
}

// The tools in their order, then the query.
async function assert_lists_and_queries(client) {
  const tools = await client.listTools();
  assert.deepEqual(tools.tools.map((t) => t.name), ["list_endpoints", "get_void_descriptions", "search_terms", "describe_entity", "get_example_queries", "validate_query", "run_sparql_query", "submit"]);
  await assert_queries(client);
}

function post(url, body, headers = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("MCP over Streamable HTTP with real clients", { timeout: 180000 }, () => {
  let server;
  let scripted;  // an endpoint that tells when a request arrives and when it is abandoned
  before(async () => {
    scripted = await start_scripted_endpoint();
    server = await start_http_server(["--endpoint", scripted.url("/held"), "--endpoint", scripted.url("/flaky")]);
  });
  after(async () => {
    await server?.stop();
    await scripted?.stop();
  });
  const held_ask = () => `ASK { SERVICE <${scripted.url("/held")}> { ?s ?p ?o } }`;

  for (const era of ["2026-07-28 (v2 client)", "2025-11-25 (v1 client)"]) {
    it(`cancels a ${era} call when the client aborts it, which abandons the endpoint request`, async () => {
      const modern = era.startsWith("2026");
      const client = modern
        ? new ClientV2({ name: "http-e2e-cancel", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } })
        : new Client({ name: "http-e2e-cancel", version: "1.0.0" }, { capabilities: {} });
      await client.connect(modern ? new StreamableHTTPClientTransportV2(new URL(server.url))
        : new StreamableHTTPClientTransport(new URL(server.url)));
      try {
        const controller = new AbortController();
        const params = { name: "run_sparql_query", arguments: { query: held_ask() } };
        // v2's callTool takes the options second; v1's takes a result schema first.
        const call = modern ? client.callTool(params, { signal: controller.signal })
          : client.callTool(params, undefined, { signal: controller.signal });
        const request = await scripted.next_request();
        controller.abort("the test cancels");
        await assert.rejects(call);
        assert.equal(await request.abandoned, true);
        const after = await client.callTool({ name: "list_endpoints", arguments: {} });
        assert.equal(after.isError ?? false, false);
      } finally {
        await client.close();
      }
    });
  }

  it("serves the v2 client under 2026-07-28 without a session", async () => {
    const client = new ClientV2({ name: "http-e2e-v2", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StreamableHTTPClientTransportV2(new URL(server.url)));
    try {
      assert.equal(client.getNegotiatedProtocolVersion(), MODERN);
      await assert_lists_and_queries(client);
    } finally {
      await client.close();
    }
  });

  it("serves the v1 client under 2025-11-25 in a session it can end", async () => {
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    const client = new Client({ name: "http-e2e-v1", version: "1.0.0" }, { capabilities: {} });
    await client.connect(transport);
    try {
      assert.match(transport.sessionId, /^[0-9a-f]{32}$/);
      assert.equal(transport.protocolVersion, "2025-11-25");
      await assert_queries(client);
      const session = transport.sessionId;
      const bad_version = await post(server.url, { jsonrpc: "2.0", id: 8, method: "tools/list" },
        { "Mcp-Session-Id": session, "MCP-Protocol-Version": "1999-01-01" });
      assert.equal(bad_version.status, 400);
      assert.match((await bad_version.json()).error.message, /unsupported MCP-Protocol-Version '1999-01-01'; this session speaks 2025-11-25/);
      await transport.terminateSession();
      // The session is gone: a request naming it gets 404.
      const after_end = await post(server.url, { jsonrpc: "2.0", id: 9, method: "tools/list" },
        { "Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25" });
      assert.equal(after_end.status, 404);
    } finally {
      await client.close();
    }
  });

  it("serves the v1 client over the HTTP+SSE transport of 2024-11-05", async () => {
    const sse_url = new URL("/sse", server.url);
    const transport = new SSEClientTransport(sse_url);
    const client = new Client({ name: "http-e2e-sse", version: "1.0.0" }, { capabilities: {} });
    await client.connect(transport);
    try {
      await assert_lists_and_queries(client);
    } finally {
      await client.close();
    }
    const messages = new URL("/messages", server.url);
    const no_session = await post(messages, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    assert.equal(no_session.status, 400);
    messages.searchParams.set("sessionId", "0".repeat(32));
    const unknown = await post(messages, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    assert.equal(unknown.status, 404);
    assert.match(await unknown.text(), /open \/sse again/);
  });

  it("resumes a legacy stream the client lost, with Last-Event-ID, without cancelling the call", async () => {
    const legacy_headers = (session) => ({ "Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25" });
    const init = await post(server.url, { jsonrpc: "2.0", id: 1, method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "resume-e2e", version: "1" } } });
    const session = init.headers.get("mcp-session-id");
    assert.equal((await post(server.url, { jsonrpc: "2.0", method: "notifications/initialized" }, legacy_headers(session))).status, 202);
    assert.equal((await post(server.url, { jsonrpc: "2.0", id: 2, method: "logging/setLevel", params: { level: "warning" } },
      legacy_headers(session))).status, 200);
    // The endpoint answers 503 first: the retry warning opens the call's event stream.
    const controller = new AbortController();
    const answer = fetch(server.url, { method: "POST", signal: controller.signal,
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...legacy_headers(session) },
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call",
        params: { name: "run_sparql_query", arguments: { query: `ASK { SERVICE <${scripted.url("/flaky")}> { ?s ?p ?o } }` } } }) });
    // (The headers come with the first event, so the call's response is awaited after that.)
    (await scripted.next_request()).reply(503, "busy", { "Content-Type": "text/plain", "Retry-After": "0" });
    const retried = await scripted.next_request();
    const call = await answer;
    assert.match(call.headers.get("content-type"), /^text\/event-stream/);
    const reader = call.body.getReader();
    let text = "";
    while (!/"method":"notifications\/message"/.test(text)) {
      const { value, done } = await reader.read();
      assert.ok(!done, `the stream ended before the warning: ${text}`);
      text += new TextDecoder().decode(value);
    }
    const ids = [...text.matchAll(/^id: ?(\S+)$/gm)].map((m) => m[1]);
    assert.equal(ids.length, 2, text);  // the priming event, then the warning
    controller.abort();  // the connection is lost before the answer
    retried.reply(200, ASK_TRUE);
    // The call ran on: its answer waits for the client, after the last id it saw.
    const resumed = await fetch(server.url, { headers: { Accept: "text/event-stream", "Last-Event-ID": ids.at(-1), ...legacy_headers(session) } });
    assert.equal(resumed.status, 200);
    const rest = await resumed.text();
    const events = rest.split("\n").filter((l) => l.startsWith("data:")).map((l) => JSON.parse(l.slice(5)));
    assert.equal(events.length, 1, rest);
    assert.equal(events[0].id, 3);
    assert.equal(events[0].result.structuredContent.boolean, true);
    // A stream this session never had, and a malformed id.
    const unknown = await fetch(server.url, { headers: { Accept: "text/event-stream", "Last-Event-ID": "999-1", ...legacy_headers(session) } });
    assert.equal(unknown.status, 404);
    const malformed = await fetch(server.url, { headers: { Accept: "text/event-stream", "Last-Event-ID": "nope", ...legacy_headers(session) } });
    assert.equal(malformed.status, 400);
  });

  it("streams progress before the response when the request asks for it", async () => {
    const response = await post(server.url, {
      jsonrpc: "2.0", id: 7, method: "tools/call",
      params: { name: "run_sparql_query", arguments: { query: CITIES }, _meta: { ...META, progressToken: "p1" } },
    }, { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call", "Mcp-Name": "run_sparql_query" });
    assert.equal(response.status, 200);
    const type = response.headers.get("content-type");
    const text = await response.text();
    // A quick query may finish before the first progress tick: JSON then; otherwise a stream
    // whose last event is the response.
    const messages = type.startsWith("text/event-stream")
      ? text.split("\n").filter((l) => l.startsWith("data:")).map((l) => JSON.parse(l.slice(5)))
      : [JSON.parse(text)];
    const last = messages.at(-1);
    assert.equal(last.id, 7);
    assert.equal(last.result.structuredContent.row_count, 5);
    assert.ok(messages.slice(0, -1).every((m) => m.method === "notifications/progress"));
  });

  it("serves JSON-RPC batches in a 2025-03-26 session, and refuses them where no revision has them", async () => {
    const open = async (version) => {
      const init = await post(server.url, { jsonrpc: "2.0", id: 1, method: "initialize",
        params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "batch-e2e", version: "1" } } });
      assert.equal(init.status, 200);
      const session = init.headers.get("mcp-session-id");
      assert.equal((await post(server.url, { jsonrpc: "2.0", method: "notifications/initialized" },
        { "Mcp-Session-Id": session })).status, 202);
      return { "Mcp-Session-Id": session };
    };
    const old = await open("2025-03-26");
    // MCP 2025-03-26 "Batching": requests and notifications in one array; the answers come back
    // as one array, each matched by its id.
    const batch = await post(server.url, [
      { jsonrpc: "2.0", id: 10, method: "ping" },
      { jsonrpc: "2.0", id: 11, method: "tools/call", params: { name: "run_sparql_query", arguments: { query: CITIES } } },
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 99 } },
    ], old);
    assert.equal(batch.status, 200);
    const answers = await batch.json();
    assert.ok(Array.isArray(answers), JSON.stringify(answers));
    assert.deepEqual(answers.map((a) => a.id).sort(), [10, 11]);
    assert.deepEqual(answers.find((a) => a.id === 10).result, {});
    assert.equal(answers.find((a) => a.id === 11).result.structuredContent.row_count, 5);
    // Notifications alone are accepted with nothing to answer.
    assert.equal((await post(server.url, [{ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 98 } }], old)).status, 202);
    const refused = async (body, headers, pattern) => {
      const response = await post(server.url, body, headers);
      assert.equal(response.status, 400);
      const error = (await response.json()).error;
      assert.equal(error.code, -32600);
      assert.match(error.message, pattern);
    };
    await refused([{ jsonrpc: "2.0", id: 12, method: "ping" }, { jsonrpc: "2.0", id: 12, method: "ping" }], old, /id 12 appears twice/);
    await refused([], old, /the batch is empty/);
    await refused([{ jsonrpc: "2.0", id: 13, method: "initialize", params: {} }], old, /initialize must not be part/);
    await refused([{ jsonrpc: "2.0", id: 14, method: "tools/list", params: { _meta: META } }],
      { "MCP-Protocol-Version": MODERN }, /2026-07-28 has no JSON-RPC batches/);
    await refused([{ jsonrpc: "2.0", id: 15, method: "ping" }], await open("2025-11-25"), /exist only in MCP 2025-03-26; this session speaks 2025-11-25/);
    // The session goes on, one message at a time as well.
    const single = await post(server.url, { jsonrpc: "2.0", id: 16, method: "ping" }, old);
    assert.equal(single.status, 200);
    assert.equal((await single.json()).id, 16);
  });

  it("answers requests that break the transport's rules with the status and a reason", async () => {
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } };
    const modern_headers = { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/list" };
    assert.equal((await post(server.url, list, { ...modern_headers, Accept: "application/json" })).status, 406);
    assert.equal((await post(server.url, list, { ...modern_headers, "Content-Type": "text/plain" })).status, 415);
    const mismatch = await post(server.url, list, { ...modern_headers, "Mcp-Method": "tools/call" });
    assert.equal(mismatch.status, 400);
    const body = await mismatch.json();
    assert.equal(body.error.code, -32020);
    assert.match(body.error.message, /Mcp-Method header value 'tools\/call' does not match body value 'tools\/list'/);
    const missing = await post(server.url, list, { "Mcp-Method": "tools/list" });
    assert.equal(missing.status, 400);
    assert.equal((await missing.json()).error.code, -32020);
    const unknown_version = await post(server.url, { ...list, params: { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } } },
      { ...modern_headers, "MCP-Protocol-Version": "2099-01-01" });
    assert.equal(unknown_version.status, 400);
    assert.equal((await unknown_version.json()).error.code, -32022);
    const no_method = await post(server.url, { jsonrpc: "2.0", id: 2, method: "no/such", params: { _meta: META } },
      { "MCP-Protocol-Version": MODERN, "Mcp-Method": "no/such" });
    assert.equal(no_method.status, 404);
    assert.equal((await no_method.json()).error.code, -32601);
    const legacy_without_session = await post(server.url, { jsonrpc: "2.0", id: 3, method: "tools/list" });
    assert.equal(legacy_without_session.status, 400);
    const unknown_session = await post(server.url, { jsonrpc: "2.0", id: 4, method: "tools/list" }, { "Mcp-Session-Id": "0".repeat(32) });
    assert.equal(unknown_session.status, 404);
    const not_json = await post(server.url, "{ not json", modern_headers);
    assert.equal(not_json.status, 400);
    assert.equal((await not_json.json()).error.code, -32700);
    const get = await fetch(server.url, { headers: { Accept: "text/event-stream" } });
    assert.equal(get.status, 405);
    assert.equal((await post(server.url, { jsonrpc: "2.0", method: "notifications/x", params: { _meta: META } },
      { "MCP-Protocol-Version": MODERN, "Mcp-Method": "notifications/x" })).status, 202);
    const foreign = await post(server.url, list, { ...modern_headers, Origin: "https://evil.example" });
    assert.equal(foreign.status, 403);
    // The server kept serving through all of it.
    const ok = await post(server.url, list, modern_headers);
    assert.equal(ok.status, 200);
    assert.equal((await ok.json()).result.tools.length, 8);
  });
});

describe("MCP over HTTP with a bearer token, and SIGTERM", { timeout: 60000 }, () => {
  it("asks for the token, takes the right one, and stops gracefully on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-token-"));
    const token = "s3cret-token-for-e2e";
    writeFileSync(join(dir, "token"), `${token}\n`);
    const server = await start_http_server(["--auth-token-file", join(dir, "token")]);
    try {
      const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } };
      const headers = { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/list" };
      const anonymous = await post(server.url, list, headers);
      assert.equal(anonymous.status, 401);
      assert.match(anonymous.headers.get("www-authenticate"), /^Bearer/);
      assert.equal((await post(server.url, list, { ...headers, Authorization: "Bearer wrong" })).status, 401);
      assert.equal((await post(server.url, list, { ...headers, Authorization: `Bearer ${token}` })).status, 200);
      assert.ok(!server.log().includes(token), "the token is never logged");
    } finally {
      const { code } = await server.stop();
      assert.equal(code, 0, server.log());
      assert.match(server.log(), /SIGTERM: stopping/);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
