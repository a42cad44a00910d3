#pragma once
// The physical plan: the algebra with every variable resolved to a slot, every constant to an
// id, every expression compiled, and the static variable sets that choose join strategies.
// Planning happens once per query (before any row exists, so the row width is final);
// open() then builds pull iterators from a plan as often as needed (per EXISTS call, per
// left row of a binding-passing join).
//
// Seeds: every iterator is opened with a seed row and yields only rows that extend it
// (compatible, with the seed's bindings kept). The query itself starts from an empty seed;
// a binding-passing join seeds its right side with the left row; EXISTS seeds its pattern
// with the current row, which is the substitution of 18.6.

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "eval_context.hpp"
#include "sparqlmcp/sparql/algebra.hpp"

namespace sparqlmcp::engine::detail {

using sparql::algebra::OpKind;
using SlotSet = std::vector<Slot>;  // sorted, unique

SlotSet set_union(const SlotSet& a, const SlotSet& b);
SlotSet set_intersection(const SlotSet& a, const SlotSet& b);
bool set_contains(const SlotSet& a, Slot s);

class RowIterator {
 public:
  virtual ~RowIterator() = default;
  // Fills `row` (any previous content is overwritten) and returns true, or returns false at
  // the end.
  virtual bool next(Row& row) = 0;
};
using IteratorPtr = std::unique_ptr<RowIterator>;

// A position of a triple pattern or path end: a variable's slot or a constant's id (which
// may be query-local: then the pattern matches nothing, though the term may still be used).
struct PatternTerm {
  bool is_var = false;
  Slot slot = 0;
  TermId id = kUnbound;
};

// The value of `t` in `row`: the constant, the variable's binding, or kUnbound.
inline TermId value_of(const PatternTerm& t, const Row& row) {
  return t.is_var ? row[t.slot] : t.id;
}

struct IdTriple {
  PatternTerm s, p, o;
};

// A property path with its IRIs resolved.
struct PathNode {
  sparql::Path::Kind kind = sparql::Path::Kind::Link;
  TermId iri = kUnbound;  // Link (kUnbound: not in the data, matches nothing)
  std::vector<PathNode> args;
  std::vector<TermId> forward, inverse;  // Negated: excluded IRIs of each direction
  bool has_forward = false, has_inverse = false;
};

enum class JoinStrategy {
  BindPass,    // open the inner side once per outer row, seeded with it
  Hash,        // hash the right side on variables certainly bound on both sides
  NestedLoop,  // nothing certainly shared: materialise the right side, test compatibility
  // The inner side holds SERVICE clauses (service_join.cpp):
  BatchBind,  // a bound join: blocks of outer rows go into the inner SERVICE requests as VALUES
  Adaptive,   // the inner side is also requested alone, cut at a row limit: hashed when that
              // answer is complete, else a bound join
};

struct GroupKey {
  std::optional<Slot> out;  // where the key's value is visible after grouping
  CompiledExpression expr;
};

// Per-operator payloads: what one kind of operator needs beyond its children and the variable
// sets every operator has. Each names its kind (kKind) and is one alternative of PlanPayload,
// so a node cannot carry the fields of another kind, and reading them is a std::get /
// std::get_if (or a std::visit), never a silently default field. Plan rewriting (federation)
// moves whole payloads between nodes.

struct BgpPlan {
  static constexpr OpKind kKind = OpKind::Bgp;
  std::vector<IdTriple> triples;
  // Conjuncts of a FILTER right above, tested as soon as the nested loop has bound their
  // variables (so later patterns are not looked up for rows the filter drops).
  struct EarlyFilter {
    SlotSet vars;
    CompiledExpression expr;
  };
  std::vector<EarlyFilter> early_filters;
  // An evaluation order: the pattern order and, per level, the early filters to test there.
  struct Order {
    std::vector<std::size_t> patterns;
    std::vector<std::vector<std::size_t>> filters;
    // Per level: 0 = index look-ups with the row's bindings; otherwise a hash join (in
    // effect): the pattern is read once and sorted on these positions (bit 0 s, 1 p, 2 o),
    // which earlier levels bind, then probed per row.
    std::vector<std::uint8_t> hash_keys;
  };
  // Under a LIMIT, ASK or EXISTS the first rows matter, so no level is hashed (a hash join
  // reads its whole pattern before the first row).
  bool first_rows = false;
  // Orders already computed, by which pattern variables the seed binds (bit i = the i-th
  // distinct variable of the BGP); filled while evaluating, hence mutable.
  mutable std::map<std::vector<bool>, Order> orders;
};

struct PathPlan {
  static constexpr OpKind kKind = OpKind::Path;
  PatternTerm subject, object;
  PathNode path;
};

struct JoinPlan {
  static constexpr OpKind kKind = OpKind::Join;
  JoinStrategy strategy = JoinStrategy::Hash;
  bool swap = false;  // BindPass: the left side is the one opened per row of the right
  SlotSet key;        // Hash: the join key
};

// OPTIONAL never swaps: the left side is the one whose rows are kept.
struct LeftJoinPlan {
  static constexpr OpKind kKind = OpKind::LeftJoin;
  JoinStrategy strategy = JoinStrategy::Hash;
  SlotSet key;                            // Hash: the join key
  std::vector<CompiledExpression> exprs;  // the filter (conjunction; empty = true)
};

struct FilterPlan {
  static constexpr OpKind kKind = OpKind::Filter;
  std::vector<CompiledExpression> exprs;  // conjunction
  // Over a seedable pattern: conjuncts ?v = <iri> (or a simple string, or sameTerm) on a
  // variable the pattern always binds, applied as a seed instead (index look-ups instead of
  // a scan and a test).
  std::vector<std::pair<Slot, TermId>> seed_bindings;
  // The EXISTS / NOT EXISTS patterns of `exprs` that hold a SERVICE: asked for a block of rows
  // at once (a semi-join: one request per block, not one per row) before the rows are tested.
  std::vector<const sparql::algebra::Operator*> remote_exists;
};

struct UnionPlan {
  static constexpr OpKind kKind = OpKind::Union;
};

struct GraphPlan {
  static constexpr OpKind kKind = OpKind::Graph;
  PatternTerm graph;
};

// A chain of BINDs (or SELECT expressions) is one operator, so one solution is one
// row_serial for BNODE(): exprs[i] is bound to slots[i], in order.
struct ExtendPlan {
  static constexpr OpKind kKind = OpKind::Extend;
  std::vector<CompiledExpression> exprs;
  std::vector<Slot> slots;
};

struct MinusPlan {
  static constexpr OpKind kKind = OpKind::Minus;
  SlotSet key;  // variables certainly bound on both sides (empty: no hashing)
};

struct TablePlan {
  static constexpr OpKind kKind = OpKind::Table;
  std::vector<Slot> vars;
  std::vector<std::vector<TermId>> rows;  // kUnbound = UNDEF
};

struct GroupPlan {
  static constexpr OpKind kKind = OpKind::Group;
  std::vector<GroupKey> keys;
  std::vector<std::pair<Slot, AggregateFactory>> aggregates;
};

struct OrderPlan {
  static constexpr OpKind kKind = OpKind::OrderBy;
  std::vector<std::pair<CompiledExpression, bool>> order;  // expression, descending
  // Under a LIMIT: only the first offset+limit rows are ever read, so only that many need to
  // be kept.
  std::optional<std::uint64_t> top_k;
};

struct ProjectPlan {
  static constexpr OpKind kKind = OpKind::Project;
  std::vector<Slot> vars;  // the kept slots
};

struct DistinctPlan {
  static constexpr OpKind kKind = OpKind::Distinct;
};

struct ReducedPlan {
  static constexpr OpKind kKind = OpKind::Reduced;
};

struct SlicePlan {
  static constexpr OpKind kKind = OpKind::Slice;
  std::uint64_t offset = 0;
  std::optional<std::uint64_t> limit;
};

struct ToMultiSetPlan {
  static constexpr OpKind kKind = OpKind::ToMultiSet;
};

// SERVICE: the pattern goes to the ServiceHandler of EvaluationOptions (service.cpp).
struct ServicePlan {
  static constexpr OpKind kKind = OpKind::Service;
  const sparql::algebra::Operator* pattern = nullptr;  // in the query's algebra
  PatternTerm endpoint;                                // an IRI or a variable
  std::string endpoint_iri;                            // when an IRI
  bool silent = false;
  int id = 0;  // 1, 2, ... in planning order: names the SERVICE in statistics and explain
  // The pattern's variables (those it may bind) and their slots.
  std::vector<std::string> names;
  std::vector<Slot> slots;
};

using PlanPayload =
    std::variant<BgpPlan, PathPlan, JoinPlan, LeftJoinPlan, FilterPlan, UnionPlan, GraphPlan,
                 ExtendPlan, MinusPlan, TablePlan, GroupPlan, OrderPlan, ProjectPlan, DistinctPlan,
                 ReducedPlan, SlicePlan, ToMultiSetPlan, ServicePlan>;

template <class Variant>
struct PayloadKinds;
template <class... Payload>
struct PayloadKinds<std::variant<Payload...>> {
  static constexpr std::array<OpKind, sizeof...(Payload)> value{Payload::kKind...};
  static constexpr bool distinct() {
    for (std::size_t i = 0; i < value.size(); ++i)
      for (std::size_t j = i + 1; j < value.size(); ++j)
        if (value[i] == value[j]) return false;
    return true;
  }
};
// One alternative per kind: the alternative is the kind.
static_assert(PayloadKinds<PlanPayload>::distinct());

struct PlanNode {
  std::vector<std::unique_ptr<PlanNode>> children;
  // Variables bound in every row / in some row that the operator yields (without the seed).
  SlotSet certain, maybe;
  // Seeding the operator with a row is the same as joining with it (BGPs, paths, VALUES
  // and joins/unions/GRAPHs of those); false where a seed would change a scope (FILTER,
  // OPTIONAL, BIND, MINUS, sub-queries...).
  bool seedable = false;
  // The operator or one below it is a SERVICE: its inner side of a join is never opened once
  // per outer row (one request per row), and its requests start as soon as it is opened.
  bool has_service = false;
  PlanPayload payload;
  // Explain: what the operator did (counted only with EvaluationOptions::explain).
  mutable std::uint64_t rows_out = 0;
  mutable std::uint64_t opens = 0;
  mutable std::string outcome;  // e.g. an adaptive join's choice
  // Rows the operator is expected to give, where the federation estimated them (SERVICE
  // blocks, and unions, sub-selects and DISTINCTs of those).
  std::optional<std::uint64_t> estimated_rows;

