// Misbehaving endpoints (the failure routes of tests/servers/oxigraph-server.mjs and a closed
// port): each call ends in an error whose message says what happened and whose closing advice
// fits it (asserted word for word: it is what the agent reads), and the server keeps serving.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { start_oxigraph, free_port } from "./lib/servers.mjs";
import { write_catalogue, connect_sdk, call_tool, text_of } from "./lib/mcp.mjs";

const ASK = (endpoint) => `ASK { SERVICE <${endpoint}> { ?s ?p ?o } }`;

// The closing advice of src/tools/failure_text.cpp, one per kind of failure.
const ADVICE = {
  unreachable: "No answer came from the endpoint: it may be down, or its IRI may be wrong. Check the IRI with " +
               "list_endpoints, try again later, or use another endpoint.",
  timeout: "The query ran out of time: add a LIMIT, make the patterns more selective (bind a class or a known IRI " +
           "first), or raise timeout_ms.",
  fix_query: "The endpoint rejected the query: read its message above, fix the query (prefixes, syntax this " +
             "endpoint supports) and try again.",
  wrong_url: "The endpoint URL is wrong: use the endpoint IRI exactly as list_endpoints shows it; if you did, its " +
             "catalogue entry is out of date: use another endpoint.",
  web_page: "The endpoint IRI leads to a web page, not to the SPARQL service itself: check the endpoint IRI in the " +
            "catalogue (list_endpoints), or use another endpoint.",
  crash: "The endpoint crashed while answering: try a cheaper query (a LIMIT, a more selective pattern, fewer " +
         "OPTIONALs) or try again later.",
  nothing: "The endpoint sent nothing: try again later, or use another endpoint.",
  failed: "The endpoint failed while answering: try a cheaper query (a LIMIT, a more selective pattern) or try " +
          "again later.",
  credentials: "The endpoint needs credentials, which only the server's operator can configure (smcp:header in " +
               "the catalogue); use another endpoint meanwhile.",
  forbidden: "The endpoint refused this request: it may need credentials (smcp:header in the catalogue) or block " +
             "this kind of query; try a simpler query or another endpoint.",
  method: "The endpoint does not take queries sent this way: its catalogue entry needs smcp:httpMethod \"GET\" or " +
          "\"POST\"; use another endpoint meanwhile.",
  again: "The endpoint gave up waiting for the request: try again.",
  too_long: "Shorten the query (fewer VALUES rows, shorter IRIs through PREFIX declarations) or split it into " +
            "several queries.",
  rate: "Wait before querying this endpoint again, and send fewer, more selective queries.",
  gateway: "The gateway usually gives up because the query runs too long: add a LIMIT or make the patterns more " +
           "selective, or try again later.",
  later: "Try again later, or use another endpoint.",
};

const VIRTUOSO_SYNTAX_ERROR = "Virtuoso 37000 Error SP030: SPARQL compiler, line 1: syntax error at 'WHERE' before '{'";
const BLAZEGRAPH_PARSE_ERROR = 'org.openrdf.query.MalformedQueryException: Encountered " "}" "} "" at line 1';

