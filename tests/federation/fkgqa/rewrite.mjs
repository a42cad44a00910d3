// Rewrites a query over one knowledge graph into the two federated forms of the FKGQA-style
// test set, with every endpoint written <urn:shard:SHARD-ID>:
//
// - trivial: every triple pattern becomes { SERVICE <a> { tp } } UNION { SERVICE <b> { tp } } ...
//   over all shards of the graph (what an agent writes when it does not know where data live);
// - precise: the triple patterns of each basic graph pattern go into as few SERVICE blocks as
//   the sharding allows, and joins across shards happen outside SERVICE.
//
// Everything else (FILTER, OPTIONAL, MINUS, UNION, BIND, VALUES, subqueries, EXISTS, GROUP BY,
// aggregates, ORDER BY, LIMIT) stays where it was, with its own patterns rewritten the same
// way. Since every triple is in exactly one shard, the union over all shards of a pattern's
// matches is its matches in the whole graph, so both forms have the original's answer.
//
// Where the precise form puts several patterns into one SERVICE block, evaluating them there
// must give what evaluating them over the whole graph gives:
// - patterns whose every match is in shard X (the source index says only X has their
//   predicate, or their rdf:type class) go into one SERVICE <X> block together;
// - patterns whose matches are all in the hash shards of the hash-sharded class, and that share
//   one subject, form a star: every triple of that subject (outside the predicate shards) is in
//   the one hash shard its IRI hashes to, so the star is a UNION over the hash shards of
//   SERVICE <h> { star };
// - any other pattern (a variable predicate, rdf:type with a variable class) is a UNION over
//   the shards that hold its predicate;
// - a pattern whose predicate or class no shard holds has no match anywhere: it goes to the
//   base shard, which gives that empty answer.
// FILTERs stay outside the SERVICE blocks, where the original has them. Moved into a block that
// binds all their variables they would give the same answer on a server that follows SPARQL
// 1.1, but Virtuoso does not compare as section 17.3 says: it takes every string as greater
// than every number ("value 3" > 150 is true there, a type error and so false in SPARQL), and
// Comunica's validation run (validate.mjs) found such a filter on a Virtuoso shard answering
// other rows than the unsharded graph (car_1-20). Where a FILTER can travel is the federation
// engine's decision, not the query's.
import { RDF_TYPE, clone, print, term_id } from "./sparql.mjs";

export const SHARD_PREFIX = "urn:shard:";
export const shard_iri = (id) => ({ termType: "NamedNode", value: `${SHARD_PREFIX}${id}` });

// Why a query cannot be rewritten (it is skipped and counted).
export class Unsupported extends Error {}

function service(id, patterns) {
  return { type: "service", name: shard_iri(id), silent: false, patterns };
}

function union_of_services(ids, patterns_of) {
  if (ids.length === 1) return service(ids[0], patterns_of());
  return { type: "union", patterns: ids.map((id) => service(id, patterns_of())) };
}

function check_term(term, where) {
  if (term.termType === "BlankNode") {
    // A blank node is a variable scoped to its basic graph pattern; split over SERVICE blocks
    // it would become one variable per block.
    throw new Unsupported(`blank node ${where} in a triple pattern`);
  }
  if (term.termType === "Quad" || term.type === "path") throw new Unsupported(`property path or quoted triple ${where}`);
}

// Where the matches of one triple pattern can be: the shard ids that hold its predicate (or
// its rdf:type class).
function sources_of(triple, graph) {
  const { index } = graph;
  const p = triple.predicate;
  if (p.termType === "Variable") return index.all;
  if (p.value === RDF_TYPE) {
    if (triple.object.termType === "NamedNode") return [...(index.classes.get(triple.object.value) ?? [])];
    if (triple.object.termType === "Variable") return [...index.typed];
    return [];
  }
  return [...(index.predicates.get(p.value) ?? [])];
}

// The SERVICE blocks of one run of triple patterns of a group, followed by the run's filters
// (precise form).
function precise_blocks(triples, filters, graph) {
  const hash = new Set(graph.shards.filter((s) => s.strategy === "hash").map((s) => s.id));
  const base = graph.shards.find((s) => s.strategy === "base")?.id ?? graph.shards.at(-1).id;
  const blocks = new Map();
  let unique = 0;
  for (const triple of triples) {
    const sources = sources_of(triple, graph);
    let key;
    let ids;
    if (sources.length > 0 && sources.every((id) => hash.has(id))) {
      key = `hash ${term_id(triple.subject)}`;
      ids = [...hash];
    } else if (sources.length <= 1) {
      ids = [sources[0] ?? base];
      key = `one ${ids[0]}`;
    } else {
      key = `many ${unique++}`;
      ids = sources;
    }
    const block = blocks.get(key) ?? blocks.set(key, { ids, triples: [] }).get(key);
    block.triples.push(triple);
  }
  const out = [...blocks.values()].map((b) => union_of_services(b.ids, () => [{ type: "bgp", triples: b.triples.map(clone) }]));
  return [...out, ...filters];
}

