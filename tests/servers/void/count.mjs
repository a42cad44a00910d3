#!/usr/bin/env node
// Counts the VoID figures of an N-Triples file exactly, from the data alone (no SPARQL, no
// store), so that a description an endpoint computed can be checked independently of it.
//
//   node tests/servers/void/count.mjs FILE.nt      # prints the figures as JSON on stdout
//
// The figures, named as in include/sparqlmcp/void/model.hpp:
//   triples, distinct_subjects, distinct_objects (literals included), class_count (distinct
//   objects of rdf:type), property_count (distinct predicates); distinct_iri_subjects,
//   distinct_blank_subjects, distinct_iri_objects, distinct_blank_objects, distinct_literals;
//   classes: [{class, entities, properties: [{property, triples, distinct_subjects,
//     distinct_objects, resource_objects, object_classes: {CLASS: triples},
//     datatypes: {DATATYPE: triples}, languages: {TAG: triples}}]}]
//   properties: [{property, triples, distinct_subjects, distinct_objects}]
// A class's properties are those of the triples whose subject is one of its instances
// (rdf:type included), which is what `?s a <C> ; ?p ?o` matches. object_classes counts such
// triples per class of the object (an object with two classes counts for both), datatypes
// counts the literal ones per datatype (plain literals are xsd:string, language-tagged ones
// rdf:langString, RDF 1.1 Concepts section 3.3) and languages per tag, resource_objects those
// whose object is an IRI or a blank node. Classes are sorted by entities, properties by
// triples (both descending, then by IRI); map keys by name.
//
// Terms are compared as RDF terms: escapes are decoded (\t, \u00E9 and é are the same
// character), a literal typed xsd:string is the plain literal, language tags are compared in
// lower case (RDF 1.1 Concepts section 3.3), and a repeated triple counts once (a graph is a
// set). Literals are not compared by value: "01"^^xsd:integer and "1"^^xsd:integer are two
// terms here, as in RDF, though a store that keeps values may merge them (the generator never
// writes such pairs).
import { createReadStream, realpathSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
const RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString";
const XSD_STRING = "http://www.w3.org/2001/XMLSchema#string";

const IRI_KIND = 0;
const BLANK_KIND = 1;
const LITERAL_KIND = 2;

// N-Triples (RDF 1.1 N-Triples section 7, grammar [2]-[18]): subject, predicate, object, '.'.
const IRI = String.raw`<((?:[^<>"{}|^\x60\\\x00-\x20]|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8})*)>`;
const BLANK = String.raw`_:([^\s<>"]*[^\s<>".])`;
const LITERAL = String.raw`"((?:[^"\\\n\r]|\\[tbnrf"'\\]|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8})*)"(?:\^\^${IRI}|@([A-Za-z]+(?:-[A-Za-z0-9]+)*))?`;
const LINE = new RegExp(String.raw`^[ \t]*(?:${IRI}|${BLANK})[ \t]+${IRI}[ \t]+(?:${IRI}|${BLANK}|${LITERAL})[ \t]*\.[ \t]*(?:#.*)?$`);
const EMPTY = /^[ \t]*(?:#.*)?$/;

const ECHAR = { t: "\t", b: "\b", n: "\n", r: "\r", f: "\f", '"': '"', "'": "'", "\\": "\\" };
function unescape(text) {
  return text.replace(/\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/g, (_, u4, u8, c) =>
    u4 || u8 ? String.fromCodePoint(parseInt(u4 ?? u8, 16)) : ECHAR[c]);
}

// Reads N-Triples line by line (add_line), then computes the figures (figures()).
export class VoidCounter {
  constructor() {
    this.ids = new Map();  // term key -> id
    this.terms = [];       // id -> { kind, value, datatype, language }
    this.seen = new Set(); // "s p o" ids of the triples read
    this.s = [];
    this.p = [];
    this.o = [];
  }

  term(key, make) {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.terms.length;
      this.ids.set(key, id);
      this.terms.push(make());
    }
    return id;
  }

  iri(raw) {
    const value = unescape(raw);
    return this.term(`<${value}`, () => ({ kind: IRI_KIND, value }));
  }

  add_line(line, number = 0) {
    if (EMPTY.test(line)) return;
    const m = LINE.exec(line);
    if (!m) throw new Error(`line ${number}: not an N-Triples triple: ${line.slice(0, 200)}`);
    const [, s_iri, s_blank, p_iri, o_iri, o_blank, lexical, datatype, language] = m;
    const s = s_iri !== undefined ? this.iri(s_iri) : this.term(`_${s_blank}`, () => ({ kind: BLANK_KIND, value: s_blank }));
    const p = this.iri(p_iri);
    let o;
    if (o_iri !== undefined) o = this.iri(o_iri);
    else if (o_blank !== undefined) o = this.term(`_${o_blank}`, () => ({ kind: BLANK_KIND, value: o_blank }));
    else {
      const value = unescape(lexical);
      const tag = language?.toLowerCase();
      const type = tag ? RDF_LANG_STRING : datatype !== undefined ? unescape(datatype) : XSD_STRING;
      o = this.term(`"${JSON.stringify(value)}${tag ? `@${tag}` : `^^${type}`}`,
                    () => ({ kind: LITERAL_KIND, value, datatype: type, language: tag ?? "" }));
    }
    const key = `${s} ${p} ${o}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.s.push(s);
    this.p.push(p);
    this.o.push(o);
  }

  figures() {
    const { terms } = this;
    const n = this.s.length;
    const name = (id) => (terms[id].kind === BLANK_KIND ? `_:${terms[id].value}` : terms[id].value);
    const type_id = this.ids.get(`<${RDF_TYPE}`);
    const classes_of = new Map();  // subject id -> [class id]
    for (let i = 0; i < n; ++i) {
      if (this.p[i] !== type_id) continue;
      const list = classes_of.get(this.s[i]);
      if (list) list.push(this.o[i]);
      else classes_of.set(this.s[i], [this.o[i]]);
    }
    const subjects = new Set();
    const objects = new Set();
    const by_property = new Map();  // p -> { triples, subjects, objects }
    const entities = new Map();     // class -> Set(subject)
    const by_class = new Map();     // class -> Map(p -> stats)
    for (const [s, list] of classes_of) {
      for (const c of list) {
        if (!entities.has(c)) entities.set(c, new Set());
        entities.get(c).add(s);
      }
    }
    for (let i = 0; i < n; ++i) {
      const s = this.s[i];
      const p = this.p[i];
      const o = this.o[i];
      subjects.add(s);
      objects.add(o);
      let prop = by_property.get(p);
      if (!prop) by_property.set(p, (prop = { triples: 0, subjects: new Set(), objects: new Set() }));
      ++prop.triples;
      prop.subjects.add(s);
      prop.objects.add(o);
      const object = terms[o];
      for (const c of classes_of.get(s) ?? []) {
        let properties = by_class.get(c);
        if (!properties) by_class.set(c, (properties = new Map()));
        let stats = properties.get(p);
        if (!stats) {
          properties.set(p, (stats = { triples: 0, subjects: new Set(), objects: new Set(), resource_objects: 0,
                                       object_classes: new Map(), datatypes: new Map(), languages: new Map() }));
        }
        ++stats.triples;
        stats.subjects.add(s);
        stats.objects.add(o);
        if (object.kind === LITERAL_KIND) {
          increment(stats.datatypes, object.datatype);
          if (object.language) increment(stats.languages, object.language);
        } else {
          ++stats.resource_objects;
          for (const d of classes_of.get(o) ?? []) increment(stats.object_classes, name(d));
        }
      }
    }
    const count_kind = (ids, kind) => [...ids].filter((id) => terms[id].kind === kind).length;
    const classes = [...entities].map(([c, instances]) => ({
      class: name(c),
      entities: instances.size,
      properties: [...(by_class.get(c) ?? [])].map(([p, st]) => ({
        property: terms[p].value,
        triples: st.triples,
        distinct_subjects: st.subjects.size,
        distinct_objects: st.objects.size,
        resource_objects: st.resource_objects,
        object_classes: sorted_object(st.object_classes),
        datatypes: sorted_object(st.datatypes),
        languages: sorted_object(st.languages),
      })).sort(by_count("triples", "property")),
    })).sort(by_count("entities", "class"));
    const properties = [...by_property].map(([p, st]) => ({
      property: terms[p].value,
      triples: st.triples,
      distinct_subjects: st.subjects.size,
      distinct_objects: st.objects.size,
    })).sort(by_count("triples", "property"));
    return {
      triples: n,
      distinct_subjects: subjects.size,
      distinct_objects: objects.size,
      class_count: entities.size,
      property_count: by_property.size,
      distinct_iri_subjects: count_kind(subjects, IRI_KIND),
      distinct_blank_subjects: count_kind(subjects, BLANK_KIND),
      distinct_iri_objects: count_kind(objects, IRI_KIND),
      distinct_blank_objects: count_kind(objects, BLANK_KIND),
      distinct_literals: count_kind(objects, LITERAL_KIND),
      classes,
      properties,
    };
  }
}

function increment(map, key) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

const sorted_object = (map) => Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const by_count = (count, key) => (a, b) => b[count] - a[count] || (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0);

// The figures of an N-Triples text.
export function count_text(text) {
  const counter = new VoidCounter();
  text.split("\n").forEach((line, i) => counter.add_line(line.replace(/\r$/, ""), i + 1));
  return counter.figures();
}

// The figures of an N-Triples file, read as a stream.
export async function count_file(path) {
  const counter = new VoidCounter();
  const lines = createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) counter.add_line(line, ++number);
  return counter.figures();
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith("-")) {
    process.stderr.write("usage: count.mjs FILE.nt   (prints the VoID figures of FILE as JSON)\n");
    process.exit(args[0] === "--help" ? 0 : 2);
  }
  try {
    process.stdout.write(`${JSON.stringify(await count_file(args[0]), null, 1)}\n`);
  } catch (error) {
    process.stderr.write(`count.mjs: ${args[0]}: ${error.message}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
