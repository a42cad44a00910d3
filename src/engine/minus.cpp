// Minus (18.5): a left row is removed when some right row is compatible with it and shares at
// least one bound variable (disjoint domains never remove anything). The right side is
// materialised, hashed on the variables certainly bound on both sides when there are any.
// Variables the seed binds (EXISTS substitution) are constants on both sides, not shared
// variables, so they do not count as overlap.

#include "join_table.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class MinusIterator final : public RowIterator {
 public:
  MinusIterator(const PlanNode& plan, const MinusPlan& minus, const Row& seed, GraphScope scope,
                Context& ctx)
      : plan_(plan),
        minus_(minus),
        seed_(seed),
        scope_(std::move(scope)),
        ctx_(ctx),
        table_(ctx, "MINUS") {
    left_ = open(*plan.children[0], seed, scope_, ctx);
  }

  bool next(Row& out) override {
    while (left_->next(out)) {
      ctx_.tick();
      if (!built_) {
        built_ = true;
        auto right = open(*plan_.children[1], seed_, scope_, ctx_);
        table_.build(*right, minus_.key, ctx_);
      }
      if (!removed(out)) return true;
    }
    return false;
  }

 private:
  bool removed(const Row& left) {
    for (std::uint32_t c = table_.first(left); c != RightTable::kNone; c = table_.next(c)) {
      RowView r = table_.row(c);
      ctx_.tick();
      if (!compatible(left, r)) continue;
      for (std::size_t i = 0; i < left.size(); ++i)
        if (seed_[i] == kUnbound && left[i] != kUnbound && r[i] != kUnbound) return true;
    }
    return false;
  }

  const PlanNode& plan_;
  const MinusPlan& minus_;
  Row seed_;
  GraphScope scope_;
  Context& ctx_;
  RightTable table_;
  IteratorPtr left_;
  bool built_ = false;
};

}  // namespace

IteratorPtr open_operator(const PlanNode& node, const MinusPlan& minus, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<MinusIterator>(node, minus, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
