// Misbehaving endpoints (the failure routes of tests/servers/oxigraph-server.mjs and a closed
// port): each call must end in bounded time with an error an LLM can act on, and the server
// must keep serving afterwards.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { start_oxigraph, free_port } from "./lib/servers.mjs";
import { write_catalogue, connect_sdk, call_tool, text_of, within } from "./lib/mcp.mjs";

const ASK = (endpoint) => `ASK { SERVICE <${endpoint}> { ?s ?p ?o } }`;

describe("run_sparql_query against misbehaving endpoints", { timeout: 240000 }, () => {
  let oxigraph;
  let catalogue;
  let session;
  let ep;

  before(async () => {
    oxigraph = await start_oxigraph();
    const down_port = await free_port(); // nothing listens there: connection refused
    ep = {
      down: `http://127.0.0.1:${down_port}/sparql`,
      slow: oxigraph.url("/slow?ms=20000"),
      slow6: oxigraph.url("/slow?ms=6500"),
      error500: oxigraph.url("/error500"),
      html: oxigraph.url("/html"),
      huge: oxigraph.url("/huge?mb=50"),
      ratelimit: oxigraph.url("/ratelimit"),
      stacktrace: oxigraph.url("/stacktrace"),
      empty: oxigraph.url("/empty"),
      good: oxigraph.url("/query"),
    };
    catalogue = write_catalogue(Object.entries(ep).map(([id, endpoint]) => ({ id, endpoint })));
    session = await connect_sdk(catalogue.dir, ["--max-response-bytes", "2000000", "--timeout-ms", "15000"]);
  });

  after(async () => {
    await session?.close();
    await oxigraph?.stop();
    catalogue?.remove();
  });

  const run = (args, timeout_ms = 30000) => call_tool(session.client, "run_sparql_query", args, { timeout_ms });
  const expect_error = async (endpoint, pattern, args = {}) => {
    const started = Date.now();
    const result = await run({ query: ASK(endpoint), ...args });
    const text = text_of(result);
    assert.equal(result.isError, true, `expected a tool error for ${endpoint}, got: ${text.slice(0, 300)}`);
    assert.match(text, pattern);
    return { text, elapsed: Date.now() - started };
  };

  it("reports a refused connection", async () => {
    const { text, elapsed } = await expect_error(ep.down, /refused|connect|unreachable|down/i);
    assert.ok(text.includes(ep.down), `the endpoint is not named: ${text}`);
    assert.ok(elapsed < 10000, `took ${elapsed} ms`);
  });

  it("stops waiting at timeout_ms and says so", async () => {
    const { elapsed } = await expect_error(ep.slow, /time[d\s-]*out/i, { timeout_ms: 1000 });
    assert.ok(elapsed < 6000, `a 1000 ms timeout took ${elapsed} ms`);
  });

  it("reports an HTTP 500 with its status", async () => {
    const { text } = await expect_error(ep.error500, /500/);
    assert.match(text, /crashed|Internal Server Error/i, "the first bytes of the body help the agent");
  });

  it("recognises an HTML page that is not a SPARQL result", async () => {
    await expect_error(ep.html, /html/i);
  });

  it("recognises a Java stack trace served as text/plain", async () => {
    await expect_error(ep.stacktrace, /OutOfMemoryError|text\/plain|not a SPARQL/i);
  });

  it("reports an empty body instead of an empty result", async () => {
    await expect_error(ep.empty, /empty|no (content|data|body)|unexpected end|parse/i);
  });

  it("bounds a huge response and reports it truncated", async () => {
    const started = Date.now();
    const query = `SELECT * WHERE { SERVICE <${ep.huge}> { ?s ?p ?o } }`;
    const result = await run({ query }, 60000);
    const elapsed = Date.now() - started;
    const text = text_of(result);
    if (result.isError) {
      assert.match(text, /truncat|too (large|big)|exceed|limit|bytes/i, text.slice(0, 500));
    } else {
      assert.equal(result.structuredContent.truncated || result.structuredContent.possibly_incomplete, true,
                   "a response cut at --max-response-bytes must be reported");
    }
    assert.ok(text.length < 4000000, `the text block is ${text.length} characters`);
    assert.ok(elapsed < 30000, `took ${elapsed} ms`);
  });

  it("copes with HTTP 429 and Retry-After", async () => {
    // The route alternates 429 / answer: either sparql-mcp retries after Retry-After and
    // succeeds, or it reports the rate limit so the agent can retry.
    const result = await run({ query: ASK(ep.ratelimit) });
    if (result.isError) assert.match(text_of(result), /429|rate|too many|retry/i);
    else assert.equal(result.structuredContent.results.boolean, true);
  });

  it("sends increasing progress notifications during a long call that carries a progress token", async () => {
    // The server's heartbeat interval is 5 s by default: a 6.5 s query sees at least one.
    const progress = [];
    const result = await session.client.callTool({ name: "run_sparql_query", arguments: { query: ASK(ep.slow6) } },
                                                 undefined, { timeout: 30000, onprogress: (p) => progress.push(p) });
    assert.equal(result.isError ?? false, false, text_of(result));
    assert.ok(progress.length >= 1, "no progress notification during a 6.5 s call");
    for (let i = 0; i < progress.length; ++i) {
      assert.equal(typeof progress[i].progress, "number");
      if (i > 0) assert.ok(progress[i].progress > progress[i - 1].progress, "progress must increase");
    }
  });

  it("keeps serving after every failure", async () => {
    await within(2000, session.client.ping(), "ping");
    const result = await run({ query: ASK(ep.good) });
    assert.equal(result.isError ?? false, false, text_of(result));
    assert.equal(result.structuredContent.results.boolean, true);
  });
});
