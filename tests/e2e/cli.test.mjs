// The command line of the real binary: --help, --version, `parse FILE|-`, unknown options, the
// exit codes (0 success, 1 a failed query or unreadable input, 2 a usage error), --option=value,
// and the serving flags that change behaviour (--endpoint, --allow-any-endpoint, --timeout-ms).
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { start_oxigraph } from "./lib/servers.mjs";
import { binary, write_catalogue, connect_sdk, call_tool, text_of } from "./lib/mcp.mjs";

function run_cli(args, input) {
  const result = spawnSync(binary(), args, { input, encoding: "utf8", timeout: 20000 });
  assert.equal(result.error, undefined, `could not run sparql-mcp: ${result.error}`);
  return result;
}

describe("sparql-mcp command line", { timeout: 60000 }, () => {
  it("prints usage naming every option with --help", () => {
    const r = run_cli(["--help"]);
    assert.equal(r.status, 0);
    for (const option of ["--catalogue", "--endpoint", "--allow-any-endpoint", "--log-level", "--timeout-ms",
                          "--max-rows", "--max-response-bytes", "parse"]) {
      assert.ok(r.stdout.includes(option), `--help does not mention ${option}`);
    }
  });

  it("prints its version with --version", () => {
    const r = run_cli(["--version"]);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^sparql-mcp \d+\.\d+\.\d+/);
  });

  it("parses a query from standard input and prints its algebra", () => {
    const r = run_cli(["parse", "-"], 'SELECT ?s WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p "Zoë" } } LIMIT 3');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /service/i);
    assert.ok(r.stdout.includes("http://127.0.0.1:9/sparql"));
    assert.ok(r.stdout.includes('"Zoë"'), "multibyte literals survive");
  });

  it("parses a query file and reports a syntax error with line and code-point column, exit 1", () => {
    const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-parse-"));
    try {
      const good = join(dir, "good.rq");
      writeFileSync(good, "ASK { ?s ?p ?o }\n");
      assert.equal(run_cli(["parse", good]).status, 0);
      const bad = join(dir, "bad.rq");
      writeFileSync(bad, 'SELECT ?s WHERE {\n  ?s ?p "Zoë" ?oops }\n');
      const r = run_cli(["parse", bad]);
      assert.equal(r.status, 1);
      assert.equal(r.stdout, "");
      assert.equal(r.stderr, `${bad}:2:15: unexpected variable ?oops, expected '.' or '}' (triple patterns are ` +
                             "separated by '.')\n");
      // A query file saved with a byte order mark (Windows editors) parses.
      const bom = join(dir, "bom.rq");
      writeFileSync(bom, "\uFEFFASK { ?s ?p ?o }\n");
      const with_bom = run_cli(["parse", bom]);
      assert.equal(with_bom.status, 0, with_bom.stderr);
      assert.match(with_bom.stdout, /^form: ASK$/m);
      const missing = run_cli(["parse", join(dir, "missing.rq")]);
      assert.equal(missing.status, 1);
      assert.equal(missing.stderr, `sparql-mcp parse: cannot read ${join(dir, "missing.rq")}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses an unknown option with exit 2 and a message on stderr", () => {
    const r = run_cli(["--no-such-option"]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, "sparql-mcp: unknown argument '--no-such-option' (see sparql-mcp --help)\n");
    assert.equal(r.stdout, "", "stdout belongs to MCP and stays empty");
  });

  it("exits 2 for every usage error, with the same message for --option=value", () => {
    const cases = [
      [["parse"], "parse expects exactly one argument: a file name or -"],
      [["--max-rows", "ten"], "--max-rows expects a positive whole number, got 'ten'"],
      [["--max-rows=ten"], "--max-rows expects a positive whole number, got 'ten'"],
      [["--catalogue="], "--catalogue needs a value"],
      [["--allow-any-endpoint=yes"], "--allow-any-endpoint takes no value, got '--allow-any-endpoint=yes'"],
      [["query", "--format=html", "ASK {}"], "--format must be table, json, xml, csv, tsv, turtle or ntriples"],
      [["query"], "query needs a query: the text in quotes, - to read standard input, or @FILE"],
    ];
    for (const [args, message] of cases) {
      const r = run_cli(args, "");
      assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stderr, `sparql-mcp: ${message} (see sparql-mcp --help)\n`);
      assert.equal(r.stdout, "");
    }
  });

  it("exits 1 when the input cannot be read or the server cannot start", () => {
    const query = run_cli(["query", "@/nonexistent/q.rq"]);
    assert.equal(query.status, 1);
    assert.equal(query.stderr, "sparql-mcp query: cannot read the query file '/nonexistent/q.rq'\n");
    const serve = run_cli(["--catalogue=/nonexistent/catalogue", "--log-level=error"], "");
    assert.equal(serve.status, 1);
    assert.match(serve.stderr, /cannot start: catalogue path '\/nonexistent\/catalogue' does not exist/);
    assert.equal(serve.stdout, "");
  });
});

describe("sparql-mcp logging", { timeout: 60000 }, () => {
  let catalogue;
  before(() => {
    catalogue = write_catalogue([{ id: "local", endpoint: "http://127.0.0.1:9/sparql" }]);
  });
  after(() => catalogue?.remove());

  const serve = (level) => {
    const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize",
                                  params: { protocolVersion: "2025-11-25", capabilities: {},
                                            clientInfo: { name: "cli-test", version: "1" } } });
    return run_cli(["--catalogue", catalogue.dir, "--log-level", level], `${init}\n`);
  };

  it("logs to stderr only, and nothing at --log-level off", () => {
    const info = serve("info");
    assert.equal(info.status, 0);
    assert.ok(info.stderr.length > 0, "--log-level info logs something on start-up");
    const lines = info.stdout.trim().split("\n");
    assert.equal(lines.length, 1, `stdout must hold the one response only: ${info.stdout}`);
    assert.equal(JSON.parse(lines[0]).id, 1);
    const off = serve("off");
    assert.equal(off.status, 0);
    assert.equal(off.stderr, "", "--log-level off must keep stderr silent");
    assert.equal(JSON.parse(off.stdout.trim()).id, 1);
  });

  it("refuses an unknown log level", () => {
    const r = run_cli(["--catalogue", catalogue.dir, "--log-level", "loud"], "");
    assert.equal(r.status, 2);
    assert.equal(r.stderr, "sparql-mcp: --log-level must be trace, debug, info, warn, error or off (see " +
                           "sparql-mcp --help)\n");
  });
});

describe("sparql-mcp serving flags", { timeout: 120000 }, () => {
  let oxigraph;
  let empty;
  const sessions = [];
  const connect = async (args) => {
    const s = await connect_sdk(empty.dir, args);
    sessions.push(s);
    return s;
  };

  before(async () => {
    oxigraph = await start_oxigraph();
    empty = write_catalogue([{ id: "elsewhere", endpoint: "http://127.0.0.1:9/sparql" }]);
  });

  after(async () => {
    for (const s of sessions) await s.close();
    await oxigraph?.stop();
    empty?.remove();
  });

  it("adds an ad hoc endpoint with --endpoint and queries it", async () => {
    const endpoint = oxigraph.url("/query");
    const s = await connect(["--endpoint", endpoint]);
    const list = await call_tool(s.client, "list_endpoints", {});
    assert.ok(list.structuredContent.endpoints.some((e) => e.endpoint === endpoint),
              `--endpoint is not listed: ${text_of(list)}`);
    const r = await call_tool(s.client, "run_sparql_query", { query: `ASK { SERVICE <${endpoint}> { ?s ?p ?o } }` });
    assert.equal(r.isError ?? false, false, text_of(r));
    assert.equal(r.structuredContent.boolean, true);
  });

  it("lets SERVICE name an uncatalogued endpoint only with --allow-any-endpoint", async () => {
    const endpoint = oxigraph.url("/sparql");
    const query = `ASK { SERVICE <${endpoint}> { ?s ?p ?o } }`;
    const strict = await connect([]);
    const refused = await call_tool(strict.client, "run_sparql_query", { query });
    assert.equal(refused.isError, true);
    assert.equal(text_of(refused),
                 `SERVICE <${endpoint}> is not an endpoint of this server's catalogue, so it will not be ` +
                 "contacted. Use one of the catalogue's endpoint IRIs exactly as listed by list_endpoints. " +
                 "Known endpoints: <http://127.0.0.1:9/sparql> (elsewhere).");
    const open = await connect(["--allow-any-endpoint"]);
    const allowed = await call_tool(open.client, "run_sparql_query", { query });
    assert.equal(allowed.isError ?? false, false, text_of(allowed));
    assert.equal(allowed.structuredContent.boolean, true);
  });

  it("refuses a SERVICE that is no http(s) URL under --allow-any-endpoint in the query's terms", async () => {
    const open = await connect(["--allow-any-endpoint"]);
    for (const iri of ["ftp://127.0.0.1/sparql", "urn:example:endpoint"]) {
      const r = await call_tool(open.client, "run_sparql_query", { query: `ASK { SERVICE <${iri}> { ?s ?p ?o } }` });
      assert.equal(r.isError, true);
      assert.equal(text_of(r),
                   `SERVICE <${iri}> cannot be queried: only http:// and https:// URLs with a host name can be ` +
                   `sent a query, and <${iri}> is neither such a URL nor an endpoint of this server's catalogue. ` +
                   "Name the http(s) URL of a SPARQL endpoint, or an endpoint IRI exactly as listed by " +
                   "list_endpoints. Known endpoints: <http://127.0.0.1:9/sparql> (elsewhere).");
    }
  });

  it("applies --timeout-ms when the call gives no timeout", async () => {
    // The endpoint answers after 10 s: only the 800 ms limit ends the call with this error.
    const endpoint = oxigraph.url("/slow?ms=10000");
    const s = await connect(["--endpoint", endpoint, "--timeout-ms", "800"]);
    const r = await call_tool(s.client, "run_sparql_query", { query: `ASK { SERVICE <${endpoint}> { ?s ?p ?o } }` });
    assert.equal(r.isError, true);
    // The request's own limit is what remains of the call's 800 ms, not the 45 s default.
    assert.match(text_of(r), /^no complete response from 127\.0\.0\.1:\d+ within (800|7\d\d) ms/);
    assert.ok(text_of(r).endsWith("or raise timeout_ms."), text_of(r));
  });

  it("takes --option=value for the serving options", async () => {
    const endpoint = oxigraph.url("/query");
    const s = await connect([`--endpoint=${endpoint}`, "--max-rows=7", "--timeout-ms=20000"]);
    const r = await call_tool(s.client, "run_sparql_query",
                              { query: `SELECT ?s WHERE { SERVICE <${endpoint}> { ?s a <http://xmlns.com/foaf/0.1/Person> } }` });
    assert.equal(r.isError ?? false, false, text_of(r));
    assert.equal(r.structuredContent.rows_shown, 7);
  });

  it("shows --max-rows rows by default", async () => {
    const endpoint = oxigraph.url("/query");
    const s = await connect(["--endpoint", endpoint, "--max-rows", "7"]);
    const r = await call_tool(s.client, "run_sparql_query",
                              { query: `SELECT ?s WHERE { SERVICE <${endpoint}> { ?s a <http://xmlns.com/foaf/0.1/Person> } }` });
    assert.equal(r.isError ?? false, false, text_of(r));
    assert.equal(r.structuredContent.rows_shown, 7);
    assert.equal(r.structuredContent.truncated, true);
  });
});

