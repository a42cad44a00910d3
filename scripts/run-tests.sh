#!/usr/bin/env bash
# Installs the dependencies (and the peer federation engines, scripts/install-peers.sh), finds or
# fetches the test data (scripts/test-data.sh), builds the release preset (tests included) and
# runs every test registered with CTest: unit, integration and end-to-end; then builds the fuzz
# preset (clang, libFuzzer, ASan + UBSan) and runs its short fuzz runs (label fuzz). Prints one
# summary line counting both and exits non-zero when anything fails.
#
#   scripts/run-tests.sh [extra ctest arguments, e.g. -L e2e or -R catalogue]
#
# Extra arguments go to both ctest runs (a filter that matches no fuzz test skips them).
# Environment: SPARQLMCP_SHARED_DIR (the folder with the test data, see scripts/test-data.sh),
# SPARQLMCP_TEST_JOBS (ctest parallelism, default 2),
# SPARQLMCP_TEST_TIMEOUT (seconds per test, default 600), SPARQLMCP_TEST_FUZZ=0 to leave the
# fuzz preset out.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# One compile job per core: the machines have 2 cores and memory to spare, not more.
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}
cd "$repo"
started=$SECONDS

"$repo/scripts/install-deps.sh"
# The test data of the W3C-suite, Spider4SPARQL and FKGQA tests, which is not in the repository:
# ../shared, the folder SPARQLMCP_SHARED_DIR names, or fetched into build/test-data
# (scripts/test-data.sh). Without it the run stops here with one line saying what is missing,
# rather than failing those tests in 0 s each; with it both presets are configured with the
# folder found (a CMake cache keeps whatever an earlier configure was given).
if ! SPARQLMCP_SHARED_DIR=$("$repo/scripts/test-data.sh"); then
  echo "run-tests: 0 passed, 1 failed"
  exit 1
fi
export SPARQLMCP_SHARED_DIR
shared_option=-DSPARQLMCP_SHARED_DIR=$SPARQLMCP_SHARED_DIR
echo "run-tests: test data in $SPARQLMCP_SHARED_DIR"
# The peer federation engines (Comunica v5 on a private Node 22, Comunica v4, Jena ARQ) that
# the --federation-endpoint test starts and the benchmark smoke test runs.
peers_log=$repo/build/install-peers.log
mkdir -p "$repo/build"
if ! "$repo/scripts/install-peers.sh" > "$peers_log" 2>&1; then
  tail -n 30 "$peers_log"
  echo "run-tests: installing the peer federation engines failed (log: $peers_log)"
  echo "run-tests: 0 passed, 1 failed"
  exit 1
fi

build_log=$repo/build/run-tests-build.log
echo "run-tests: configuring and building the release preset (log: $build_log)"
if ! { cmake --preset release "$shared_option" && cmake --build --preset release; } > "$build_log" 2>&1; then
  grep -E -B2 -A8 'error:|Error |FAILED:' "$build_log" | head -n 80 || tail -n 60 "$build_log"
  echo "run-tests: the build failed (full log: $build_log)"
  echo "run-tests: 0 passed, 1 failed"
  exit 1
fi
echo "run-tests: build done in $((SECONDS - started))s"

fuzz=${SPARQLMCP_TEST_FUZZ:-1}
fuzz_build_failed=0
if [[ $fuzz != 0 ]]; then
  fuzz_started=$SECONDS
  fuzz_build_log=$repo/build/run-tests-fuzz-build.log
  echo "run-tests: configuring and building the fuzz preset (log: $fuzz_build_log)"
  if ! { cmake --preset fuzz "$shared_option" && cmake --build --preset fuzz; } > "$fuzz_build_log" 2>&1; then
    grep -E -B2 -A8 'error:|Error |FAILED:' "$fuzz_build_log" | head -n 80 || tail -n 60 "$fuzz_build_log"
    echo "run-tests: the fuzz build failed (full log: $fuzz_build_log)"
    fuzz_build_failed=1
  else
    echo "run-tests: fuzz build done in $((SECONDS - fuzz_started))s"
  fi
fi

test_log=$repo/build/run-tests-ctest.log
status=0
ctest --preset release --no-tests=error -j "${SPARQLMCP_TEST_JOBS:-2}" \
      --timeout "${SPARQLMCP_TEST_TIMEOUT:-600}" "$@" 2>&1 | tee "$test_log" || status=$?

# ctest closes with "NN% tests passed, F tests failed out of T".
summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$test_log" | tail -n 1 || true)
if [[ ! $summary =~ ([0-9]+)\ tests?\ failed\ out\ of\ ([0-9]+) ]]; then
  echo "run-tests: ctest produced no summary (exit status $status)"
  [[ $status -ne 0 ]] || status=1
  exit "$status"
fi
failed=${BASH_REMATCH[1]} total=${BASH_REMATCH[2]}

if [[ $fuzz != 0 && $fuzz_build_failed -eq 1 ]]; then
  failed=$((failed + 1)) total=$((total + 1)) status=1
elif [[ $fuzz != 0 ]]; then
  fuzz_started=$SECONDS
  fuzz_log=$repo/build/run-tests-fuzz-ctest.log
  fuzz_status=0
  ctest --preset fuzz -j "${SPARQLMCP_TEST_JOBS:-2}" --timeout "${SPARQLMCP_TEST_TIMEOUT:-600}" "$@" \
    2>&1 | tee "$fuzz_log" || fuzz_status=$?
  fuzz_summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$fuzz_log" | tail -n 1 || true)
  if [[ $fuzz_summary =~ ([0-9]+)\ tests?\ failed\ out\ of\ ([0-9]+) ]]; then
    failed=$((failed + BASH_REMATCH[1])) total=$((total + BASH_REMATCH[2]))
    echo "run-tests: fuzz tests done in $((SECONDS - fuzz_started))s"
  elif [[ $fuzz_status -ne 0 ]]; then
    echo "run-tests: the fuzz ctest produced no summary (exit status $fuzz_status)"
    failed=$((failed + 1)) total=$((total + 1))
  fi  # else: the extra arguments matched no fuzz test
  [[ $fuzz_status -eq 0 ]] || status=$fuzz_status
fi

echo "run-tests: finished in $((SECONDS - started))s"
# The closing line alone, in the plain "N passed, N failed" form CI reads.
echo "run-tests: $((total - failed)) passed, $failed failed"
exit "$status"
