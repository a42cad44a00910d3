// Group with its aggregates (18.5 Group, Aggregation and AggregateJoin in one operator, as
// the algebra keeps them): rows are grouped by the values of the key expressions (an error
// is a key value of its own: unbound); each group gets fresh accumulators from the
// AggregateFactory, held in one array (group n's are at n * aggregates). Without keys there is
// exactly one group, even over no rows (COUNT 0). The output rows bind the keys that are variables
// or "AS" targets and the aggregates' internal variables, nothing else.

#include "join_table.hpp"
#include "row_buffer.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class GroupIterator final : public RowIterator {
 public:
  GroupIterator(const PlanNode& plan, const GroupPlan& group, const Row& seed, GraphScope scope,
                Context& ctx)
      : plan_(plan),
        group_(group),
        seed_(seed),
        scope_(std::move(scope)),
        ctx_(ctx),
        held_(ctx, "GROUP BY") {}

  bool next(Row& out) override {
    if (!built_) build();
    if (pos_ >= groups_) {
      accumulators_.clear();
      accumulators_.shrink_to_fit();
      keys_ = RowSet();
      held_.clear();
      return false;
    }
    std::size_t n = pos_++;
    out = seed_;
    for (std::size_t i = 0; i < group_.keys.size(); ++i)
      if (group_.keys[i].out) out[*group_.keys[i].out] = keys_[n][i];
    ctx_.active_scope = scope_;
    std::size_t first = n * group_.aggregates.size();
    for (std::size_t i = 0; i < group_.aggregates.size(); ++i)
      out[group_.aggregates[i].first] = accumulators_[first + i]->result(ctx_.expr);
    return true;
  }

 private:
  void add_group() {
    for (const auto& [slot, factory] : group_.aggregates)
      accumulators_.push_back(factory.make());
    ++groups_;
    held_.add();
  }

  void build() {
    built_ = true;
    auto child = open(*plan_.children[0], seed_, scope_, ctx_);
    if (group_.keys.empty()) add_group();
    Row row;
    Row key;
    while (child->next(row)) {
      ctx_.tick();
      begin_row(ctx_, scope_);
      std::size_t g = 0;
      if (!group_.keys.empty()) {
        key.clear();
        for (const auto& k : group_.keys)
          key.push_back(k.expr.evaluate(row, ctx_.expr));
        auto [n, added] = keys_.find_or_add(key);
        if (added) add_group();
        g = n;
      }
      std::size_t first = g * group_.aggregates.size();
      for (std::size_t i = 0; i < group_.aggregates.size(); ++i)
        accumulators_[first + i]->add(row, ctx_.expr);
    }
  }

  const PlanNode& plan_;
  const GroupPlan& group_;
  Row seed_;
  GraphScope scope_;
  Context& ctx_;
  Held held_;
  bool built_ = false;
  std::size_t groups_ = 0;
  std::vector<std::unique_ptr<Aggregator>> accumulators_;
  RowSet keys_;  // group n's key values are row n (when there are keys)
  std::size_t pos_ = 0;
};

}  // namespace

IteratorPtr open_operator(const PlanNode& node, const GroupPlan& group, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<GroupIterator>(node, group, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
