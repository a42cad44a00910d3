// The VoID figures of tests/servers/void/count.mjs, asked of a SPARQL store with aggregate
// queries instead: the check that the counter (which reads the data alone) and a real store
// agree, term for term. `select(query)` runs a SELECT and resolves with its SPARQL JSON
// bindings; `select_oxigraph(store)` and `select_endpoint(url)` make one.
//
// The queries are the whole-dataset GROUP BYs of SPORTAL (research §2.1), which is fine on
// test data; the datatype of a language-tagged literal is written rdf:langString explicitly,
// because Virtuoso 7 leaves DATATYPE("x"@en) unbound (research §2.5).

const RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString";
const PREFIX = "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n";

const number = (binding) => Number(binding.value);
const name = (term) => (term.type === "bnode" ? `_:${term.value}` : term.value);

export async function sparql_figures(select) {
  const one = async (query) => (await select(PREFIX + query))[0];
  const totals = await one(`SELECT (COUNT(*) AS ?t) (COUNT(DISTINCT ?s) AS ?ds) (COUNT(DISTINCT ?o) AS ?do)
  (COUNT(DISTINCT ?p) AS ?np) { ?s ?p ?o }`);
  const kinds = {};
  for (const [key, position, test] of [["distinct_iri_subjects", "s", "isIRI"], ["distinct_blank_subjects", "s", "isBlank"],
                                       ["distinct_iri_objects", "o", "isIRI"], ["distinct_blank_objects", "o", "isBlank"],
                                       ["distinct_literals", "o", "isLiteral"]]) {
    kinds[key] = number((await one(`SELECT (COUNT(DISTINCT ?${position}) AS ?n) { ?s ?p ?o FILTER ${test}(?${position}) }`)).n);
  }
  const class_rows = await select(`${PREFIX}SELECT ?c (COUNT(DISTINCT ?s) AS ?n) { ?s a ?c } GROUP BY ?c`);
  const property_rows = await select(`${PREFIX}SELECT ?p (COUNT(*) AS ?n) (COUNT(DISTINCT ?s) AS ?ds)
  (COUNT(DISTINCT ?o) AS ?do) { ?s ?p ?o } GROUP BY ?p`);
  const pair_rows = await select(`${PREFIX}SELECT ?c ?p (COUNT(*) AS ?n) (COUNT(DISTINCT ?s) AS ?ds) (COUNT(DISTINCT ?o) AS ?do)
  (SUM(IF(isLiteral(?o), 0, 1)) AS ?r) { ?s a ?c ; ?p ?o } GROUP BY ?c ?p`);
  const link_rows = await select(`${PREFIX}SELECT ?c ?p ?d (COUNT(*) AS ?n) { ?s a ?c ; ?p ?o . ?o a ?d } GROUP BY ?c ?p ?d`);
  const datatype_rows = await select(`${PREFIX}SELECT ?c ?p ?dt (COUNT(*) AS ?n) { ?s a ?c ; ?p ?o FILTER isLiteral(?o)
  BIND(IF(LANG(?o) != "", rdf:langString, DATATYPE(?o)) AS ?dt) } GROUP BY ?c ?p ?dt`);
  const language_rows = await select(`${PREFIX}SELECT ?c ?p ?l (COUNT(*) AS ?n) { ?s a ?c ; ?p ?o
  FILTER(isLiteral(?o) && LANG(?o) != "") BIND(LCASE(LANG(?o)) AS ?l) } GROUP BY ?c ?p ?l`);

  const classes = new Map(class_rows.map((row) => [name(row.c), { class: name(row.c), entities: number(row.n), properties: new Map() }]));
  for (const row of pair_rows) {
    classes.get(name(row.c)).properties.set(row.p.value, {
      property: row.p.value,
      triples: number(row.n),
      distinct_subjects: number(row.ds),
      distinct_objects: number(row.do),
      resource_objects: number(row.r),
      object_classes: {},
      datatypes: {},
      languages: {},
    });
  }
  const entry = (row) => classes.get(name(row.c)).properties.get(row.p.value);
  for (const row of link_rows) entry(row).object_classes[name(row.d)] = number(row.n);
  for (const row of datatype_rows) entry(row).datatypes[row.dt?.value ?? RDF_LANG_STRING] = number(row.n);
  for (const row of language_rows) entry(row).languages[row.l.value] = number(row.n);

  return {
    triples: number(totals.t),
    distinct_subjects: number(totals.ds),
    distinct_objects: number(totals.do),
    class_count: class_rows.length,
    property_count: number(totals.np),
    ...kinds,
    ...in_figure_order(classes, property_rows.map((row) => ({
      property: row.p.value,
      triples: number(row.n),
      distinct_subjects: number(row.ds),
      distinct_objects: number(row.do),
    }))),
  };
}

const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const by_count = (count, key) => (a, b) => b[count] - a[count] || (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0);

