#!/usr/bin/env bash
# Builds the fuzz preset (clang, libFuzzer, ASan + UBSan) and fuzzes each target for SECONDS
# with its corpus, then prints per target: executions, coverage, and what it found.
#
#   scripts/fuzz.sh SECONDS [target...]      (targets: the names in tests/fuzz/CMakeLists.txt,
#                                             e.g. sparql_query jsonrpc results_json catalogue;
#                                             default: all of them)
#
# Corpora: build/fuzz/corpus/<target>/ keeps what fuzzing found, across runs; the seeds are
# regenerated each time into build/fuzz/corpus-seeds/ (tests/fuzz/make-corpus.sh). Findings
# (crash-*, leak-*, timeout-*, oom-* inputs) go to build/fuzz/findings/<target>/, logs to
# build/fuzz/logs/<target>.log. A target stops at its first finding; replay it with
# build/fuzz/tests/fuzz/fuzz_<target> FILE.
#
# Environment: SPARQLMCP_FUZZ_JOBS targets at a time (default 1), SPARQLMCP_FUZZ_RSS_MB memory
# limit per target (default 2048), SPARQLMCP_FUZZ_TIMEOUT seconds per input (default 10),
# SPARQLMCP_SHARED_DIR the folder with w3c-sparql-tests/ and spider4sparql/ (default: the CMake
# cache, i.e. ../shared). Other people share the machine: run it under `nice -n 19`.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ $# -lt 1 || ! $1 =~ ^[0-9]+$ ]]; then
  echo "usage: $0 SECONDS [target...]" >&2
  exit 2
fi
seconds=$1
shift
cd "$repo"
build=$repo/build/fuzz
jobs=${SPARQLMCP_FUZZ_JOBS:-1}

mkdir -p "$repo/build"
log=$repo/build/fuzz-build.log
echo "fuzz: configuring and building the fuzz preset (log: $log)"
configure=(cmake --preset fuzz)
[[ -n ${SPARQLMCP_SHARED_DIR:-} ]] && configure+=("-DSPARQLMCP_SHARED_DIR=$SPARQLMCP_SHARED_DIR")
if ! { "${configure[@]}" && cmake --build --preset fuzz; } > "$log" 2>&1; then
  grep -E -A8 'error:|FAILED:' "$log" | head -n 40 || tail -n 40 "$log"
  echo "fuzz: the build failed (full log: $log)"
  exit 1
fi
shared=$(sed -n 's/^SPARQLMCP_SHARED_DIR:PATH=//p' "$build/CMakeCache.txt")

all=()
for binary in "$build"/tests/fuzz/fuzz_*; do all+=("$(basename "$binary" | sed 's/^fuzz_//')"); done
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all[@]}")
for target in "${targets[@]}"; do
  [[ -x $build/tests/fuzz/fuzz_$target ]] || {
    echo "fuzz: unknown target '$target' (known: ${all[*]})" >&2
    exit 2
  }
done

rm -rf "$build/corpus-seeds"
"$repo/tests/fuzz/make-corpus.sh" "$build/corpus-seeds" "$shared" > /dev/null
mkdir -p "$build/logs"

run_target() {
  local target=$1
  mkdir -p "$build/corpus/$target" "$build/findings/$target" "$build/corpus-seeds/$target"
  "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" \
    -rss_limit_mb="${SPARQLMCP_FUZZ_RSS_MB:-2048}" -timeout="${SPARQLMCP_FUZZ_TIMEOUT:-10}" \
    -print_final_stats=1 -artifact_prefix="$build/findings/$target/" \
    "$build/corpus/$target" "$build/corpus-seeds/$target" > "$build/logs/$target.log" 2>&1
}

report() {
  local target=$1 status=$2 file=$build/logs/$1.log
  local runs cov corpus found
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$file" | tail -n 1 || true)
  cov=$(grep -aoE 'cov: [0-9]+ ft: [0-9]+' "$file" | tail -n 1 || true)
  corpus=$(find "$build/corpus/$target" -type f | wc -l)
  found=$(grep -aoE '(Test unit|artifact) written to [^ ]+' "$file" | sed 's/.* to //' | tail -n 1 || true)
  if [[ -n $found ]]; then
    local what
    what=$(grep -aoE 'ERROR: [A-Za-z]+: .*|fuzz check failed: .*' "$file" | head -n 1 | cut -c1-100 || true)
    found="FOUND $what -> $found"
  elif [[ $status -ne 0 ]]; then
    found="FAILED with status $status (see $file)"
  else
    found="nothing found"
  fi
  printf 'fuzz: %-13s %5ss  %10s runs  %s  corpus %s  %s\n' "$target" \
    "$((SECONDS - started[$target]))" "${runs:-?}" "${cov:-cov: ?}" "$corpus" "$found"
}

failures=0
declare -A pids=() started=()
started_at=$SECONDS
echo "fuzz: ${#targets[@]} target(s), ${seconds}s each, $jobs at a time (logs: $build/logs)"
for target in "${targets[@]}"; do
  while [[ ${#pids[@]} -ge $jobs ]]; do
    for t in "${!pids[@]}"; do
      if ! kill -0 "${pids[$t]}" 2> /dev/null; then
        status=0
        wait "${pids[$t]}" || status=$?
        report "$t" "$status"
        [[ $status -eq 0 ]] || failures=$((failures + 1))
        unset "pids[$t]"
      fi
    done
    [[ ${#pids[@]} -ge $jobs ]] && sleep 1
  done
  started[$target]=$SECONDS
  run_target "$target" &
  pids[$target]=$!
done
for t in "${!pids[@]}"; do
  status=0
  wait "${pids[$t]}" || status=$?
  report "$t" "$status"
  [[ $status -eq 0 ]] || failures=$((failures + 1))
done
echo "fuzz: done in $((SECONDS - started_at))s; $failures of ${#targets[@]} target(s) found something"
[[ $failures -eq 0 ]]
