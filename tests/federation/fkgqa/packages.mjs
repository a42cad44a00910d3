// The npm packages of the federated test set. They are installed once, with the end-to-end
// tests' (tests/e2e/package.json, `npm ci` there or scripts/install-deps.sh), so this folder
// resolves them from there instead of keeping a node_modules of its own.
import { createRequire } from "node:module";

const require = createRequire(new URL("../../e2e/package.json", import.meta.url));

function load(name) {
  try {
    return require(name);
  } catch (error) {
    throw new Error(`npm package '${name}' is missing: run \`npm ci\` in tests/e2e ` +
                    `(or scripts/install-deps.sh); ${error.message.split("\n")[0]}`);
  }
}

// sparqljs: Comunica's SPARQL 1.1 parser and generator, used to rewrite queries into their
// federated forms (test-only; see docs/testing.md, "Federated test set").
export const sparqljs = load("sparqljs");
export const oxigraph = load("oxigraph");