describe("run_sparql_query against misbehaving endpoints", { timeout: 240000 }, () => {
  let oxigraph;
  let catalogue;
  let session;
  let ep;

  before(async () => {
    oxigraph = await start_oxigraph();
    const down_port = await free_port(); // nothing listens there: connection refused
    const status = (code, body = "", type) =>
      oxigraph.url(`/status?code=${code}&body=${encodeURIComponent(body)}` +
                   (type ? `&type=${encodeURIComponent(type)}` : ""));
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
      wrong_path: oxigraph.url("/sparkl"), // a typo in the endpoint IRI: the server answers 404
      virtuoso200: status(200, VIRTUOSO_SYNTAX_ERROR),
      parse200: status(200, "Parse error: expected '{' at line 1, column 8"),
      parse500: status(500, BLAZEGRAPH_PARSE_ERROR),
      bad400: status(400, "Parse error: unknown prefix wdt:"),
      s401: status(401),
      s403: status(403),
      s405: status(405),
      s408: status(408),
      s413: status(413),
      s414: status(414),
      s429: status(429, "Too Many Requests"),
      s502: status(502),
      s503: status(503),
      s504: status(504, "<html><body><h1>504 Gateway Time-out</h1></body></html>", "text/html"),
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

  // The error text is "<message> (endpoint <iri>, HTTP status N, ...). <advice>": checks its
  // start (a string, or a pattern anchored at the start), that it names the endpoint, and its
  // advice word for word.
  const expect_error = async (endpoint, { starts, advice }, args = {}) => {
    const result = await run({ query: ASK(endpoint), ...args });
    const text = text_of(result);
    assert.equal(result.isError, true, `expected a tool error for ${endpoint}, got: ${text.slice(0, 300)}`);
    if (starts instanceof RegExp) assert.match(text, starts);
    else assert.ok(text.startsWith(starts), `expected the message to start with\n  ${starts}\ngot\n  ${text}`);
    assert.ok(text.includes(`(endpoint ${endpoint}`), `the endpoint is not named: ${text}`);
    assert.ok(text.endsWith(`. ${advice}`), `expected the advice\n  ${advice}\ngot\n  ${text}`);
    return text;
  };

  it("reports a refused connection", async () => {
    const port = new URL(ep.down).port;
    await expect_error(ep.down, {
      starts: `could not connect to 127.0.0.1:${port} (connection refused); is the endpoint up?`,
      advice: ADVICE.unreachable,
    });
  });

  it("stops waiting at timeout_ms and says so", async () => {
    // The endpoint would answer after 20 s: only the time limit ends the call with this error.
    const port = new URL(ep.slow).port;
    await expect_error(ep.slow, {
      // The limit left for the transfer: 1000 ms less what the call spent before sending.
      starts: new RegExp(`^no complete response from 127\\.0\\.0\\.1:${port} within (1000|9\\d\\d) ms`),
      advice: ADVICE.timeout,
    }, { timeout_ms: 1000 });
  });

  it("says a 404 means a wrong URL, and nothing about the query", async () => {
    const text = await expect_error(ep.wrong_path, {
      starts: "the endpoint URL is wrong (HTTP 404 Not Found); check the endpoint address in the catalogue: " +
              "no route /sparkl",
      advice: ADVICE.wrong_url,
    });
    assert.doesNotMatch(text, /simpler|LIMIT|selective/);
  });

  it("says the endpoint rejected the query when its syntax error comes with status 200", async () => {
    const virtuoso = await expect_error(ep.virtuoso200, {
      starts: "the endpoint rejected the query (its error message came with HTTP status 200 instead of results): " +
              VIRTUOSO_SYNTAX_ERROR,
      advice: ADVICE.fix_query,
    });
    assert.doesNotMatch(virtuoso, /not SPARQL results/);
    await expect_error(ep.parse200, {
      starts: "the endpoint rejected the query (its error message came with HTTP status 200 instead of results): " +
              "Parse error: expected '{' at line 1, column 8",
      advice: ADVICE.fix_query,
    });
  });

  it("says the endpoint rejected the query for a parse error sent with 400 or 500", async () => {
    await expect_error(ep.bad400, {
      starts: "the endpoint rejected the query (HTTP 400 Bad Request): Parse error: unknown prefix wdt:",
      advice: ADVICE.fix_query,
    });
    await expect_error(ep.parse500, {
      starts: `the endpoint rejected the query (HTTP 500 Internal Server Error): ${BLAZEGRAPH_PARSE_ERROR}`,
      advice: ADVICE.fix_query,
    });
  });

  it("reports an HTTP 500 with its status and the first bytes of the body", async () => {
    await expect_error(ep.error500, {
      starts: "the endpoint failed (HTTP 500 Internal Server Error): Internal Server Error: the query engine crashed",
      advice: ADVICE.failed,
    });
  });

  it("gives every other HTTP status advice of its own", async () => {
    const cases = [
      [ep.s401, "the endpoint refused access (HTTP 401 Unauthorized); it requires credentials", ADVICE.credentials],
      [ep.s403, "the endpoint refused access (HTTP 403 Forbidden)", ADVICE.forbidden],
      [ep.s405, "the endpoint does not accept GET requests (HTTP 405 Method Not Allowed)", ADVICE.method],
      [ep.s408, "the endpoint gave up waiting for the request (HTTP 408 Request Timeout)", ADVICE.again],
      [ep.s413, "the query is too long for the endpoint (HTTP 413 Content Too Large)", ADVICE.too_long],
      [ep.s414, "the query is too long for the endpoint (HTTP 414 URI Too Long)", ADVICE.too_long],
      [ep.s429, "the endpoint is rate-limiting requests (HTTP 429 Too Many Requests)", ADVICE.rate],
      [ep.s502, "the endpoint failed (HTTP 502 Bad Gateway); a gateway in front of it gave up", ADVICE.gateway],
      [ep.s503, "the endpoint failed (HTTP 503 Service Unavailable); it is overloaded or down for maintenance",
       ADVICE.later],
      [ep.s504, "the endpoint failed (HTTP 504 Gateway Timeout); a gateway in front of it gave up: 504 Gateway " +
                "Time-out", ADVICE.gateway],
    ];
    for (const [endpoint, starts, advice] of cases) await expect_error(endpoint, { starts, advice });
  });

  it("recognises an HTML page that is not a SPARQL result", async () => {
    await expect_error(ep.html, {
      starts: "the endpoint answered with an HTML page instead of SPARQL results (is the URL the SPARQL service, " +
              "not its web page?): Please sign in Sign in",
      advice: ADVICE.web_page,
    });
  });

  it("recognises a Java stack trace served as text/plain", async () => {
    await expect_error(ep.stacktrace, {
      starts: "the endpoint answered with an error report (a stack trace) instead of results: " +
              "java.lang.OutOfMemoryError: Java heap space",
      advice: ADVICE.crash,
    });
  });

  it("reports an empty body instead of an empty result", async () => {
    await expect_error(ep.empty, {
      starts: "the endpoint answered with an empty body instead of SPARQL results",
      advice: ADVICE.nothing,
    });
  });

  it("answers from the first part of a response cut at --max-response-bytes and says it was cut", async () => {
    const query = `SELECT ?s ?label WHERE { SERVICE <${ep.huge}> { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?label } }`;
    const result = await run({ query }, 60000);
    const text = text_of(result);
    assert.equal(result.isError ?? false, false, text.slice(0, 500));
    const s = result.structuredContent;
    assert.equal(s.truncated, true, "a response cut at --max-response-bytes is truncated");
    assert.equal(s.possibly_incomplete, true, "rows beyond the cut are unknown");
    assert.equal(s.row_count, undefined, "the total is unknown, so no row_count");
    assert.ok(text.length < 4000000, `the text block is ${text.length} characters`);
  });

  it("waits as HTTP 429's Retry-After asks and then answers", async () => {
    // The route answers 429 with Retry-After: 1, then the query: one retry within the 15 s limit.
    const before = await (await fetch(oxigraph.url("/stats"))).json();
    const result = await run({ query: ASK(ep.ratelimit) });
    assert.equal(result.isError ?? false, false, text_of(result));
    assert.equal(result.structuredContent.boolean, true);
    const after = await (await fetch(oxigraph.url("/stats"))).json();
    assert.equal(after.requests - before.requests, 2, "one refused request and one retry");
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
    await session.client.ping();
    const result = await run({ query: ASK(ep.good) });
    assert.equal(result.isError ?? false, false, text_of(result));
    assert.equal(result.structuredContent.boolean, true);
  });
});
