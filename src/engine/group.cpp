// Group with its aggregates (18.5 Group, Aggregation and AggregateJoin in one operator, as
// the algebra keeps them): rows are grouped by the values of the key expressions (an error
// is a key value of its own: unbound); each group gets fresh accumulators from the
// AggregateFactory. Without keys there is exactly one group, even over no rows (COUNT 0).
// The output rows bind the keys that are variables or "AS" targets and the aggregates'
// internal variables, nothing else.

#include "join_table.hpp"
#include "row_buffer.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class GroupIterator final : public RowIterator {
 public:
  GroupIterator(const PlanNode& plan, const Row& seed, GraphScope scope, Context& ctx)
      : plan_(plan), seed_(seed), scope_(std::move(scope)), ctx_(ctx), held_(ctx, "GROUP BY") {}

  bool next(Row& out) override {
    if (!built_) build();
    if (pos_ >= groups_.size()) {
      groups_.clear();
      keys_ = RowSet();
      held_.clear();
      return false;
    }
    std::size_t n = pos_++;
    Group& g = groups_[n];
    out = seed_;
    for (std::size_t i = 0; i < plan_.group_keys.size(); ++i)
      if (plan_.group_keys[i].out) out[*plan_.group_keys[i].out] = keys_[n][i];
    ctx_.active_scope = scope_;
    for (std::size_t i = 0; i < plan_.aggregates.size(); ++i)
      out[plan_.aggregates[i].first] = g.aggregators[i]->result(ctx_.expr);
    return true;
  }

 private:
  struct Group {
    std::vector<std::unique_ptr<Aggregator>> aggregators;
  };

  Group make_group() {
    Group g;
    for (const auto& [slot, factory] : plan_.aggregates)
      g.aggregators.push_back(factory.make());
    held_.add();
    return g;
  }

  void build() {
    built_ = true;
    auto child = open(*plan_.children[0], seed_, scope_, ctx_);
    if (plan_.group_keys.empty()) groups_.push_back(make_group());
    Row row;
    Row key;
    while (child->next(row)) {
      ctx_.tick();
      begin_row(ctx_, scope_);
      std::size_t g = 0;
      if (!plan_.group_keys.empty()) {
        key.clear();
        for (const auto& k : plan_.group_keys)
          key.push_back(k.expr.evaluate(row, ctx_.expr));
        auto [n, added] = keys_.find_or_add(key);
        if (added) groups_.push_back(make_group());
        g = n;
      }
      for (auto& a : groups_[g].aggregators)
        a->add(row, ctx_.expr);
    }
  }

  const PlanNode& plan_;
  Row seed_;
  GraphScope scope_;
  Context& ctx_;
  Held held_;
  bool built_ = false;
  std::vector<Group> groups_;
  RowSet keys_;  // group n's key values are row n (when there are keys)
  std::size_t pos_ = 0;
};

}  // namespace

IteratorPtr open_group(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                       Context& ctx) {
  return std::make_unique<GroupIterator>(plan, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
