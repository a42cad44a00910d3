// Pages a 30,976-row unordered answer from an Oxigraph route that reshuffles rows on every
// request and caps answers at 10,000 rows, and prints pages, distinct rows, repeats, requests,
// the largest LIMIT sent and the time. Run: SPARQL_MCP_BIN=build/release/src/app/sparql-mcp
// node bench/paging.mjs (the npm packages of tests/e2e must be installed).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { start_oxigraph } from "../tests/e2e/lib/servers.mjs";
import { write_catalogue, connect_sdk, call_tool } from "../tests/e2e/lib/mcp.mjs";
const EX = "http://example.org/paging/";
const dir = mkdtempSync(join(tmpdir(), "m-"));
const N = 30976, lines = [];
for (let i = 0; i < N; ++i) lines.push(`<${EX}item/${i}> <${EX}rank> "${i}" .`);
writeFileSync(join(dir, "d.nt"), lines.join("\n") + "\n");
const ox = await start_oxigraph([join(dir, "d.nt")]);
const endpoint = ox.url("/shuffle?cap=10000");
const cat = write_catalogue([{ id: "x", endpoint }]);
const s = await connect_sdk(cat.dir);
for (const max_rows of [10, 100]) {
  const before = (await (await fetch(ox.url("/queries"))).json()).length;
  let args = { query: `SELECT ?i ?r WHERE { SERVICE <${endpoint}> { ?i <${EX}rank> ?r } }`, max_rows, format: "json" };
  const seen = new Set(); let pages = 0; let dup = 0; const t0 = Date.now();
  for (;;) {
    const r = await call_tool(s.client, "run_sparql_query", args, { timeout_ms: 60000 });
    const sc = r.structuredContent; ++pages;
    for (const b of sc.results.results.bindings) { const k = b.i.value; if (seen.has(k)) ++dup; seen.add(k); }
    if (pages === 1) console.log(`first page (max_rows ${max_rows}): row_count=${sc.row_count} at_least=${sc.row_count_at_least} requests=${sc.requests}`);
    if (!sc.next_page_query) break;
    args = { query: sc.next_page_query, max_rows, format: "json" };
  }
  const qs = (await (await fetch(ox.url("/queries"))).json()).slice(before);
  const rows_asked = qs.map((q) => Number(/LIMIT\s+(\d+)/i.exec(q)?.[1] ?? Infinity));
  console.log(`max_rows ${max_rows}: ${pages} pages, ${seen.size} distinct rows, ${dup} repeats, ${qs.length} requests, largest LIMIT ${Math.max(...rows_asked)}, ${Date.now() - t0} ms`);
}
await s.close(); await ox.stop(); cat.remove();
