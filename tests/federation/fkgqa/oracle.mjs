// Expected answers of the federated test set: each original query run on the unsharded graph
// by Oxigraph (npm `oxigraph`, in this process), and the comparison of another system's answer
// with it.
//
// An answer is compared as a multiset of rows, terms compared as in the differential tests
// (tests/e2e/lib/differential.mjs: numbers by value within their datatype), plus booleans by
// value ("1" and "true" are the same xsd:boolean, and Virtuoso writes the first). Where the
// query has ORDER BY, row i must also be one of the rows that tie at position i of Oxigraph's
// order (same values of every ORDER BY key), so ties may come in any order. Where it has a
// top-level LIMIT or OFFSET, the row count must match and each row must come from the rows
// Oxigraph has at those positions without the slice (tied rows at the edges of the slice may
// be any of the tie).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { oxigraph } from "./packages.mjs";
import { clone, parse, print } from "./sparql.mjs";
import { XSD, term_key } from "../../e2e/lib/differential.mjs";

const RESULTS_JSON = "application/sparql-results+json";

export function load_store(nt_file) {
  const store = new oxigraph.Store();
  store.load(readFileSync(nt_file, "utf8"), { format: "application/n-triples" });
  return store;
}

// A term of a SPARQL JSON result as a comparable string.
export function cell_key(term) {
  if (term && term.datatype === `${XSD}boolean` && (term.value === "1" || term.value === "0")) {
    return term_key({ ...term, value: term.value === "1" ? "true" : "false" });
  }
  if (term && term.type === "typed-literal") return term_key({ ...term, type: "literal" }); // SPARQL/JSON 1.0 spelling
  return term_key(term);
}

const row_key = (binding, vars) => vars.map((v) => cell_key(binding[v])).join(" | ");

function run(store, text) {
  return JSON.parse(store.query(text, { results_format: RESULTS_JSON }));
}

// The ORDER BY keys of each row, as extra projected columns where they are not projected
// variables already. Under DISTINCT an extra column could split rows, so then the keys are
// only available if they are all projected variables; otherwise null (rows compared as a
// multiset).
function key_columns(ast) {
  if (!ast.order) return { ast, keys: null };
  const projected = Array.isArray(ast.variables) && ast.variables[0]?.termType !== "Wildcard"
    ? new Set(ast.variables.map((v) => (v.termType === "Variable" ? v.value : v.variable.value)))
    : null;
  const with_keys = clone(ast);
  const keys = [];
  for (const [i, condition] of ast.order.entries()) {
    const e = condition.expression;
    if (e.termType === "Variable" && (projected === null || projected.has(e.value))) {
      keys.push(e.value);
    } else if (projected !== null && !ast.distinct) {
      const name = `fkgqa_order_key_${i}`;
      with_keys.variables.push({ expression: clone(e), variable: { termType: "Variable", value: name } });
      keys.push(name);
    } else {
      return { ast, keys: null };
    }
  }
  return { ast: with_keys, keys };
}

// The answer of a SELECT without its top-level slice, in order, with the tie group of each row.
function full_answer(store, ast) {
  const unsliced = clone(ast);
  delete unsliced.limit;
  delete unsliced.offset;
  let { ast: keyed, keys } = key_columns(unsliced);
  let results;
  try {
    results = run(store, print(keyed));
  } catch (error) {
    // An extra column can be invalid where the ORDER BY key is not (a variable that is not
    // grouped, in an aggregate query: it orders nothing). Then the rows are only a multiset.
    if (keyed === unsliced) throw error;
    keys = null;
    results = run(store, print(unsliced));
  }
  const vars = keys === null ? results.head.vars : results.head.vars.filter((v) => !v.startsWith("fkgqa_order_key_"));
  const bindings = results.results.bindings;
  let groups = null;
  if (keys !== null) {
    groups = [];
    let previous = null;
    for (const b of bindings) {
      const k = row_key(b, keys);
      groups.push(k === previous ? groups.at(-1) : groups.length === 0 ? 0 : groups.at(-1) + 1);
      previous = k;
    }
  }
  return { vars, rows: bindings.map((b) => row_key(b, vars)), groups };
}

// The expected answer of `query` (text) on `store`:
// { kind: "ask", boolean } or
// { kind: "select", vars, rows, groups, offset, limit, count } where rows are the row keys of
// the whole ordered answer without the top-level slice, groups the tie group of each row (null
// when there is no order, or its keys cannot be read), and count the number of rows expected.
export function expected_answer(store, query) {
  const ast = parse(query);
  if (ast.queryType === "ASK") return { kind: "ask", boolean: store.query(query) };
  if (ast.queryType !== "SELECT") throw new Error(`only SELECT and ASK queries are compared, not ${ast.queryType}`);
  const { vars, rows, groups } = full_answer(store, ast);
  const offset = ast.offset ?? 0;
  const limit = ast.limit ?? null;
  const count = Math.max(0, Math.min(limit ?? Infinity, rows.length - offset));
  return { kind: "select", vars, rows, groups: ast.order ? groups : null, offset, limit, count };
}

