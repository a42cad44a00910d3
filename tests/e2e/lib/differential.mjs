// What the differential tests (spider_differential, random_differential) share: comparing our
// SPARQL JSON terms with Oxigraph's, and wrapping a query in SERVICE <entry> so that
// run_sparql_query answers it in-process.

export const XSD = "http://www.w3.org/2001/XMLSchema#";
export const NUMERIC = new Set(["integer", "decimal", "double", "float", "long", "int", "short",
  "byte", "nonNegativeInteger", "positiveInteger", "negativeInteger", "nonPositiveInteger",
  "unsignedLong", "unsignedInt", "unsignedShort", "unsignedByte"].map((t) => XSD + t));
const SPECIAL = { INF: "INF", "-INF": "-INF", NaN: "NaN" };

// The term as a comparable string; numbers by value (to 12 significant digits) within datatype,
// because the lexical form of a computed number (1.0E0 or 1E0) is the implementation's choice;
// language tags in lower case (Oxigraph lowercases them, which RDF allows).
export function term_key(t) {
  if (!t) return "-";
  if (t.type === "uri") return `<${t.value}>`;
  if (t.type === "bnode") return "_:";
  const datatype = t.datatype ?? (t["xml:lang"] ? "" : `${XSD}string`);
  if (NUMERIC.has(datatype)) {
    const value = SPECIAL[t.value] ??
      (Number.isFinite(Number(t.value)) ? Number(Number(t.value).toPrecision(12)) : t.value);
    return `${value}^^${datatype}`;
  }
  return `${JSON.stringify(t.value)}@${(t["xml:lang"] ?? "").toLowerCase()}^^${datatype}`;
}

// Oxigraph's terms in SPARQL JSON form.
export function json_term(term) {
  if (!term) return undefined;
  if (term.termType === "NamedNode") return { type: "uri", value: term.value };
  if (term.termType === "BlankNode") return { type: "bnode", value: term.value };
  const t = { type: "literal", value: term.value };
  if (term.language) t["xml:lang"] = term.language;
  else t.datatype = term.datatype.value;
  return t;
}

// Wraps the outermost WHERE (or ASK) group of `query` in SERVICE <endpoint> { ... }.
export function wrap_in_service(query, endpoint) {
  const m = /\b(where|ask)\s*\{/i.exec(query.replace(/^PREFIX[^\n]*\n/gim, (line) => " ".repeat(line.length)));
  if (!m) return undefined;
  const open = m.index + m[0].length - 1;
  let depth = 0;
  let quote = null;
  for (let i = open; i < query.length; ++i) {
    const c = query[i];
    if (quote) {
      if (c === "\\") ++i;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "{") ++depth;
    else if (c === "}" && --depth === 0) {
      return `${query.slice(0, open)}{ SERVICE <${endpoint}> ${query.slice(open, i + 1)} }${query.slice(i + 1)}`;
    }
  }
  return undefined;
}
