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

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
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
};

struct GroupKey {
  std::optional<Slot> out;  // where the key's value is visible after grouping
  CompiledExpression expr;
};

struct PlanNode {
  OpKind kind = OpKind::Table;
  std::vector<std::unique_ptr<PlanNode>> children;
  // Variables bound in every row / in some row that the operator yields (without the seed).
  SlotSet certain, maybe;
  // Seeding the operator with a row is the same as joining with it (BGPs, paths, VALUES
  // and joins/unions/GRAPHs of those); false where a seed would change a scope (FILTER,
  // OPTIONAL, BIND, MINUS, sub-queries...).
  bool seedable = false;

  // Bgp
  std::vector<IdTriple> triples;
  // Path
  PatternTerm subject, object;
  PathNode path;
  // Filter (conjunction), LeftJoin (filter), Extend (one per bound slot, in order)
  std::vector<CompiledExpression> exprs;
  std::vector<Slot> extend_slots;
  // Filter over a seedable pattern: conjuncts ?v = <iri> (or a simple string, or sameTerm)
  // on a variable the pattern always binds, applied as a seed instead (index look-ups
  // instead of a scan and a test).
  std::vector<std::pair<Slot, TermId>> seed_bindings;
  // Graph
  PatternTerm graph;
  // Table: vars and rows of ids (kUnbound = UNDEF); Project: the kept slots
  std::vector<Slot> vars;
  std::vector<std::vector<TermId>> rows;
  // Join, LeftJoin
  JoinStrategy strategy = JoinStrategy::Hash;
  bool swap = false;  // Join: the left side is the one opened per row of the right
  SlotSet key;        // Hash: the join key
  // Group
  std::vector<GroupKey> group_keys;
  std::vector<std::pair<Slot, AggregateFactory>> aggregates;
  // OrderBy
  std::vector<std::pair<CompiledExpression, bool>> order;  // expression, descending
  // OrderBy under a LIMIT: only the first offset+limit rows are ever read, so only that many
  // need to be kept.
  std::optional<std::uint64_t> top_k;
  // Slice
  std::uint64_t offset = 0;
  std::optional<std::uint64_t> limit;

  // Bgp: conjuncts of a FILTER right above, tested as soon as the nested loop has bound
  // their variables (so later patterns are not looked up for rows the filter drops).
  struct EarlyFilter {
    SlotSet vars;
    CompiledExpression expr;
  };
  std::vector<EarlyFilter> early_filters;
  // Bgp: evaluation orders already computed, by which pattern variables the seed binds
  // (bit i = the i-th distinct variable of the BGP): the pattern order and, per level, the
  // early filters to test there.
  struct BgpOrder {
    std::vector<std::size_t> patterns;
    std::vector<std::vector<std::size_t>> filters;
    // Per level: 0 = index look-ups with the row's bindings; otherwise a hash join (in
    // effect): the pattern is read once and sorted on these positions (bit 0 s, 1 p, 2 o),
    // which earlier levels bind, then probed per row.
    std::vector<std::uint8_t> hash_keys;
  };
  // Bgp: under a LIMIT, ASK or EXISTS the first rows matter, so no level is hashed (a hash
  // join reads its whole pattern before the first row).
  bool first_rows = false;
  mutable std::map<std::vector<bool>, BgpOrder> bgp_orders;
};
using PlanPtr = std::unique_ptr<PlanNode>;

// Builds the plan of `op` (and of the EXISTS patterns in its expressions, stored in
// ctx.exists_plans). Throws Unsupported for SERVICE.
// `first_rows`: only the first rows will be read (ASK, EXISTS).
PlanPtr build_plan(const sparql::algebra::Operator& op, Context& ctx, bool first_rows = false);

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

// The iterators, one factory per operator family (each in its own .cpp).
IteratorPtr open_bgp(const PlanNode& plan, const Row& seed, const GraphScope& scope, Context& ctx);
IteratorPtr open_path(const PlanNode& plan, const Row& seed, const GraphScope& scope, Context& ctx);
IteratorPtr open_join(const PlanNode& plan, const Row& seed, const GraphScope& scope, Context& ctx);
IteratorPtr open_left_join(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                           Context& ctx);
IteratorPtr open_minus(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                       Context& ctx);
IteratorPtr open_union(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                       Context& ctx);
IteratorPtr open_filter(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                        Context& ctx);
IteratorPtr open_extend(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                        Context& ctx);
IteratorPtr open_table(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                       Context& ctx);
IteratorPtr open_graph(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                       Context& ctx);
IteratorPtr open_group(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                       Context& ctx);
IteratorPtr open_order(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                       Context& ctx);
IteratorPtr open_project(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                         Context& ctx);
IteratorPtr open_distinct(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                          Context& ctx);
IteratorPtr open_reduced(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                         Context& ctx);
IteratorPtr open_slice(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                       Context& ctx);
IteratorPtr open_to_multiset(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                             Context& ctx);

}  // namespace sparqlmcp::engine::detail
