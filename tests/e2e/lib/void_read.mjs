// What sparql-mcp says of an endpoint's data, checked against the figures that
// tests/servers/void/count.mjs counted from the data alone: the VoID it hands out
// (get_void_descriptions detail "turtle", or a file of its cache) read back into count.mjs's
// shape, so a description compares with the figures as one deepEqual; and the counts a summary's
// structuredContent shows, each looked up in the figures. The dataset is the blank node
// `[] a void:Dataset ; void:sparqlEndpoint <endpoint>` (docs/void.md, "Turtle").
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { in_figure_order, select_oxigraph } from "./void_figures.mjs";

const require = createRequire(import.meta.url);
const oxigraph = require("oxigraph");

export const SMCP = "https://w3id.org/sparql-mcp/vocab#";
const PREFIXES = `PREFIX void: <http://rdfs.org/ns/void#>
PREFIX void-ext: <http://ldf.fi/void-ext#>
PREFIX smcp: <${SMCP}>
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX dcterms: <http://purl.org/dc/terms/>
`;

const number = (binding) => (binding === undefined ? undefined : Number(binding.value));

// Parses Turtle (throws on a syntax error: the Turtle handed to clients must stand alone).
export function parse_turtle(text) {
  const store = new oxigraph.Store();
  store.load(text, { format: "text/turtle" });
  return store;
}

// The figures of the one dataset of `text` that names `endpoint`: totals, classes with their
// properties (triples, distinct subjects and objects, resource objects, object classes,
// datatypes, languages) and properties, in count.mjs's order; plus `provenance` {origin, method,
// source, queries, failed_queries, longest_query_ms, user_agent, missing: [{part, subject,
// reason}]} (undefined when the file has none). A count the file lacks is undefined.
export async function read_description(text, endpoint) {
  const select = select_oxigraph(parse_turtle(text));
  const rows = (query) => select(PREFIXES + query);
  const datasets = await rows(`SELECT ?d { ?d a void:Dataset ; void:sparqlEndpoint <${endpoint}> }`);
  if (datasets.length !== 1) throw new Error(`${datasets.length} datasets name ${endpoint}`);
  if (datasets[0].d.type !== "bnode") throw new Error(`the dataset is not a blank node: ${datasets[0].d.value}`);
  const d = `?d`;
  const dataset = `${d} a void:Dataset ; void:sparqlEndpoint <${endpoint}> .`;
  const [totals] = await rows(`SELECT * { ${dataset} OPTIONAL { ${d} void:triples ?t } OPTIONAL { ${d} void:classes ?nc }
  OPTIONAL { ${d} void:properties ?np } OPTIONAL { ${d} void:distinctSubjects ?ds } OPTIONAL { ${d} void:distinctObjects ?do } }`);
  const classes = new Map();
  for (const row of await rows(`SELECT ?c ?n { ${dataset} ${d} void:classPartition ?cp . ?cp void:class ?c OPTIONAL { ?cp void:entities ?n } }`)) {
    classes.set(row.c.value, { class: row.c.value, entities: number(row.n), properties: new Map() });
  }
  const nested = `${dataset} ${d} void:classPartition ?cp . ?cp void:class ?c ; void:propertyPartition ?pp . ?pp void:property ?p .`;
  for (const row of await rows(`SELECT * { ${nested} OPTIONAL { ?pp void:triples ?t } OPTIONAL { ?pp void:distinctSubjects ?ds }
  OPTIONAL { ?pp void:distinctObjects ?do } OPTIONAL { ?pp smcp:resourceObjects ?r } }`)) {
    // smcp:resourceObjects has no VoID term: published VoID has none, and then neither has the entry.
    classes.get(row.c.value).properties.set(row.p.value, {
      property: row.p.value, triples: number(row.t), distinct_subjects: number(row.ds), distinct_objects: number(row.do),
      ...(row.r ? { resource_objects: number(row.r) } : {}), object_classes: {}, datatypes: {}, languages: {},
    });
  }
  const entry = (row) => classes.get(row.c.value).properties.get(row.p.value);
  for (const row of await rows(`SELECT * { ${nested} ?pp void:classPartition ?k . ?k void:class ?oc OPTIONAL { ?k void:triples ?n } }`)) {
    entry(row).object_classes[row.oc.value] = number(row.n);
  }
  for (const row of await rows(`SELECT * { ${nested} ?pp void-ext:datatypePartition ?k . ?k void-ext:datatype ?dt OPTIONAL { ?k void:triples ?n } }`)) {
    entry(row).datatypes[row.dt.value] = number(row.n);
  }
  for (const row of await rows(`SELECT * { ${nested} ?pp void-ext:languagePartition ?k . ?k void-ext:language ?l OPTIONAL { ?k void:triples ?n } }`)) {
    entry(row).languages[row.l.value] = number(row.n);
  }
  const properties = await rows(`SELECT * { ${dataset} ${d} void:propertyPartition ?pp . ?pp void:property ?p
  OPTIONAL { ?pp void:triples ?t } OPTIONAL { ?pp void:distinctSubjects ?ds } OPTIONAL { ?pp void:distinctObjects ?do } }`);
  const [activity] = await rows(`SELECT * { ${dataset} ${d} prov:wasGeneratedBy ?a . ?a smcp:origin ?origin ; smcp:method ?method
  OPTIONAL { ?a dcterms:source ?source } OPTIONAL { ?a smcp:queries ?q } OPTIONAL { ?a smcp:failedQueries ?f }
  OPTIONAL { ?a smcp:longestQueryMs ?longest } OPTIONAL { ?a smcp:userAgent ?agent } }`);
  const missing = await rows(`SELECT * { ${dataset} ${d} prov:wasGeneratedBy/smcp:missing ?m . ?m smcp:part ?part
  OPTIONAL { ?m smcp:subject ?subject } OPTIONAL { ?m smcp:reason ?reason } }`);
  return {
    triples: number(totals.t),
    distinct_subjects: number(totals.ds),
    distinct_objects: number(totals.do),
    class_count: number(totals.nc),
    property_count: number(totals.np),
    ...in_figure_order(classes, properties.map((row) => ({
      property: row.p.value, triples: number(row.t), distinct_subjects: number(row.ds), distinct_objects: number(row.do),
    }))),
    provenance: activity && {
      origin: activity.origin.value.replace(SMCP, ""),
      method: activity.method.value,
      source: activity.source?.value,
      queries: number(activity.q),
      failed_queries: number(activity.f),
      longest_query_ms: number(activity.longest),
      user_agent: activity.agent?.value,
      missing: missing.map((m) => ({ part: m.part.value, subject: m.subject?.value ?? "", reason: m.reason?.value ?? "" })),
    },
  };
}