  OpKind kind() const { return PayloadKinds<PlanPayload>::value[payload.index()]; }
  // The payload if this node is of P's kind, else nullptr.
  template <class P>
  const P* as() const {
    return std::get_if<P>(&payload);
  }
  template <class P>
  P* as() {
    return std::get_if<P>(&payload);
  }
};
using PlanPtr = std::unique_ptr<PlanNode>;

// Builds the plan of `op` (and of the EXISTS patterns in its expressions, stored in
// ctx.exists_plans).
// `first_rows`: only the first rows will be read (ASK, EXISTS).
PlanPtr build_plan(const sparql::algebra::Operator& op, Context& ctx, bool first_rows = false);

// The plan of an EXISTS pattern, built on first use and kept in ctx.exists_plans.
const PlanNode& exists_plan(const sparql::algebra::Operator& pattern, Context& ctx);

// The plan as it ran (counts kept with EvaluationOptions::explain).
ExplainNode explain_plan(const PlanNode& plan, const Context& ctx);

// Opens an iterator over the solutions of `plan` that extend `seed`, matching triples in
// `scope` (the active graph).
IteratorPtr open(const PlanNode& plan, const Row& seed, const GraphScope& scope, Context& ctx);

// Row helpers.
// Whether a and b agree on every slot bound in both.
inline bool compatible(RowView a, RowView b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != kUnbound && b[i] != kUnbound && a[i] != b[i]) return false;
  return true;
}
// a := a ∪ b (callers check compatibility first).
inline void merge_into(Row& a, RowView b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] == kUnbound) a[i] = b[i];
}

// The iterators, one factory per payload (each operator family in its own .cpp); open()
// picks the overload by std::visit, so a payload without an iterator does not compile.
IteratorPtr open_operator(const PlanNode& node, const ServicePlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
// Joins with strategy BatchBind or Adaptive (service_join.cpp); `filter`: OPTIONAL's, or null.
IteratorPtr open_service_join(const PlanNode& node, const PlanNode& outer, const PlanNode& inner,
                              JoinStrategy strategy, const SlotSet& key,
                              const std::vector<CompiledExpression>* filter, bool optional,
                              const Row& seed, const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const BgpPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const PathPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const JoinPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const LeftJoinPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const FilterPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const UnionPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const GraphPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const ExtendPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const MinusPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const TablePlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const GroupPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const OrderPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const ProjectPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const DistinctPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const ReducedPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const SlicePlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);
IteratorPtr open_operator(const PlanNode& node, const ToMultiSetPlan& payload, const Row& seed,
                          const GraphScope& scope, Context& ctx);

}  // namespace sparqlmcp::engine::detail
