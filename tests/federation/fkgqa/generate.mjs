#!/usr/bin/env node
// node tests/federation/fkgqa/generate.mjs OUT_DIR [--graphs a,b,c] [--servers mixed|oxigraph]
//                                          [--per-class N] [--seed N]
//
// Builds the FKGQA-style federated test set (docs/testing.md, "Federated test set"): for each
// chosen Spider4SPARQL knowledge graph, synthetic instance data (tests/data/spider_instances.mjs,
// the same data as spider_differential), sharded over 3 to 8 shards (sharding.mjs), and each
// distinct dev query of the graph in its original, trivial and precise federated forms
// (rewrite.mjs). Writes
//   OUT_DIR/graphs/<kg>.nt        the unsharded graph (the oracle's data)
//   OUT_DIR/shards/<shard-id>.nt  one file per shard; every triple is in exactly one
//   OUT_DIR/workload.json         graphs, shards and queries (format in docs/testing.md)
// Deterministic: the same arguments give the same files. Queries that cannot be rewritten, that
// Oxigraph cannot answer, or whose answer depends on which tied rows a subquery's LIMIT keeps
// are left out and listed under "skipped" with the reason.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BASE, generate_graphs, ontology_file, read_ontology, read_queries } from "../../data/spider_instances.mjs";
import { oxigraph } from "./packages.mjs";
import { parse } from "./sparql.mjs";
import { parse_ntriples, shard_graph, source_index } from "./sharding.mjs";
import { Unsupported, rewrite } from "./rewrite.mjs";
import { expected_answer, tie_dependence } from "./oracle.mjs";

// The eight graphs with the most distinct dev queries, leaving out flight_2, whose synthetic
// data answer only half of its queries with rows (network_1, the ninth, instead).
export const DEFAULT_GRAPHS = [
  "world_1", "car_1", "cre_Doc_Template_Mgt", "dog_kennels",
  "student_transcripts_tracking", "tvshow", "wta_1", "network_1",
];
export const DEFAULT_PER_CLASS = 12;
export const DEFAULT_SEED = 20261123;

// Half of the shards to each server, a graph's hash shards always to the same one: Virtuoso
// writes some literals in another canonical form than Oxigraph ("2.0" for the double "2",
// "1" for true), and a class whose instances were spread over both would then hold one value
// under two spellings (two groups in GROUP BY, two rows under DISTINCT) where the unsharded
// graph has one.
function assign_servers(graphs, servers) {
  const count = { oxigraph: 0, virtuoso: 0 };
  for (const graph of graphs) {
    const units = [];
    const hash = graph.shards.filter((s) => s.strategy === "hash");
    for (const shard of graph.shards) if (shard.strategy !== "hash") units.push([shard]);
    if (hash.length) units.push(hash);
    for (const unit of units) {
      const server = servers === "oxigraph" || count.oxigraph <= count.virtuoso ? "oxigraph" : "virtuoso";
      for (const shard of unit) shard.server = server;
      count[server] += unit.length;
    }
  }
  return count;
}

function parse_arguments(argv) {
  const options = { out: null, graphs: DEFAULT_GRAPHS, servers: "mixed", per_class: DEFAULT_PER_CLASS, seed: DEFAULT_SEED };
  for (let i = 0; i < argv.length; ++i) {
    const [name, inline] = argv[i].startsWith("--") ? argv[i].split(/=(.*)/s) : [argv[i]];
    const value = () => inline ?? argv[++i];
    if (name === "--graphs") options.graphs = value().split(",").filter(Boolean);
    else if (name === "--servers") options.servers = value();
    else if (name === "--per-class") options.per_class = Number(value());
    else if (name === "--seed") options.seed = Number(value());
    else if (name.startsWith("--")) throw new Error(`unknown option ${name}`);
    else if (options.out === null) options.out = name;
    else throw new Error(`unexpected argument ${name}`);
  }
  if (!options.out) throw new Error("missing OUT_DIR");
  if (!["mixed", "oxigraph"].includes(options.servers)) throw new Error(`--servers must be mixed or oxigraph, got ${options.servers}`);
  if (!Number.isInteger(options.per_class) || options.per_class < 1) throw new Error("--per-class must be a positive integer");
  if (!Number.isInteger(options.seed)) throw new Error("--seed must be an integer");
  return options;
}

