// What the benchmarks over the FKGQA-style federated test set (tests/federation/fkgqa) share:
// loading its modules, and choosing the queries a run takes.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// The modules of the federated test set, from `dir` (its folder, or --fkgqa DIR).
export async function load_fkgqa(dir) {
  const load = async (name) => {
    const file = join(dir, name);
    if (!existsSync(file)) throw new Error(`${file} is missing: the federated test set (tests/federation/fkgqa) is needed, or --fkgqa DIR`);
    return import(pathToFileURL(file).href);
  };
  const [generate, serve, oracle, sparql] = await Promise.all([
    load("generate.mjs"), load("serve.mjs"), load("oracle.mjs"), load("sparql.mjs")]);
  return { generate, serve, oracle, sparql };
}

// Every k-th item, so a sample of N spreads over all graphs.
export function spread(items, n) {
  if (n >= items.length) return items;
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]);
}

// The workload's queries a run takes: options.graphs, .ids (a Set), .match (a RegExp), then a
// spread sample of options.queries.
export function select_queries(workload, options) {
  let queries = workload.queries;
  if (options.graphs) queries = queries.filter((q) => options.graphs.includes(q.kg));
  if (options.ids) queries = queries.filter((q) => options.ids.has(q.id));
  if (options.match) queries = queries.filter((q) => options.match.test(q.id));
  if (options.queries) queries = spread(queries, options.queries);
  return queries;
}
