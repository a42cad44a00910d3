// ORDER BY (15.1, 18.5 OrderBy): all rows are read, their key values computed once, then
// sorted stably with compare_for_order (which orders every pair of terms, so sorting never
// fails), each key ascending or descending.

#include <algorithm>

#include "join_table.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class OrderIterator final : public RowIterator {
 public:
  OrderIterator(const PlanNode& plan, const Row& seed, GraphScope scope, Context& ctx)
      : plan_(plan), seed_(seed), scope_(std::move(scope)), ctx_(ctx), held_(ctx, "ORDER BY") {}

  bool next(Row& out) override {
    if (!built_) build();
    if (pos_ >= entries_.size()) {
      entries_.clear();
      held_.clear();
      return false;
    }
    out = std::move(entries_[pos_++].row);
    return true;
  }

 private:
  struct Entry {
    Row row;
    std::vector<TermId> keys;
  };

  void build() {
    built_ = true;
    auto child = open(*plan_.children[0], seed_, scope_, ctx_);
    Row row;
    while (child->next(row)) {
      ctx_.tick();
      held_.add();
      begin_row(ctx_, scope_);
      Entry e;
      for (const auto& [expr, descending] : plan_.order)
        e.keys.push_back(expr.evaluate(row, ctx_.expr));
      e.row = row;
      entries_.push_back(std::move(e));
    }
    const QueryTerms& terms = ctx_.terms;
    std::stable_sort(entries_.begin(), entries_.end(), [&](const Entry& a, const Entry& b) {
      for (std::size_t i = 0; i < a.keys.size(); ++i) {
        if (a.keys[i] == b.keys[i]) continue;
        int c = compare_for_order(a.keys[i], b.keys[i], terms);
        if (plan_.order[i].second) c = -c;
        if (c != 0) return c < 0;
      }
      return false;
    });
  }

  const PlanNode& plan_;
  Row seed_;
  GraphScope scope_;
  Context& ctx_;
  Held held_;
  bool built_ = false;
  std::vector<Entry> entries_;
  std::size_t pos_ = 0;
};

}  // namespace

IteratorPtr open_order(const PlanNode& plan, const Row& seed, const GraphScope& scope,
                       Context& ctx) {
  return std::make_unique<OrderIterator>(plan, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
