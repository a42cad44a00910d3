// ORDER BY (15.1, 18.5 OrderBy): all rows are read, their key values computed once, then
// sorted stably with compare_for_order (which orders every pair of terms, so sorting never
// fails), each key ascending or descending. Rows and keys are held flat (RowBuffer) and a
// permutation of row numbers is sorted; a row's number is its input position, so ties keep
// the input order.

#include <algorithm>
#include <cstdint>

#include "join_table.hpp"
#include "row_buffer.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class OrderIterator final : public RowIterator {
 public:
  OrderIterator(const PlanNode& plan, const OrderPlan& order, const Row& seed, GraphScope scope,
                Context& ctx)
      : plan_(plan),
        order_by_(order),
        seed_(seed),
        scope_(std::move(scope)),
        ctx_(ctx),
        held_(ctx, "ORDER BY"),
        rows_(seed.size()),
        keys_(order.order.size()) {}

  bool next(Row& out) override {
    if (!built_) build();
    if (pos_ >= order_.size()) {
      order_.clear();
      order_.shrink_to_fit();
      rows_.clear();
      keys_.clear();
      held_.clear();
      return false;
    }
    RowView row = rows_[order_[pos_++]];
    out.assign(row.begin(), row.end());
    return true;
  }

 private:
  using Index = std::uint32_t;

  bool less(Index a, Index b) const {
    RowView ka = keys_[a], kb = keys_[b];
    for (std::size_t i = 0; i < ka.size(); ++i) {
      if (ka[i] == kb[i]) continue;
      int c = compare_for_order(ka[i], kb[i], ctx_.terms);
      if (order_by_.order[i].second) c = -c;
      if (c != 0) return c < 0;
    }
    return a < b;
  }

  // Keeps the first k rows (in sort order), in input order, giving the others back.
  void keep_first(std::size_t k) {
    std::vector<Index> all(rows_.size());
    for (std::size_t i = 0; i < all.size(); ++i)
      all[i] = static_cast<Index>(i);
    auto cmp = [this](Index a, Index b) { return less(a, b); };
    std::nth_element(all.begin(), all.begin() + k, all.end(), cmp);
    all.resize(k);
    std::sort(all.begin(), all.end());
    for (std::size_t j = 0; j < k; ++j) {  // all[j] >= j: compacts in place
      rows_.copy_row(all[j], j);
      keys_.copy_row(all[j], j);
    }
    rows_.truncate(k);
    keys_.truncate(k);
    held_.clear();
    held_.add(k);
  }

  void build() {
    built_ = true;
    auto child = open(*plan_.children[0], seed_, scope_, ctx_);
    std::size_t k = order_by_.top_k ? static_cast<std::size_t>(*order_by_.top_k) : 0;
    Row row;
    Row keys(order_by_.order.size());
    while (child->next(row)) {
      ctx_.tick();
      held_.add();
      begin_row(ctx_, scope_);
      for (std::size_t i = 0; i < order_by_.order.size(); ++i)
        keys[i] = order_by_.order[i].first.evaluate(row, ctx_.expr);
      if (rows_.size() >= kMaxRows)
        throw_error(ErrorKind::LimitExceeded,
                    "ORDER BY holds more than 4294967295 rows; narrow the query or add a LIMIT");
      rows_.push_back(row);
      keys_.push_back(keys);
      if (order_by_.top_k && rows_.size() >= 2 * k + 16) keep_first(k);
    }
    if (order_by_.top_k && rows_.size() > k) keep_first(k);
    order_.resize(rows_.size());
    for (std::size_t i = 0; i < order_.size(); ++i)
      order_[i] = static_cast<Index>(i);
    std::sort(order_.begin(), order_.end(), [this](Index a, Index b) { return less(a, b); });
  }

  static constexpr std::size_t kMaxRows = 0xffffffffu;

  const PlanNode& plan_;
  const OrderPlan& order_by_;
  Row seed_;
  GraphScope scope_;
  Context& ctx_;
  Held held_;
  bool built_ = false;
  RowBuffer rows_;
  RowBuffer keys_;  // the order keys' values, one row of them per row
  std::vector<Index> order_;
  std::size_t pos_ = 0;
};

}  // namespace

IteratorPtr open_operator(const PlanNode& node, const OrderPlan& order, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<OrderIterator>(node, order, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
