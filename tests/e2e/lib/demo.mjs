// The offline demo catalogue (examples/) as the MCP tests use it: its file, the geography
// shard's IRI and a small query over it whose answer is five English city names.
import { join } from "node:path";
import { REPO } from "./servers.mjs";

export const DEMO_CATALOGUE = join(REPO, "examples", "catalogue.ttl");
export const DEMO_GEOGRAPHY = "https://demo.sparql-mcp.org/sparql/geography";
export const DEMO_CITIES_QUERY = `PREFIX demo: <https://demo.sparql-mcp.org/vocab#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?name WHERE { SERVICE <${DEMO_GEOGRAPHY}> { ?city a demo:City ; rdfs:label ?name . FILTER(LANG(?name) = "en") } }
ORDER BY ?name LIMIT 5`;
