// Where scripts/install-peers.sh put the peer federation engines (Comunica v5 on Node 22,
// Comunica v4 on the system Node, Jena ARQ), read from DIR/versions.json. DIR is
// $SPARQLMCP_PEERS_DIR, or build/peers in the repository.
import { existsSync, readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

export function peers_dir() {
  return process.env.SPARQLMCP_PEERS_DIR || join(REPO, "build", "peers");
}

// { node22, node, comunica5, comunica4, jena } as install-peers.sh wrote them (a missing
// engine is null), or null when the script has not run. Each Comunica entry gets `node_bin`:
// the Node binary it runs on.
export function installed_peers() {
  const file = join(peers_dir(), "versions.json");
  if (!existsSync(file)) return null;
  const versions = JSON.parse(readFileSync(file, "utf8"));
  for (const key of ["comunica5", "comunica4"]) {
    const entry = versions[key];
    if (!entry?.version || !existsSync(join(entry.folder, "node_modules", "@comunica", "query-sparql"))) {
      versions[key] = null;
      continue;
    }
    entry.node_bin = versions[entry.node]?.bin;
    if (!entry.node_bin || !existsSync(entry.node_bin)) versions[key] = null;
  }
  if (versions.jena && !existsSync(versions.jena.classpath)) versions.jena = null;
  return versions;
}

export const INSTALL_HINT = "run scripts/install-peers.sh (it installs them into build/peers)";

// Why the peer `key` of versions.json (comunica5, jena, ...) cannot run here, or false when it
// can: what a test that needs it passes to peer_skip() (lib/peer_skip.mjs).
export function peer_missing(key, peers = installed_peers()) {
  return peers?.[key] ? false : `${key} is not installed: ${INSTALL_HINT}`;
}
