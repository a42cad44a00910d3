#!/usr/bin/env node
// Writes a deterministic synthetic dataset as N-Triples for the VoID tests and benchmark
// (issue 14): what an endpoint's computed description is checked against.
//
//   node tests/servers/void/generate.mjs [--triples N] [--seed S] [--tail-classes K]
//                                        [--tail-properties K] [--out FILE]
//
// N (default 10,000) is a target: the file holds about that many triples (within a few per
// cent; the exact number goes to stderr). The same arguments always give the same file (a
// seeded PRNG, no dependencies, no clock). Every line is a distinct triple.
//
// What the data have, because a VoID computation must get each of them right:
// - 14 classes sized like a Pareto distribution (the i-th gets a share 1/i^1.1): at 1,000,000
//   triples the largest three have more than 10,000 instances each, beyond Virtuoso's
//   10,000-row cap, so a GROUP BY over their instances is cut there; the smallest have a few
//   hundred.
// - instances with several classes (a Person may also be a Researcher, a Document an Article
//   or a Book, a Place a City or a Country, an Organisation a Funder), each extra class adding
//   a property of its own;
// - IRI objects that are typed (gen:author -> Person), untyped (gen:homepage, gen:license:
//   IRIs that are no subject; gen:unit: IRIs that are subjects without a class), or either
//   (gen:subject: a Topic or an untyped IRI), and properties whose objects have several classes
//   (gen:participant: Person or Organisation);
// - literals of eight datatypes (xsd:string, integer, decimal, double, boolean, date,
//   dateTime, gYear), one unknown datatype (gen:SKU), and language tags (en, de, fr, ja,
//   pt-br), with quotes, backslashes, newlines and multibyte characters in them;
// - blank nodes: typed (gen:Address) and untyped (contact details), both as subjects and as
//   objects;
// - properties used by several classes (rdfs:label: language-tagged on most, plain on Sensor
//   and Software; gen:member: Persons of an Organisation, Documents of a Collection;
//   gen:awardedTo: a Project for a Grant, a Person for an Award).
// Value spaces do not overlap across datatypes (decimals end in .25 or .75, doubles in .125 or
// .625, dateTimes are never at midnight) and every lexical form is canonical, so a store that
// keeps values rather than lexical forms (Virtuoso, Oxigraph) sees as many distinct terms as
// the file has.
//
// --tail-classes K adds K classes gen:Tag0..gen:Tag{K-1} with Pareto sizes (Tag0 about 50
// instances, most with one), given as extra rdf:type to instances of the main classes: more
// than 10,000 of them make `GROUP BY ?class` itself exceed Virtuoso's cap. --tail-properties K
// adds K properties gen:extra0.. used once each (a plain literal on one instance).
//
// Namespaces: classes and properties http://example.org/void-gen/ (gen:), instances
// http://example.org/void-gen/id/<class>/<n>, untyped IRIs http://example.org/void-external/.
import { closeSync, openSync, realpathSync, writeSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const GEN = "http://example.org/void-gen/";
export const ID = `${GEN}id/`;
export const EXTERNAL = "http://example.org/void-external/";
export const XSD = "http://www.w3.org/2001/XMLSchema#";
export const RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
export const RDFS = "http://www.w3.org/2000/01/rdf-schema#";
const RDF_TYPE = `<${RDF}type>`;

// mulberry32: a 32-bit state, uniform() in [0, 1).
function prng(seed) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n) => Math.floor(uniform() * n);
  return {
    uniform,
    below,
    between: (lo, hi) => lo + below(hi - lo + 1),
    chance: (p) => uniform() < p,
    pick: (list) => list[below(list.length)],
    // Skewed towards small indices (hubs): u^2 puts half the picks in the first quarter.
    skewed: (n) => Math.floor(uniform() ** 2 * n),
  };
}

