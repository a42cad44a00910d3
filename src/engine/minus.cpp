// Minus (18.5): a left row is removed when some right row is compatible with it and shares at
// least one bound variable (disjoint domains never remove anything). The right side is
// materialised, hashed on the variables certainly bound on both sides when there are any.
// Variables the seed binds (EXISTS substitution) are constants on both sides, not shared
// variables, so they do not count as overlap.
//
// A remote right side (it holds a SERVICE) with variables certainly bound on both sides is a
// semi-join instead of a download: the left rows are read in blocks, and the right side is
// asked once per block, seeded with each row's values of the variables it may bind (its
// requests carry them as VALUES); a left row goes when its seed has a solution. Those rows are
// compatible with the left row, and share the certain variables, so they are exactly the ones
// that remove it.

#include <algorithm>
#include <map>

#include "join_table.hpp"
#include "service_eval.hpp"

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

class RemoteMinusIterator final : public RowIterator {
 public:
  RemoteMinusIterator(const PlanNode& plan, const Row& seed, GraphScope scope, Context& ctx)
      : plan_(plan), scope_(std::move(scope)), ctx_(ctx) {
    left_ = open(*plan.children[0], seed, scope_, ctx);
  }

  bool next(Row& out) override {
    for (;;) {
      if (at_ == block_.size() && !fill_block()) return false;
      const std::size_t i = at_++;
      ctx_.tick();
      if (!removed_[seed_of_[i]]) {
        out = std::move(block_[i]);
        return true;
      }
    }
  }

 private:
  static constexpr std::size_t kBlockRows = 2000;

  bool fill_block() {
    block_.clear();
    seeds_.clear();
    seed_numbers_.clear();
    seed_of_.clear();
    at_ = 0;
    Row row;
    const PlanNode& right = *plan_.children[1];
    while (block_.size() < kBlockRows && left_->next(row)) {
      // The right side's seed: the row's values of the variables it may bind (left rows that
      // agree on those share one).
      Row seed(std::max(row.size(), ctx_.vars.size()), kUnbound);
      for (Slot slot : right.maybe)
        if (slot < row.size()) seed[slot] = row[slot];
      auto [same, added] = seed_numbers_.emplace(seed, seeds_.size());
      seed_of_.push_back(same->second);
      if (added) seeds_.push_back(std::move(seed));
      block_.push_back(row);
    }
    if (block_.empty()) return false;
    removed_ = seeds_with_solutions(right, seeds_, scope_, ctx_);
    return true;
  }

  const PlanNode& plan_;
  GraphScope scope_;
  Context& ctx_;
  IteratorPtr left_;
  std::vector<Row> block_;
  std::vector<Row> seeds_;
  std::map<Row, std::size_t> seed_numbers_;  // seed -> its place in seeds_
  std::vector<std::size_t> seed_of_;         // per row of the block, its seed
  std::vector<bool> removed_;                // per seed
  std::size_t at_ = 0;
};

}  // namespace

IteratorPtr open_operator(const PlanNode& node, const MinusPlan& minus, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  // Not under a seed (EXISTS substitution makes the seed's variables constants on both sides,
  // which the overlap test must not count).
  const bool unseeded =
      std::all_of(seed.begin(), seed.end(), [](TermId v) { return v == kUnbound; });
  const PlanNode& right = *node.children[1];
  if (unseeded && !minus.key.empty() && right.has_service && right.seedable)
    return std::make_unique<RemoteMinusIterator>(node, seed, scope, ctx);
  return std::make_unique<MinusIterator>(node, minus, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
