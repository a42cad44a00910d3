// LeftJoin (18.5): a left row is extended by every compatible right row for which the filter
// holds on the merged row; when there is none, the left row is kept alone. The right side is
// either opened per left row (binding passing: only for BGPs, paths, VALUES and their joins
// and unions, where a seed means the same as a join) or materialised once.

#include "join_table.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class LeftJoinIterator final : public RowIterator {
 public:
  LeftJoinIterator(const PlanNode& plan, const LeftJoinPlan& join, const Row& seed,
                   GraphScope scope, Context& ctx)
      : plan_(plan),
        join_(join),
        seed_(seed),
        scope_(std::move(scope)),
        ctx_(ctx),
        table_(ctx, join.strategy == JoinStrategy::Hash ? "OPTIONAL's hash join"
                                                        : "OPTIONAL's cross product") {
    left_ = open(*plan.children[0], seed, scope_, ctx);
    // A remote right side starts its requests now, beside the left side's.
    if (join.strategy != JoinStrategy::BindPass && plan.children[1]->has_service)
      right_ = open(*plan.children[1], seed_, scope_, ctx_);
  }

  bool next(Row& out) override {
    for (;;) {
      if (active_) {
        if (next_match(out)) {
          matched_ = true;
          return true;
        }
        active_ = false;
        if (!matched_) {
          out = left_row_;
          return true;
        }
      }
      if (!left_->next(left_row_)) return false;
      ctx_.tick();
      start_left_row();
    }
  }

 private:
  void start_left_row() {
    active_ = true;
    matched_ = false;
    if (join_.strategy == JoinStrategy::BindPass) {
      inner_ = open(*plan_.children[1], left_row_, scope_, ctx_);
      return;
    }
    if (!built_) {
      built_ = true;
      IteratorPtr right =
          right_ ? std::move(right_) : open(*plan_.children[1], seed_, scope_, ctx_);
      table_.build(*right, join_.strategy == JoinStrategy::Hash ? join_.key : SlotSet{}, ctx_);
    }
    cursor_ = table_.first(left_row_);
  }

  bool accept(const Row& merged) {
    if (join_.exprs.empty()) return true;
    begin_row(ctx_, scope_);
    return all_true(join_.exprs, merged, ctx_);
  }

  bool next_match(Row& out) {
    if (join_.strategy == JoinStrategy::BindPass) {
      while (inner_->next(out)) {
        ctx_.tick();
        if (accept(out)) return true;
      }
      return false;
    }
    while (cursor_ != RightTable::kNone) {
      RowView r = table_.row(cursor_);
      cursor_ = table_.next(cursor_);
      ctx_.tick();
      if (!compatible(left_row_, r)) continue;
      out = left_row_;
      merge_into(out, r);
      if (accept(out)) return true;
    }
    return false;
  }

  const PlanNode& plan_;
  const LeftJoinPlan& join_;
  Row seed_;
  GraphScope scope_;
  Context& ctx_;
  RightTable table_;
  IteratorPtr left_;
  IteratorPtr right_;  // opened early when remote
  IteratorPtr inner_;
  Row left_row_;
  bool built_ = false;
  bool active_ = false;
  bool matched_ = false;
  std::uint32_t cursor_ = RightTable::kNone;
};

}  // namespace

IteratorPtr open_operator(const PlanNode& node, const LeftJoinPlan& left_join, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  if (left_join.strategy == JoinStrategy::BatchBind ||
      left_join.strategy == JoinStrategy::Adaptive) {
    return open_service_join(node, *node.children[0], *node.children[1], left_join.strategy,
                             left_join.key, &left_join.exprs, true, seed, scope, ctx);
  }
  return std::make_unique<LeftJoinIterator>(node, left_join, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
