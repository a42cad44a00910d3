#!/usr/bin/env bash
# Finds the test data that the W3C-suite, Spider4SPARQL and FKGQA tests read, fetching it when
# it is nowhere at hand, and prints the folder that holds it (w3c-sparql-tests/ and
# spider4sparql/) on stdout. scripts/run-tests.sh configures CMake with that folder
# (SPARQLMCP_SHARED_DIR), so the tests read the data this script found.
#
#   scripts/test-data.sh
#
# The first of these that holds both data sets:
#   1. $SPARQLMCP_SHARED_DIR when it is set: an explicit choice, so it is an error when the
#      folder lacks them (rather than quietly taking another copy);
#   2. ../shared beside the repository (the project's own machines have it);
#   3. build/test-data/, where the missing sets are fetched, on the first run, from the pinned
#      public archives below and checked against the checksum of their content.
# When none works it prints one line on stderr, naming the missing data and how to provide it,
# and exits 1: a run without the data stops before it builds, instead of failing 58 tests.
#
# SPARQLMCP_W3C_TESTS_URL and SPARQLMCP_SPIDER_URL replace the download addresses (a mirror, or
# a file:// archive to test this script); the content checksums still apply. curl's and tar's
# messages go to build/test-data.log.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fetched=$repo/build/test-data
log=$repo/build/test-data.log

# The W3C SPARQL 1.0 and 1.1 test suites: w3c/rdf-tests at the commit the tests were written
# against (its SOURCE.txt in ../shared names it); kept: the licence, sparql/sparql10 and
# sparql/sparql11.
w3c_url=${SPARQLMCP_W3C_TESTS_URL:-https://github.com/w3c/rdf-tests/archive/ad541a5f0479f0798608c4801369d97b8e08b36f.tar.gz}
w3c_sum=8051c61edbe03555ce641e9dc87db2e91511909438396d27a0df4bfc46b1da64
w3c_keep=(LICENSE.md sparql/sparql10 sparql/sparql11)
# Spider4SPARQL publishes no release archive: its repository at the newest commit, the one
# ../shared was taken from. Kept: the licence, the 1,034 dev NL/SPARQL pairs and the dev
# knowledge graphs' folders (their OWL ontologies).
spider_url=${SPARQLMCP_SPIDER_URL:-https://github.com/ckosten/Spider4SPARQL/archive/6d6ed8eca8c696c54ef660bb6a36f62b7fa8dcd1.tar.gz}
spider_sum=ed2b2a8efd8a75bf9529dc31872eb72fc9bed1daa84fa47e93b9e8e1c3c93d7a
spider_keep=(LICENSE nl_sparql_pairs/dev knowledge_graph_construction/dev_files)

# Whether FOLDER holds each set, judged by files the tests read (a fetched set is moved into
# place only whole, so these stand for the rest).
has_w3c() {
  [[ -f $1/w3c-sparql-tests/sparql/sparql10/manifest-evaluation.ttl &&
     -f $1/w3c-sparql-tests/sparql/sparql11/manifest-all.ttl ]]
}
has_spider() {
  [[ -f $1/spider4sparql/nl_sparql_pairs/dev/dev.json &&
     -d $1/spider4sparql/knowledge_graph_construction/dev_files ]]
}
# What FOLDER lacks, as "x and y"; nothing when it holds both.
missing_in() {
  { has_w3c "$1" || echo "the W3C SPARQL test suites (w3c-sparql-tests/)"
    has_spider "$1" || echo "Spider4SPARQL (spider4sparql/)"; } | paste -sd '|' | sed 's/|/ and /g'
}

# The checksum of a folder's content: every file's path and SHA-256, in a fixed order. It does
# not depend on how the archive was compressed, which GitHub does not promise to keep.
content_sum() {
  (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) |
    sha256sum | cut -d' ' -f1
}

# fetch NAME URL SUM PATH...: downloads the tar.gz at URL (one top-level folder, as GitHub
# writes them), keeps its PATH... and, when their content checksum is SUM, moves them to
# build/test-data/NAME. Runs in a $(...), where set -e is off: every step is checked. On
# failure prints "NAME: why" in one line and returns 1.
fetch() {
  local name=$1 url=$2 sum=$3
  shift 3
  local work=$fetched/.$name.download error top path got
  rm -rf "$work" && mkdir -p "$work/unpacked" "$work/$name" || { echo "$name: cannot write $work"; return 1; }
  printf '== fetching %s from %s\n' "$name" "$url" >> "$log"
  if ! error=$(curl -fsSL --connect-timeout 30 --retry 2 -o "$work/archive.tar.gz" "$url" 2>&1); then
    printf '%s\n' "$error" >> "$log"
    echo "$name: ${error##*$'\n'}"  # curl's last message (one per attempt)
    return 1
  fi
  tar -xzf "$work/archive.tar.gz" -C "$work/unpacked" >> "$log" 2>&1 ||
    { echo "$name: $url is not a tar.gz archive"; return 1; }
  top=$(find "$work/unpacked" -mindepth 1 -maxdepth 1 -type d)
  for path in "$@"; do
    [[ -n $top && -e $top/$path ]] || { echo "$name: $url has no $path"; return 1; }
    mkdir -p "$work/$name/$(dirname "$path")" && mv "$top/$path" "$work/$name/$path" ||
      { echo "$name: cannot move $path out of the archive"; return 1; }
  done
  got=$(content_sum "$work/$name")
  [[ $got == "$sum" ]] || { echo "$name: the content of $url has checksum $got, not the pinned $sum"; return 1; }
  printf 'From %s: %s (content checksum %s; scripts/test-data.sh)\n' "$url" "$*" "$sum" \
    > "$work/$name/SOURCE.txt"
  rm -rf "${fetched:?}/$name" && mv "$work/$name" "$fetched/$name" && rm -rf "$work" ||
    { echo "$name: cannot move it into $fetched"; return 1; }
  echo "test-data: fetched $name from $url into $fetched/$name" >&2
}

# Stops with the one line.
stop() {
  echo "test-data: $*" >&2
  exit 1
}
how="put w3c-sparql-tests/ and spider4sparql/ in ../shared beside the repository or in a folder named by SPARQLMCP_SHARED_DIR (docs/testing.md, \"Test data\")"

if [[ -n ${SPARQLMCP_SHARED_DIR:-} ]]; then
  lacking=$(missing_in "$SPARQLMCP_SHARED_DIR")
  [[ -z $lacking ]] ||
    stop "SPARQLMCP_SHARED_DIR=$SPARQLMCP_SHARED_DIR lacks $lacking: $how, or unset it to use ../shared or fetch the data"
  cd "$SPARQLMCP_SHARED_DIR" && pwd
  exit 0
fi

if [[ -z $(missing_in "$repo/../shared") ]]; then
  cd "$repo/../shared" && pwd
  exit 0
fi

mkdir -p "$fetched"
: > "$log"
failures=()
has_w3c "$fetched" || why=$(fetch w3c-sparql-tests "$w3c_url" "$w3c_sum" "${w3c_keep[@]}") ||
  failures+=("$why")
has_spider "$fetched" || why=$(fetch spider4sparql "$spider_url" "$spider_sum" "${spider_keep[@]}") ||
  failures+=("$why")
rm -rf "$fetched"/.*.download  # what a failed fetch left
lacking=$(missing_in "$fetched")
[[ -z $lacking ]] ||
  stop "missing $lacking: no ../shared beside the repository, SPARQLMCP_SHARED_DIR unset, and fetching failed ($(printf '%s; ' "${failures[@]}")details in $log); $how"
echo "$fetched"
