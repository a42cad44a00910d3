#!/usr/bin/env node
// The reference MCP server of bench/mcp_load.mjs, written with the official TypeScript SDK v2
// (@modelcontextprotocol/server with @modelcontextprotocol/node, installed into
// build/peers/mcp-reference by scripts/install-peers.sh): Streamable HTTP, stateless (a server
// and transport per request, as the SDK's own example does), one tool `run_sparql_query`
// {query} that forwards the query to one SPARQL endpoint and returns its JSON results as text.
//
//   node reference-mcp-server.mjs SDK_NODE_MODULES ENDPOINT_URL
// prints `listening on http://127.0.0.1:PORT/mcp` once it listens.
import { createServer } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [modules, endpoint] = process.argv.slice(2);
if (!modules || !endpoint) {
  process.stderr.write("usage: reference-mcp-server.mjs SDK_NODE_MODULES ENDPOINT_URL\n");
  process.exit(2);
}
const load = (name, file) => import(pathToFileURL(join(modules, "@modelcontextprotocol", name, "dist", file)).href);
const { McpServer } = await load("server", "index.mjs");
const { NodeStreamableHTTPServerTransport, localhostHostValidation, localhostOriginValidation } = await load("node", "index.mjs");
const { z } = await import(pathToFileURL(join(modules, "zod", "index.js")).href).catch(
  () => import(pathToFileURL(join(modules, "zod", "v4", "index.js")).href));

function make_server() {
  const server = new McpServer({ name: "reference-sparql", version: "1.0.0" });
  server.registerTool("run_sparql_query", {
    description: "Runs a SPARQL query against the endpoint and returns the SPARQL JSON results.",
    inputSchema: { query: z.string() },
  }, async ({ query }) => {
    const response = await fetch(`${endpoint}?query=${encodeURIComponent(query)}`,
      { headers: { Accept: "application/sparql-results+json" } });
    const text = await response.text();
    if (!response.ok) return { isError: true, content: [{ type: "text", text: `HTTP ${response.status}: ${text.slice(0, 300)}` }] };
    return { content: [{ type: "text", text }] };
  });
  return server;
}

const validate_host = localhostHostValidation();
const validate_origin = localhostOriginValidation();
const http = createServer(async (req, res) => {
  if (!validate_host(req, res) || !validate_origin(req, res)) return;
  const server = make_server();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on("close", () => { transport.close(); server.close(); });
  await server.connect(transport);
  await transport.handleRequest(req, res);
});
http.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening on http://127.0.0.1:${http.address().port}/mcp\n`);
});
process.on("SIGTERM", () => http.close(() => process.exit(0)));
