// Two sparql-mcp instances behind a real reverse proxy (Debian's haproxy), on loopback: what
// docs/mcp.md ("Several instances behind a load balancer") tells users to configure.
// - 2026-07-28 requests carry everything in themselves, so round-robin serves them from either
//   instance: the v2 SDK client runs server/discover, tools/list and the demo's queries, and
//   haproxy's X-Served-By response header shows both instances answered each kind of request.
//   So does the SPARQL endpoint (/sparql).
// - 2025-11-25 sessions live in the process that opened them: with the stick table on
//   Mcp-Session-Id the v1 SDK client's session stays on one instance while modern requests
//   still alternate; under plain round-robin the session's next request that reaches the other
//   instance gets the 404 the specification prescribes for an unknown session.
// - 2024-11-05 HTTP+SSE sessions go to a backend balanced by client address.
// Every answer is compared with Oxigraph's answer on the same data (lib/demo_oracle.mjs).
// Skipped only when haproxy is not installed (scripts/install-deps.sh installs it); under CI=true
// that fails the run instead (lib/peer_skip.mjs).
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { Client as ClientV2, StreamableHTTPClientTransport as StreamableHTTPClientTransportV2 } from "@modelcontextprotocol/client";
import { binding_rows, demo_oracle, demo_readme_queries } from "./lib/demo_oracle.mjs";
import { haproxy_missing, loopback_listeners, start_haproxy } from "./lib/haproxy.mjs";
import { peer_skip } from "./lib/peer_skip.mjs";
import { start_http_server } from "./lib/http_server.mjs";
import { bindings_of, text_of } from "./lib/mcp.mjs";

const MODERN = "2026-07-28";
const LEGACY = "2025-11-25";
const INSTANCES = ["a", "b"];

// The configuration of docs/mcp.md, frontend `mcp`, plus a frontend `plain` that balances the
// same two instances round-robin with no stickiness at all (what not to do).
function haproxy_config([mcp, plain], [a, b]) {
  const servers = `  server a ${a.host}\n  server b ${b.host}\n`;
  return `global
  # foreground (-db), no chroot, no user switch: a private instance of the test

defaults
  mode http
  timeout connect 5s
  timeout client 5m
  timeout server 5m

frontend mcp
  bind ${mcp.bind}
  use_backend mcp_sse if { path /sse } || { path_beg /messages }
  default_backend mcp

backend mcp
  balance roundrobin
  stick-table type string len 64 size 100k expire 30m
  stick match req.hdr(mcp-session-id)
  stick store-response res.hdr(mcp-session-id)
  http-response set-header X-Served-By %s
${servers}
backend mcp_sse
  balance source
  http-response set-header X-Served-By %s
${servers}
frontend plain
  bind ${plain.bind}
  default_backend plain

backend plain
  balance roundrobin
  http-response set-header X-Served-By %s
${servers}`;
}

// A fetch for the SDK transports that records, for every response, the request's JSON-RPC
// method (or the HTTP method when the body is none), the status, and the instance haproxy says
// served it.
function recording_fetch(served) {
  return async (url, init = {}) => {
    const response = await fetch(url, init);
    let method = init.method ?? "GET";
    if (typeof init.body === "string") {
      try {
        const message = JSON.parse(init.body);
        method = message.method ?? "response";
      } catch { /* not JSON: keep the HTTP method */ }
    }
    served.push({ method, status: response.status, by: response.headers.get("x-served-by") });
    return response;
  };
}

function post(url, body, headers = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
}

