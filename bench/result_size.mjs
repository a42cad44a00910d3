// What each client shows its model of a run_sparql_query answer: the characters of the text
// block (Claude Desktop) against those of JSON.stringify(structuredContent) (Claude Code,
// Codex, opencode), for answers of 100 rows and 4 columns over the offline demo, with and
// without the query's prefixes, and for a federated one. The goal (issue 23) is a structured
// form at most 1.25x the text, saying the same; SPARQL JSON (format "json") for comparison.
// Run: SPARQL_MCP_BIN=build/release/src/app/sparql-mcp node bench/result_size.mjs [--check]
// (the npm packages of tests/e2e must be installed). --check exits 1 above the goal.
import { join } from "node:path";
import { REPO } from "../tests/e2e/lib/servers.mjs";
import { connect_sdk, call_tool, text_of } from "../tests/e2e/lib/mcp.mjs";

const GOAL = 1.25;
const PREFIXES = `PREFIX demo: <https://demo.sparql-mcp.org/vocab#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX person: <https://demo.sparql-mcp.org/person/>
PREFIX city: <https://demo.sparql-mcp.org/city/>
`;
const PEOPLE = "https://demo.sparql-mcp.org/sparql/people";
const GEO = "https://demo.sparql-mcp.org/sparql/geography";
const BODY = `{ ?person a demo:Person ; rdfs:label ?name ; demo:birthPlace ?place ; demo:birthDate ?year
  FILTER(LANG(?name) = "en") }`;
const CASES = [
  ["people, prefixed names", `${PREFIXES}SELECT ?person ?name ?year ?place WHERE { SERVICE <${PEOPLE}> ${BODY} } ORDER BY ?person LIMIT 100`],
  ["people, full IRIs", `PREFIX demo: <https://demo.sparql-mcp.org/vocab#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?person ?name ?year ?place WHERE { SERVICE <${PEOPLE}> ${BODY} } ORDER BY ?person LIMIT 100`],
  ["federated, prefixed names", `${PREFIXES}SELECT ?name ?year ?city ?population WHERE {
  SERVICE <${PEOPLE}> ${BODY}
  SERVICE <${GEO}> { ?place rdfs:label ?city ; demo:population ?population FILTER(LANG(?city) = "en") }
} ORDER BY ?name LIMIT 100`],
];

const session = await connect_sdk(join(REPO, "examples", "catalogue.ttl"));
let worst = 0;
try {
  console.log("case                          rows  text  structured  ratio  SPARQL-JSON ratio");
  for (const [name, query] of CASES) {
    const compact = await call_tool(session.client, "run_sparql_query", { query, max_rows: 100 });
    if (compact.isError) throw new Error(`${name}: ${text_of(compact)}`);
    const json = await call_tool(session.client, "run_sparql_query", { query, max_rows: 100, format: "json" });
    const text = text_of(compact).length;
    const structured = JSON.stringify(compact.structuredContent).length;
    const sparql_json = JSON.stringify(json.structuredContent).length;
    const ratio = structured / text;
    worst = Math.max(worst, ratio);
    console.log(`${name.padEnd(28)} ${String(compact.structuredContent.rows.length).padStart(5)} ${String(text).padStart(6)} ${String(structured).padStart(11)} ${ratio.toFixed(2).padStart(6)} ${(sparql_json / text).toFixed(2).padStart(18)}`);
  }
} finally {
  await session.close();
}
console.log(`worst ratio ${worst.toFixed(2)} (goal at most ${GOAL})`);
if (process.argv.includes("--check") && worst > GOAL) process.exit(1);