function trivial_blocks(triples, filters, graph) {
  return [
    ...triples.map((triple) => union_of_services(graph.index.all, () => [{ type: "bgp", triples: [clone(triple)] }])),
    ...filters,
  ];
}

function rewrite_expression(expression, context) {
  if (!expression || typeof expression !== "object") return expression;
  if (Array.isArray(expression)) return expression.map((e) => rewrite_expression(e, context));
  if (expression.type === "operation" && (expression.operator === "exists" || expression.operator === "notexists")) {
    return { ...expression, args: [{ type: "group", patterns: rewrite_patterns(expression.args, context) }] };
  }
  if (expression.type === "operation" || expression.type === "functionCall") {
    return { ...expression, args: rewrite_expression(expression.args, context) };
  }
  if (expression.type === "aggregate") return { ...expression, expression: rewrite_expression(expression.expression, context) };
  return expression;
}

// The elements of a group, rewritten. Runs of triple patterns and filters (which a group joins
// in any order: filters apply to the whole group, SPARQL 1.1 section 18.2.2.6) become SERVICE
// blocks; OPTIONAL and MINUS keep their place, since they apply to what comes before them.
function rewrite_patterns(patterns, context) {
  const out = [];
  let triples = [];
  let filters = [];
  const flush = () => {
    if (triples.length > 0) out.push(...context.blocks(triples, filters, context.graph));
    else out.push(...filters);
    triples = [];
    filters = [];
  };
  for (const pattern of patterns) {
    switch (pattern.type) {
      case "bgp":
        for (const triple of pattern.triples) {
          check_term(triple.subject, "as subject");
          check_term(triple.predicate, "as predicate");
          check_term(triple.object, "as object");
        }
        triples.push(...pattern.triples);
        break;
      case "filter":
        filters.push({ ...pattern, expression: rewrite_expression(pattern.expression, context) });
        break;
      case "group":
      case "optional":
      case "minus":
        flush();
        out.push({ ...pattern, patterns: rewrite_patterns(pattern.patterns, context) });
        break;
      case "union":
        flush();
        out.push({
          ...pattern,
          patterns: pattern.patterns.map((branch) => ({
            type: "group",
            patterns: rewrite_patterns(branch.type === "group" ? branch.patterns : [branch], context),
          })),
        });
        break;
      case "bind":
        flush();
        out.push({ ...pattern, expression: rewrite_expression(pattern.expression, context) });
        break;
      case "values":
        flush();
        out.push(pattern);
        break;
      case "query":
        flush();
        out.push(rewrite_query_node(pattern, context));
        break;
      case "service":
        throw new Unsupported("the query already has a SERVICE clause");
      case "graph":
        throw new Unsupported("GRAPH (the shards hold a default graph only)");
      default:
        throw new Unsupported(`pattern type '${pattern.type}'`);
    }
  }
  flush();
  return out;
}

function rewrite_query_node(query, context) {
  const out = { ...query, where: rewrite_patterns(query.where ?? [], context) };
  if (Array.isArray(query.variables)) {
    out.variables = query.variables.map((v) => (v.expression ? { ...v, expression: rewrite_expression(v.expression, context) } : v));
  }
  if (query.having) out.having = rewrite_expression(query.having, context);
  if (query.order) out.order = query.order.map((o) => ({ ...o, expression: rewrite_expression(o.expression, context) }));
  if (query.group) out.group = query.group.map((g) => ({ ...g, expression: rewrite_expression(g.expression, context) }));
  return out;
}

// graph: { shards: [{ id, strategy }], index: source_index(shards) }. form: "trivial" or
// "precise". Returns the federated query text; throws Unsupported.
export function rewrite(ast, graph, form) {
  const blocks = { trivial: trivial_blocks, precise: precise_blocks }[form];
  if (!blocks) throw new Error(`unknown form '${form}'`);
  if (ast.type !== "query") throw new Unsupported("an update");
  if (ast.from && (ast.from.default?.length || ast.from.named?.length)) throw new Unsupported("FROM / FROM NAMED");
  return print(rewrite_query_node(clone(ast), { graph, blocks }));
}
