#!/usr/bin/env node
// node bench/oxigraph_bench.mjs <file.nt> [rounds] [--queries engine_bench_queries.json]
//                                [--json out.json]
//
// The Oxigraph side of bench/engine_vs_oxigraph.sh: loads the same file into Oxigraph's
// JS/WASM build (the `oxigraph` npm package that scripts/install-deps.sh installs in
// tests/e2e/node_modules) and runs the queries of bench/engine_bench_queries.json `rounds`
// times (default 5), printing the same figures as engine_bench: load time (reading the file
// included, as engine_bench's), triples per second, resident memory before and after, and per
// query the rows, the median time and queries per second. Local only: no network.

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const oxigraph = require(new URL('../tests/e2e/node_modules/oxigraph/node.js', import.meta.url)
  .pathname);

const positional = [];
let queriesPath = new URL('./engine_bench_queries.json', import.meta.url).pathname;
let jsonPath = null;
for (let i = 2; i < process.argv.length; ++i) {
  const arg = process.argv[i];
  if (arg === '--queries' && i + 1 < process.argv.length) queriesPath = process.argv[++i];
  else if (arg === '--json' && i + 1 < process.argv.length) jsonPath = process.argv[++i];
  else positional.push(arg);
}
if (positional.length === 0) {
  console.error('usage: oxigraph_bench.mjs <file.nt> [rounds] [--queries file.json] [--json out.json]');
  process.exit(2);
}
const dataPath = positional[0];
const rounds = Math.max(1, Number(positional[1] ?? 5) || 1);
const queries = JSON.parse(readFileSync(queriesPath, 'utf8'));

const formats = { nt: 'application/n-triples', nq: 'application/n-quads', ttl: 'text/turtle',
  trig: 'application/trig' };
const extension = dataPath.replace(/\.gz$/, '').split('.').pop();
const format = formats[extension];
if (!format) {
  console.error(`cannot tell the RDF syntax of ${dataPath} from its name`);
  process.exit(2);
}

const mib = (bytes) => (bytes / (1024 * 1024)).toFixed(1);
const report = { engine: 'oxigraph', version: require(new URL(
  '../tests/e2e/node_modules/oxigraph/package.json', import.meta.url).pathname).version,
  file: dataPath, rounds };

const store = new oxigraph.Store();
const rssBefore = process.memoryUsage().rss;
const start = performance.now();
let bytes = readFileSync(dataPath);
if (dataPath.endsWith('.gz')) bytes = gunzipSync(bytes);
store.load(bytes, { format, no_transaction: true });
bytes = null;
const loadMs = performance.now() - start;
globalThis.gc?.();  // with node --expose-gc: the file's bytes do not count as the store's
const rssAfter = process.memoryUsage().rss;
const triples = store.size;
const perSecond = triples / (loadMs / 1000);
const rssPerTriple = triples ? Math.max(0, rssAfter - rssBefore) / triples : 0;

console.log(`file: ${dataPath}`);
console.log(`triples: ${triples} (oxigraph ${report.version}, JS/WASM)`);
console.log(`load: ${loadMs.toFixed(0)} ms, ${perSecond.toFixed(0)} triples/s`);
console.log(`rss: ${mib(rssBefore)} MiB before, ${mib(rssAfter)} MiB after`);
console.log(`bytes/triple: ${rssPerTriple.toFixed(1)} (rss growth)`);
Object.assign(report, { triples, load_ms: loadMs, triples_per_second: perSecond,
  rss_before: rssBefore, rss_after: rssAfter, rss_bytes_per_triple: rssPerTriple });

console.log(`\n${'query'.padEnd(20)} ${'rows'.padStart(10)} ${'median ms'.padStart(12)} ${
  'queries/s'.padStart(12)}`);
report.queries = [];
for (const { name, query } of queries) {
  const result = { name };
  try {
    const times = [];
    let rows = 0;
    let value = '';
    for (let r = 0; r < rounds; ++r) {
      const runStart = performance.now();
      const solutions = store.query(query);
      times.push(performance.now() - runStart);
      rows = solutions.length;
      value = '';
      if (rows === 1) {
        const terms = [...solutions[0].values()];
        if (terms.length) value = terms[terms.length - 1].value;
      }
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`${name.padEnd(20)} ${String(rows).padStart(10)} ${median.toFixed(2).padStart(12)} ${
      (1000 / median).toFixed(1).padStart(12)}${value ? `  value ${value}` : ''}`);
    Object.assign(result, { rows, median_ms: median, queries_per_second: 1000 / median });
    if (value) result.value = value;
  } catch (error) {
    console.log(`${name.padEnd(20)} failed: ${error.message ?? error}`);
    result.error = String(error.message ?? error);
  }
  report.queries.push(result);
}
if (jsonPath) writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
