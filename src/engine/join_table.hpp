#pragma once
// The materialised right side of a hash join, left join or MINUS: rows hashed on the join key
// (variables certainly bound on both sides), or one list when there is no key.

#include <unordered_map>
#include <vector>

#include "plan.hpp"

namespace sparqlmcp::engine::detail {

class RightTable {
 public:
  RightTable(Context& ctx, const char* what) : held_(ctx, what) {}

  // Reads all of `it`; rows are bucketed by their values in `key` (empty: one bucket).
  void build(RowIterator& it, const SlotSet& key, Context& ctx) {
    key_ = key;
    Row row;
    Row k;
    while (it.next(row)) {
      ctx.tick();
      held_.add();
      key_of(row, k);
      buckets_[k].push_back(row);
    }
  }

  // The rows whose key equals the key of `left` (nullptr: none).
  const std::vector<Row>* candidates(const Row& left) {
    key_of(left, probe_);
    auto it = buckets_.find(probe_);
    return it == buckets_.end() ? nullptr : &it->second;
  }

  bool empty() const { return buckets_.empty(); }

 private:
  void key_of(const Row& row, Row& out) const {
    out.clear();
    for (Slot s : key_)
      out.push_back(row[s]);
  }

  Held held_;
  SlotSet key_;
  Row probe_;
  std::unordered_map<Row, std::vector<Row>, RowHash> buckets_;
};

// Sets the context for evaluating expressions of one solution in `scope`.
inline void begin_row(Context& ctx, const GraphScope& scope) {
  ctx.active_scope = scope;
  ++ctx.expr.row_serial;
}

// Whether every expression's effective boolean value is true (errors count as false).
inline bool all_true(const std::vector<CompiledExpression>& exprs, const Row& row, Context& ctx) {
  for (const auto& e : exprs) {
    auto v = e.effective_boolean_value(row, ctx.expr);
    if (!v || !*v) return false;
  }
  return true;
}

}  // namespace sparqlmcp::engine::detail
