#!/usr/bin/env bash
# Installs the dependencies, builds the release preset and runs sparql-mcp over stdio.
#
#   scripts/run-server.sh [sparql-mcp options]...
#
# stdout belongs to the MCP stdio transport, so everything the set-up prints goes to stderr.
# Without a --catalogue option the server gets the offline demo catalogue (examples/), which
# needs no network; pass --catalogue catalogue for the public endpoints.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# One compile job per core: the machines have 2 cores and memory to spare, not more.
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}
catalogue=$repo/examples/catalogue.ttl

{
  "$repo/scripts/install-deps.sh"
  cd "$repo"
  build_log=$repo/build/run-server-build.log
  if ! { cmake --preset release && cmake --build --preset release --target sparql-mcp; } > "$build_log" 2>&1; then
    tail -n 40 "$build_log"
    echo "run-server: the build failed (full log: $build_log)"
    exit 1
  fi
} >&2

args=("$@")
has_catalogue=0
for arg in "${args[@]}"; do
  [[ $arg == --catalogue || $arg == --catalogue=* || $arg == --catalog || $arg == --catalog=* ]] && has_catalogue=1
done
[[ $has_catalogue -eq 1 ]] || args=(--catalogue "$catalogue" "${args[@]}")
exec "$repo/build/release/src/app/sparql-mcp" "${args[@]}"
