// Deterministic test datasets shared by the Virtuoso and Oxigraph test servers and the
// end-to-end tests. `generate.mjs` writes them to Turtle; tests import the constants below
// to know the expected answers without hard-coding them twice.
//
// people.ttl  : a small coherent graph (people, organisations, cities, publications) with
//               language-tagged and multibyte literals, typed numbers and dates.
// numbers.ttl : NUMBER_COUNT resources with one ex:value each, so that
//               `SELECT ?s ?v { ?s ex:value ?v }` returns more rows than Virtuoso's default
//               ResultSetMaxRows (10,000) and the result-cap detection can be tested.

export const EX = "http://example.org/";
export const VOCAB = "http://example.org/vocab#";
export const PEOPLE_GRAPH = "http://example.org/graph/people";
export const NUMBERS_GRAPH = "http://example.org/graph/numbers";

export const PERSON_COUNT = 120;
export const ORG_COUNT = 12;
export const CITY_COUNT = 8;
export const PUBLICATION_COUNT = 240;
export const NUMBER_COUNT = 12000;

const FIRST = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Zoë", "Łukasz", "Ingrid", "Søren",
               "Chloé", "José", "Amélie", "Björn", "Noémi", "Ľudmila", "Yusuf", "Mei", "Aiko", "Ravi"];
const LAST = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Müller", "Nowak", "Åberg",
              "García", "Øster", "Dvořák", "Çelik", "Schrödinger", "Ørsted", "李", "Tanaka", "Iyer"];
const CITIES = [["Vienna", "Wien"], ["Galway", "Gaillimh"], ["Zürich", "Zürich"], ["Kraków", "Krakau"],
                ["München", "München"], ["Lisboa", "Lissabon"], ["Tokyo", "Tokio"], ["São Paulo", "São Paulo"]];
const TOPICS = ["federated queries", "knowledge graphs", "query optimisation", "linked data", "RDF stores",
                "SPARQL endpoints", "ontology alignment", "entity linking", "graph embeddings",
                "question answering"];

// A 32-bit linear congruential generator: the same seed gives the same data on every machine.
function make_random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

function turtle_string(s) {
  return '"' + s.replace(/\\/g, "\\\\").replace(/"/g, '\\"') + '"';
}

function pad(n, width) {
  return String(n).padStart(width, "0");
}

// Returns the persons as plain objects (used by tests to compute expected answers).
export function people() {
  const random = make_random(20260101);
  const result = [];
  for (let i = 1; i <= PERSON_COUNT; ++i) {
    const first = FIRST[random(FIRST.length)];
    const last = LAST[random(LAST.length)];
    result.push({
      id: i,
      iri: `${EX}person/${pad(i, 3)}`,
      name: `${first} ${last}`,
      age: 20 + random(50),
      org: 1 + random(ORG_COUNT),
      knows: [1 + random(PERSON_COUNT), 1 + random(PERSON_COUNT)].filter((k) => k !== i),
    });
  }
  return result;
}

export function publications() {
  const random = make_random(4242);
  const result = [];
  for (let i = 1; i <= PUBLICATION_COUNT; ++i) {
    const topic = TOPICS[random(TOPICS.length)];
    result.push({
      id: i,
      iri: `${EX}publication/${pad(i, 3)}`,
      title: `On ${topic}, part ${i}`,
      creator: 1 + random(PERSON_COUNT),
      year: 2000 + random(26),
      month: 1 + random(12),
      citations: random(500),
    });
  }
  return result;
}

export function people_turtle() {
  const lines = [
    `@prefix ex: <${VOCAB}> .`,
    "@prefix foaf: <http://xmlns.com/foaf/0.1/> .",
    "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .",
    "@prefix dcterms: <http://purl.org/dc/terms/> .",
    "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .",
    "",
  ];
  CITIES.forEach(([en, de], index) => {
    lines.push(`<${EX}city/${index + 1}> a ex:City ; rdfs:label ${turtle_string(en)}@en , ` +
               `${turtle_string(de)}@de .`);
  });
  for (let o = 1; o <= ORG_COUNT; ++o) {
    lines.push(`<${EX}org/${pad(o, 2)}> a foaf:Organization ; rdfs:label "Organisation ${o}"@en ; ` +
               `ex:locatedIn <${EX}city/${1 + (o % CITY_COUNT)}> .`);
  }
  for (const p of people()) {
    const knows = p.knows.map((k) => `<${EX}person/${pad(k, 3)}>`);
    lines.push(`<${p.iri}> a foaf:Person ; foaf:name ${turtle_string(p.name)} ; ` +
               `foaf:age ${p.age} ; ex:worksFor <${EX}org/${pad(p.org, 2)}>` +
               (knows.length ? ` ; foaf:knows ${knows.join(" , ")}` : "") + " .");
  }
  for (const b of publications()) {
    lines.push(`<${b.iri}> a ex:Publication ; dcterms:title ${turtle_string(b.title)}@en ; ` +
               `dcterms:creator <${EX}person/${pad(b.creator, 3)}> ; ` +
               `dcterms:date "${b.year}-${pad(b.month, 2)}-01"^^xsd:date ; ex:citations ${b.citations} .`);
  }
  return lines.join("\n") + "\n";
}

export function numbers_turtle() {
  const lines = [`@prefix ex: <${VOCAB}> .`, `@prefix n: <${EX}number/> .`, ""];
  for (let i = 1; i <= NUMBER_COUNT; ++i) lines.push(`n:${i} ex:value ${i} .`);
  return lines.join("\n") + "\n";
}