// N-Triples terms (RDF 1.1 N-Triples section 2.4: ECHAR escapes for the characters that need
// them; everything else, multibyte characters included, as it is).
const iri = (value) => `<${value}>`;
const escape = (text) => text.replace(/[\\"\n\r]/g, (c) => ({ "\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r" })[c]);
const plain = (text) => `"${escape(text)}"`;
const lang = (text, tag) => `"${escape(text)}"@${tag}`;
const typed = (lexical, datatype) => `"${lexical}"^^<${datatype}>`;
const gen = (local) => iri(`${GEN}${local}`);
const pad = (n, width = 2) => String(n).padStart(width, "0");

const FIRST = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Zoë", "Łukasz", "José", "Søren",
               "Chloé", "Dmitri", "Émile", "Björn", "Ngozi", "Aiko", "Priya", "Mateo", "Olúwaseun", "Hana"];
const LAST = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Dvořák", "Müller", "李",
              "García", "Nakamura", "O'Brien", "Kowalski", "Ødegaard", "Adeyemi", "Sharma", "Rossi", "Kim"];
const WORDS = ["graph", "query", "join", "index", "federated", "semantic", "linked", "data", "engine",
               "optimisation", "reasoning", "streams", "provenance", "ontology", "benchmark", "web"];
const WORDS_DE = ["Graph", "Anfrage", "Verbund", "Daten", "Wissen", "Netz", "Suche", "Straße"];
const WORDS_FR = ["graphe", "requête", "données", "réseau", "savoir", "fédéré", "moteur", "été"];
const WORDS_JA = ["グラフ", "検索", "データ", "知識", "連合", "索引"];

// The value generators. Each takes the PRNG and the entity's index and returns a term.
const V = {
  name: (r) => plain(`${r.pick(FIRST)} ${r.pick(LAST)}`),
  words: (r, n = 3) => Array.from({ length: n }, () => r.pick(WORDS)).join(" "),
  label_en: (r, i, cls) => lang(`${cls} ${V.words(r, 2)} ${i}`, "en"),
  label_de: (r, i, cls) => lang(`${cls} ${r.pick(WORDS_DE)} ${i}`, "de"),
  label_fr: (r, i, cls) => lang(`${cls} ${r.pick(WORDS_FR)} ${i}`, "fr"),
  label_ja: (r, i) => lang(`${r.pick(WORDS_JA)}${r.pick(WORDS_JA)} ${i}`, "ja"),
  label_pt: (r, i, cls) => lang(`${cls} ${i}`, "pt-br"),
  integer: (lo, hi) => (r) => typed(String(r.between(lo, hi)), `${XSD}integer`),
  // Canonical xsd:decimal (no trailing zeros, a digit before the point) ending in .25 or .75.
  decimal: (hi) => (r) => typed(`${r.below(hi)}.${r.chance(0.5) ? "25" : "75"}`, `${XSD}decimal`),
  // Canonical xsd:double (XSD 1.1 section 3.3.5.2: one digit before the point, no trailing
  // zero) whose value has 4 to 9 decimals, the last a 5: never equal to a decimal or an integer.
  double: (r) => typed(`${r.between(1, 9)}.${pad(r.below(1000), 3)}${r.chance(0.5) ? "125" : "625"}E${r.between(-3, 2)}`,
                       `${XSD}double`),
  boolean: (r) => typed(r.chance(0.4) ? "true" : "false", `${XSD}boolean`),
  date: (r) => typed(`${r.between(1900, 2023)}-${pad(r.between(1, 12))}-${pad(r.between(1, 28))}`, `${XSD}date`),
  datetime: (r) => typed(`${r.between(2000, 2025)}-${pad(r.between(1, 12))}-${pad(r.between(1, 28))}T` +
                         `${pad(r.between(1, 23))}:${pad(r.between(1, 59))}:${pad(r.below(60))}Z`, `${XSD}dateTime`),
  year: (r) => typed(String(r.between(1850, 2024)), `${XSD}gYear`),
  sku: (r) => typed(`SKU-${r.below(100000)}`, `${GEN}SKU`),
  external: (kind, n) => (r) => iri(`${EXTERNAL}${kind}/${r.below(n)}`),
};

