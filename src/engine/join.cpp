// Join (18.5): binding passing (the inner side opened per outer row, seeded with it: used only
// where seeding equals joining, see PlanNode::seedable), a hash join on the variables certainly
// bound on both sides, or a nested loop over the materialised right side when nothing is
// certainly shared. Compatibility is always checked on the whole row, which covers variables
// only maybe bound.

#include "join_table.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class BindPassJoin final : public RowIterator {
 public:
  BindPassJoin(const PlanNode& outer, const PlanNode& inner, const Row& seed, GraphScope scope,
               Context& ctx)
      : inner_plan_(inner), scope_(std::move(scope)), ctx_(ctx) {
    outer_ = open(outer, seed, scope_, ctx);
  }

  bool next(Row& out) override {
    for (;;) {
      if (inner_ && inner_->next(out)) return true;
      if (!outer_->next(outer_row_)) return false;
      ctx_.tick();
      inner_ = open(inner_plan_, outer_row_, scope_, ctx_);
    }
  }

 private:
  const PlanNode& inner_plan_;
  GraphScope scope_;
  Context& ctx_;
  IteratorPtr outer_;
  IteratorPtr inner_;
  Row outer_row_;
};

class TableJoin final : public RowIterator {
 public:
  TableJoin(const PlanNode& plan, const JoinPlan& join, const Row& seed, GraphScope scope,
            Context& ctx)
      : plan_(plan),
        join_(join),
        seed_(seed),
        scope_(std::move(scope)),
        ctx_(ctx),
        table_(ctx, join.strategy == JoinStrategy::Hash ? "the hash join" : "a cross product") {
    left_ = open(*plan.children[0], seed, scope_, ctx);
    // A remote right side starts its requests now, beside the left side's.
    if (plan.children[1]->has_service) right_ = open(*plan.children[1], seed_, scope_, ctx_);
  }

  bool next(Row& out) override {
    for (;;) {
      while (cursor_ != RightTable::kNone) {
        RowView r = table_.row(cursor_);
        cursor_ = table_.next(cursor_);
        ctx_.tick();
        if (compatible(left_row_, r)) {
          out = left_row_;
          merge_into(out, r);
          return true;
        }
      }
      if (!left_->next(left_row_)) return false;
      if (!built_) {
        built_ = true;
        IteratorPtr right =
            right_ ? std::move(right_) : open(*plan_.children[1], seed_, scope_, ctx_);
        table_.build(*right, join_.strategy == JoinStrategy::Hash ? join_.key : SlotSet{}, ctx_);
      }
      if (table_.empty()) return false;
      cursor_ = table_.first(left_row_);
    }
  }

 private:
  const PlanNode& plan_;
  const JoinPlan& join_;
  Row seed_;
  GraphScope scope_;
  Context& ctx_;
  RightTable table_;
  IteratorPtr left_;
  IteratorPtr right_;  // opened early when remote
  Row left_row_;
  bool built_ = false;
  std::uint32_t cursor_ = RightTable::kNone;
};

}  // namespace

IteratorPtr open_operator(const PlanNode& node, const JoinPlan& join, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  const PlanNode& l = *node.children[0];
  const PlanNode& r = *node.children[1];
  if (join.strategy == JoinStrategy::BatchBind || join.strategy == JoinStrategy::Adaptive) {
    return join.swap ? open_service_join(node, r, l, join.strategy, join.key, nullptr, false, seed,
                                         scope, ctx)
                     : open_service_join(node, l, r, join.strategy, join.key, nullptr, false, seed,
                                         scope, ctx);
  }
  if (join.strategy == JoinStrategy::BindPass) {
    return join.swap ? std::make_unique<BindPassJoin>(r, l, seed, scope, ctx)
                     : std::make_unique<BindPassJoin>(l, r, seed, scope, ctx);
  }
  return std::make_unique<TableJoin>(node, join, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
