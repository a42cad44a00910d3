// Solution modifiers that stream: DISTINCT (a set of the rows seen, held flat), REDUCED (drops a
// row equal to the one before it: allowed by 18.5, costs no memory) and Slice (OFFSET/LIMIT; stops
// pulling once the limit is reached, so the work below stops too).

#include "plan.hpp"
#include "row_buffer.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class DistinctIterator final : public RowIterator {
 public:
  DistinctIterator(const PlanNode& plan, const Row& seed, const GraphScope& scope, Context& ctx)
      : ctx_(ctx), held_(ctx, "DISTINCT") {
    child_ = open(*plan.children[0], seed, scope, ctx);
  }
  bool next(Row& out) override {
    while (child_->next(out)) {
      ctx_.tick();
      if (seen_.insert(out)) {
        held_.add();
        return true;
      }
    }
    return false;
  }

 private:
  Context& ctx_;
  Held held_;
  IteratorPtr child_;
  RowSet seen_;
};

class ReducedIterator final : public RowIterator {
 public:
  ReducedIterator(const PlanNode& plan, const Row& seed, const GraphScope& scope, Context& ctx) {
    child_ = open(*plan.children[0], seed, scope, ctx);
  }
  bool next(Row& out) override {
    while (child_->next(out)) {
      if (has_last_ && out == last_) continue;
      last_ = out;
      has_last_ = true;
      return true;
    }
    return false;
  }

 private:
  IteratorPtr child_;
  Row last_;
  bool has_last_ = false;
};

class SliceIterator final : public RowIterator {
 public:
  SliceIterator(const PlanNode& plan, const SlicePlan& slice, const Row& seed,
                const GraphScope& scope, Context& ctx)
      : slice_(slice), ctx_(ctx) {
    if (!slice.limit || *slice.limit > 0) child_ = open(*plan.children[0], seed, scope, ctx);
  }
  bool next(Row& out) override {
    if (!child_) return false;
    while (skipped_ < slice_.offset) {
      if (!child_->next(out)) return finish();
      ctx_.tick();
      ++skipped_;
    }
    if (slice_.limit && returned_ >= *slice_.limit) return finish();
    if (!child_->next(out)) return finish();
    ++returned_;
    return true;
  }

 private:
  bool finish() {
    child_.reset();  // gives back what the operators below hold
    return false;
  }
  const SlicePlan& slice_;
  Context& ctx_;
  IteratorPtr child_;
  std::uint64_t skipped_ = 0;
  std::uint64_t returned_ = 0;
};

}  // namespace

IteratorPtr open_operator(const PlanNode& node, const DistinctPlan&, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<DistinctIterator>(node, seed, scope, ctx);
}
IteratorPtr open_operator(const PlanNode& node, const ReducedPlan&, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<ReducedIterator>(node, seed, scope, ctx);
}
IteratorPtr open_operator(const PlanNode& node, const SlicePlan& slice, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<SliceIterator>(node, slice, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
