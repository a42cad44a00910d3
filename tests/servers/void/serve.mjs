#!/usr/bin/env node
// Starts the VoID test endpoints of tests/e2e/lib/void_servers.mjs by hand (for a benchmark or
// a look with curl), prints them as JSON on stdout once they answer, and stops them on SIGINT
// or SIGTERM (or when stdin closes, with --until-eof).
//
//   node tests/servers/void/serve.mjs [--virtuoso] [--bench N] [--tail-classes K]
//        [--oxigraph WAY[+WAY...]]... [--triples N] [--seed S] [--cache-dir DIR] [--until-eof]
//
// --virtuoso starts one Virtuoso with the default-graph, named-graph and none endpoints
// (--triples each); --bench N adds N generated triples bulk-loaded into their own graph
// (implies --virtuoso); --tail-classes K adds the "many" endpoint with K extra classes.
// --oxigraph none|well-known|well-known-path|service-description|service-description-link|
// default-graph|named-graph|bad-turtle|html|redirect (joined with +) starts one Oxigraph per
// use. --cache-dir keeps the generated data between runs (the 1,000,000-triple file and its
// figures take about 15 s to make). The JSON holds each endpoint's URL, its VoID's location
// and the figures' totals (the whole figures are in FILE.json beside the data in the cache).
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { start_void_oxigraph, start_void_virtuoso } from "../../e2e/lib/void_servers.mjs";

function parse_arguments(argv) {
  const options = { virtuoso: false, bench: 0, tail_classes: 0, oxigraph: [], triples: 2000, seed: 1, cache_dir: null,
                    until_eof: false };
  for (let i = 0; i < argv.length; ++i) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    const integer = (name) => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number`);
      return n;
    };
    if (flag === "--virtuoso") options.virtuoso = true;
    else if (flag === "--bench") options.bench = integer(flag);
    else if (flag === "--tail-classes") options.tail_classes = integer(flag);
    else if (flag === "--oxigraph") {
      const ways = value();
      options.oxigraph.push(ways === "none" ? [] : ways.split("+"));
    }
    else if (flag === "--triples") options.triples = integer(flag);
    else if (flag === "--seed") options.seed = integer(flag);
    else if (flag === "--cache-dir") options.cache_dir = value();
    else if (flag === "--until-eof") options.until_eof = true;
    else throw new Error(`unknown argument '${argv[i]}'`);
  }
  options.virtuoso ||= options.bench > 0 || options.tail_classes > 0;
  return options;
}

const totals = ({ classes, properties, ...rest }) => rest;

async function main() {
  let options;
  try {
    options = parse_arguments(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`serve.mjs: ${error.message}\n`);
    process.exit(2);
  }
  const running = [];
  const stop = async () => {
    await Promise.allSettled(running.map((server) => server.stop()));
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  const out = { oxigraph: [], virtuoso: null };
  try {
    const { triples, seed, cache_dir } = options;
    for (const publish of options.oxigraph) {
      const ep = await start_void_oxigraph({ publish, triples, seed, cache_dir });
      running.push(ep);
      out.oxigraph.push({ publish, endpoint: ep.endpoint, origin: ep.origin, void_url: ep.void_url,
                          void_graph: ep.void_graph, dataset: ep.dataset_iri, data: ep.file, figures: totals(ep.figures) });
    }
    if (options.virtuoso) {
      const v = await start_void_virtuoso({ triples, seed, bench_triples: options.bench, tail_classes: options.tail_classes,
                                            cache_dir });
      running.push(v);
      const describe = (ep) => ep && { url: ep.url, graph: ep.graph, void_graph: ep.void_graph ?? null,
                                        dataset: ep.dataset_iri ?? null, data: ep.file, figures: totals(ep.figures) };
      out.virtuoso = {
        all_graphs: v.all_graphs, dir: v.virtuoso.dir, load_seconds: v.load_seconds,
        endpoints: Object.fromEntries(Object.entries(v.endpoints).map(([way, ep]) => [way, describe(ep)])),
        bench: describe(v.bench), many: describe(v.many),
      };
    }
  } catch (error) {
    process.stderr.write(`serve.mjs: ${error.message}\n`);
    await Promise.allSettled(running.map((server) => server.stop()));
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  // Virtuoso runs on its own: nothing else would keep this process waiting for the signal.
  setInterval(() => {}, 1 << 30);
  if (options.until_eof) {
    process.stdin.resume();
    process.stdin.on("end", stop);
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
