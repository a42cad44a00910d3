// The offline demo's right answers, from an engine that is not ours: the four dumps of
// examples/data as named graphs of one Oxigraph store, each SERVICE <iri> of a query read as
// GRAPH <iri> (the federated answer for the demo's queries, whose shards share no data), and the
// SPARQL queries of examples/README.md that a newcomer runs first.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { REPO } from "./servers.mjs";
import { json_term, term_key } from "./differential.mjs";

const oxigraph = createRequire(import.meta.url)("oxigraph");

export const DEMO_SHARDS = {
  "https://demo.sparql-mcp.org/sparql/geography": "geography.ttl",
  "https://demo.sparql-mcp.org/sparql/people": "people.ttl",
  "https://demo.sparql-mcp.org/sparql/works": "works.ttl",
  "https://demo.sparql-mcp.org/sparql/awards": "awards.nt.gz",
};

// The ```sparql blocks of examples/README.md, in order.
export function demo_readme_queries() {
  const readme = readFileSync(join(REPO, "examples", "README.md"), "utf8");
  return [...readme.matchAll(/```sparql\n([\s\S]*?)```/g)].map((m) => m[1]);
}

// SPARQL JSON bindings as sorted "var=term" lines: order-free, and numbers compared by value
// (term_key), so two engines' answers compare equal when they are the same solutions.
export function binding_rows(bindings) {
  return bindings.map((b) => Object.keys(b).sort().map((k) => `${k}=${term_key(b[k])}`).join(" ")).sort();
}

// Loads the four dumps once; expected_rows(query) is Oxigraph's answer to `query` as
// binding_rows() prints it.
export function demo_oracle() {
  const store = new oxigraph.Store();
  for (const [graph, file] of Object.entries(DEMO_SHARDS)) {
    let bytes = readFileSync(join(REPO, "examples", "data", file));
    if (file.endsWith(".gz")) bytes = gunzipSync(bytes);
    store.load(bytes.toString("utf8"), {
      format: file.includes(".nt") ? "application/n-triples" : "text/turtle",
      to_graph_name: oxigraph.namedNode(graph),
    });
  }
  return {
    expected_rows(query) {
      const solutions = store.query(query.replaceAll(/SERVICE(\s*<)/g, "GRAPH$1"));
      return binding_rows(solutions.map((solution) => {
        const b = {};
        for (const [k, v] of solution) b[k] = json_term(v);
        return b;
      }));
    },
  };
}
