// Joins whose inner side holds SERVICE clauses. Opening the inner side once per outer row
// would cost one request per row, so:
// - BatchBind (a bound join): outer rows are read in blocks and the inner side is evaluated
//   once per block, its SERVICE requests carrying the block's bindings as VALUES;
// - Adaptive: the inner side is also requested alone, at once, cut at a row limit (the probe).
//   If the probe comes back complete, the join hashes it (both sides were fetched in
//   parallel, one request each); otherwise it falls back to the bound join.
// OPTIONAL keeps an outer row that no inner row extends (with the filter holding).

#include "join_table.hpp"
#include "service_eval.hpp"

namespace sparqlmcp::engine::detail {
namespace {

// Outer rows per block; the handler cuts a block further into the VALUES blocks an endpoint
// takes.
constexpr std::size_t kBlockRows = 2000;

class RowsIterator final : public RowIterator {
 public:
  explicit RowsIterator(std::vector<Row> rows) : rows_(std::move(rows)) {}
  bool next(Row& out) override {
    if (next_ >= rows_.size()) return false;
    out = std::move(rows_[next_++]);
    return true;
  }

 private:
  std::vector<Row> rows_;
  std::size_t next_ = 0;
};

class ServiceJoin final : public RowIterator {
 public:
  ServiceJoin(const PlanNode& node, const PlanNode& outer, const PlanNode& inner,
              JoinStrategy strategy, const SlotSet& key,
              const std::vector<CompiledExpression>* filter, bool optional, const Row& seed,
              GraphScope scope, Context& ctx)
      : node_(node),
        inner_(inner),
        key_(key),
        filter_(filter),
        optional_(optional),
        scope_(std::move(scope)),
        ctx_(ctx),
        table_(ctx, "the hash join of a SERVICE"),
        block_held_(ctx, "a bound join's block") {
    outer_ = open(outer, seed, scope_, ctx);
    if (strategy == JoinStrategy::Adaptive) {
      probe_ = start_probe(inner, seed, ctx.options.service_probe_rows, ctx);
    } else {
      hashed_ = false;
      decided_ = true;
    }
  }

  bool next(Row& out) override {
    if (!decided_) decide();
    return hashed_ ? next_hashed(out) : next_bound(out);
  }

 private:
  void decide() {
    decided_ = true;
    std::vector<Row> rows;
    hashed_ = probe_->wait(rows);
    probe_.reset();
    probe_outcome_ =
        hashed_ ? "hashed the inner side, complete in " + std::to_string(rows.size()) + " rows"
                : "the inner side has more rows than the probe took; bound join";
    node_.outcome = probe_outcome_;
    if (hashed_) {
      RowsIterator it(std::move(rows));
      table_.build(it, key_, ctx_);
    }
  }

  bool accept(const Row& merged) {
    if (filter_ == nullptr || filter_->empty()) return true;
    begin_row(ctx_, scope_);
    return all_true(*filter_, merged, ctx_);
  }

  bool next_hashed(Row& out) {
    for (;;) {
      while (cursor_ != RightTable::kNone) {
        RowView r = table_.row(cursor_);
        cursor_ = table_.next(cursor_);
        ctx_.tick();
        if (!compatible(outer_row_, r)) continue;
        out = outer_row_;
        merge_into(out, r);
        if (accept(out)) {
          matched_ = true;
          return true;
        }
      }
      if (pending_alone_) {
        pending_alone_ = false;
        if (!matched_) {
          out = outer_row_;
          return true;
        }
      }
      if (!outer_->next(outer_row_)) return false;
      ctx_.tick();
      matched_ = false;
      pending_alone_ = optional_;
      cursor_ = table_.first(outer_row_);
    }
  }

  bool next_bound(Row& out) {
    for (;;) {
      if (batch_) {
        std::size_t seed = 0;
        while (batch_->next(out, seed)) {
          ctx_.tick();
          if (!accept(out)) continue;
          if (optional_) matched_rows_[seed] = true;
          return true;
        }
        if (optional_) {
          while (alone_ < block_.size()) {
            const std::size_t i = alone_++;
            if (!matched_rows_[i]) {
              out = block_[i];
              return true;
            }
          }
        }
        batch_.reset();
      }
      if (!read_block()) return false;
      ++blocks_;
      node_.outcome = (probe_outcome_.empty() ? std::string() : probe_outcome_ + ", ") +
                      std::to_string(blocks_) + (blocks_ == 1 ? " block" : " blocks") +
                      " of outer rows";
      batch_ = open_batch(inner_, block_, scope_, ctx_);
    }
  }

  bool read_block() {
    block_.clear();
    block_held_.clear();
    Row row;
    while (block_.size() < kBlockRows && outer_->next(row)) {
      ctx_.tick();
      block_held_.add();
      block_.push_back(row);
    }
    matched_rows_.assign(block_.size(), false);
    alone_ = 0;
    return !block_.empty();
  }

  const PlanNode& node_;
  const PlanNode& inner_;
  std::size_t blocks_ = 0;
  std::string probe_outcome_;
  SlotSet key_;
  const std::vector<CompiledExpression>* filter_;
  bool optional_;
  GraphScope scope_;
  Context& ctx_;
  IteratorPtr outer_;
  std::unique_ptr<Probe> probe_;
  bool decided_ = false;
  bool hashed_ = false;
  // Hashed
  RightTable table_;
  Row outer_row_;
  std::uint32_t cursor_ = RightTable::kNone;
  bool matched_ = false;
  bool pending_alone_ = false;
  // Bound
  Held block_held_;
  std::vector<Row> block_;
  std::vector<bool> matched_rows_;
  std::size_t alone_ = 0;
  std::unique_ptr<BatchIterator> batch_;
};

}  // namespace

IteratorPtr open_service_join(const PlanNode& node, const PlanNode& outer, const PlanNode& inner,
                              JoinStrategy strategy, const SlotSet& key,
                              const std::vector<CompiledExpression>* filter, bool optional,
                              const Row& seed, const GraphScope& scope, Context& ctx) {
  return std::make_unique<ServiceJoin>(node, outer, inner, strategy, key, filter, optional, seed,
                                       scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