describe("sparql-mcp query", { timeout: 60000 }, () => {
  let oxigraph;
  before(async () => { oxigraph = await start_oxigraph(); });
  after(async () => { await oxigraph?.stop(); });

  it("ends an ASK answer in table form with a newline, and exits 0", () => {
    const endpoint = oxigraph.url("/query");
    const ok = run_cli(["query", `--endpoint=${endpoint}`, "--timeout=20s", "--log-level=error",
                        `ASK { SERVICE <${endpoint}> { ?s ?p ?o } }`]);
    assert.equal(ok.status, 0, ok.stderr);
    assert.ok(ok.stdout.endsWith("ASK result: true\n"), JSON.stringify(ok.stdout));
  });

  it("exits 1 with the tool's message for a query that fails", () => {
    const endpoint = oxigraph.url("/query");
    const r = run_cli(["query", `--endpoint=${endpoint}`, "--log-level=error",
                       `PREFIX ex: <http://e/>\n  DELETE WHERE { ?s ex:p ?o }`]);
    assert.equal(r.status, 1);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr, "sparql-mcp query: Query refused at line 2, column 3: this server is read-only: SPARQL " +
                           "Update (DELETE WHERE) is not accepted; send a SELECT, ASK, CONSTRUCT or DESCRIBE query\n");
  });

  it("writes a cut answer's first rows as CSV and says on stderr that it was cut", () => {
    // 278 people times 176 cities of the offline demo: more rows than `query` prints.
    const demo = join(import.meta.dirname, "..", "..", "examples", "catalogue.ttl");
    const r = run_cli(["query", "--catalogue", demo, "--format", "csv", "--log-level=error",
                       `PREFIX demo: <https://demo.sparql-mcp.org/vocab#> SELECT ?p ?c WHERE {
                          SERVICE <https://demo.sparql-mcp.org/sparql/people> { ?p a demo:Person }
                          SERVICE <https://demo.sparql-mcp.org/sparql/geography> { ?c a demo:City } }`]);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trimEnd().split(/\r?\n/);
    assert.equal(lines[0], "p,c");
    assert.equal(lines.length - 1, 1000, "the rows --help promises for query");
    assert.match(r.stderr, /sparql-mcp query: the answer was cut: 1000 rows written of at least 1001; raise --max-rows \(at most 10000\) or run the next page\./);
    assert.match(r.stderr, /Next page:\n/);
    const help = run_cli(["--help"]).stdout;
    assert.match(help, /--max-rows N +default number of result rows shown \(default 100; 1000 for\s+`query`/);
  });

  it("sends the patterns outside SERVICE to the endpoint --endpoints names", () => {
    const demo = join(import.meta.dirname, "..", "..", "examples", "catalogue.ttl");
    const r = run_cli(["query", "--catalogue", demo, "--endpoints", "demo-geo", "--format", "csv",
                       "--log-level=error",
                       "PREFIX demo: <https://demo.sparql-mcp.org/vocab#> SELECT ?c WHERE { " +
                       "?c a demo:City ; demo:population ?n } ORDER BY DESC(?n) LIMIT 2"]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stdout.trimEnd().split(/\r?\n/),
                     ["c", "https://demo.sparql-mcp.org/city/Moscow", "https://demo.sparql-mcp.org/city/London"]);
    // Two endpoints: their data merged, so a person of one joins the city of the other.
    const two = run_cli(["query", "--catalogue", demo, "--endpoints", "demo-geo,demo-people", "--format", "csv",
                         "--log-level=error",
                         "PREFIX demo: <https://demo.sparql-mcp.org/vocab#> SELECT (COUNT(DISTINCT ?p) AS ?n) " +
                         "WHERE { ?p demo:birthPlace ?c . ?c a demo:City }"]);
    assert.equal(two.status, 0, two.stderr);
    const born = run_cli(["query", "--catalogue", demo, "--endpoints", "demo-people", "--format", "csv",
                          "--log-level=error",
                          "PREFIX demo: <https://demo.sparql-mcp.org/vocab#> SELECT (COUNT(DISTINCT ?p) AS ?n) " +
                          "WHERE { ?p demo:birthPlace ?c }"]);
    assert.equal(born.status, 0, born.stderr);
    assert.ok(Number(two.stdout.trim().split(/\r?\n/)[1]) > 0, two.stdout);
    assert.equal(two.stdout, born.stdout);
    const unknown = run_cli(["query", "--catalogue", demo, "--endpoints", "demo-geo,nope", "ASK { ?s ?p ?o }"]);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /nope/);
  });
});