// One raw 2026-07-28 tools/list; returns the instance that answered it.
async function modern_tools_list(url) {
  const answer = await post(url, { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: {
    "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {} } } },
  { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/list" });
  assert.equal(answer.status, 200);
  assert.equal((await answer.json()).result.tools.length, 8);
  return answer.headers.get("x-served-by");
}

const servers_of = (served, method) => [...new Set(served.filter((s) => s.method === method).map((s) => s.by))].sort();

describe("two sparql-mcp instances behind haproxy", { skip: peer_skip(haproxy_missing()), timeout: 300000 }, () => {
  const queries = demo_readme_queries();
  let oracle;
  let instances = [];
  let proxy;
  let sticky_url;  // frontend mcp: /mcp
  let plain_url;   // frontend plain: /mcp

  // A query of the demo through `client`, its answer checked against Oxigraph's.
  async function assert_right_answer(client, query) {
    const result = await client.callTool({ name: "run_sparql_query", arguments: { query, max_rows: 1000 } });
    assert.ok(!result.isError, `${query}\n${text_of(result)}`);
    assert.deepEqual(binding_rows(bindings_of(result.structuredContent, query)), oracle.expected_rows(query), query);
  }

  before(async () => {
    oracle = demo_oracle();
    const listeners = await loopback_listeners(2);
    // Clients name the proxy in Host: each instance must allow it (DNS-rebinding protection).
    const allow = listeners.flatMap((l) => ["--allow-host", `127.0.0.1:${l.port}`]);
    instances = await Promise.all(INSTANCES.map(() => start_http_server(allow)));
    const hosts = instances.map((i) => ({ host: new URL(i.url).host }));
    proxy = await start_haproxy(haproxy_config(listeners, hosts), listeners);
    [sticky_url, plain_url] = listeners.map((l) => `http://127.0.0.1:${l.port}/mcp`);
  });

  after(async () => {
    await proxy?.stop();
    await Promise.all(instances.map((i) => i.stop()));
  });

  it("serves 2026-07-28 requests round-robin from both instances, every answer right", async () => {
    const served = [];
    const client = new ClientV2({ name: "lb-e2e-v2", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StreamableHTTPClientTransportV2(new URL(sticky_url), { fetch: recording_fetch(served) }));
    try {
      assert.equal(client.getNegotiatedProtocolVersion(), MODERN);
      // Each kind of request twice in a row: round-robin sends the second to the other instance.
      for (let i = 0; i < 2; ++i) {
        const discovered = await client.discover();
        assert.deepEqual(discovered.supportedVersions, [MODERN]);
      }
      // The client keeps a tools/list result for its ttlMs: the second asks again ('refresh').
      for (const cacheMode of ["use", "refresh"]) {
        const { tools } = await client.listTools(undefined, { cacheMode });
        assert.deepEqual(tools.map((t) => t.name), ["list_endpoints", "get_void_descriptions", "search_terms", "describe_entity", "get_example_queries", "validate_query", "run_sparql_query", "submit"]);
      }
      assert.ok(queries.length >= 6, `examples/README.md has ${queries.length} SPARQL blocks`);
      for (const query of queries) await assert_right_answer(client, query);
    } finally {
      await client.close();
    }
    assert.deepEqual(served.filter((s) => !INSTANCES.includes(s.by)), [], "every answer came from an instance");
    assert.deepEqual(served.filter((s) => s.status !== 200), []);
    assert.ok(!served.some((s) => s.method === "initialize"), "no handshake under 2026-07-28");
    for (const method of ["server/discover", "tools/list", "tools/call"]) {
      assert.deepEqual(servers_of(served, method), INSTANCES, `${method} answered by ${JSON.stringify(served)}`);
    }
  });

  it("answers the SPARQL endpoint (/sparql), stateless too, from both instances, every answer right", async () => {
    const sparql = sticky_url.replace(/\/mcp$/, "/sparql");
    const served_by = [];
    for (const query of queries) {
      const answer = await fetch(`${sparql}?query=${encodeURIComponent(query)}`,
        { headers: { Accept: "application/sparql-results+json" } });
      assert.equal(answer.status, 200, query);
      served_by.push(answer.headers.get("x-served-by"));
      const json = await answer.json();
      assert.deepEqual(binding_rows(json.results.bindings), oracle.expected_rows(query), query);
    }
    assert.deepEqual([...new Set(served_by)].sort(), INSTANCES);
  });

  it("keeps a 2025-11-25 session on the instance that opened it, by its Mcp-Session-Id, while 2026-07-28 requests alternate", async () => {
    const served = [];
    const transport = new StreamableHTTPClientTransport(new URL(sticky_url), { fetch: recording_fetch(served) });
    const client = new Client({ name: "lb-e2e-v1", version: "1.0.0" }, { capabilities: {} });
    const modern = [];
    await client.connect(transport);
    try {
      assert.equal(transport.protocolVersion, LEGACY);
      assert.match(transport.sessionId, /^[0-9a-f]{32}$/);
      for (const query of queries) {
        await assert_right_answer(client, query);
        // Two sessionless requests between session calls: round-robin gives one to each.
        for (let i = 0; i < 2; ++i) modern.push(await modern_tools_list(sticky_url));
      }
      await transport.terminateSession();
    } finally {
      await client.close();
    }
    const home = served[0].by;
    assert.equal(served[0].method, "initialize");
    assert.ok(INSTANCES.includes(home), JSON.stringify(served));
    assert.ok(served.some((s) => s.method === "DELETE" && s.status === 204), JSON.stringify(served));
    assert.deepEqual(served.filter((s) => s.by !== home), [], `the session left ${home}`);
    assert.deepEqual([...new Set(modern)].sort(), INSTANCES);
  });

  it("sends a 2025-11-25 session's request to the other instance under plain round-robin, which answers 404", async () => {
    const init = await post(plain_url, { jsonrpc: "2.0", id: 1, method: "initialize",
      params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "lb-e2e-raw", version: "1" } } });
    assert.equal(init.status, 200);
    assert.equal((await init.json()).result.protocolVersion, LEGACY);
    const session = init.headers.get("mcp-session-id");
    const home = init.headers.get("x-served-by");
    assert.ok(INSTANCES.includes(home));
    const headers = { "Mcp-Session-Id": session, "MCP-Protocol-Version": LEGACY };
    // Round-robin gives the following requests to the instances in turn; the first one that
    // reaches the other instance names a session that instance never issued.
    let elsewhere;
    for (let id = 2; id <= 5 && !elsewhere; ++id) {
      const answer = await post(plain_url, { jsonrpc: "2.0", id, method: "tools/list" }, headers);
      const body = await answer.json();
      if (answer.headers.get("x-served-by") === home) {
        assert.equal(answer.status, 200);
        assert.equal(body.result.tools.length, 8);
      } else {
        elsewhere = { status: answer.status, by: answer.headers.get("x-served-by"), body };
      }
    }
    assert.ok(elsewhere, "round-robin never reached the other instance");
    assert.ok(INSTANCES.includes(elsewhere.by));
    // 2025-11-25 Transports, Session Management: a server MUST answer a request with a session
    // id it does not know with 404 Not Found, and the client must then start a new session.
    assert.equal(elsewhere.status, 404);
    assert.equal(elsewhere.body.error.message, "Session not found: it ended or expired; send initialize again for a new session");
    // The session is still alive on its own instance: end it there.
    const home_url = instances[INSTANCES.indexOf(home)].url;
    const end = await fetch(home_url, { method: "DELETE", headers });
    assert.equal(end.status, 204);
  });

  it("serves a 2024-11-05 HTTP+SSE session through the backend balanced by client address", async () => {
    const served = [];
    const client = new Client({ name: "lb-e2e-sse", version: "1.0.0" }, { capabilities: {} });
    await client.connect(new SSEClientTransport(new URL("/sse", sticky_url), { fetch: recording_fetch(served) }));
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ["list_endpoints", "get_void_descriptions", "search_terms", "describe_entity", "get_example_queries", "validate_query", "run_sparql_query", "submit"]);
      await assert_right_answer(client, queries[0]);
    } finally {
      await client.close();
    }
    // The stream (GET /sse) and every POST /messages went to one instance. On loopback every
    // client has the same address, so this shows the routing keeps a session together, not
    // how clients spread.
    assert.ok(served.some((s) => s.method === "GET"), JSON.stringify(served));
    assert.equal(new Set(served.map((s) => s.by)).size, 1, JSON.stringify(served));
    assert.ok(INSTANCES.includes(served[0].by));
  });
});
