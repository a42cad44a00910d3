// The command line of the real binary: --help, --version, `parse FILE|-`, unknown options, and
// the serving flags that change behaviour (--endpoint, --allow-any-endpoint, --timeout-ms).
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
      assert.match(r.stdout + r.stderr, /\b2:15\b|line\s*2\D{1,20}column\s*15\b/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses an unknown option with a non-zero exit and a message on stderr", () => {
    const r = run_cli(["--no-such-option"]);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /--no-such-option/);
    assert.equal(r.stdout, "", "stdout belongs to MCP and stays empty");
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
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /loud|log-level/);
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
    assert.equal(r.structuredContent.results.boolean, true);
  });

  it("lets SERVICE name an uncatalogued endpoint only with --allow-any-endpoint", async () => {
    const endpoint = oxigraph.url("/sparql");
    const query = `ASK { SERVICE <${endpoint}> { ?s ?p ?o } }`;
    const strict = await connect([]);
    const refused = await call_tool(strict.client, "run_sparql_query", { query });
    assert.equal(refused.isError, true);
    const open = await connect(["--allow-any-endpoint"]);
    const allowed = await call_tool(open.client, "run_sparql_query", { query });
    assert.equal(allowed.isError ?? false, false, text_of(allowed));
    assert.equal(allowed.structuredContent.results.boolean, true);
  });

  it("applies --timeout-ms when the call gives no timeout", async () => {
    const endpoint = oxigraph.url("/slow?ms=10000");
    const s = await connect(["--endpoint", endpoint, "--timeout-ms", "800"]);
    const r = await call_tool(s.client, "run_sparql_query", { query: `ASK { SERVICE <${endpoint}> { ?s ?p ?o } }` });
    assert.equal(r.isError, true);
    // The request's own limit is what remains of the call's 800 ms, not the 45 s default.
    assert.match(text_of(r), /no complete response from \S+ within (7\d\d|800) ms/);
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