// The schema: per class, its share (main classes only; the others follow from their owners),
// and its properties: [property, value, probability, min count, max count]. A value is a
// generator function, or { ref: CLASS } (an instance of CLASS, skewed towards hubs),
// { earlier: true } (an earlier instance of the same class), { one_of: [[weight, value]...] },
// { blank: KIND } (a fresh blank node described by BLANKS[KIND]).
const MAIN = [
  ["Observation", [
    ["value", { one_of: [[0.7, V.decimal(1000)], [0.3, V.double]] }, 1, 1, 1],
    ["observedAt", V.datetime, 1, 1, 1],
    ["observedBy", { ref: "Sensor" }, 1, 1, 1],
    ["unit", V.external("unit", 40), 1, 1, 1],
    ["flagged", V.boolean, 0.3, 1, 1],
    [`${RDFS}comment`, (r, i) => lang(`checked "${V.words(r, 1)}" by hand\nsee log ${i}`, "en"), 0.05, 1, 1],
  ]],
  ["Person", [
    ["name", V.name, 1, 1, 1],
    [`${RDFS}label`, V.label_en, 1, 1, 1],
    [`${RDFS}label`, V.label_de, 0.3, 1, 1],
    [`${RDFS}label`, V.label_fr, 0.2, 1, 1],
    ["birthDate", V.date, 0.8, 1, 1],
    ["age", V.integer(18, 99), 0.6, 1, 1],
    ["knows", { ref: "Person" }, 1, 0, 4],
    ["worksFor", { ref: "Organisation" }, 0.7, 1, 1],
    ["homepage", V.external("page", 1000000), 0.3, 1, 1],
    ["address", { blank: "Address" }, 0.5, 1, 1],
    ["contact", { blank: "Contact" }, 0.3, 1, 1],
  ], [["Researcher", 0.25, [["orcid", (r) => plain(`0000-000${r.below(10)}-${pad(r.below(10000), 4)}-${pad(r.below(10000), 4)}`), 1, 1, 1]]]]],
  ["Document", [
    ["title", (r, i) => lang(`On ${V.words(r)} (${i})`, "en"), 1, 1, 1],
    ["title", V.label_ja, 0.2, 1, 1],
    ["created", V.date, 1, 1, 1],
    ["author", { ref: "Person" }, 1, 1, 3],
    ["cites", { earlier: true }, 1, 0, 3],
    ["subject", { one_of: [[0.8, { ref: "Topic" }], [0.2, V.external("subject", 500)]] }, 1, 0, 2],
    ["pages", V.integer(1, 900), 0.5, 1, 1],
    ["sku", V.sku, 0.3, 1, 1],
    ["openAccess", V.boolean, 1, 1, 1],
  ], [["Article", 0.6, [["journal", V.external("journal", 300), 1, 1, 1]]],
      ["Book", 0.15, [["isbn", (r) => plain(`978-${r.below(10)}-${pad(r.below(100000), 5)}-${pad(r.below(1000), 3)}-${r.below(10)}`), 1, 1, 1]]]]],
  ["Place", [
    [`${RDFS}label`, V.label_en, 1, 1, 1],
    [`${RDFS}label`, V.label_de, 0.5, 1, 1],
    [`${RDFS}label`, V.label_fr, 0.5, 1, 1],
    [`${RDFS}label`, V.label_pt, 0.1, 1, 1],
    ["population", V.integer(10, 40000000), 0.7, 1, 1],
    ["lat", V.double, 1, 1, 1],
    ["long", V.double, 1, 1, 1],
    ["partOf", { earlier: true }, 0.8, 1, 1],
  ], [["City", 0.6, []], ["Country", 0.05, [["isoCode", (r) => plain(String.fromCharCode(65 + r.below(26), 65 + r.below(26))), 1, 1, 1]]]]],
  ["Organisation", [
    [`${RDFS}label`, V.label_en, 1, 1, 1],
    ["name", (r, i) => plain(`${r.pick(LAST)} & ${r.pick(LAST)} ${i}`), 1, 1, 1],
    ["founded", V.year, 0.7, 1, 1],
    ["locatedIn", { ref: "Place" }, 1, 1, 1],
    ["homepage", V.external("page", 1000000), 0.6, 1, 1],
    ["member", { ref: "Person" }, 1, 0, 5],
  ], [["Funder", 0.1, []]]],
  ["Event", [
    [`${RDFS}label`, V.label_en, 1, 1, 1],
    ["startDate", V.datetime, 1, 1, 1],
    ["place", { ref: "Place" }, 1, 1, 1],
    ["participant", { one_of: [[0.7, { ref: "Person" }], [0.3, { ref: "Organisation" }]] }, 1, 1, 4],
  ]],
  ["Topic", [
    [`${RDFS}label`, V.label_en, 1, 1, 1],
    [`${RDFS}label`, V.label_de, 0.5, 1, 1],
    ["broader", { earlier: true }, 0.8, 1, 1],
    ["related", { one_of: [[0.5, { ref: "Topic" }], [0.3, { ref: "Document" }], [0.2, V.external("concept", 2000)]] }, 1, 0, 2],
  ]],
  ["Sensor", [
    [`${RDFS}label`, (r, i) => plain(`sensor \\${r.below(100)}\\${i}`), 1, 1, 1],
    ["locatedIn", { ref: "Place" }, 1, 1, 1],
    ["manufacturer", { ref: "Organisation" }, 1, 1, 1],
    ["sku", V.sku, 1, 1, 1],
  ]],
  ["Review", [
    ["rating", V.integer(1, 5), 1, 1, 1],
    ["reviewOf", { ref: "Document" }, 1, 1, 1],
    ["author", { ref: "Person" }, 1, 1, 1],
    ["text", (r, i) => lang(`"${V.words(r, 2)}" is ${r.pick(["good", "bad", "fine"])}.\nReview ${i}`, "en"), 1, 1, 1],
  ]],
  ["Project", [
    [`${RDFS}label`, V.label_en, 1, 1, 1],
    ["fundedBy", { ref: "Organisation" }, 1, 1, 2],
    ["budget", V.decimal(10000000), 1, 1, 1],
    ["participant", { ref: "Person" }, 1, 1, 5],
  ]],
  ["Software", [
    [`${RDFS}label`, (r, i) => plain(`${r.pick(WORDS)}-${r.pick(WORDS)} ${i}`), 1, 1, 1],
    ["version", (r) => plain(`${r.below(10)}.${r.below(30)}.${r.below(100)}`), 1, 1, 1],
    ["license", V.external("license", 12), 1, 1, 1],
    ["developer", { one_of: [[0.6, { ref: "Person" }], [0.4, { ref: "Organisation" }]] }, 1, 1, 2],
  ]],
  ["Grant", [
    ["amount", V.decimal(5000000), 1, 1, 1],
    ["awardedTo", { ref: "Project" }, 1, 1, 1],
    ["identifier", (r, i) => plain(`G-${i}-${r.below(1000)}`), 1, 1, 1],
  ]],
  ["Collection", [
    [`${RDFS}label`, V.label_en, 1, 1, 1],
    ["member", { ref: "Document" }, 1, 1, 10],
    ["curator", { ref: "Person" }, 1, 1, 1],
  ]],
  ["Award", [
    [`${RDFS}label`, V.label_en, 1, 1, 1],
    [`${RDFS}label`, V.label_de, 0.5, 1, 1],
    ["awardedTo", { ref: "Person" }, 1, 1, 1],
  ]],
];

