// Checks that the pinned npm packages of tests/e2e are installed, and says how to fix it.
import { createRequire } from "node:module";

const require = createRequire(new URL("../package.json", import.meta.url));
const missing = [];
for (const name of ["@modelcontextprotocol/sdk/client/index.js", "@modelcontextprotocol/client",
                    "@modelcontextprotocol/inspector/package.json",
                    "oxigraph", "sparqljs"]) {
  try {
    require.resolve(name);
  } catch {
    missing.push(name);
  }
}
if (missing.length > 0) {
  console.error(`missing npm packages: ${missing.join(", ")}; run scripts/install-deps.sh ` +
                "(or `npm ci` in tests/e2e)");
  process.exit(1);
}
console.log("npm packages of tests/e2e: all present");
