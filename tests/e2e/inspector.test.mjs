// The MCP Inspector CLI (`npx @modelcontextprotocol/inspector --cli`) as a second real client:
// it starts sparql-mcp itself over stdio, runs one method and prints the JSON result; then the
// same against `sparql-mcp --http` with `--transport http` and `--transport sse`.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { start_oxigraph } from "./lib/servers.mjs";
import { write_catalogue, binary } from "./lib/mcp.mjs";
import { start_http_server } from "./lib/http_server.mjs";

const E2E_DIR = dirname(fileURLToPath(import.meta.url));

// `target` is a catalogue folder (the Inspector starts sparql-mcp over stdio) or
// { transport: "http" | "sse", url } for a server already listening.
function inspector(target, method_args, timeout_ms = 90000) {
  const server_args = typeof target === "string" ? [binary(), "--catalogue", target]
    : [target.url, "--transport", target.transport, ...(target.header ? ["--header", target.header] : [])];
  const args = ["--no-install", "@modelcontextprotocol/inspector", "--cli", ...server_args, "--method", ...method_args];
  return new Promise((resolve, reject) => {
    execFile("npx", args, { cwd: E2E_DIR, timeout: timeout_ms, killSignal: "SIGKILL", maxBuffer: 64 << 20 },
             (error, stdout, stderr) => {
               if (error) {
                 reject(new Error(`inspector ${method_args.join(" ")} failed: ${error.message}\n${stdout}\n${stderr}`));
                 return;
               }
               try {
                 resolve(JSON.parse(stdout));
               } catch {
                 reject(new Error(`inspector printed no JSON: ${stdout}\n${stderr}`));
               }
             });
  });
}

describe("MCP Inspector CLI against sparql-mcp", { timeout: 300000 }, () => {
  let oxigraph;
  let catalogue;
  let endpoint;

  before(async () => {
    oxigraph = await start_oxigraph();
    endpoint = oxigraph.url("/query");
    catalogue = write_catalogue([
      { id: "people", title: "People", description: "People, organisations and publications.", endpoint },
    ]);
  });

  after(async () => {
    await oxigraph?.stop();
    catalogue?.remove();
  });

  it("lists the tools with their schemas", async () => {
    const { tools } = await inspector(catalogue.dir, ["tools/list"]);
    const names = tools.map((t) => t.name);
    assert.ok(names.includes("run_sparql_query"), `tools: ${names}`);
    assert.ok(names.includes("list_endpoints"), `tools: ${names}`);
    const run = tools.find((t) => t.name === "run_sparql_query");
    assert.equal(run.inputSchema.type, "object");
    assert.equal(run.outputSchema.type, "object");
  });

  it("calls list_endpoints", async () => {
    const result = await inspector(catalogue.dir, ["tools/call", "--tool-name", "list_endpoints"]);
    assert.equal(result.isError ?? false, false);
    assert.deepEqual(result.structuredContent.endpoints.map((e) => [e.id, e.endpoint]), [["people", endpoint]]);
  });

  it("calls run_sparql_query with string and integer arguments", async () => {
    const query = `SELECT ?name WHERE { SERVICE <${endpoint}> { ?p <http://xmlns.com/foaf/0.1/name> ?name } } ORDER BY ?name`;
    const result = await inspector(catalogue.dir, ["tools/call", "--tool-name", "run_sparql_query",
                                                   "--tool-arg", `query=${query}`, "max_rows=4"]);
    assert.equal(result.isError ?? false, false, JSON.stringify(result).slice(0, 500));
    assert.equal(result.structuredContent.rows_shown, 4);
    assert.equal(result.structuredContent.truncated, true);
    assert.equal(result.content[0].type, "text");
  });

  it("reports a tool error as a result, not a failure", async () => {
    const result = await inspector(catalogue.dir, ["tools/call", "--tool-name", "run_sparql_query",
                                                   "--tool-arg", "query=SELECT WHERE {"]);
    assert.equal(result.isError, true);
  });

  it("lists and reads the catalogue resources", async () => {
    const { resources } = await inspector(catalogue.dir, ["resources/list"]);
    const entries = resources.filter((r) => /^sparql-mcp:\/\/catalogue\/[^/]+$/.test(r.uri));
    assert.deepEqual(entries.map((r) => r.uri), ["sparql-mcp://catalogue/people"]);
    const read = await inspector(catalogue.dir, ["resources/read", "--uri", "sparql-mcp://catalogue/people"]);
    assert.ok(read.contents[0].text.includes(endpoint));
  });
});

describe("MCP Inspector CLI against sparql-mcp --http", { timeout: 300000 }, () => {
  let server;
  before(async () => { server = await start_http_server(); });
  after(async () => { await server?.stop(); });

  const cities = `PREFIX demo: <https://demo.sparql-mcp.org/vocab#>
SELECT ?city WHERE { SERVICE <https://demo.sparql-mcp.org/sparql/geography> { ?city a demo:City } } LIMIT 3`;
  for (const transport of ["http", "sse"]) {
    it(`lists the tools and runs a query over --transport ${transport}`, async () => {
      const url = transport === "http" ? server.url : new URL("/sse", server.url).href;
      const { tools } = await inspector({ transport, url }, ["tools/list"]);
      assert.deepEqual(tools.map((t) => t.name), ["list_endpoints", "get_void_descriptions", "search_terms", "describe_entity", "get_example_queries", "validate_query", "run_sparql_query", "submit"]);
      const result = await inspector({ transport, url },
        ["tools/call", "--tool-name", "run_sparql_query", "--tool-arg", `query=${cities}`]);
      assert.ok(!result.isError, JSON.stringify(result));
      assert.equal(result.structuredContent.row_count, 3);
    });
  }
});

describe("MCP Inspector CLI against sparql-mcp --http started with a token", { timeout: 300000 }, () => {
  let server;
  before(async () => { server = await start_http_server([], { SPARQL_MCP_AUTH_TOKEN: "s3cret-token" }); });
  after(async () => { await server?.stop(); });

  it("reaches it with the token in --header, and is refused without", async () => {
    const { tools } = await inspector({ transport: "http", url: server.url, header: "Authorization: Bearer s3cret-token" },
                                      ["tools/list"]);
    assert.equal(tools.length, 8);
    await assert.rejects(inspector({ transport: "http", url: server.url }, ["tools/list"]), /failed/);
  });
});
