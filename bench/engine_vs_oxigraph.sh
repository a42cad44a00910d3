#!/bin/sh
# bench/engine_vs_oxigraph.sh [triples] [rounds]
#
# Compares the embedded engine with Oxigraph (its JS/WASM npm build) on the same synthetic
# data and queries: generates build/bench-data/bench-<triples>.nt if missing (default
# 1,000,000 triples, tests/data/generate_ntriples.mjs), runs engine_bench and
# bench/oxigraph_bench.mjs on it with `rounds` runs per query (default 5) and prints both
# outputs and a table: load speed, memory, and per query the rows and the median times with
# their ratio (Oxigraph ms / our ms: above 1 means we are faster).
#
# ENGINE_BENCH names the engine_bench binary (default: build/release/tests/engine/engine_bench,
# built by `cmake --preset release && cmake --build --preset release --target engine_bench`).
# Everything runs on this machine; nothing goes to the network.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
triples=${1:-1000000}
rounds=${2:-5}
engine_bench=${ENGINE_BENCH:-$root/build/release/tests/engine/engine_bench}
data_dir=$root/build/bench-data
data=$data_dir/bench-$triples.nt

if [ ! -x "$engine_bench" ]; then
  echo "engine_bench not found at $engine_bench; build it (see docs/benchmarks.md) or set ENGINE_BENCH" >&2
  exit 1
fi
if [ ! -d "$root/tests/e2e/node_modules/oxigraph" ]; then
  echo "the oxigraph npm package is missing; run scripts/install-deps.sh" >&2
  exit 1
fi
mkdir -p "$data_dir"
if [ ! -f "$data" ]; then
  node "$root/tests/data/generate_ntriples.mjs" "$triples" "$data.tmp"
  mv "$data.tmp" "$data"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== sparql-mcp engine"
"$engine_bench" "$data" "$rounds" --json "$work/engine.json"
echo
echo "== Oxigraph"
node --expose-gc "$root/bench/oxigraph_bench.mjs" "$data" "$rounds" --json "$work/oxigraph.json"
echo

node - "$work/engine.json" "$work/oxigraph.json" <<'JS'
const fs = require('node:fs');
const [ours, theirs] = process.argv.slice(2).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
const fixed = (x, d = 1) => (x === undefined ? '-' : Number(x).toFixed(d));
const ratio = (a, b) => (a && b ? (a / b).toFixed(2) : '-');
console.log(`== ${ours.triples} triples, ${ours.rounds} rounds per query (median)`);
console.log(`load: ours ${fixed(ours.triples_per_second, 0)} triples/s, oxigraph ${
  fixed(theirs.triples_per_second, 0)} triples/s, speed ratio (ours / oxigraph) ${
  ratio(ours.triples_per_second, theirs.triples_per_second)}`);
console.log(`memory: ours ${fixed(ours.rss_bytes_per_triple)} B/triple (rss growth; ${
  fixed(ours.store_bytes_per_triple)} by Store::memory_bytes), oxigraph ${
  fixed(theirs.rss_bytes_per_triple)} B/triple (rss growth)`);
const pad = (s, n) => String(s).padStart(n);
console.log(`\n${'query'.padEnd(20)}${pad('rows', 9)}${pad('ox rows', 9)}${pad('ours ms', 11)}${
  pad('ox ms', 11)}${pad('ox/ours', 9)}`);
for (const q of ours.queries) {
  const o = theirs.queries.find((x) => x.name === q.name) ?? {};
  const mismatch = q.rows !== undefined && o.rows !== undefined &&
    (q.rows !== o.rows || (q.value ?? '') !== (o.value ?? ''));
  console.log(`${q.name.padEnd(20)}${pad(q.rows ?? 'error', 9)}${pad(o.rows ?? 'error', 9)}${
    pad(fixed(q.median_ms, 2), 11)}${pad(fixed(o.median_ms, 2), 11)}${
    pad(ratio(o.median_ms, q.median_ms), 9)}${mismatch ? '  DIFFERENT ANSWERS' : ''}`);
}
JS