// Classes (a Map of { class, entities, properties: Map of property figures }) and a list of
// property figures in the one order every set of figures uses, so that two compare as one
// deepEqual: biggest first, then by IRI, the value maps sorted by key.
export function in_figure_order(classes, properties) {
  return {
    classes: [...classes.values()].map((c) => ({
      ...c,
      properties: [...c.properties.values()].map((p) => ({
        ...p, object_classes: sorted(p.object_classes), datatypes: sorted(p.datatypes), languages: sorted(p.languages),
      })).sort(by_count("triples", "property")),
    })).sort(by_count("entities", "class")),
    properties: [...properties].sort(by_count("triples", "property")),
  };
}

// A select() over an in-process Oxigraph store (npm `oxigraph`).
export function select_oxigraph(store, options = {}) {
  return async (query) =>
    JSON.parse(store.query(query, { results_format: "application/sparql-results+json", ...options })).results.bindings;
}

// A select() over a SPARQL endpoint (its URL may carry default-graph-uri and named-graph-uri).
export function select_endpoint(url) {
  const { origin, pathname, searchParams } = new URL(url);
  return async (query) => {
    const body = new URLSearchParams(searchParams);
    body.set("query", query);
    const response = await fetch(`${origin}${pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/sparql-results+json" },
      body,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text).results.bindings;
  };
}

// The figures a VoID description states (the shape of tests/servers/void/void_turtle.mjs,
// research §1.2), read with SPARQL from wherever it was loaded: count.mjs's figures without
// resource_objects, which VoID has no term for.
export async function void_figures(select, dataset_iri) {
  const d = `<${dataset_iri}>`;
  const prefixes = `${PREFIX}PREFIX void: <http://rdfs.org/ns/void#>\nPREFIX void-ext: <http://ldf.fi/void-ext#>\n`;
  const rows = (query) => select(prefixes + query);
  const [totals] = await rows(`SELECT * { ${d} void:triples ?t ; void:classes ?nc ; void:properties ?np ;
  void:distinctSubjects ?ds ; void:distinctObjects ?do ; void-ext:distinctIRIReferenceSubjects ?is ;
  void-ext:distinctBlankNodeSubjects ?bs ; void-ext:distinctIRIReferenceObjects ?io ;
  void-ext:distinctBlankNodeObjects ?bo ; void-ext:distinctLiterals ?l }`);
  if (!totals) throw new Error(`no VoID dataset ${dataset_iri} with its totals`);
  const classes = new Map();
  for (const row of await rows(`SELECT ?c ?n { ${d} void:classPartition ?cp . ?cp void:class ?c ; void:entities ?n }`)) {
    classes.set(name(row.c), { class: name(row.c), entities: number(row.n), properties: new Map() });
  }
  const nested = `${d} void:classPartition ?cp . ?cp void:class ?c ; void:propertyPartition ?pp . ?pp void:property ?p`;
  for (const row of await rows(`SELECT * { ${nested} ; void:triples ?t ; void:distinctSubjects ?ds ; void:distinctObjects ?do }`)) {
    classes.get(name(row.c)).properties.set(row.p.value, {
      property: row.p.value, triples: number(row.t), distinct_subjects: number(row.ds), distinct_objects: number(row.do),
      object_classes: {}, datatypes: {}, languages: {},
    });
  }
  const entry = (row) => classes.get(name(row.c)).properties.get(row.p.value);
  for (const row of await rows(`SELECT * { ${nested} ; void:classPartition [ void:class ?k ; void:triples ?n ] }`)) {
    entry(row).object_classes[name(row.k)] = number(row.n);
  }
  for (const row of await rows(`SELECT * { ${nested} ; void-ext:datatypePartition [ void-ext:datatype ?k ; void:triples ?n ] }`)) {
    entry(row).datatypes[row.k.value] = number(row.n);
  }
  for (const row of await rows(`SELECT * { ${nested} ; void-ext:datatypePartition/void-ext:languagePartition
  [ void-ext:language ?k ; void:triples ?n ] }`)) {
    entry(row).languages[row.k.value] = number(row.n);
  }
  const properties = await rows(`SELECT * { ${d} void:propertyPartition ?pp . ?pp void:property ?p ; void:triples ?t ;
  void:distinctSubjects ?ds ; void:distinctObjects ?do }`);
  return {
    triples: number(totals.t),
    distinct_subjects: number(totals.ds),
    distinct_objects: number(totals.do),
    class_count: number(totals.nc),
    property_count: number(totals.np),
    distinct_iri_subjects: number(totals.is),
    distinct_blank_subjects: number(totals.bs),
    distinct_iri_objects: number(totals.io),
    distinct_blank_objects: number(totals.bo),
    distinct_literals: number(totals.l),
    ...in_figure_order(classes, properties.map((row) => ({
      property: row.p.value, triples: number(row.t), distinct_subjects: number(row.ds), distinct_objects: number(row.do),
    }))),
  };
}

// count.mjs's figures as VoID states them: without resource_objects.
export function without_resource_objects(figures) {
  return {
    ...figures,
    classes: figures.classes.map((c) => ({
      ...c, properties: c.properties.map(({ resource_objects, ...rest }) => rest),
    })),
  };
}
