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
    std::size_t serial = 0;  // input position: ties keep it, so the sort is stable
  };

  bool less(const Entry& a, const Entry& b) const {
    for (std::size_t i = 0; i < a.keys.size(); ++i) {
      if (a.keys[i] == b.keys[i]) continue;
      int c = compare_for_order(a.keys[i], b.keys[i], ctx_.terms);
      if (plan_.order[i].second) c = -c;
      if (c != 0) return c < 0;
    }
    return a.serial < b.serial;
  }

  // Keeps the first k entries (in sort order) of `entries_`, giving the others back.
  void keep_first(std::size_t k) {
    auto cmp = [this](const Entry& a, const Entry& b) { return less(a, b); };
    std::nth_element(entries_.begin(), entries_.begin() + k, entries_.end(), cmp);
    held_.clear();
    entries_.resize(k);
    held_.add(k);
  }

  void build() {
    built_ = true;
    auto child = open(*plan_.children[0], seed_, scope_, ctx_);
    std::size_t k = plan_.top_k ? static_cast<std::size_t>(*plan_.top_k) : 0;
    Row row;
    std::size_t serial = 0;
    while (child->next(row)) {
      ctx_.tick();
      held_.add();
      begin_row(ctx_, scope_);
      Entry e;
      for (const auto& [expr, descending] : plan_.order)
        e.keys.push_back(expr.evaluate(row, ctx_.expr));
      e.row = row;
      e.serial = serial++;
      entries_.push_back(std::move(e));
      if (plan_.top_k && entries_.size() >= 2 * k + 16) keep_first(k);
    }
    if (plan_.top_k && entries_.size() > k) keep_first(k);
    std::sort(entries_.begin(), entries_.end(),
              [this](const Entry& a, const Entry& b) { return less(a, b); });
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
