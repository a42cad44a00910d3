// The query texts bench/validation.mjs works on: a query's full-IRI and prefixed forms, the
// four mutations agents make (issue 25, "Figures"), where in the text a mistake sits (which
// SERVICE blocks, spelled how), and answers compared as multisets of rows.
//
// Queries are parsed and printed with sparqljs (tests/federation/fkgqa/sparql.mjs, which also
// undoes sparqljs's keeping of a local name's `\#` escape); the federated forms of the workload
// are sparqljs's own output, so printing them again changes no structure, and the SERVICE
// blocks come out in the same order in every form of one query.
import { RDF_TYPE, clone, parse, print } from "../../tests/federation/fkgqa/sparql.mjs";
import { cell_key } from "../../tests/federation/fkgqa/oracle.mjs";
import { rng } from "../../tests/data/random_queries.mjs";

export const KINDS = {
  predicate_swap: "1 predicate swapped",
  prefix_removed: "2 PREFIX removed",
  class_misspelled: "3 class misspelled",
  wrong_namespace: "4 wrong namespace",
};

// Prefix names of well-known namespaces (prefix.cc's); other namespaces are named after their
// last path segment.
const WELL_KNOWN = {
  "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
  "http://www.w3.org/2000/01/rdf-schema#": "rdfs",
  "http://www.w3.org/2001/XMLSchema#": "xsd",
  "http://www.w3.org/2002/07/owl#": "owl",
};

// --- Deterministic randomness ------------------------------------------------------------------

function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, "utf8")) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

// A mulberry32 generator seeded from the words of `key` (the bench seed, the query, the form,
// the kind): the same key always draws the same numbers, whatever else the run selects.
export function rng_for(...key) {
  const r = rng(fnv1a(key.join("|")));
  const next = () => r.next();
  next.pick = r.pick;
  return next;
}

// --- Tokens and SERVICE blocks -----------------------------------------------------------------

const PN_LOCAL_CHAR = String.raw`(?:[\w\-:]|%[0-9A-Fa-f]{2}|\\[_~.\-!$&'()*+,;=/?#@%])`;
const TOKEN = new RegExp([
  String.raw`(?<ws>\s+)`,
  String.raw`(?<iri><[^<>"{}|^\x60\\\s]*>)`,
  String.raw`(?<string>"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')`,
  String.raw`(?<comment>#[^\n]*)`,
  String.raw`(?<variable>[?$]\w+)`,
  String.raw`(?<pname>(?:[A-Za-z](?:[\w.\-]*[\w\-])?)?:(?:${PN_LOCAL_CHAR}(?:(?:${PN_LOCAL_CHAR}|\.)*${PN_LOCAL_CHAR})?)?)`,
  String.raw`(?<word>[A-Za-z_]\w*)`,
  String.raw`(?<other>[\s\S])`,
].join("|"), "y");