// Blank nodes made for one owner: a class (or null: untyped) and their properties.
const BLANKS = {
  Address: ["Address", [
    ["street", (r) => plain(`${r.between(1, 300)} ${r.pick(WORDS_DE)}straße`), 1, 1, 1],
    ["postalCode", (r) => plain(pad(r.below(100000), 5)), 1, 1, 1],
    ["locality", { ref: "Place" }, 1, 1, 1],
    ["country", V.external("country", 60), 1, 1, 1],
  ]],
  Contact: [null, [
    ["email", (r, i) => plain(`someone.${i}.${r.below(100)}@example.org`), 1, 1, 1],
    ["phone", (r) => plain(`+${r.between(1, 99)} ${r.below(1000000000)}`), 0.7, 1, 1],
  ]],
};
const UNITS = 40;

const property_iri = (name) => (name.includes(":") ? name : `${GEN}${name}`);

// The mean number of triples a value spec brings (a blank node brings its own).
function mean_value_triples(value) {
  if (value.blank) {
    const [cls, props] = BLANKS[value.blank];
    return 1 + (cls ? 1 : 0) + props.reduce((sum, p) => sum + mean_triples(p), 0);
  }
  return 1;
}
function mean_triples([, value, probability, min, max]) {
  return probability * ((min + max) / 2) * mean_value_triples(value);
}
function mean_entity_triples(props, extra = []) {
  let sum = 1 + props.reduce((s, p) => s + mean_triples(p), 0);
  for (const [, share, extra_props] of extra) {
    sum += share * (1 + extra_props.reduce((s, p) => s + mean_triples(p), 0));
  }
  return sum;
}

