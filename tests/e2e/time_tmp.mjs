import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { performance } from "node:perf_hooks";
const transport = new StdioClientTransport({ command: process.env.BIN, args: ["serve", "--catalogue", "/work/main/examples/catalogue.ttl", "--void-cache", "/tmp/sc3"], stderr: "ignore" });
const client = new Client({ name: "t", version: "1" });
await client.connect(transport);
const med = (a) => { a.sort((x, y) => x - y); return a[Math.floor(a.length / 2)].toFixed(3); };
const Q = (n) => `PREFIX demo: <https://demo.sparql-mcp.org/vocab#> SELECT ?x ?c WHERE { ?x a demo:City ; demo:country ?c } LIMIT ${n}`;
for (const [label, extra] of [["named", { endpoints: ["demo-geo"] }], ["named2", { endpoints: ["demo-geo", "demo-people"] }], ["catalogue", {}], ["named,nolabels", { endpoints: ["demo-geo", "demo-people"], labels: false }]]) {
  const t = [];
  for (let i = 0; i < 300; i++) { const s = performance.now(); await client.callTool({ name: "run_sparql_query", arguments: { query: Q(i + 1), ...extra } }); t.push(performance.now() - s); }
  console.log(label, "median ms", med(t));
}
await client.close();
