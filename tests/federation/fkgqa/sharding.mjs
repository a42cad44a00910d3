// Sharding one knowledge graph the way the FKGQA benchmark does (Dobriy et al. 2026, section
// "Federated KGQA"): class sharding, predicate sharding, horizontal (hash) sharding of one
// class's instances and a base shard for the rest. Every triple lands in exactly one shard.
//
// The plan is chosen from the graph's queries so that the federated forms have something to
// find: the class the queries use most is split by subject hash over 2 or 3 shards, the next
// one or two get a shard each, its most-used datatype property and the most-used object
// property of another class get a shard each (so stars and joins cross shards), and the base
// shard keeps the remaining classes.
import { RDF_TYPE } from "./sparql.mjs";

const TRIPLE = /^<([^>]*)> <([^>]*)> (.*) \.$/;

// The triples of an N-Triples text written by tests/data/spider_instances.mjs (one triple per
// line, IRIs as subjects and predicates).
export function parse_ntriples(nt) {
  return nt.split("\n").filter((line) => line !== "").map((line) => {
    const m = TRIPLE.exec(line);
    if (!m) throw new Error(`not an N-Triples line of the generator: ${line}`);
    return { s: m[1], p: m[2], o: m[3], line };
  });
}

// FNV-1a, 32 bits: a stable hash of the subject IRI (the same in every Node version).
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, "utf8")) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

// How many of the graph's queries use each class (as rdf:type object, or through a property
// whose domain it is) and each property.
function usage(ontology, asts) {
  const domain = new Map(ontology.properties.map((p) => [p.iri, p.domain]));
  const classes = new Map();
  const properties = new Map();
  for (const ast of asts) {
    const used_classes = new Set();
    const used_properties = new Set();
    const walk = (node) => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== "object") return;
      if (node.subject && node.predicate && node.object) {
        if (node.predicate.value === RDF_TYPE && node.object.termType === "NamedNode") used_classes.add(node.object.value);
        else if (node.predicate.termType === "NamedNode") {
          used_properties.add(node.predicate.value);
          if (domain.has(node.predicate.value)) used_classes.add(domain.get(node.predicate.value));
        }
      }
      for (const value of Object.values(node)) walk(value);
    };
    walk(ast.where);
    for (const c of used_classes) classes.set(c, (classes.get(c) ?? 0) + 1);
    for (const p of used_properties) properties.set(p, (properties.get(p) ?? 0) + 1);
  }
  return { classes, properties };
}

const by_use = (counts) => (a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
const local = (iri) => iri.replace(/^.*\//, "");

// Splits the graph's triples into shards. Returns [{ id, strategy, what, triples: [line] }]
// with ids <kg>-s1, <kg>-s2, ... (class, predicate, hash, base shards in that order; a shard
// that would be empty is left out).
export function shard_graph(kg, triples, ontology, asts) {
  const class_of = new Map();
  for (const t of triples) if (t.p === RDF_TYPE) class_of.set(t.s, t.o.slice(1, -1));
  const present_classes = [...new Set(class_of.values())];
  const present_properties = new Set(triples.map((t) => t.p));
  const use = usage(ontology, asts);

  const ranked = present_classes.sort(by_use(use.classes));
  const hashed = ranked[0];
  const hash_count = ranked.length >= 4 ? 3 : 2;
  const class_sharded = ranked.slice(1, 1 + (ranked.length >= 5 ? 2 : ranked.length >= 3 ? 1 : 0));

  const properties = ontology.properties.filter((p) => present_properties.has(p.iri));
  const ranked_properties = (filter) => properties.filter(filter).map((p) => p.iri).sort(by_use(use.properties));
  const predicate_sharded = [];
  const star_breaker = ranked_properties((p) => !p.object && p.domain === hashed)[0];
  if (star_breaker) predicate_sharded.push(star_breaker);
  const link = ranked_properties((p) => p.object && p.domain !== hashed)[0] ??
               ranked_properties((p) => !p.object && p.domain !== hashed)[0];
  if (link) predicate_sharded.push(link);

  const shards = [
    ...class_sharded.map((c) => ({ strategy: "class", what: `class <${c}>`, key: `class ${c}` })),
    ...predicate_sharded.map((p) => ({ strategy: "predicate", what: `predicate <${p}>`, key: `predicate ${p}` })),
    ...Array.from({ length: hash_count }, (_, i) => ({
      strategy: "hash",
      what: `hash of the subject IRI of class <${hashed}> instances: FNV-1a mod ${hash_count} = ${i}`,
      key: `hash ${i}`,
    })),
    { strategy: "base", what: "base: every triple no other shard takes", key: "base" },
  ];
  const by_key = new Map(shards.map((s) => [s.key, Object.assign(s, { triples: [] })]));
  for (const t of triples) {
    const c = class_of.get(t.s);
    let key = "base";
    if (predicate_sharded.includes(t.p)) key = `predicate ${t.p}`;
    else if (class_sharded.includes(c)) key = `class ${c}`;
    else if (c === hashed) key = `hash ${fnv1a(t.s) % hash_count}`;
    by_key.get(key).triples.push(t.line);
  }
  const kept = shards.filter((s) => s.triples.length > 0);
  kept.forEach((s, i) => { s.id = `${kg}-s${i + 1}`; delete s.key; });
  const total = kept.reduce((n, s) => n + s.triples.length, 0);
  if (total !== triples.length) throw new Error(`${kg}: ${total} triples in shards, ${triples.length} in the graph`);
  return { shards: kept, plan: { hashed: local(hashed), class_sharded: class_sharded.map(local), predicate_sharded } };
}

// Which shards hold triples of each predicate and each rdf:type class: what the precise
// rewriting asks to find where a triple pattern's matches can be.
export function source_index(shards) {
  const index = { predicates: new Map(), classes: new Map(), typed: new Set(), all: shards.map((s) => s.id) };
  const add = (map, key, id) => (map.get(key) ?? map.set(key, new Set()).get(key)).add(id);
  for (const shard of shards) {
    for (const line of shard.triples) {
      const m = TRIPLE.exec(line);
      add(index.predicates, m[2], shard.id);
      if (m[2] === RDF_TYPE) {
        add(index.classes, m[3].slice(1, -1), shard.id);
        index.typed.add(shard.id);
      }
    }
  }
  return index;
}
