// node tests/data/spider_instances.mjs <out-dir> [instances-per-class] [seed]
//
// Writes synthetic instance data for the 20 Spider4SPARQL knowledge graphs of
// ../shared/spider4sparql (whose instance data is not shipped): one N-Triples file per graph,
// <out-dir>/<kg>.nt, and <out-dir>/queries.json with the 1,034 dev queries grouped by graph.
//
// The data follow each graph's OWL ontology (every owl:Class gets instances; each datatype
// property gets values of its range on instances of its domain, each object property links to
// an instance of its range). Values are drawn from small pools that include the literals the
// graph's queries mention, so FILTERs, joins on values, GROUP BY and ORDER BY have something to
// bite on; about one value in eight is left out (OPTIONAL and unbound variables) and one
// instance in ten gets a second value (duplicates, multi-valued properties). Deterministic for
// a given seed. Used by tests/e2e/spider_differential.test.mjs.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
// ../shared of the checkout, or SPARQLMCP_SHARED_DIR (CMake's cache variable of that name).
export const SPIDER = join(process.env.SPARQLMCP_SHARED_DIR ?? join(HERE, "..", "..", "..", "shared"),
                           "spider4sparql");

// A file or folder of Spider4SPARQL; throws, saying how to provide the data, when it is missing
// (the data is not in the repository: docs/testing.md, "Test data").
export function spider_path(...parts) {
  const path = join(SPIDER, ...parts);
  if (!existsSync(path)) {
    throw new Error(`test data missing: ${path} does not exist. scripts/run-tests.sh finds or fetches ` +
      "Spider4SPARQL and passes its folder on; or set SPARQLMCP_SHARED_DIR to a folder holding " +
      `spider4sparql/ (docs/testing.md, "Test data")`);
  }
  return path;
}
const XSD = "http://www.w3.org/2001/XMLSchema#";
const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
export const BASE = "http://valuenet/ontop/";

// mulberry32: a small, well-distributed seeded generator.
function random_source(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The ontology's classes and properties (the files are OWL in a regular RDF/XML layout:
// one element per declaration with rdf:about, rdfs:domain and rdfs:range children).
export function read_ontology(owl) {
  const classes = new Set();
  const properties = [];
  for (const m of owl.matchAll(/<owl:Class rdf:about="([^"]+)"/g)) classes.add(m[1]);
  const re = /<owl:(ObjectProperty|DatatypeProperty) rdf:about="([^"]+)">([\s\S]*?)<\/owl:\1>/g;
  for (const m of owl.matchAll(re)) {
    const domain = /rdfs:domain rdf:resource="([^"]+)"/.exec(m[3])?.[1];
    const range = /rdfs:range rdf:resource="([^"]+)"/.exec(m[3])?.[1];
    if (!domain || !range) continue;
    classes.add(domain);
    if (m[1] === "ObjectProperty") classes.add(range);
    properties.push({ iri: m[2], object: m[1] === "ObjectProperty", domain, range });
  }
  return { classes: [...classes].sort(), properties };
}

export function read_queries() {
  const pairs = JSON.parse(readFileSync(spider_path("nl_sparql_pairs", "dev", "dev.json"), "utf8"));
  const by_kg = {};
  pairs.forEach((p, i) => (by_kg[p.kg_name] ??= []).push({ index: i, query: p.query }));
  return by_kg;
}

function literals_of(queries) {
  const strings = new Set();
  const numbers = new Set();
  for (const { query } of queries) {
    for (const m of query.matchAll(/'([^'\\]*)'|"([^"\\]*)"/g)) strings.add(m[1] ?? m[2]);
    for (const m of query.matchAll(/[=<>!]\s*(-?\d+(?:\.\d+)?)\b/g)) numbers.add(m[1]);
  }
  return { strings: [...strings], numbers: [...numbers] };
}

const escape = (s) => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const pad = (n) => String(n).padStart(2, "0");

