// GRAPH (18.5 Graph): the pattern evaluated with a named graph as the active graph. A
// constant name must be one of the dataset's named graphs; a variable ranges over them (or
// over the one a seed binds it to) and is bound to each in turn. With many named graphs (a
// dump of one graph per document), a variable over a basic graph pattern ranges only over the
// graphs where the pattern's most selective triple, with the seed's bindings, has a match.

#include <algorithm>

#include "plan.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class GraphIterator final : public RowIterator {
 public:
  GraphIterator(const PlanNode& plan, const PatternTerm& graph, const Row& seed, Context& ctx)
      : plan_(plan), graph_(graph), seed_(seed), ctx_(ctx) {
    TermId fixed = value_of(graph, seed);
    if (fixed != kUnbound) {
      if (std::binary_search(ctx.named_graphs.begin(), ctx.named_graphs.end(), fixed))
        graphs_.push_back(fixed);
    } else if (!narrow_to_matching_graphs()) {
      graphs_ = ctx.named_graphs;
    }
  }

  bool next(Row& out) override {
    for (;;) {
      if (child_) {
        while (child_->next(out)) {
          if (!graph_.is_var) return true;
          TermId& cell = out[graph_.slot];
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
      if (graph_.is_var && plan_.children[0]->seedable) seed[graph_.slot] = current_;
      child_ = open(*plan_.children[0], seed, set, ctx_);
    }
  }

 private:
  // Sets graphs_ to the named graphs that can match the child (when that is cheaper than
  // trying them all); false when it did not.
  bool narrow_to_matching_graphs() {
    constexpr std::size_t kFewGraphs = 16;
    const std::vector<TermId>& all = ctx_.named_graphs;
    if (all.size() <= kFewGraphs) return false;
    const PlanNode* pattern = plan_.children[0].get();
    if (pattern->as<FilterPlan>()) pattern = pattern->children[0].get();
    const auto* bgp = pattern->as<BgpPlan>();
    if (!bgp || bgp->triples.empty()) return false;
    // The triple with the fewest matches over all named graphs, bound as far as the seed goes.
    TermId best[3] = {kUnbound, kUnbound, kUnbound};
    std::size_t fewest = all.size();
    for (const IdTriple& t : bgp->triples) {
      TermId ids[3] = {value_of(t.s, seed_), value_of(t.p, seed_), value_of(t.o, seed_)};
      if (QueryTerms::is_local(ids[0]) || QueryTerms::is_local(ids[1]) ||
          QueryTerms::is_local(ids[2])) {
        return true;  // a term the data does not have: no graph matches
      }
      std::size_t estimate = ctx_.data.estimate(ids[0], ids[1], ids[2], kUnbound);
      if (estimate < fewest) {
        fewest = estimate;
        std::copy(ids, ids + 3, best);
      }
    }
    if (fewest == all.size()) return false;
    auto cursor = ctx_.data.match(best[0], best[1], best[2], kUnbound);
    IdQuad quad;
    while (cursor->next(quad)) {
      ctx_.tick();
      if (graphs_.empty() || graphs_.back() != quad.graph) graphs_.push_back(quad.graph);
    }
    std::sort(graphs_.begin(), graphs_.end());
    graphs_.erase(std::unique(graphs_.begin(), graphs_.end()), graphs_.end());
    // FROM NAMED may name fewer graphs than the store has.
    std::erase_if(graphs_,
                  [&](TermId g) { return !std::binary_search(all.begin(), all.end(), g); });
    return true;
  }

  const PlanNode& plan_;
  const PatternTerm& graph_;  // the graph's name or variable
  Row seed_;
  Context& ctx_;
  std::vector<TermId> graphs_;
  std::size_t pos_ = 0;
  TermId current_ = kUnbound;
  IteratorPtr child_;
};

}  // namespace

IteratorPtr open_operator(const PlanNode& node, const GraphPlan& graph, const Row& seed,
                          const GraphScope&, Context& ctx) {
  return std::make_unique<GraphIterator>(node, graph.graph, seed, ctx);
}

}  // namespace sparqlmcp::engine::detail