// The tokens of a SPARQL text that matter here: { type: iri|string|variable|pname|word|other,
// text, start, end }, whitespace and comments left out.
export function tokens(text) {
  const out = [];
  TOKEN.lastIndex = 0;
  for (let m; TOKEN.lastIndex < text.length && (m = TOKEN.exec(text));) {
    const type = Object.keys(m.groups).find((k) => m.groups[k] !== undefined);
    if (type !== "ws" && type !== "comment") out.push({ type, text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}

// The SERVICE blocks of a text, in text order: { index (1-based), endpoint, start, end } where
// start..end spans the keyword to the closing brace (nested blocks are inside their parent's).
export function service_blocks(text) {
  const toks = tokens(text);
  const blocks = [];
  for (let i = 0; i < toks.length; ++i) {
    if (toks[i].type !== "word" || toks[i].text.toUpperCase() !== "SERVICE") continue;
    let j = i + 1;
    if (toks[j]?.type === "word" && toks[j].text.toUpperCase() === "SILENT") ++j;
    const endpoint = toks[j]?.type === "iri" ? toks[j].text.slice(1, -1) : toks[j]?.text;
    while (j < toks.length && toks[j].text !== "{") ++j;
    let depth = 0;
    let k = j;
    for (; k < toks.length; ++k) {
      if (toks[k].text === "{") ++depth;
      else if (toks[k].text === "}" && --depth === 0) break;
    }
    blocks.push({ index: blocks.length + 1, endpoint, start: toks[i].start, end: toks[Math.min(k, toks.length - 1)].end });
  }
  return blocks;
}

// The 1-based indices of the SERVICE blocks that contain a token for which `test(token)` holds.
export function services_holding(text, test) {
  const blocks = service_blocks(text);
  const held = new Set();
  for (const t of tokens(text)) {
    if (!test(t)) continue;
    for (const b of blocks) if (t.start >= b.start && t.end <= b.end) held.add(b.index);
  }
  return held;
}

// The PREFIX declarations of a text: [{ prefix, namespace, line }] (`line` the whole line).
export function prefix_declarations(text) {
  return [...text.matchAll(/^[ \t]*PREFIX[ \t]+([A-Za-z][\w.\-]*)?:[ \t]*<([^>]*)>[ \t]*\r?\n?/gim)]
    .map((m) => ({ prefix: m[1] ?? "", namespace: m[2], line: m[0] }));
}

// The prefix of a prefixed-name token (`country:name` -> "country", `:x` -> "").
export const pname_prefix = (token) => token.text.slice(0, token.text.indexOf(":"));

// The tokens of a text outside its PREFIX lines (positions unchanged).
export function body_tokens(text) {
  let body = text;
  for (const d of prefix_declarations(text)) body = body.replace(d.line, " ".repeat(d.line.length));
  return tokens(body);
}

// The prefixes a text's body uses (prefixed names outside PREFIX lines).
export function used_prefixes(text) {
  return new Set(body_tokens(text).filter((t) => t.type === "pname").map(pname_prefix));
}

// --- Forms -------------------------------------------------------------------------------------

export function split_iri(iri) {
  const i = Math.max(iri.lastIndexOf("#"), iri.lastIndexOf("/"));
  if (i < 0 || i === iri.length - 1 || !/^https?:/.test(iri)) return null;
  return { namespace: iri.slice(0, i + 1), local: iri.slice(i + 1) };
}

// Every IRI the query's patterns and expressions hold (not the endpoints SERVICE names, nor
// literals' datatypes).
export function iris_of(ast) {
  const out = new Set();
  const visit = (node, skip) => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, false));
    if (!node || typeof node !== "object") return;
    if (node.termType === "NamedNode") {
      if (!skip) out.add(node.value);
      return;
    }
    if (node.termType === "Literal") return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "prefixes") continue;
      visit(v, node.type === "service" && k === "name");
    }
  };
  visit(ast);
  return out;
}

