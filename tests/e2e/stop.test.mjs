// A graceful stop on every transport (issue 23): SIGTERM (or, over stdio, the end of input)
// while tool calls run at a scripted endpoint. Each call gets its answer: its result when the
// endpoint answers within the stop's grace (released once the server logs that it is stopping),
// otherwise an isError result saying the server is stopping, with its endpoint request
// abandoned (cancellation aborts the transfer). The process exits 0, and over HTTP the stop
// summary counts the requests that finished and those cancelled.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { start_scripted_endpoint, ASK_TRUE } from "./lib/endpoint.mjs";
import { RawSession, text_of, assert_no_sanitizer_report } from "./lib/mcp.mjs";
import { start_http_server, DEMO_CATALOGUE } from "./lib/http_server.mjs";

const STOPPED = /^tool run_sparql_query was cancelled: the server is stopping/;

function held_query(scripted) {
  return `ASK { SERVICE <${scripted.url("/held")}> { ?s ?p ?o } }`;
}

function assert_finished(result) {
  assert.equal(result.isError ?? false, false, text_of(result));
  assert.equal(result.structuredContent.boolean, true);
}

function assert_stopped(result, reason = "") {
  assert.equal(result.isError, true, JSON.stringify(result));
  assert.match(text_of(result), STOPPED);
  if (reason) assert.ok(text_of(result).includes(reason), text_of(result));
}

describe("SIGTERM over HTTP", { timeout: 120000 }, () => {
  it("answers the legacy, HTTP+SSE and 2026-07-28 calls running at SIGTERM, then exits 0", async () => {
    const scripted = await start_scripted_endpoint();
    const server = await start_http_server(["--endpoint", scripted.url("/held")]);
    const clients = [];
    try {
      const connect = async (transport) => {
        const client = new Client({ name: "stop-e2e", version: "1.0.0" }, { capabilities: {} });
        await client.connect(transport);
        clients.push(client);
        return client;
      };
      const call = (client) =>
        client.callTool({ name: "run_sparql_query", arguments: { query: held_query(scripted) } });
      // One call at a time, so that each endpoint request is known to be its call's.
      const started = async (answer) => {
        answer.catch(() => {});  // awaited below; a rejection must not go unhandled meanwhile
        return { answer, request: await scripted.next_request() };
      };
      const legacy_done = await started(call(await connect(new StreamableHTTPClientTransport(new URL(server.url)))));
      const legacy_held = await started(call(await connect(new StreamableHTTPClientTransport(new URL(server.url)))));
      const sse_done = await started(call(await connect(new SSEClientTransport(new URL("/sse", server.url)))));
      const sse_held = await started(call(await connect(new SSEClientTransport(new URL("/sse", server.url)))));
      const modern_held = await started(fetch(server.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream",
                   "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "run_sparql_query" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: {
          name: "run_sparql_query", arguments: { query: held_query(scripted) },
          _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                   "io.modelcontextprotocol/clientCapabilities": {} } } }),
      }).then(async (response) => ({ status: response.status, body: await response.json() })));

      process.kill(server.child.pid, "SIGTERM");
      await server.wait_log(/SIGTERM: stopping/);
      // Two endpoints answer while the server waits for its calls: those calls finish.
      legacy_done.request.reply(200, ASK_TRUE);
      sse_done.request.reply(200, ASK_TRUE);
      assert_finished(await legacy_done.answer);
      assert_finished(await sse_done.answer);
      // The others are cancelled at the stop timeout, and still answered.
      assert_stopped(await legacy_held.answer);
      assert_stopped(await sse_held.answer);
      const modern = await modern_held.answer;
      assert.equal(modern.status, 200);
      assert.equal(modern.body.id, 1);
      assert_stopped(modern.body.result);
      assert.equal(modern.body.result.resultType, "complete");
      for (const held of [legacy_held, sse_held, modern_held]) assert.equal(await held.request.abandoned, true);

      const { code, signal } = await server.exited;
      assert.equal(code, 0, server.log());
      assert.equal(signal, null);
      // In flight at SIGTERM: two POSTs and an event stream that finished, two POSTs and a
      // stream that were cancelled.
      assert.match(server.log(), /stopped: 2 requests finished, 3 cancelled, 0 closed/);
      assert_no_sanitizer_report(server.log());
    } finally {
      for (const client of clients) await client.close().catch(() => {});
      await server.stop();
      await scripted.stop();
    }
  });
});

describe("SIGTERM and end of input over stdio", { timeout: 60000 }, () => {
  const call = (s, id, scripted) => s.send({ jsonrpc: "2.0", id, method: "tools/call",
    params: { name: "run_sparql_query", arguments: { query: held_query(scripted) } } });

  it("stops reading on SIGTERM, lets a call finish in the grace, answers the other, exits 0", async () => {
    const scripted = await start_scripted_endpoint();
    const s = new RawSession(DEMO_CATALOGUE, ["--endpoint", scripted.url("/held"), "--log-level", "info"]);
    try {
      await s.initialize();
      call(s, 1, scripted);
      const finishing = await scripted.next_request();
      call(s, 2, scripted);
      const held = await scripted.next_request();
      process.kill(s.child.pid, "SIGTERM");
      await s.wait_stderr(/SIGTERM: stopping/);
      s.send({ jsonrpc: "2.0", id: 3, method: "ping" });  // not read any more
      finishing.reply(200, ASK_TRUE);
      assert_finished((await s.response(1)).result);
      assert_stopped((await s.response(2)).result, "the server is stopping (SIGTERM)");
      assert.equal(await held.abandoned, true);
      const exit = await s.exited;
      assert.deepEqual(exit, { code: 0, signal: null }, s.stderr);
      assert.equal(s.messages.find((m) => m.id === 3), undefined);
      assert.deepEqual(s.bad_lines, [], "non-JSON lines on stdout");
      assert_no_sanitizer_report(s.stderr);
    } finally {
      if (s.exit_status === null) s.child.kill("SIGKILL");
      await scripted.stop();
    }
  });

  it("answers a call still running at end of input as cancelled and exits 0", async () => {
    const scripted = await start_scripted_endpoint();
    const s = new RawSession(DEMO_CATALOGUE, ["--endpoint", scripted.url("/held")]);
    try {
      await s.initialize();
      call(s, 1, scripted);
      const held = await scripted.next_request();
      const answer = s.response(1);
      const exit = await s.close();
      assert.deepEqual(exit, { code: 0, signal: null }, s.stderr);
      assert_stopped((await answer).result, "the server is stopping (end of input)");
      assert.equal(await held.abandoned, true);
      assert.deepEqual(s.bad_lines, [], "non-JSON lines on stdout");
    } finally {
      if (s.exit_status === null) s.child.kill("SIGKILL");
      await scripted.stop();
    }
  });
});
