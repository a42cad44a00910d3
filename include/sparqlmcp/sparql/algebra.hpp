#pragma once
// The SPARQL algebra of section 18 (18.4 lists the operators). A node is its operands
// (children) and one per-kind payload in a std::variant, as engine/plan.hpp does for plan
// nodes: a node cannot carry the fields of another kind, and reading them is as<P>() /
// get_if<P>() (or a std::visit), never a silently default field. A tree is a plain copyable
// value.
// Aggregation is kept in the compact form of Jena ARQ: GroupOp carries the group keys and the
// aggregates (the spec's Group + Aggregation + AggregateJoin), whose results are bound to the
// internal variables ".0", ".1", ... (printed "?.0"); Extend nodes then bind the AS variables.
// Property path sequences introduce fresh variables "?P0", "?P1", ... (printed "??P0"). Neither
// kind can be written in a query, so they never clash with the query's own variables. Blank
// nodes in patterns are rdf::Term blank nodes (generated ones have labels starting with '.').

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "sparqlmcp/sparql/ast.hpp"

namespace sparqlmcp::sparql::algebra {

struct TriplePattern {
  VarOrTerm subject, predicate, object;
};

// In the order of OpPayload's alternatives: kind() is the payload's index.
enum class OpKind {
  Bgp,
  Path,
  Join,      // left(), right()
  LeftJoin,  // left() keeps its rows
  Filter,    // operand()
  Union,     // left(), right()
  Graph,     // operand()
  Extend,    // operand()
  Minus,     // left(), right()
  Table,
  Service,     // operand()
  Group,       // operand()
  OrderBy,     // operand()
  Project,     // operand()
  Distinct,    // operand()
  Reduced,     // operand()
  Slice,       // operand()
  ToMultiSet,  // operand(): a sub-select inside a pattern
};

struct BgpOp {
  static constexpr OpKind kKind = OpKind::Bgp;
  std::vector<TriplePattern> triples;
};

struct PathOp {
  static constexpr OpKind kKind = OpKind::Path;
  VarOrTerm subject;
  Path path;
  VarOrTerm object;
};

struct JoinOp {
  static constexpr OpKind kKind = OpKind::Join;
};

struct LeftJoinOp {
  static constexpr OpKind kKind = OpKind::LeftJoin;
  std::vector<Expr> exprs;  // the filter, a conjunction; empty = true
};

struct FilterOp {
  static constexpr OpKind kKind = OpKind::Filter;
  std::vector<Expr> exprs;  // conjunction
};

struct UnionOp {
  static constexpr OpKind kKind = OpKind::Union;
};

struct GraphOp {
  static constexpr OpKind kKind = OpKind::Graph;
  VarOrTerm name;
};

struct ExtendOp {
  static constexpr OpKind kKind = OpKind::Extend;
  std::string var;
  Expr expr;
};

struct MinusOp {
  static constexpr OpKind kKind = OpKind::Minus;
};

// No vars and one empty row = the unit table Z.
struct TableOp {
  static constexpr OpKind kKind = OpKind::Table;
  std::vector<std::string> vars;
  std::vector<std::vector<std::optional<rdf::Term>>> rows;
};

struct ServiceOp {
  static constexpr OpKind kKind = OpKind::Service;
  VarOrTerm name;
  bool silent = false;
  // The federation's estimate of the rows the block gives, from VoID statistics; no part of
  // the query text (never printed or read).
  std::optional<std::uint64_t> estimated_rows = std::nullopt;
};

struct GroupOp {
  static constexpr OpKind kKind = OpKind::Group;
  std::vector<std::pair<std::string, Expr>> keys;        // var empty for a plain expression key
  std::vector<std::pair<std::string, Expr>> aggregates;  // internal variable, aggregate
};

struct OrderByOp {
  static constexpr OpKind kKind = OpKind::OrderBy;
  std::vector<std::pair<Expr, bool>> order;  // expression, descending
};

struct ProjectOp {
  static constexpr OpKind kKind = OpKind::Project;
  std::vector<std::string> vars;
};

struct DistinctOp {
  static constexpr OpKind kKind = OpKind::Distinct;
};

struct ReducedOp {
  static constexpr OpKind kKind = OpKind::Reduced;
};

struct SliceOp {
  static constexpr OpKind kKind = OpKind::Slice;
  std::optional<std::uint64_t> offset, limit;
};

struct ToMultiSetOp {
  static constexpr OpKind kKind = OpKind::ToMultiSet;
};

using OpPayload = std::variant<BgpOp, PathOp, JoinOp, LeftJoinOp, FilterOp, UnionOp, GraphOp,
                               ExtendOp, MinusOp, TableOp, ServiceOp, GroupOp, OrderByOp, ProjectOp,
                               DistinctOp, ReducedOp, SliceOp, ToMultiSetOp>;

template <class P, class Variant>
inline constexpr bool kIsOpPayloadOf = false;
template <class P, class... Ps>
inline constexpr bool kIsOpPayloadOf<P, std::variant<Ps...>> = (std::is_same_v<P, Ps> || ...);

struct Operator {
  OpPayload payload = TableOp{};
  std::vector<Operator> children;

  Operator() = default;
  template <class P, class = std::enable_if_t<kIsOpPayloadOf<std::decay_t<P>, OpPayload>>>
  explicit Operator(P&& p, std::vector<Operator> operands = {})
      : payload(std::forward<P>(p)), children(std::move(operands)) {}

  OpKind kind() const { return static_cast<OpKind>(payload.index()); }
  template <class P>
  bool is() const {
    return std::holds_alternative<P>(payload);
  }
  // The payload of the kind the caller has checked (a wrong kind is a bug: it throws).
  template <class P>
  P& as() {
    return std::get<P>(payload);
  }
  template <class P>
  const P& as() const {
    return std::get<P>(payload);
  }
  template <class P>
  P* get_if() {
    return std::get_if<P>(&payload);
  }
  template <class P>
  const P* get_if() const {
    return std::get_if<P>(&payload);
  }

  // Operands by role: the one operand of a unary operator, the two sides of a binary one.
  Operator& operand() { return children.front(); }
  const Operator& operand() const { return children.front(); }
  Operator& left() { return children.front(); }
  const Operator& left() const { return children.front(); }
  Operator& right() { return children.back(); }
  const Operator& right() const { return children.back(); }

  static Operator unit() {
    TableOp z;
    z.rows.emplace_back();
    return Operator(std::move(z));
  }
  bool is_unit() const {
    const TableOp* t = get_if<TableOp>();
    return t != nullptr && t->vars.empty() && t->rows.size() == 1;
  }
};

// The payloads' order and their kKind agree, so kind() names the payload.
template <std::size_t... I>
constexpr bool payload_kinds_in_order(std::index_sequence<I...>) {
  return ((static_cast<std::size_t>(std::variant_alternative_t<I, OpPayload>::kKind) == I) && ...);
}
static_assert(payload_kinds_in_order(std::make_index_sequence<std::variant_size_v<OpPayload>>()));

// The S-expression form (Jena ARQ's SSE), canonical: blank nodes are renamed _:b0, _:b1, ...
// in order of first appearance. Two algebras are equal iff their SSE strings are.
std::string to_sse(const Operator& op, bool indented = false);
std::string to_sse(const Expr& expr);
std::string to_sse(const Path& path);

}  // namespace sparqlmcp::sparql::algebra