// The name each namespace gets in the prefixed form: `preset` first (the workload's `:`), then
// the well-known names, then the namespace's last path segment (`.../country#` -> country).
export function name_namespaces(namespaces, preset = {}) {
  const names = new Map(Object.entries(preset).map(([ns, name]) => [ns, name]));
  const taken = new Set(names.values());
  for (const ns of [...namespaces].sort()) {
    if (names.has(ns)) continue;
    let base = WELL_KNOWN[ns] ?? ns.replace(/[#/]+$/, "").replace(/^.*[/#:]/, "").replace(/[^\w\-]/g, "_");
    if (!/^[A-Za-z]/.test(base)) base = `ns_${base}`;
    base = base.replace(/[.\-_]+$/, "") || "ns";
    let name = base;
    for (let n = 2; taken.has(name); ++n) name = `${base}${n}`;
    taken.add(name);
    names.set(ns, name);
  }
  return names;
}

// The query's AST without its declarations, as a string, to compare two texts' meaning.
export function meaning(text) {
  const ast = parse(text);
  delete ast.prefixes;
  delete ast.base;
  return JSON.stringify(ast);
}

// The query with every IRI written in full and no PREFIX line.
export function full_iri_form(text_or_ast) {
  const ast = typeof text_or_ast === "string" ? parse(text_or_ast) : clone(text_or_ast);
  ast.prefixes = {};
  return print(ast);
}

// The query with a PREFIX for each namespace its IRIs use (named by name_namespaces) and
// `rdf:type` written `a` (where that changes nothing), as an agent would write it.
export function prefixed_form(text_or_ast, preset = {}) {
  const ast = typeof text_or_ast === "string" ? parse(text_or_ast) : clone(text_or_ast);
  const namespaces = new Set([...iris_of(ast)].map(split_iri).filter(Boolean).map((s) => s.namespace));
  ast.prefixes = Object.fromEntries([...name_namespaces(namespaces, preset)].map(([ns, name]) => [name, ns]));
  const text = print(ast);
  // rdf:type as `a`: only where the token is rdf:type, and only if the result means the same.
  const rdf = Object.entries(ast.prefixes).find(([, ns]) => ns === "http://www.w3.org/1999/02/22-rdf-syntax-ns#")?.[0];
  if (rdf === undefined) return text;
  let with_a = "";
  let last = 0;
  for (const t of tokens(text)) {
    if (t.type === "pname" && t.text === `${rdf}:type`) {
      with_a += `${text.slice(last, t.start)}a`;
      last = t.end;
    }
  }
  with_a += text.slice(last);
  if (![...used_prefixes(with_a)].includes(rdf)) {
    const line = prefix_declarations(with_a).find((d) => d.prefix === rdf)?.line;
    if (line) with_a = with_a.replace(line, "");
  }
  try {
    return meaning(with_a) === meaning(text) ? with_a : text;
  } catch {
    return text;
  }
}

// --- The graph's schema ------------------------------------------------------------------------

// Classes and properties of one graph, from its N-Triples (one triple per line, IRI subjects
// and predicates, as tests/data/spider_instances.mjs writes them): what the computed VoID of
// the graph says, exactly. { classes: Set, predicates: Set, props_of: Map class -> Set,
// classes_using: Map predicate -> Set, iris: Set (every IRI of the data) }
export function graph_schema(nt) {
  const triples = [];
  const types = new Map();
  const iris = new Set();
  for (const line of nt.split("\n")) {
    const m = /^<([^>]*)> <([^>]*)> (.*) \.$/.exec(line);
    if (!m) continue;
    triples.push([m[1], m[2], m[3]]);
    iris.add(m[1]).add(m[2]);
    if (m[3].startsWith("<")) iris.add(m[3].slice(1, -1));
    if (m[2] === RDF_TYPE) {
      const c = /^<([^>]*)>$/.exec(m[3])?.[1];
      if (c) (types.get(m[1]) ?? types.set(m[1], new Set()).get(m[1])).add(c);
    }
  }
  const schema = { classes: new Set(), predicates: new Set(), props_of: new Map(), classes_using: new Map(), iris };
  for (const cs of types.values()) for (const c of cs) schema.classes.add(c);
  for (const [s, p] of triples) {
    if (p === RDF_TYPE) continue;
    schema.predicates.add(p);
    for (const c of types.get(s) ?? []) {
      (schema.props_of.get(c) ?? schema.props_of.set(c, new Set()).get(c)).add(p);
      (schema.classes_using.get(p) ?? schema.classes_using.set(p, new Set()).get(p)).add(c);
    }
  }
  return schema;
}

// --- Mutations ---------------------------------------------------------------------------------
// Each mutation is { kind, form, text, gold, holding (Set of SERVICE indices that hold the
// mistake), spellings (strings naming the mistaken term in a pattern), describe, parses }.
// `gold` is an IRI for kinds 1, 3 and 4 (the original predicate, class or namespace) and
// { prefix, namespace } for kind 2.

const MARKER = "urn:x-bench-validation:marker";

// Every triple of the AST, wherever it is (groups, UNION, OPTIONAL, MINUS, SERVICE, subqueries,
// EXISTS), as the live objects, so that changing one changes the AST.
function triples_of(ast) {
  const out = [];
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    if (node.type === "bgp" && Array.isArray(node.triples)) out.push(...node.triples);
    for (const [k, v] of Object.entries(node)) if (k !== "prefixes") visit(v);
  };
  visit(ast.where);
  return out;
}

const is_var = (t) => t?.termType === "Variable";
const is_iri = (t) => t?.termType === "NamedNode";
const local_of = (iri) => split_iri(iri)?.local ?? iri;

// The SERVICE indices holding the triples `selected` picks, by printing the AST with their
// `slot` (predicate or object) replaced by a marker IRI.
function holding_of(ast, selected, slot) {
  const marked = clone(ast);
  for (const t of triples_of(marked)) if (selected(t)) t[slot] = { termType: "NamedNode", value: MARKER };
  const text = full_iri_form(marked);
  return services_holding(text, (tok) => tok.text === `<${MARKER}>`);
}

// How an IRI is written in a text: in full and as each prefixed name that expands to it.
function spellings_of(text, iri) {
  const declared = new Map(prefix_declarations(text).map((d) => [d.prefix, d.namespace]));
  const out = new Set([`<${iri}>`, iri]);
  for (const t of body_tokens(text)) {
    if (t.type === "pname" && declared.get(pname_prefix(t)) + t.text.slice(t.text.indexOf(":") + 1).replace(/\\(.)/g, "$1") === iri) out.add(t.text);
  }
  return out;
}

// Which (subject variable, original IRI) pairs a kind could mutate, distinct, in text order.
function candidates(ast, test) {
  const seen = new Map();
  for (const t of triples_of(ast)) {
    if (!test(t)) continue;
    const key = `${t.subject.value}\n${t.predicate.value === RDF_TYPE ? t.object.value : t.predicate.value}`;
    if (!seen.has(key)) seen.set(key, { subject: t.subject.value, iri: t.predicate.value === RDF_TYPE ? t.object.value : t.predicate.value });
  }
  return [...seen.values()];
}

// Kind 1: the predicate of a variable's triple patterns (every one with that subject and
// predicate, as an agent repeats its mistake in each UNION branch) replaced by another property
// of the graph that no class of the subject uses. The subject's classes: its rdf:type classes
// in the query, else the classes whose instances use the original predicate.
export function predicate_swap(ast, schema, rng, render) {
  const options = candidates(ast, (t) => is_var(t.subject) && is_iri(t.predicate) && t.predicate.value !== RDF_TYPE &&
                                          schema.predicates.has(t.predicate.value));
  while (options.length) {
    const choice = options.splice(Math.floor(rng() * options.length), 1)[0];
    const typed = triples_of(ast).filter((t) => t.subject.value === choice.subject && is_var(t.subject) &&
                                                t.predicate.value === RDF_TYPE && is_iri(t.object)).map((t) => t.object.value);
    const classes = typed.length ? typed : [...(schema.classes_using.get(choice.iri) ?? [])];
    const used = new Set(classes.flatMap((c) => [...(schema.props_of.get(c) ?? [])]));
    const others = [...schema.predicates].filter((p) => p !== choice.iri && !used.has(p)).sort();
    if (!others.length) continue;
    const replacement = rng.pick(others);
    const selected = (t) => is_var(t.subject) && t.subject.value === choice.subject && is_iri(t.predicate) && t.predicate.value === choice.iri;
    const mutant = clone(ast);
    for (const t of triples_of(mutant)) if (selected(t)) t.predicate = { termType: "NamedNode", value: replacement };
    const text = render(mutant);
    return {
      kind: "predicate_swap", text, gold: choice.iri, term: replacement,
      holding: holding_of(ast, selected, "predicate"), spellings: spellings_of(text, replacement),
      describe: `?${choice.subject} ${choice.iri.replace(/^.*\//, "")} -> ${replacement.replace(/^.*\//, "")}`,
    };
  }
  return null;
}

// One or two edits (insert, delete, substitute a letter, transpose two neighbours) of the
// letters of `word`, giving another word that none of `avoid` is.
export function misspell(word, rng, avoid) {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const edits = rng() < 0.5 ? 1 : 2;
  for (let attempt = 0; attempt < 50; ++attempt) {
    let w = word;
    let applied = 0;
    for (let tries = 0; applied < edits && tries < 20; ++tries) {
      const positions = [...w].map((c, i) => (/[A-Za-z]/.test(c) ? i : -1)).filter((i) => i >= 0);
      if (!positions.length) break;
      const i = rng.pick(positions);
      const op = rng.pick(["insert", "delete", "substitute", "transpose"]);
      const before = w;
      if (op === "insert") w = w.slice(0, i + 1) + rng.pick([...letters]) + w.slice(i + 1);
      else if (op === "delete" && w.length > 3) w = w.slice(0, i) + w.slice(i + 1);
      else if (op === "substitute") w = w.slice(0, i) + rng.pick([...letters].filter((c) => c !== w[i].toLowerCase())) + w.slice(i + 1);
      else if (op === "transpose" && /[A-Za-z]/.test(w[i + 1] ?? "") && w[i + 1] !== w[i]) w = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
      if (w !== before) ++applied;
    }
    if (applied === edits && w !== word && /^[A-Za-z]/.test(w) && !avoid.has(w)) return { word: w, edits };
  }
  return null;
}

// Kind 3: the local name of a class in `?x a <class>` misspelled, in every such pattern of that
// variable and class.
export function class_misspelled(ast, schema, rng, render) {
  const options = candidates(ast, (t) => is_var(t.subject) && is_iri(t.predicate) && t.predicate.value === RDF_TYPE &&
                                          is_iri(t.object) && schema.classes.has(t.object.value));
  const avoid = new Set([...schema.classes, ...schema.predicates].map(local_of));
  while (options.length) {
    const choice = options.splice(Math.floor(rng() * options.length), 1)[0];
    const parts = split_iri(choice.iri);
    if (!parts) continue;
    const spelled = misspell(parts.local, rng, avoid);
    if (!spelled) continue;
    const wrong = parts.namespace + spelled.word;
    const selected = (t) => is_var(t.subject) && t.subject.value === choice.subject && t.predicate.value === RDF_TYPE &&
                            is_iri(t.object) && t.object.value === choice.iri;
    const mutant = clone(ast);
    for (const t of triples_of(mutant)) if (selected(t)) t.object = { termType: "NamedNode", value: wrong };
    const text = render(mutant);
    return {
      kind: "class_misspelled", text, gold: choice.iri, term: wrong,
      holding: holding_of(ast, selected, "object"), spellings: spellings_of(text, wrong),
      describe: `?${choice.subject} a ${parts.local} -> ${spelled.word} (${spelled.edits} edit${spelled.edits > 1 ? "s" : ""})`,
    };
  }
  return null;
}

// Kind 2: one PREFIX declaration the query uses, deleted. Kept only when the text then fails to
// parse (sparqljs: "Unknown prefix"), which `parses` reports.
export function prefix_removed(text, rng) {
  const used = used_prefixes(text);
  const options = prefix_declarations(text).filter((d) => used.has(d.prefix));
  if (!options.length) return null;
  const d = rng.pick(options);
  const mutant = text.replace(d.line, "");
  let parses = true;
  try { parse(mutant); } catch { parses = false; }
  return {
    kind: "prefix_removed", text: mutant, gold: { prefix: d.prefix, namespace: d.namespace }, term: d.prefix, parses,
    holding: services_holding(mutant, (t) => t.type === "pname" && pname_prefix(t) === d.prefix),
    spellings: new Set(body_tokens(mutant).filter((t) => t.type === "pname" && pname_prefix(t) === d.prefix).map((t) => t.text)),
    describe: `PREFIX ${d.prefix}: <${d.namespace}> removed`,
  };
}

// The close but wrong namespaces of `ns`: http <-> https, the ending `#` <-> `/`, the ending
// separator removed.
export function near_namespaces(ns) {
  const out = [];
  if (ns.startsWith("http://")) out.push({ how: "https", ns: `https://${ns.slice(7)}` });
  else if (ns.startsWith("https://")) out.push({ how: "http", ns: `http://${ns.slice(8)}` });
  if (ns.endsWith("#")) out.push({ how: "# -> /", ns: `${ns.slice(0, -1)}/` });
  else if (ns.endsWith("/")) out.push({ how: "/ -> #", ns: `${ns.slice(0, -1)}#` });
  if (/[#/]$/.test(ns)) out.push({ how: "separator removed", ns: ns.slice(0, -1) });
  return out;
}

// Kind 4: one used PREFIX bound to a close but wrong namespace.
export function wrong_namespace(text, rng) {
  const used = used_prefixes(text);
  const options = prefix_declarations(text).filter((d) => used.has(d.prefix) && near_namespaces(d.namespace).length);
  if (!options.length) return null;
  const d = rng.pick(options);
  const near = rng.pick(near_namespaces(d.namespace));
  const mutant = text.replace(d.line, d.line.replace(`<${d.namespace}>`, `<${near.ns}>`));
  const names = body_tokens(mutant).filter((t) => t.type === "pname" && pname_prefix(t) === d.prefix);
  const spellings = new Set(names.map((t) => t.text));
  for (const t of names) spellings.add(near.ns + t.text.slice(t.text.indexOf(":") + 1));
  return {
    kind: "wrong_namespace", text: mutant, gold: d.namespace, term: near.ns,
    holding: services_holding(mutant, (t) => t.type === "pname" && pname_prefix(t) === d.prefix), spellings,
    describe: `PREFIX ${d.prefix}: <${d.namespace}> -> <${near.ns}> (${near.how})`,
  };
}

// --- Answers -----------------------------------------------------------------------------------

// A SPARQL JSON result as a comparable string: the sorted variables and the sorted multiset of
// rows (terms as the oracle compares them: numbers by value, booleans by value); null when the
// result is neither SELECT nor ASK.
export function answer_key(document) {
  if (typeof document?.boolean === "boolean") return `ASK ${document.boolean}`;
  const vars = document?.head?.vars;
  const bindings = document?.results?.bindings;
  if (!Array.isArray(vars) || !Array.isArray(bindings)) return null;
  const sorted = [...vars].sort();
  const rows = bindings.map((b) => sorted.map((v) => cell_key(b[v])).join(" | ")).sort();
  return `${sorted.join(" ")}\n${rows.join("\n")}`;
}

// Whether a SPARQL JSON result has no row (an ASK answer is never "empty" here).
export const answer_is_empty = (document) => Array.isArray(document?.results?.bindings) && document.results.bindings.length === 0;

// Whether `text` parses (sparqljs) and declares `prefix` as `namespace`.
export function declares(text, prefix, namespace) {
  try {
    return parse(text).prefixes?.[prefix] === namespace;
  } catch {
    return false;
  }
}

export { parse };
