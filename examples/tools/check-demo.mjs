// Checks the demo federation with an independent engine (Oxigraph, from tests/e2e's npm
// packages) and prints the figures the catalogue and the README quote:
//
//   node examples/tools/check-demo.mjs            # check, then print each README query's result
//   node examples/tools/check-demo.mjs --void     # also print the VoID statistics as Turtle
//
// 1. Parses examples/catalogue.ttl, loads every void:dataDump into a named graph named after
//    its dataset (the IRI written in SERVICE), and compares the catalogue's VoID statistics
//    (void:triples, void:distinctSubjects, void:properties, class partitions) with counts.
// 2. Runs every ```sparql block of examples/README.md with each `SERVICE <iri>` read as
//    `GRAPH <iri>`, which gives the federated answer for these queries, and prints the rows
//    as Markdown tables, to compare with the tables in the README.
// Exit status 1 on a mismatch or a query error.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const examples = join(here, '..');
const require = createRequire(join(examples, '..', 'tests', 'e2e', 'package.json'));
const ox = require('oxigraph');

const VOID = 'http://rdfs.org/ns/void#';
const SMCP = 'https://w3id.org/sparql-mcp/vocab#';
let failures = 0;
const fail = (msg) => {
  console.log(`MISMATCH: ${msg}`);
  failures += 1;
};

const cataloguePath = join(examples, 'catalogue.ttl');
const catalogue = new ox.Store();
catalogue.load(readFileSync(cataloguePath, 'utf8'), {
  format: 'text/turtle',
  base_iri: pathToFileURL(cataloguePath).href,
});
const one = (q) => catalogue.query(q);

const entries = one(`PREFIX void: <${VOID}> PREFIX smcp: <${SMCP}>
  SELECT ?ds ?id ?dump WHERE { ?ds void:dataDump ?dump ; smcp:id ?id } ORDER BY ?id`);
const store = new ox.Store();
const shards = [];
for (const row of entries) {
  const ds = row.get('ds').value;
  const dumpPath = fileURLToPath(row.get('dump').value);
  let bytes = readFileSync(dumpPath);
  let name = dumpPath;
  if (name.endsWith('.gz')) {
    bytes = gunzipSync(bytes);
    name = name.slice(0, -3);
  }
  const format = name.endsWith('.nt') ? 'application/n-triples' : name.endsWith('.trig') ? 'application/trig' : 'text/turtle';
  store.load(bytes.toString('utf8'), { format, to_graph_name: ox.namedNode(ds) });
  shards.push({ ds, id: row.get('id').value, dump: dumpPath });
}

const num = (term) => (term ? Number(term.value) : undefined);
const voidLines = [];
for (const { ds, id } of shards) {
  const g = `GRAPH <${ds}>`;
  const [stats] = store.query(`SELECT (COUNT(*) AS ?t) (COUNT(DISTINCT ?s) AS ?s_) (COUNT(DISTINCT ?p) AS ?p_)
    (COUNT(DISTINCT ?o) AS ?o_) WHERE { ${g} { ?s ?p ?o } }`);
  const computed = {
    triples: num(stats.get('t')),
    distinctSubjects: num(stats.get('s_')),
    properties: num(stats.get('p_')),
    distinctObjects: num(stats.get('o_')),
  };
  const classes = store.query(`SELECT ?c (COUNT(DISTINCT ?s) AS ?n) WHERE { ${g} { ?s a ?c } } GROUP BY ?c ORDER BY ?c`)
    .map((r) => [r.get('c').value, num(r.get('n'))]);
  console.log(`${id} <${ds}>: ${computed.triples} triples, ${computed.distinctSubjects} subjects, ` +
    `${computed.properties} properties, ${computed.distinctObjects} objects; ` +
    classes.map(([c, n]) => `${c.replace(/.*[#/]/, '')} ${n}`).join(', '));

  // Compare with what the catalogue states (only what it states).
  for (const key of Object.keys(computed)) {
    const stated = one(`SELECT ?v WHERE { <${ds}> <${VOID}${key}> ?v }`);
    if (stated.length && num(stated[0].get('v')) !== computed[key]) {
      fail(`${id}: catalogue says void:${key} ${stated[0].get('v').value}, data has ${computed[key]}`);
    }
  }
  const statedClasses = one(`SELECT ?c ?n WHERE { <${ds}> <${VOID}classPartition> ?cp .
    ?cp <${VOID}class> ?c . OPTIONAL { ?cp <${VOID}entities> ?n } }`);
  for (const r of statedClasses) {
    const c = r.get('c').value;
    const found = classes.find(([k]) => k === c);
    if (!found) fail(`${id}: catalogue names class <${c}>, which the data does not use`);
    else if (r.get('n') && num(r.get('n')) !== found[1]) {
      fail(`${id}: catalogue says ${found[1] === undefined ? '?' : ''}<${c}> has ${r.get('n').value} entities, data has ${found[1]}`);
    }
  }
  voidLines.push(`# ${id}\n    void:triples ${computed.triples} ;\n    void:distinctSubjects ${computed.distinctSubjects} ;\n` +
    `    void:properties ${computed.properties} ;\n    void:distinctObjects ${computed.distinctObjects} ;\n` +
    classes.map(([c, n]) => `    void:classPartition [ void:class <${c}> ; void:entities ${n} ]`).join(' ;\n') + ' ;');
}
if (process.argv.includes('--void')) console.log('\n' + voidLines.join('\n\n'));

// The README's queries.
const readme = readFileSync(join(examples, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```sparql\n([\s\S]*?)```/g)].map((m) => m[1]);
const cell = (t) => {
  if (!t) return '';
  if (t.termType === 'NamedNode') return t.value.replace('https://demo.sparql-mcp.org/', '…/');
  return t.value;
};
blocks.forEach((text, i) => {
  const query = text.replace(/SERVICE\s+</g, 'GRAPH <');
  console.log(`\n--- README query ${i + 1}: ${text.split('\n').find((l) => /^\s*SELECT|^\s*ASK/i.test(l))?.trim()}`);
  try {
    const rows = store.query(query);
    if (typeof rows === 'boolean') {
      console.log(rows);
      return;
    }
    // The projection: plain variables and the `AS ?x` of expressions, in order.
    const projection = (query.match(/SELECT\s+(?:DISTINCT\s+|REDUCED\s+)?([\s\S]*?)\s*WHERE/i)?.[1] ?? '')
      .replace(/\((?:[^()]|\([^()]*\))*?\bAS\s+\?(\w+)\s*\)/gi, ' ?$1');
    const seen = [...new Set([...projection.matchAll(/\?(\w+)/g)].map((m) => m[1]))];
    console.log(`| ${seen.join(' | ')} |\n|${seen.map(() => '---').join('|')}|`);
    for (const r of rows) console.log(`| ${seen.map((v) => cell(r.get(v))).join(' | ')} |`);
    console.log(`(${rows.length} rows)`);
  } catch (e) {
    fail(`README query ${i + 1} failed: ${e.message ?? e}`);
  }
});
process.exit(failures ? 1 : 0);
