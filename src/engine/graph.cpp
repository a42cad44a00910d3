// GRAPH (18.5 Graph): the pattern evaluated with a named graph as the active graph. A
// constant name must be one of the dataset's named graphs; a variable ranges over them (or
// over the one a seed binds it to) and is bound to each in turn.

#include <algorithm>

#include "plan.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class GraphIterator final : public RowIterator {
 public:
  GraphIterator(const PlanNode& plan, const Row& seed, Context& ctx)
      : plan_(plan), seed_(seed), ctx_(ctx) {
    TermId fixed = value_of(plan.graph, seed);
    if (fixed != kUnbound) {
      if (std::binary_search(ctx.named_graphs.begin(), ctx.named_graphs.end(), fixed))
        graphs_.push_back(fixed);
    } else {
      graphs_ = ctx.named_graphs;
    }
  }

  bool next(Row& out) override {
    for (;;) {
      if (child_) {
        while (child_->next(out)) {
          if (!plan_.graph.is_var) return true;
          TermId& cell = out[plan_.graph.slot];
          if (cell == kUnbound) cell = current_;
          if (cell == current_) return true;
        }
        child_.reset();
      }
      if (pos_ >= graphs_.size()) return false;
      ctx_.check();
      current_ = graphs_[pos_++];
      auto set = std::make_shared<GraphSet>();
      set->named.push_back(current_);
      Row seed = seed_;
      // Seeding the variable is the same as joining with it where seeds are joins.
      if (plan_.graph.is_var && plan_.children[0]->seedable) seed[plan_.graph.slot] = current_;
      child_ = open(*plan_.children[0], seed, set, ctx_);
    }
  }

 private:
  const PlanNode& plan_;
  Row seed_;
  Context& ctx_;
  std::vector<TermId> graphs_;
  std::size_t pos_ = 0;
  TermId current_ = kUnbound;
  IteratorPtr child_;
};

}  // namespace

IteratorPtr open_graph(const PlanNode& plan, const Row& seed, const GraphScope&, Context& ctx) {
  return std::make_unique<GraphIterator>(plan, seed, ctx);
}

}  // namespace sparqlmcp::engine::detail