function value_of(range, pools, rnd) {
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const lit = (lexical, type) => `"${escape(lexical)}"^^<${XSD}${type}>`;
  switch (range.slice(XSD.length)) {
    case "string":
      return rnd() < 0.5 && pools.strings.length ? `"${escape(pick(pools.strings))}"`
                                                  : `"value ${Math.floor(rnd() * 25)}"`;
    case "integer": {
      const known = pools.numbers.filter((n) => !n.includes("."));
      return lit(rnd() < 0.3 && known.length ? pick(known) : String(Math.floor(rnd() * 40)), "integer");
    }
    case "decimal":
      return lit((Math.floor(rnd() * 4000) / 100).toFixed(2), "decimal");
    case "double":
      return lit(rnd() < 0.3 && pools.numbers.length ? pick(pools.numbers) : String(Math.floor(rnd() * 400) / 4),
                 "double");
    case "boolean":
      return lit(rnd() < 0.5 ? "true" : "false", "boolean");
    case "date":
      return lit(`20${pad(Math.floor(rnd() * 20))}-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}`,
                 "date");
    case "dateTime":
      return lit(`20${pad(Math.floor(rnd() * 20))}-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}T${
        pad(Math.floor(rnd() * 24))}:${pad(Math.floor(rnd() * 60))}:00`, "dateTime");
    default:
      return `"${escape(`value ${Math.floor(rnd() * 25)}`)}"`;
  }
}

// N-Triples of one graph: `per_class` instances of each class.
export function generate_graph(ontology, queries, per_class, seed) {
  const rnd = random_source(seed);
  const pools = literals_of(queries);
  const instances = {};
  const lines = [];
  for (const c of ontology.classes) {
    const local = c.startsWith(BASE) ? c.slice(BASE.length) : "thing";
    instances[c] = Array.from({ length: per_class }, (_, i) => `${BASE}data/${encodeURIComponent(local)}/${i}`);
    for (const s of instances[c]) lines.push(`<${s}> <${RDF_TYPE}> <${c}> .`);
  }
  for (const p of ontology.properties) {
    for (const s of instances[p.domain] ?? []) {
      const count = rnd() < 0.125 ? 0 : rnd() < 0.1 ? 2 : 1;
      for (let k = 0; k < count; ++k) {
        const o = p.object ? `<${instances[p.range][Math.floor(rnd() * per_class)]}>` : value_of(p.range, pools, rnd);
        lines.push(`<${s}> <${p.iri}> ${o} .`);
      }
    }
  }
  return `${[...new Set(lines)].join("\n")}\n`;
}

export function ontology_file(kg) {
  const root = spider_path("knowledge_graph_construction", "dev_files");
  // The queries spell some graph names in another case than their folders do.
  const folder = readdirSync(root).find((d) => d.toLowerCase() === `bootstrapper.spider_${kg}`.toLowerCase());
  if (!folder) throw new Error(`no ontology folder for knowledge graph '${kg}' in ${root}`);
  const dir = join(root, folder);
  const owl = readdirSync(dir).find((f) => f.endsWith(".owl"));
  return join(dir, owl);
}

// The N-Triples of every graph of `by_kg` (read_queries()), keyed by graph name. Each graph's
// seed is `seed` plus the number of triples of the graphs before it (in dev.json order), so a
// graph's data are the same whichever tool generates them: spider_differential and the
// federated test set (tests/federation/fkgqa) share them.
export function generate_graphs(by_kg, per_class, seed) {
  const graphs = {};
  let offset = 0;
  for (const [kg, queries] of Object.entries(by_kg)) {
    const ontology = read_ontology(readFileSync(ontology_file(kg), "utf8"));
    graphs[kg] = generate_graph(ontology, queries, per_class, seed + offset);
    offset += graphs[kg].split("\n").length - 1;
  }
  return graphs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [out, per_class = "12", seed = "20261123"] = process.argv.slice(2);
  if (!out) {
    console.error("usage: spider_instances.mjs <out-dir> [instances-per-class] [seed]");
    process.exit(2);
  }
  mkdirSync(out, { recursive: true });
  const by_kg = read_queries();
  let total = 0;
  for (const [kg, nt] of Object.entries(generate_graphs(by_kg, Number(per_class), Number(seed)))) {
    writeFileSync(join(out, `${kg}.nt`), nt);
    total += nt.split("\n").length - 1;
  }
  writeFileSync(join(out, "queries.json"), JSON.stringify(by_kg));
  console.log(`${Object.keys(by_kg).length} graphs, ${total} triples in ${out}`);
}
