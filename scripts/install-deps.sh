#!/usr/bin/env bash
# Installs everything sparql-mcp needs to build and test on Debian 12, non-interactively:
# the Debian packages (compilers, CMake, Ninja, libraries, Catch2, Virtuoso, Node.js when it is
# missing; clang and libclang-rt-14-dev, its libFuzzer and sanitizer runtimes, for the fuzz
# preset; haproxy, the reverse proxy of tests/e2e/load_balancer.test.mjs; wordnet-base, the
# WordNet database term search reads related words from) and the pinned npm
# packages of tests/e2e (npm ci from package-lock.json).
#
# Idempotent and quiet: it skips apt when every package is installed and npm when
# tests/e2e/node_modules matches the lock file; details go to build/install-deps.log, the
# terminal gets a short summary. Run as root (or as a user with sudo). The Virtuoso system
# service the package installs (ports 1111/8890) is kept from starting and disabled: tests run
# their own private instances (tests/servers/virtuoso/start.sh). So is haproxy's: the test
# starts its own with a private configuration.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
log_dir=${SPARQLMCP_LOG_DIR:-$repo/build}
mkdir -p "$log_dir"
log=$log_dir/install-deps.log
: > "$log"
started=$SECONDS

say() { printf 'install-deps: %s\n' "$*"; printf '== %s\n' "$*" >> "$log"; }
die() {
  printf 'install-deps: error: %s (details in %s)\n' "$*" "$log" >&2
  tail -n 30 "$log" >&2 || true
  exit 1
}
run() { "$@" >> "$log" 2>&1; }

if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif command -v sudo > /dev/null 2>&1; then
  as_root=(sudo -n)
else
  die "run as root (apt-get needs it), or install sudo"
fi

packages=(
  build-essential g++ cmake ninja-build pkg-config clang-format git ca-certificates curl procps
  nlohmann-json3-dev libcurl4-openssl-dev libboost-dev libserd-dev libsord-dev libspdlog-dev
  catch2 zlib1g-dev libssl-dev libicu-dev libsqlite3-dev wordnet-base virtuoso-opensource haproxy
  clang libclang-rt-14-dev
)
# Node 20 is preinstalled on our machines; Debian's nodejs is only the fallback.
if ! command -v node > /dev/null 2>&1; then packages+=(nodejs); fi
if ! command -v npm > /dev/null 2>&1; then packages+=(npm); fi

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2> /dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$package")
done

export DEBIAN_FRONTEND=noninteractive
if [[ ${#missing[@]} -gt 0 ]]; then
  say "installing Debian packages: ${missing[*]}"
  # Virtuoso's debconf asks for a DBA password; the system instance is never used by the tests.
  printf '%s\n' \
    "virtuoso-opensource-7 virtuoso-opensource-7/dba-password password sparqlmcp-unused" \
    "virtuoso-opensource-7 virtuoso-opensource-7/dba-password-again password sparqlmcp-unused" \
    "virtuoso-opensource-7 virtuoso-opensource-7/register-odbc-dsn boolean false" |
    run "${as_root[@]}" debconf-set-selections || die "debconf preseeding failed"
  # Keep services from starting while packages install (policy-rc.d, exit 101 = forbidden).
  created_policy=0
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\nexit 101\n' | "${as_root[@]}" tee /usr/sbin/policy-rc.d > /dev/null
    "${as_root[@]}" chmod +x /usr/sbin/policy-rc.d
    created_policy=1
  fi
  cleanup_policy() {
    if [[ $created_policy -eq 1 ]]; then "${as_root[@]}" rm -f /usr/sbin/policy-rc.d; fi
    created_policy=0
  }
  trap cleanup_policy EXIT
  run "${as_root[@]}" apt-get update -q || die "apt-get update failed"
  run "${as_root[@]}" apt-get install -y -q --no-install-recommends \
      -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "${missing[@]}" ||
    die "apt-get install failed"
  cleanup_policy
  trap - EXIT
else
  say "Debian packages: all ${#packages[@]} already installed"
fi

# The system Virtuoso must not run: disable it for every init system that may be present.
if [[ -d /run/systemd/system ]]; then
  run "${as_root[@]}" systemctl disable --now virtuoso-opensource-7 || true
fi
if [[ -x /etc/init.d/virtuoso-opensource-7 ]]; then
  run "${as_root[@]}" update-rc.d virtuoso-opensource-7 disable || true
  if [[ -f /var/run/virtuoso-opensource-7.pid ]]; then
    run "${as_root[@]}" /etc/init.d/virtuoso-opensource-7 stop || true
  fi
fi

# Nor the system haproxy (Debian's configuration has no frontend, but nothing should run).
if [[ -d /run/systemd/system ]]; then
  run "${as_root[@]}" systemctl disable --now haproxy || true
fi
if [[ -x /etc/init.d/haproxy ]]; then
  run "${as_root[@]}" update-rc.d haproxy disable || true
  if [[ -f /run/haproxy.pid ]]; then
    run "${as_root[@]}" /etc/init.d/haproxy stop || true
  fi
fi

for tool in g++ clang++ cmake ninja virtuoso-t isql-vt haproxy node npm curl; do
  command -v "$tool" > /dev/null 2>&1 || die "$tool is still missing after installation"
done
node_major=$(node -p 'process.versions.node.split(".")[0]')
[[ $node_major -ge 18 ]] || die "Node.js $(node --version) is too old: the end-to-end tests need 18 or newer (20 preferred)"

# npm packages of the end-to-end tests, exactly as locked.
e2e=$repo/tests/e2e
stamp=$e2e/node_modules/.sparqlmcp-install-stamp
want="$(sha256sum "$e2e/package-lock.json" | cut -d' ' -f1) node-$(node --version)"
if [[ -f $stamp && $(cat "$stamp") == "$want" ]]; then
  say "npm packages of tests/e2e: up to date"
else
  say "npm ci in tests/e2e"
  (cd "$e2e" && run npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed"
  printf '%s\n' "$want" > "$stamp"
fi

say "done in $((SECONDS - started))s: $(g++ --version | head -n 1), cmake $(cmake --version | head -n 1 | cut -d' ' -f3), node $(node --version), virtuoso $({ virtuoso-t +version 2>&1 || true; } | grep -m 1 -o '[0-9]\+\.[0-9][0-9.]*' || echo '?')"
