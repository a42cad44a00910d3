// Basic graph patterns: triple patterns ordered by the dataset's estimates (bound variables
// propagated: a pattern connected to what is already bound comes before a cross product),
// then evaluated by index nested loops, each pattern's cursor opened with the positions the
// current row binds.

#include <algorithm>
#include <limits>

#include "plan.hpp"

namespace sparqlmcp::engine::detail {

namespace {

// Cost of a pattern whose constants and seeded values are known and whose other bound
// variables (by earlier patterns) are not: each such position divides the estimate. A
// pattern with neither end bound is a scan of its predicate: it only goes first when it is
// far smaller than any pattern with a bound end.
std::size_t pattern_cost(const IdTriple& t, const Row& seed, const std::vector<bool>& bound,
                         const GraphSet& graphs, const Context& ctx) {
  const PatternTerm* pos[3] = {&t.s, &t.p, &t.o};
  TermId ids[3];
  std::size_t divisor = 1;
  bool end_bound = false;
  for (int i = 0; i < 3; ++i) {
    ids[i] = value_of(*pos[i], seed);
    bool by_join = pos[i]->is_var && ids[i] == kUnbound && bound[pos[i]->slot];
    if (by_join) divisor *= (i == 1 ? 2 : 50);
    if (i != 1 && (ids[i] != kUnbound || by_join)) end_bound = true;
  }
  std::size_t est = estimate_in(ctx, graphs, ids[0], ids[1], ids[2]);
  if (est == 0) return 0;
  std::size_t cost = est / divisor + 1;
  return end_bound ? cost : cost * 100;
}

bool shares_bound(const IdTriple& t, const std::vector<bool>& bound) {
  for (const PatternTerm* p : {&t.s, &t.p, &t.o})
    if (p->is_var && bound[p->slot]) return true;
  return false;
}

PlanNode::BgpOrder choose_order(const PlanNode& plan, const Row& seed, const GraphSet& graphs,
                                const Context& ctx) {
  std::vector<bool> bound(seed.size(), false);
  for (std::size_t i = 0; i < seed.size(); ++i)
    bound[i] = seed[i] != kUnbound;
  PlanNode::BgpOrder order;
  std::vector<bool> used(plan.triples.size(), false);
  std::vector<bool> placed(plan.early_filters.size(), false);
  for (std::size_t step = 0; step < plan.triples.size(); ++step) {
    std::size_t best = 0;
    std::size_t best_cost = std::numeric_limits<std::size_t>::max();
    bool best_connected = false;
    for (std::size_t i = 0; i < plan.triples.size(); ++i) {
      if (used[i]) continue;
      const IdTriple& t = plan.triples[i];
      // Joined to what is bound (or nothing is bound yet): no cross product.
      bool connected = shares_bound(t, bound) || (!t.s.is_var && !t.o.is_var);
      std::size_t cost = pattern_cost(t, seed, bound, graphs, ctx);
      if ((connected && !best_connected) || (connected == best_connected && cost < best_cost)) {
        best = i;
        best_cost = cost;
        best_connected = connected;
      }
    }
    used[best] = true;
    order.patterns.push_back(best);
    const IdTriple& t = plan.triples[best];
    for (const PatternTerm* p : {&t.s, &t.p, &t.o})
      if (p->is_var) bound[p->slot] = true;
    order.filters.emplace_back();
    for (std::size_t f = 0; f < plan.early_filters.size(); ++f) {
      if (placed[f]) continue;
      bool ready = true;
      for (Slot s : plan.early_filters[f].vars)
        ready = ready && bound[s];
      if (ready) {
        placed[f] = true;
        order.filters.back().push_back(f);
      }
    }
  }
  return order;
}

class BgpIterator final : public RowIterator {
 public:
  BgpIterator(const PlanNode& plan, const Row& seed, GraphScope scope, Context& ctx)
      : ctx_(ctx), scope_(std::move(scope)), seed_(seed) {
    std::vector<bool> key;
    for (Slot s : plan.maybe)
      key.push_back(seed[s] != kUnbound);
    auto it = plan.bgp_orders.find(key);
    if (it == plan.bgp_orders.end())
      it = plan.bgp_orders.emplace(key, choose_order(plan, seed, *scope_, ctx)).first;
    const PlanNode::BgpOrder& order = it->second;
    for (std::size_t i = 0; i < order.patterns.size(); ++i) {
      Level level{&plan.triples[order.patterns[i]], nullptr, {}, {}};
      for (std::size_t f : order.filters[i])
        level.filters.push_back(&plan.early_filters[f].expr);
      levels_.push_back(std::move(level));
    }
  }

  bool next(Row& out) override {
    if (done_) return false;
    if (levels_.empty()) {
      done_ = true;
      out = seed_;
      return true;
    }
    int depth;
    if (!started_) {
      started_ = true;
      row_ = seed_;
      open_level(0);
      depth = 0;
    } else {
      depth = static_cast<int>(levels_.size()) - 1;
    }
    while (depth >= 0) {
      if (!advance(levels_[depth])) {
        levels_[depth].cursor.reset();
        --depth;
        continue;
      }
      if (depth + 1 == static_cast<int>(levels_.size())) {
        out = row_;
        return true;
      }
      ++depth;
      open_level(depth);
    }
    done_ = true;
    return false;
  }

 private:
  struct Level {
    const IdTriple* triple;
    std::unique_ptr<QuadCursor> cursor;
    std::vector<Slot> bound_here;
    std::vector<const CompiledExpression*> filters;  // tested once this level is bound
  };

  void open_level(int depth) {
    Level& level = levels_[depth];
    const IdTriple& t = *level.triple;
    level.bound_here.clear();
    level.cursor =
        match_in(ctx_, *scope_, value_of(t.s, row_), value_of(t.p, row_), value_of(t.o, row_));
  }

  bool bind(Level& level, const PatternTerm& t, TermId value) {
    if (!t.is_var) return true;
    TermId& cell = row_[t.slot];
    if (cell == kUnbound) {
      cell = value;
      level.bound_here.push_back(t.slot);
      return true;
    }
    return cell == value;  // bound before, or earlier in this pattern (?x :p ?x)
  }

  bool advance(Level& level) {
    IdQuad q;
    for (;;) {
      for (Slot s : level.bound_here)
        row_[s] = kUnbound;
      level.bound_here.clear();
      if (!level.cursor->next(q)) return false;
      ctx_.tick();
      const IdTriple& t = *level.triple;
      if (bind(level, t.s, q.subject) && bind(level, t.p, q.predicate) &&
          bind(level, t.o, q.object) && passes(level))
        return true;
    }
  }

  bool passes(const Level& level) {
    if (level.filters.empty()) return true;
    ctx_.active_scope = scope_;
    ++ctx_.expr.row_serial;
    for (const CompiledExpression* f : level.filters) {
      auto v = f->effective_boolean_value(row_, ctx_.expr);
      if (!v || !*v) return false;
    }
    return true;
  }

  Context& ctx_;
  GraphScope scope_;
  Row seed_;
  Row row_;
  std::vector<Level> levels_;
  bool started_ = false;
  bool done_ = false;
};

}  // namespace

IteratorPtr open_bgp(const PlanNode& plan, const Row& seed, const GraphScope& scope, Context& ctx) {
  return std::make_unique<BgpIterator>(plan, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