// How many instances each main class gets for about `triples` triples in all.
export function class_sizes(triples) {
  const shares = MAIN.map((_, i) => 1 / (i + 1) ** 1.1);
  const total_share = shares.reduce((a, b) => a + b, 0);
  const per_share = MAIN.reduce((sum, [, props, extra], i) => sum + (shares[i] / total_share) * mean_entity_triples(props, extra), 0);
  const entities = triples / per_share;
  return new Map(MAIN.map(([name], i) => [name, Math.max(1, Math.round(entities * shares[i] / total_share))]));
}

// Generates the dataset, calling emit(line) for each N-Triples line (with its newline).
// Returns the number of triples.
export function generate({ triples = 10000, seed = 1, tail_classes = 0, tail_properties = 0 } = {}, emit) {
  if (!Number.isInteger(triples) || triples < 100) throw new Error(`--triples must be an integer >= 100, got ${triples}`);
  for (const [name, v] of [["--tail-classes", tail_classes], ["--tail-properties", tail_properties]]) {
    if (!Number.isInteger(v) || v < 0) throw new Error(`${name} must be an integer >= 0, got ${v}`);
  }
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${seed}`);
  const r = prng(seed);
  // The tail's triples come out of the target, so the total stays about `triples`.
  const tail_triples = tail_class_sizes(tail_classes).reduce((a, b) => a + b, 0) + tail_properties;
  const sizes = class_sizes(Math.max(100, triples - tail_triples - UNITS * 2));
  const entity = (cls, n) => iri(`${ID}${cls.toLowerCase()}/${n}`);
  let count = 0;
  let blanks = 0;
  const line = (s, p, o) => {
    emit(`${s} ${p} ${o} .\n`);
    ++count;
  };

  const value_of = (value, cls, i) => {
    if (typeof value === "function") return value(r, i, cls);
    if (value.ref) return entity(value.ref, r.skewed(sizes.get(value.ref)));
    if (value.earlier) return i > 0 ? entity(cls, i - 1 - r.skewed(Math.min(i, 5000))) : null;
    if (value.one_of) {
      let u = r.uniform();
      for (const [weight, v] of value.one_of) {
        if ((u -= weight) < 0) return value_of(v, cls, i);
      }
      return value_of(value.one_of.at(-1)[1], cls, i);
    }
    if (value.blank) {
      const [blank_class, props] = BLANKS[value.blank];
      const node = `_:b${blanks++}`;
      if (blank_class) line(node, RDF_TYPE, gen(blank_class));
      describe(node, props, blank_class ?? value.blank, blanks);
      return node;
    }
    throw new Error(`bad value spec ${JSON.stringify(value)}`);
  };

  // Emits the properties of one subject; repeated values of a property are drawn until they
  // differ (an RDF graph is a set: a repeated line would not be a triple more).
  function describe(subject, props, cls, i) {
    for (const [name, value, probability, min, max] of props) {
      if (!r.chance(probability)) continue;
      const p = iri(property_iri(name));
      const seen = new Set();
      for (let n = r.between(min, max), tries = 0; seen.size < n && tries < 4 * n; ++tries) {
        const o = value_of(value, cls, i);
        if (o === null || seen.has(o) || o === subject) continue;
        seen.add(o);
        line(subject, p, o);
      }
    }
  }

  for (const [cls, props, extra = []] of MAIN) {
    for (let i = 0; i < sizes.get(cls); ++i) {
      const s = entity(cls, i);
      line(s, RDF_TYPE, gen(cls));
      describe(s, props, cls, i);
      for (const [extra_class, share, extra_props] of extra) {
        if (!r.chance(share)) continue;
        line(s, RDF_TYPE, gen(extra_class));
        describe(s, extra_props, extra_class, i);
      }
    }
  }
  // The units are subjects with no class: their triples count for the dataset and the
  // property partitions, but for no class partition.
  for (let u = 0; u < UNITS; ++u) {
    const s = iri(`${EXTERNAL}unit/${u}`);
    line(s, iri(`${RDFS}label`), lang(`unit ${u}`, "en"));
    line(s, gen("symbol"), plain(`u${u}`));
  }
  // Tail classes and properties on instances of the main classes (a class is given to an
  // instance once: Tag k picks distinct instances).
  const main_entities = [...sizes].map(([cls, n]) => ({ cls, n }));
  const total = main_entities.reduce((sum, { n }) => sum + n, 0);
  const some_entity = () => {
    let k = r.below(total);
    for (const { cls, n } of main_entities) {
      if (k < n) return entity(cls, k);
      k -= n;
    }
    throw new Error("unreachable");
  };
  tail_class_sizes(tail_classes).forEach((size, k) => {
    const seen = new Set();
    while (seen.size < Math.min(size, total)) seen.add(some_entity());
    for (const s of seen) line(s, RDF_TYPE, gen(`Tag${k}`));
  });
  for (let k = 0; k < tail_properties; ++k) line(some_entity(), gen(`extra${k}`), plain(`extra value ${k}`));
  return count;
}

// Tag k gets round(50 / (k + 1)) instances, at least one.
function tail_class_sizes(k) {
  return Array.from({ length: k }, (_, i) => Math.max(1, Math.round(50 / (i + 1))));
}

function parse_arguments(argv) {
  const options = { triples: 10000, seed: 1, tail_classes: 0, tail_properties: 0, out: null };
  const numbers = { "--triples": "triples", "--seed": "seed", "--tail-classes": "tail_classes",
                    "--tail-properties": "tail_properties" };
  for (let i = 0; i < argv.length; ++i) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (numbers[flag]) options[numbers[flag]] = Number(value());
    else if (flag === "--out") options.out = value();
    else if (flag === "--help") {
      process.stdout.write("usage: generate.mjs [--triples N] [--seed S] [--tail-classes K] [--tail-properties K] [--out FILE]\n");
      process.exit(0);
    } else throw new Error(`unknown argument '${argv[i]}' (see --help)`);
  }
  return options;
}

function main() {
  let options;
  try {
    options = parse_arguments(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`generate.mjs: ${error.message}\n`);
    process.exit(2);
  }
  const fd = options.out ? openSync(options.out, "w") : 1;
  let chunk = [];
  let size = 0;
  const flush = () => {
    if (chunk.length) writeSync(fd, chunk.join(""));
    chunk = [];
    size = 0;
  };
  let count;
  try {
    count = generate(options, (text) => {
      chunk.push(text);
      size += text.length;
      if (size > 1 << 20) flush();
    });
  } catch (error) {
    process.stderr.write(`generate.mjs: ${error.message}\n`);
    process.exit(2);
  }
  flush();
  if (options.out) closeSync(fd);
  process.stderr.write(`${count} triples${options.out ? ` written to ${options.out}` : ""}\n`);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) main();
