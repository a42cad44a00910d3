#!/usr/bin/env bash
# Writes the seed corpora of the fuzz targets into OUT_DIR/<target>/, from the shared test
# suites and the repository (nothing of it is committed but the hand-written seeds in
# tests/fuzz/seeds/):
#   sparql_query   W3C .rq and .ru files, the Spider4SPARQL dev queries (with their ':' prefix
#                  declared), the repository's queries
#   results_json   W3C and tests/data/results .srj     results_xml  the same for .srx
#   results_csv    ... .csv                             results_tsv  ... .tsv
#   catalogue      catalogue/, examples/, tests/data/catalogue/ and W3C .ttl files
#   void_turtle    tests/void/data/ (VoID written by hand) and the catalogue's .ttl files
#   jsonrpc        tests/fuzz/seeds/jsonrpc/ only (conversations written by hand)
# plus tests/fuzz/seeds/<target>/ for every target (reproducers of fixed findings).
# Files over 32 KiB are left out: they slow fuzzing and add little. libFuzzer reads corpus
# folders recursively, so files keep their relative paths. Node.js extracts the Spider queries
# from their JSON; without node they are skipped with a note.
#
#   tests/fuzz/make-corpus.sh OUT_DIR [SHARED_DIR]     (SHARED_DIR defaults to ../shared)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[[ $# -ge 1 ]] || { echo "usage: $0 OUT_DIR [SHARED_DIR]" >&2; exit 2; }
out=$1
shared=${2:-$repo/../shared}
w3c=$shared/w3c-sparql-tests
spider=$shared/spider4sparql/nl_sparql_pairs/dev/dev.json

# copy TARGET FOLDER ROOT NAME-PATTERN...: files under ROOT matching any pattern, into
# OUT_DIR/TARGET/FOLDER with their paths relative to ROOT.
copy() {
  local target=$1 folder=$2 root=$3
  shift 3
  [[ -d $root ]] || { echo "make-corpus: $root is missing, skipped" >&2; return 0; }
  local dest=$out/$target/$folder
  mkdir -p "$dest"
  local patterns=() pattern
  for pattern in "$@"; do patterns+=(-o -name "$pattern"); done
  (cd "$root" && find . -type f -size -32k \( "${patterns[@]:1}" \) -print0 |
    xargs -0 --no-run-if-empty cp --parents -t "$dest")
}

copy sparql_query w3c "$w3c" '*.rq' '*.ru'
copy sparql_query app-tests "$repo/tests/data/app" '*.rq'
copy results_json w3c "$w3c" '*.srj'
copy results_json results-tests "$repo/tests/data/results" '*.srj'
copy results_xml w3c "$w3c" '*.srx'
copy results_xml results-tests "$repo/tests/data/results" '*.srx'
copy results_csv w3c "$w3c" '*.csv'
copy results_csv results-tests "$repo/tests/data/results" '*.csv'
copy results_tsv w3c "$w3c" '*.tsv'
copy results_tsv results-tests "$repo/tests/data/results" '*.tsv'
copy catalogue catalogue "$repo/catalogue" '*.ttl'
copy catalogue examples "$repo/examples" '*.ttl'
copy catalogue catalogue-tests "$repo/tests/data/catalogue" '*.ttl'
copy catalogue w3c "$w3c" '*.ttl'
copy void_turtle void-tests "$repo/tests/void/data" '*.ttl'
copy void_turtle catalogue "$repo/catalogue" '*.ttl'

if [[ ! -f $spider ]]; then
  echo "make-corpus: $spider is missing, Spider4SPARQL queries skipped" >&2
elif ! command -v node > /dev/null 2>&1; then
  echo "make-corpus: node is not installed, Spider4SPARQL queries skipped" >&2
else
  mkdir -p "$out/sparql_query/spider4sparql"
  node -e '
    const fs = require("fs");
    const [file, dir] = process.argv.slice(1);
    JSON.parse(fs.readFileSync(file, "utf8")).forEach((pair, i) => {
      const name = String(i).padStart(4, "0") + ".rq";
      fs.writeFileSync(dir + "/" + name, "PREFIX : <http://valuenet/ontop/>\n" + pair.query + "\n");
    });' "$spider" "$out/sparql_query/spider4sparql"
fi

for seeds in "$repo"/tests/fuzz/seeds/*/; do
  target=$(basename "$seeds")
  mkdir -p "$out/$target/seeds"
  cp -r "$seeds." "$out/$target/seeds/"
done

for target in "$out"/*/; do
  printf 'make-corpus: %-13s %5d files\n' "$(basename "$target")" "$(find "$target" -type f | wc -l)"
done
