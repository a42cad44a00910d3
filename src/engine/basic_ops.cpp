// The streaming operators that need no memory: Union, Filter, Extend, Table (VALUES), Project
// and ToMultiSet (the boundary of a sub-select).

#include "join_table.hpp"
#include "service_eval.hpp"

namespace sparqlmcp::engine::detail {

namespace {

class UnionIterator final : public RowIterator {
 public:
  UnionIterator(const PlanNode& plan, const Row& seed, GraphScope scope, Context& ctx)
      : plan_(plan), seed_(seed), scope_(std::move(scope)), ctx_(ctx) {
    current_ = open(*plan.children[0], seed_, scope_, ctx_);
  }
  bool next(Row& out) override {
    for (;;) {
      if (current_->next(out)) return true;
      if (second_) return false;
      second_ = true;
      current_ = open(*plan_.children[1], seed_, scope_, ctx_);
    }
  }

 private:
  const PlanNode& plan_;
  Row seed_;
  GraphScope scope_;
  Context& ctx_;
  IteratorPtr current_;
  bool second_ = false;
};

class FilterIterator final : public RowIterator {
 public:
  FilterIterator(const PlanNode& plan, const FilterPlan& filter, const Row& seed, GraphScope scope,
                 Context& ctx)
      : filter_(filter), scope_(std::move(scope)), ctx_(ctx) {
    if (filter.seed_bindings.empty()) {
      child_ = open(*plan.children[0], seed, scope_, ctx);
      return;
    }
    Row seeded = seed;
    for (const auto& [slot, id] : filter.seed_bindings) {
      if (seeded[slot] != kUnbound && seeded[slot] != id) return;  // no row can pass
      seeded[slot] = id;
    }
    child_ = open(*plan.children[0], seeded, scope_, ctx);
  }
  bool next(Row& out) override {
    if (!child_) return false;
    if (!filter_.remote_exists.empty()) return next_in_blocks(out);
    while (child_->next(out)) {
      ctx_.tick();
      begin_row(ctx_, scope_);
      if (all_true(filter_.exprs, out, ctx_)) return true;
    }
    return false;
  }

 private:
  // EXISTS over remote blocks as a semi-join: the rows are read in blocks, each remote EXISTS
  // pattern is asked once per block with the block's rows as its seeds (the SERVICE requests
  // carry them as VALUES), and each row is then tested with those answers.
  static constexpr std::size_t kBlockRows = 2000;

  bool next_in_blocks(Row& out) {
    for (;;) {
      if (at_ == block_.size() && !fill_block()) return false;
      const std::size_t i = at_++;
      ctx_.tick();
      begin_row(ctx_, scope_);
      bool pass = false;
      {
        // Cleared however the test ends (an error in an expression included).
        struct Known {
          Context& ctx;
          ~Known() { ctx.exists_known = nullptr; }
        } known{ctx_};
        ctx_.exists_known = &known_[i];
        pass = all_true(filter_.exprs, block_[i], ctx_);
      }
      if (pass) {
        out = std::move(block_[i]);
        return true;
      }
    }
  }

  bool fill_block() {
    block_.clear();
    known_.clear();
    at_ = 0;
    Row row;
    while (block_.size() < kBlockRows && child_->next(row)) {
      row.resize(std::max(row.size(), ctx_.vars.size()), kUnbound);
      block_.push_back(row);
    }
    if (block_.empty()) return false;
    known_.assign(block_.size(), {});
    const GraphScope scope = scope_ ? scope_ : ctx_.default_scope;
    for (const sparql::algebra::Operator* pattern : filter_.remote_exists) {
      const std::vector<bool> found =
          seeds_with_solutions(exists_plan(*pattern, ctx_), block_, scope, ctx_);
      for (std::size_t i = 0; i < block_.size(); ++i)
        known_[i].emplace_back(pattern, found[i]);
    }
    return true;
  }

