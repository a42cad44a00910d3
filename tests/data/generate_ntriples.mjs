#!/usr/bin/env node
// Writes a join-heavy synthetic graph as N-Triples, for the engine benchmarks:
//   node tests/data/generate_ntriples.mjs [triples] [out.nt] [seed]
// triples defaults to 1,000,000 (the file holds at least that many), out.nt to stdout, seed
// to 42. The same arguments always give the same file (a seeded xorshift generator, no
// dependencies).
//
// The shape (namespace http://example.org/bench/, prefix ex:):
//   countries  ex:name (language-tagged)
//   cities     ex:name, ex:locatedIn country, ex:population (xsd:integer)
//   orgs       ex:name, ex:locatedIn city, ex:founded (xsd:date)
//   people     ex:name, ex:age (xsd:integer), ex:birthDate (xsd:date), ex:email,
//              ex:livesIn city, ex:worksFor org, ex:knows people (skewed: a few hubs)
//   papers     ex:title, ex:published (xsd:date), ex:author people, ex:cites earlier papers
// Every entity also has an rdf:type. Entity IRIs are ex:<kind><n>, e.g. ex:person17, so
// benchmark queries can name constants (ex:city7, ex:country3) at any size.

import { openSync, writeSync, closeSync } from 'node:fs';

const target = Number(process.argv[2] ?? 1_000_000);
const out = process.argv[3];
const seed = Number(process.argv[4] ?? 42);
if (!Number.isFinite(target) || target < 1) {
  console.error('usage: node generate_ntriples.mjs [triples] [out.nt] [seed]');
  process.exit(2);
}

// xorshift32 on a 32-bit state; uniform() in [0, 1).
let state = (seed >>> 0) || 1;
function next() {
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state;
}
const uniform = () => next() / 4294967296;
const below = (n) => Math.floor(uniform() * n);
// Skewed towards small indices (hubs): u^3 puts half the picks in the first eighth.
const skewed = (n) => Math.floor(uniform() ** 3 * n);

const EX = 'http://example.org/bench/';
const RDF_TYPE = '<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const iri = (local) => `<${EX}${local}>`;
const integer = (n) => `"${n}"^^<${XSD}integer>`;
const date = (y, m, d) =>
  `"${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}"^^<${XSD}date>`;
const text = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

const fd = out ? openSync(out, 'w') : 1;
let buffer = [];
let bufferedBytes = 0;
let count = 0;
function triple(s, p, o) {
  const line = `${s} ${p} ${o} .\n`;
  buffer.push(line);
  bufferedBytes += line.length;
  ++count;
  if (bufferedBytes > 1 << 20) flush();
}
function flush() {
  if (buffer.length) writeSync(fd, buffer.join(''));
  buffer = [];
  bufferedBytes = 0;
}

const FIRST = ['Ada', 'Alan', 'Grace', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Leslie',
  'Margaret', 'Niklaus', 'Radia', 'Tim', 'Shafi', 'Ken', 'Dennis', 'Sophie', 'Yukihiro', 'Zoë',
  'Łukasz'];
const LAST = ['Lovelace', 'Turing', 'Hopper', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'McCarthy',
  'Lamport', 'Hamilton', 'Wirth', 'Perlman', 'Berners-Lee', 'Goldwasser', 'Thompson', 'Ritchie',
  'Wilson', 'Matsumoto', 'Müller', 'Kowalski'];
const WORDS = ['graph', 'query', 'join', 'index', 'federated', 'semantic', 'linked', 'data',
  'engine', 'optimisation', 'reasoning', 'streams', 'provenance', 'ontology', 'benchmark', 'web'];

// Sizes: a person brings about 13 triples, a paper about 9.5, and there are as many papers as
// people; cities, organisations and countries are small fixed fractions.
const people = Math.max(10, Math.ceil(target / 24));
const papers = people;
const orgs = Math.max(3, Math.ceil(people / 40));
const cities = Math.max(2, Math.ceil(people / 400));
const countries = Math.max(1, Math.ceil(cities / 25));

for (let c = 0; c < countries; ++c) {
  const s = iri(`country${c}`);
  triple(s, RDF_TYPE, iri('Country'));
  triple(s, iri('name'), `${text(`Country ${c}`)}@en`);
}
for (let c = 0; c < cities; ++c) {
  const s = iri(`city${c}`);
  triple(s, RDF_TYPE, iri('City'));
  triple(s, iri('name'), text(`City ${c}`));
  triple(s, iri('locatedIn'), iri(`country${c % countries}`));
  triple(s, iri('population'), integer(1000 + below(5_000_000)));
}
for (let o = 0; o < orgs; ++o) {
  const s = iri(`org${o}`);
  triple(s, RDF_TYPE, iri('Organisation'));
  triple(s, iri('name'), text(`${WORDS[o % WORDS.length]} ${LAST[o % LAST.length]} ${o}`));
  triple(s, iri('locatedIn'), iri(`city${skewed(cities)}`));
  triple(s, iri('founded'), date(1900 + below(120), 1 + below(12), 1 + below(28)));
}
for (let p = 0; p < people; ++p) {
  const s = iri(`person${p}`);
  const first = FIRST[below(FIRST.length)];
  const last = LAST[below(LAST.length)];
  const age = 18 + below(70);
  triple(s, RDF_TYPE, iri('Person'));
  triple(s, iri('name'), text(`${first} ${last}`));
  triple(s, iri('age'), integer(age));
  triple(s, iri('birthDate'), date(2024 - age, 1 + below(12), 1 + below(28)));
  triple(s, iri('email'), text(`${first.toLowerCase()}.${p}@example.org`));
  triple(s, iri('livesIn'), iri(`city${skewed(cities)}`));
  triple(s, iri('worksFor'), iri(`org${skewed(orgs)}`));
  const friends = new Set();
  for (let f = 1 + below(10); f > 0; --f) friends.add(skewed(people));
  friends.delete(p);
  for (const friend of friends) triple(s, iri('knows'), iri(`person${friend}`));
}
// Papers until the target is reached (at least `papers` of them).
for (let n = 0; n < papers || count < target; ++n) {
  const s = iri(`paper${n}`);
  triple(s, RDF_TYPE, iri('Paper'));
  const title = [0, 1, 2].map(() => WORDS[below(WORDS.length)]).join(' ');
  triple(s, iri('title'), text(`On ${title} (${n})`));
  triple(s, iri('published'), date(1990 + Math.floor((n * 34) / (papers + 1)), 1 + below(12),
    1 + below(28)));
  const authors = new Set();
  for (let a = 1 + below(4); a > 0; --a) authors.add(skewed(people));
  for (const author of authors) triple(s, iri('author'), iri(`person${author}`));
  // Earlier papers: recent ones and a few classics. (Sets: every line is a distinct triple.)
  const cited = new Set();
  for (let c = n > 0 ? below(8) : 0; c > 0; --c) {
    cited.add(uniform() < 0.3 ? skewed(n) : n - 1 - skewed(Math.min(n, 5000)));
  }
  for (const paper of cited) triple(s, iri('cites'), iri(`paper${paper}`));
}
flush();
if (out) closeSync(fd);
console.error(`${count} triples written${out ? ` to ${out}` : ''}`);