// Why the answer of `query` depends on which of several tied rows a subquery's LIMIT or OFFSET
// keeps (so no single answer is right), or null. Each subquery is run alone, as SPARQL
// evaluates it (bottom-up, section 18.2.1), on the unsharded graph.
export function tie_dependence(store, query) {
  const ast = parse(query);
  const reasons = [];
  const visit = (node, top) => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, false));
    if (!node || typeof node !== "object") return;
    if (node.type === "query" && !top && (node.limit !== undefined || node.offset !== undefined)) {
      const sub = { ...clone(node), prefixes: ast.prefixes };
      const { rows, groups } = full_answer(store, sub);
      const start = node.offset ?? 0;
      const end = node.limit === undefined ? rows.length : start + node.limit;
      const cut = (i) => i > 0 && i < rows.length;
      if (!node.order) {
        if ((start > 0 && rows.length > 0) || end < rows.length) reasons.push("a subquery slices unordered rows");
      } else if (groups === null) {
        if (cut(start) || cut(end)) reasons.push("a subquery slices rows whose ORDER BY keys are not projected under DISTINCT");
      } else if ((cut(start) && groups[start - 1] === groups[start]) || (cut(end) && groups[end - 1] === groups[end])) {
        reasons.push("a subquery's LIMIT/OFFSET cuts through rows tied in its ORDER BY");
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== "prefixes") visit(v, false);
  };
  visit(ast, true);
  return reasons[0] ?? null;
}

function multiset(keys) {
  const m = new Map();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}

const show = (vars, key) => `(${vars.map((v, i) => `?${v}=${key.split(" | ")[i]}`).join(", ")})`;

// Compares `actual`, a SPARQL JSON result ({ head: { vars }, results: { bindings } } or
// { boolean }), with `expected` (expected_answer). With `ordered`, ORDER BY positions are
// checked too (ties allowed). Returns null when they agree, or a sentence explaining the first
// difference.
export function compareAnswers(expected, actual, ordered) {
  if (expected.kind === "ask") {
    if (typeof actual?.boolean !== "boolean") return `expected an ASK answer (${expected.boolean}), got ${JSON.stringify(actual).slice(0, 200)}`;
    return actual.boolean === expected.boolean ? null : `ASK answered ${actual.boolean}, expected ${expected.boolean}`;
  }
  if (!actual?.head || !actual?.results) return `expected SELECT results, got ${JSON.stringify(actual).slice(0, 200)}`;
  const vars = expected.vars;
  const theirs = [...actual.head.vars].sort().join(" ");
  if ([...vars].sort().join(" ") !== theirs) return `variables are (${theirs}), expected (${[...vars].sort().join(" ")})`;
  const got = actual.results.bindings.map((b) => row_key(b, vars));
  if (got.length !== expected.count) {
    const missing = [...multiset(expected.rows.slice(expected.offset, expected.offset + expected.count))]
      .find(([k, n]) => got.filter((g) => g === k).length < n);
    const extra = got.find((g) => !expected.rows.includes(g));
    return `${got.length} rows, expected ${expected.count}` +
      (extra !== undefined ? `; unexpected row ${show(vars, extra)}` : missing ? `; missing row ${show(vars, missing[0])}` : "");
  }
  if (ordered && expected.groups) {
    // Row i must belong to the tie group at position offset + i, and each group can give each
    // of its rows as often as it holds it.
    const pools = new Map();
    expected.rows.forEach((k, i) => {
      const g = expected.groups[i];
      const pool = pools.get(g) ?? pools.set(g, new Map()).get(g);
      pool.set(k, (pool.get(k) ?? 0) + 1);
    });
    for (const [i, k] of got.entries()) {
      const g = expected.groups[expected.offset + i];
      const pool = pools.get(g);
      if (!pool.get(k)) {
        const left = [...pool].filter(([, n]) => n > 0).map(([t]) => t).sort();
        const tied = left.slice(0, 3).map((t) => show(vars, t)).join(" or ") + (left.length > 3 ? " or ..." : "");
        return `row ${i + 1} is ${show(vars, k)}, expected ${tied}${left.length > 1 ? " (tied)" : ""}`;
      }
      pool.set(k, pool.get(k) - 1);
    }
    return null;
  }
  const available = multiset(expected.rows);
  for (const k of got) {
    if (!available.get(k)) {
      const had = expected.rows.filter((r) => r === k).length;
      return had > 0 ? `row ${show(vars, k)} comes ${got.filter((g) => g === k).length} times, expected ${had}`
                     : `unexpected row ${show(vars, k)}`;
    }
    available.set(k, available.get(k) - 1);
  }
  return null;
}

// Every query's expected answer for a generated test set: { QUERY_ID: expected_answer(...) }.
export function expectedAnswers(out_dir) {
  const workload = JSON.parse(readFileSync(join(out_dir, "workload.json"), "utf8"));
  const stores = Object.fromEntries(workload.graphs.map((g) => [g.kg, load_store(join(out_dir, g.file))]));
  return Object.fromEntries(workload.queries.map((q) => [q.id, expected_answer(stores[q.kg], q.original)]));
}
