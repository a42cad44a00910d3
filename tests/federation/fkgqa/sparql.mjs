// Parsing and printing SPARQL with sparqljs, and walking its syntax tree.
import { sparqljs } from "./packages.mjs";

export const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

// sparqljs keeps the backslash of a PN_LOCAL_ESC in the IRI it expands a prefixed name to
// (`:singer\#name` becomes <http://valuenet/ontop/singer\#name>), although SPARQL 1.1 section
// 4.1.1 says the escape stands for the character alone. Every Spider4SPARQL property is written
// that way, so the escapes are removed here; an IRIREF cannot hold a backslash (rule [139]), so
// nothing else is touched.
function unescape_local_names(node) {
  if (Array.isArray(node)) {
    for (const item of node) unescape_local_names(item);
  } else if (node && typeof node === "object") {
    if (node.termType === "NamedNode") node.value = node.value.replace(/\\([_~.\-!$&'()*+,;=/?#@%])/g, "$1");
    for (const value of Object.values(node)) unescape_local_names(value);
  }
}

export function parse(text) {
  const ast = new sparqljs.Parser({ skipValidation: false }).parse(text);
  unescape_local_names(ast);
  return ast;
}

export function print(ast) {
  return new sparqljs.Generator().stringify(ast);
}

// A deep copy that keeps prototypes: sparqljs's `*` (COUNT(*), SELECT *) is a Wildcard object
// whose termType lives on its class, which structuredClone would drop.
export function clone(node) {
  if (Array.isArray(node)) return node.map(clone);
  if (!node || typeof node !== "object") return node;
  const copy = Object.create(Object.getPrototypeOf(node));
  for (const [k, v] of Object.entries(node)) copy[k] = clone(v);
  return copy;
}

export const term_id = (term) => `${term.termType}:${term.value}`;