// Writes the test set into `out` and returns the workload (also written as workload.json).
export function generate(out, { graphs = DEFAULT_GRAPHS, servers = "mixed", per_class = DEFAULT_PER_CLASS,
                                seed = DEFAULT_SEED } = {}) {
  const by_kg = read_queries();
  for (const kg of graphs) {
    if (!by_kg[kg]) throw new Error(`unknown knowledge graph '${kg}'; the graphs are ${Object.keys(by_kg).join(", ")}`);
  }
  const data = generate_graphs(by_kg, per_class, seed);
  rmSync(join(out, "graphs"), { recursive: true, force: true });
  rmSync(join(out, "shards"), { recursive: true, force: true });
  mkdirSync(join(out, "graphs"), { recursive: true });
  mkdirSync(join(out, "shards"), { recursive: true });

  const workload = { graphs: [], queries: [], skipped: [], settings: { per_class, seed, servers } };
  const sharded = [];
  for (const kg of graphs) {
    const texts = [...new Set(by_kg[kg].map((q) => q.query))];
    const originals = texts.map((q) => `PREFIX : <${BASE}>\n${q}`);
    const asts = originals.map((q) => parse(q));
    const ontology = read_ontology(readFileSync(ontology_file(kg), "utf8"));
    const triples = parse_ntriples(data[kg]);
    const { shards, plan } = shard_graph(kg, triples, ontology, asts);
    sharded.push({ kg, shards, plan, originals, asts, nt: data[kg], count: triples.length });
  }
  const per_server = assign_servers(sharded, servers);

  for (const { kg, shards, plan, originals, asts, nt, count } of sharded) {
    writeFileSync(join(out, "graphs", `${kg}.nt`), nt);
    for (const shard of shards) writeFileSync(join(out, "shards", `${shard.id}.nt`), `${shard.triples.join("\n")}\n`);
    workload.graphs.push({
      kg,
      file: `graphs/${kg}.nt`,
      triples: count,
      plan,
      shards: shards.map((s) => ({
        id: s.id, strategy: s.strategy, what: s.what, file: `shards/${s.id}.nt`, triples: s.triples.length, server: s.server,
      })),
    });
    const graph = { shards, index: source_index(shards) };
    const store = new oxigraph.Store();
    store.load(nt, { format: "application/n-triples" });
    originals.forEach((original, i) => {
      const id = `${kg}-${i + 1}`;
      const skip = (reason) => workload.skipped.push({ id, kg, reason, original });
      let trivial;
      let precise;
      try {
        trivial = rewrite(asts[i], graph, "trivial");
        precise = rewrite(asts[i], graph, "precise");
      } catch (error) {
        if (error instanceof Unsupported) return skip(`cannot be rewritten: ${error.message}`);
        throw error;
      }
      let expected;
      try {
        expected = expected_answer(store, original);
        const tie = tie_dependence(store, original);
        if (tie) return skip(`the answer depends on tied rows: ${tie}`);
      } catch (error) {
        return skip(`Oxigraph cannot answer it: ${error.message}`);
      }
      workload.queries.push({
        id, kg, ordered: Boolean(asts[i].order), original, trivial, precise,
        expected_rows: expected.kind === "ask" ? null : expected.count,
      });
    });
  }
  workload.settings.shards_per_server = per_server;
  writeFileSync(join(out, "workload.json"), `${JSON.stringify(workload, null, 1)}\n`);
  return workload;
}

export function summary(workload) {
  const shards = workload.graphs.reduce((n, g) => n + g.shards.length, 0);
  const with_rows = workload.queries.filter((q) => q.expected_rows > 0).length;
  const reasons = {};
  for (const s of workload.skipped) {
    const reason = s.reason.replace(/: .*/s, "");
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  }
  return `${workload.graphs.length} graphs, ${shards} shards (${JSON.stringify(workload.settings.shards_per_server)}), ` +
    `${workload.queries.length} queries in each form (${with_rows} with rows), ${workload.skipped.length} skipped` +
    (workload.skipped.length ? ` ${JSON.stringify(reasons)}` : "");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let options;
  try {
    options = parse_arguments(process.argv.slice(2));
  } catch (error) {
    console.error(`generate.mjs: ${error.message}\n` +
      "usage: generate.mjs OUT_DIR [--graphs a,b,c] [--servers mixed|oxigraph] [--per-class N] [--seed N]");
    process.exit(2);
  }
  const workload = generate(options.out, options);
  console.log(`${summary(workload)} in ${options.out}`);
}