  const FilterPlan& filter_;
  GraphScope scope_;
  Context& ctx_;
  IteratorPtr child_;
  std::vector<Row> block_;
  std::vector<std::vector<std::pair<const sparql::algebra::Operator*, bool>>> known_;
  std::size_t at_ = 0;
};

class ExtendIterator final : public RowIterator {
 public:
  ExtendIterator(const PlanNode& plan, const ExtendPlan& extend, const Row& seed, GraphScope scope,
                 Context& ctx)
      : extend_(extend), scope_(std::move(scope)), ctx_(ctx) {
    child_ = open(*plan.children[0], seed, scope_, ctx);
  }
  bool next(Row& out) override {
    while (child_->next(out)) {
      ctx_.tick();
      begin_row(ctx_, scope_);
      bool keep = true;
      for (std::size_t i = 0; i < extend_.exprs.size() && keep; ++i) {
        TermId value = extend_.exprs[i].evaluate(out, ctx_.expr);
        TermId& cell = out[extend_.slots[i]];
        // Already bound only through a seed (the parser forbids BIND to an in-scope
        // variable): as in a join, the value must agree, or be an error (unbound).
        if (cell != kUnbound) {
          keep = value == kUnbound || value == cell;
        } else {
          cell = value;  // an error leaves the variable unbound
        }
      }
      if (keep) return true;
    }
    return false;
  }

 private:
  const ExtendPlan& extend_;
  GraphScope scope_;
  Context& ctx_;
  IteratorPtr child_;
};

class TableIterator final : public RowIterator {
 public:
  TableIterator(const TablePlan& table, const Row& seed) : table_(table), seed_(seed) {}
  bool next(Row& out) override {
    while (pos_ < table_.rows.size()) {
      const auto& values = table_.rows[pos_++];
      out = seed_;
      bool ok = true;
      for (std::size_t i = 0; i < values.size() && ok; ++i) {
        if (values[i] == kUnbound) continue;
        TermId& cell = out[table_.vars[i]];
        if (cell == kUnbound) {
          cell = values[i];
        } else {
          ok = cell == values[i];
        }
      }
      if (ok) return true;
    }
    return false;
  }

 private:
  const TablePlan& table_;
  Row seed_;
  std::size_t pos_ = 0;
};

class ProjectIterator final : public RowIterator {
 public:
  ProjectIterator(const PlanNode& plan, const ProjectPlan& project, const Row& seed,
                  const GraphScope& scope, Context& ctx)
      : keep_(seed.size(), false) {
    for (Slot s : project.vars)
      keep_[s] = true;
    child_ = open(*plan.children[0], seed, scope, ctx);
  }
  bool next(Row& out) override {
    if (!child_->next(out)) return false;
    for (std::size_t i = 0; i < out.size(); ++i)
      if (!keep_[i]) out[i] = kUnbound;
    return true;
  }

 private:
  std::vector<bool> keep_;
  IteratorPtr child_;
};

// A sub-select is evaluated on its own (bottom-up, 18.2.1): it starts from an empty seed, so
// outer bindings never leak in, and its projection has cleared its inner variables before its
// rows are joined with the seed.
class ToMultiSetIterator final : public RowIterator {
 public:
  ToMultiSetIterator(const PlanNode& plan, const Row& seed, const GraphScope& scope, Context& ctx)
      : seed_(seed), ctx_(ctx) {
    child_ = open(*plan.children[0], Row(seed.size(), kUnbound), scope, ctx);
    for (TermId id : seed)
      if (id != kUnbound) seeded_ = true;
  }
  bool next(Row& out) override {
    while (child_->next(out)) {
      if (!seeded_) return true;
      ctx_.tick();
      if (!compatible(out, seed_)) continue;
      merge_into(out, seed_);
      return true;
    }
    return false;
  }

 private:
  Row seed_;
  Context& ctx_;
  IteratorPtr child_;
  bool seeded_ = false;
};

}  // namespace

IteratorPtr open_operator(const PlanNode& node, const UnionPlan&, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<UnionIterator>(node, seed, scope, ctx);
}
IteratorPtr open_operator(const PlanNode& node, const FilterPlan& filter, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<FilterIterator>(node, filter, seed, scope, ctx);
}
IteratorPtr open_operator(const PlanNode& node, const ExtendPlan& extend, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<ExtendIterator>(node, extend, seed, scope, ctx);
}
IteratorPtr open_operator(const PlanNode&, const TablePlan& table, const Row& seed,
                          const GraphScope&, Context&) {
  return std::make_unique<TableIterator>(table, seed);
}
IteratorPtr open_operator(const PlanNode& node, const ProjectPlan& project, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<ProjectIterator>(node, project, seed, scope, ctx);
}
IteratorPtr open_operator(const PlanNode& node, const ToMultiSetPlan&, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<ToMultiSetIterator>(node, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
