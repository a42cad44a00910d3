#pragma once
// The SPARQL algebra of section 18 (18.4 lists the operators). One node type with a kind and
// the fields each kind uses, so a tree is a plain copyable value and a visitor is a switch.
// Aggregation is kept in the compact form of Jena ARQ: Group carries the group keys and the
// aggregates (the spec's Group + Aggregation + AggregateJoin), whose results are bound to the
// internal variables ".0", ".1", ... (printed "?.0"); Extend nodes then bind the AS variables.
// Property path sequences introduce fresh variables "?P0", "?P1", ... (printed "??P0"). Neither
// kind can be written in a query, so they never clash with the query's own variables. Blank
// nodes in patterns are rdf::Term blank nodes (generated ones have labels starting with '.').

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/sparql/ast.hpp"

namespace sparqlmcp::sparql::algebra {

struct TriplePattern {
  VarOrTerm subject, predicate, object;
};

enum class OpKind {
  Bgp,        // triples
  Path,       // subject, path, object
  Join,       // children[0], children[1]
  LeftJoin,   // children[0], children[1], exprs (empty = true)
  Filter,     // exprs (conjunction), children[0]
  Union,      // children[0], children[1]
  Graph,      // name, children[0]
  Extend,     // var, exprs[0], children[0]
  Minus,      // children[0], children[1]
  Table,      // vars, rows; no vars and one empty row = the unit table Z
  Service,    // name, silent, children[0]
  Group,      // group_keys, aggregates, children[0]
  OrderBy,    // order, children[0]
  Project,    // vars, children[0]
  Distinct,   // children[0]
  Reduced,    // children[0]
  Slice,      // offset, limit, children[0]
  ToMultiSet  // children[0] (a sub-select inside a pattern)
};

struct Operator {
  OpKind kind = OpKind::Table;
  std::vector<Operator> children;
  std::vector<TriplePattern> triples;
  VarOrTerm subject, object;
  Path path;
  std::vector<Expr> exprs;
  std::string var;
  VarOrTerm name;
  bool silent = false;
  std::vector<std::string> vars;
  std::vector<std::vector<std::optional<rdf::Term>>> rows;
  std::vector<std::pair<std::string, Expr>> group_keys;  // var empty for a plain expression key
  std::vector<std::pair<std::string, Expr>> aggregates;  // internal variable, aggregate
  std::vector<std::pair<Expr, bool>> order;              // expression, descending
  std::optional<std::uint64_t> offset, limit;

  static Operator unit() {
    Operator op;
    op.kind = OpKind::Table;
    op.rows.emplace_back();
    return op;
  }
  bool is_unit() const { return kind == OpKind::Table && vars.empty() && rows.size() == 1; }
};

// The S-expression form (Jena ARQ's SSE), canonical: blank nodes are renamed _:b0, _:b1, ...
// in order of first appearance. Two algebras are equal iff their SSE strings are.
std::string to_sse(const Operator& op, bool indented = false);
std::string to_sse(const Expr& expr);
std::string to_sse(const Path& path);

}  // namespace sparqlmcp::sparql::algebra