// count.mjs's figures as a computed description states them: the totals VoID has terms for,
// and everything else as counted.
export function computable(figures) {
  const { triples, distinct_subjects, distinct_objects, class_count, property_count, classes, properties } = figures;
  return { triples, distinct_subjects, distinct_objects, class_count, property_count, classes, properties };
}

// The names of a summary (prefixed as in its text, or <IRI>) as IRIs.
export function expander(summary) {
  return (name) => {
    const bracketed = /^<(.*)>$/.exec(name);
    if (bracketed) return bracketed[1];
    const colon = name.indexOf(":");
    const namespace = summary.prefixes?.[name.slice(0, colon)];
    assert.ok(colon > 0 && namespace !== undefined, `'${name}' uses a prefix the summary does not declare`);
    return namespace + name.slice(colon + 1);
  };
}

// Every count a summary's structuredContent shows agrees with `figures` (count.mjs's shape):
// totals, classes, properties, and in each shape the properties' counts, their values (object
// classes, datatypes, languages, untyped IRIs) and the cardinality they imply. Returns how many
// counts were compared.
export function check_summary_counts(summary, figures) {
  const iri = expander(summary);
  let compared = 0;
  const same = (actual, expected, what) => {
    assert.equal(actual, expected, what);
    ++compared;
  };
  for (const key of ["triples", "class_count", "property_count", "distinct_subjects", "distinct_objects"]) {
    if (summary[key] !== undefined) same(summary[key], figures[key], key);
  }
  const classes = new Map(figures.classes.map((c) => [c.class, c]));
  const properties = new Map(figures.properties.map((p) => [p.property, p]));
  for (const entry of summary.classes ?? []) {
    const counted = classes.get(iri(entry.class));
    assert.ok(counted, `the summary lists ${entry.class}, which the data do not have`);
    same(entry.instances, counted.entities, `instances of ${entry.class}`);
  }
  for (const entry of summary.properties ?? []) {
    const counted = properties.get(iri(entry.property));
    assert.ok(counted, `the summary lists ${entry.property}, which the data do not have`);
    for (const key of ["triples", "distinct_subjects", "distinct_objects"]) {
      if (entry[key] !== undefined) same(entry[key], counted[key], `${key} of ${entry.property}`);
    }
  }
  for (const shape of summary.shapes ?? []) {
    const cls = classes.get(iri(shape.class));
    assert.ok(cls, `a shape of ${shape.class}, which the data do not have`);
    same(shape.instances, cls.entities, `instances of ${shape.class}`);
    for (const used of shape.properties) {
      const what = `${used.property} of ${shape.class}`;
      const counted = cls.properties.find((p) => p.property === iri(used.property));
      assert.ok(counted, `${what}: the data have no such property on the class`);
      for (const key of ["triples", "distinct_subjects", "distinct_objects"]) {
        if (used[key] !== undefined) same(used[key], counted[key], `${key} of ${what}`);
      }
      const everyone = counted.distinct_subjects === cls.entities;
      const single = counted.triples === counted.distinct_subjects;
      if (used.cardinality !== undefined) {
        same(used.cardinality, everyone ? (single ? "1" : "+") : (single ? "?" : "*"), `cardinality of ${what}`);
      }
      for (const value of used.values ?? []) {
        if (value.kind === "class") {
          assert.ok(counted.object_classes[iri(value.name)] > 0, `${what} links to no ${value.name}`);
          if (value.triples !== undefined) same(value.triples, counted.object_classes[iri(value.name)], `${what} → ${value.name}`);
        } else if (value.kind === "datatype") {
          assert.ok(counted.datatypes[iri(value.name)] > 0, `${what} has no ${value.name}`);
          if (value.triples !== undefined) same(value.triples, counted.datatypes[iri(value.name)], `${what} ${value.name}`);
          for (const language of value.languages ?? []) {
            assert.ok(counted.languages[language.tag] > 0, `${what} has no @${language.tag}`);
            if (language.triples !== undefined) same(language.triples, counted.languages[language.tag], `${what} @${language.tag}`);
          }
        } else {
          same(value.kind, "iri", `the kind of a value of ${what}`);
          const linked = Object.values(counted.object_classes).reduce((sum, n) => sum + n, 0);
          assert.ok(counted.resource_objects > linked, `${what}: no IRI without a class`);
          if (value.triples !== undefined) same(value.triples, counted.resource_objects, `${what} → IRI`);
        }
      }
    }
  }
  return compared;
}
