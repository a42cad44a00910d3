#pragma once
// The materialised right side of a hash join, left join or MINUS: rows hashed on the join key
// (variables certainly bound on both sides), or one list when there is no key. Rows are held
// flat (RowBuffer); each key's rows are chained by row number.

#include <cstdint>
#include <string>
#include <vector>

#include "plan.hpp"
#include "row_buffer.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::engine::detail {

class RightTable {
 public:
  static constexpr std::uint32_t kNone = 0xffffffffu;

  RightTable(Context& ctx, const char* what) : held_(ctx, what), what_(what) {}

  // Reads all of `it`; rows are grouped by their values in `key` (empty: one group).
  void build(RowIterator& it, const SlotSet& key, Context& ctx) {
    key_ = key;
    Row row;
    while (it.next(row)) {
      ctx.tick();
      held_.add();
      if (rows_.size() >= kNone - 1) too_many();
      if (next_.empty()) rows_ = RowBuffer(row.size());
      rows_.push_back(row);
      next_.push_back(kNone);
    }
    index();
  }

  // The first row whose key equals the key of `left` (kNone: none); next() gives the
  // following ones, in the order they were read.
  std::uint32_t first(const Row& left) const {
    if (next_.empty()) return kNone;
    std::size_t mask = heads_.size() - 1;
    for (std::size_t i = hash_key(left) & mask;; i = (i + 1) & mask) {
      std::uint32_t h = heads_[i];
      if (h == kNone) return kNone;
      if (same_key(rows_[h], left)) return h;
    }
  }
  std::uint32_t next(std::uint32_t i) const { return next_[i]; }
  RowView row(std::uint32_t i) const { return rows_[i]; }

  bool empty() const { return next_.empty(); }

 private:
  std::size_t hash_key(RowView row) const {
    IdHash h;
    for (Slot s : key_)
      h.add(row[s]);
    return h.value();
  }
  [[noreturn]] void too_many() const {
    std::string message = what_;
    message += " holds more than 4294967294 rows; narrow the query or add a LIMIT";
    throw_error(ErrorKind::LimitExceeded, std::move(message));
  }
  bool same_key(RowView a, RowView b) const {
    for (Slot s : key_)
      if (a[s] != b[s]) return false;
    return true;
  }

  // Chains the rows of each key (heads_: open addressing on the key's hash, the first row of
  // each key; tails_ beside it while building).
  void index() {
    std::size_t cap = 16;
    while (cap < 2 * next_.size())
      cap *= 2;
    heads_.assign(cap, kNone);
    std::vector<std::uint32_t> tails(cap, kNone);
    std::size_t mask = cap - 1;
    for (std::uint32_t r = 0; r < next_.size(); ++r) {
      RowView row = rows_[r];
      for (std::size_t i = hash_key(row) & mask;; i = (i + 1) & mask) {
        if (heads_[i] == kNone) {
          heads_[i] = tails[i] = r;
          break;
        }
        if (same_key(rows_[heads_[i]], row)) {
          next_[tails[i]] = r;
          tails[i] = r;
          break;
        }
      }
    }
  }

  Held held_;
  const char* what_;
  SlotSet key_;
  RowBuffer rows_;
  std::vector<std::uint32_t> next_;   // per row: the next row with the same key
  std::vector<std::uint32_t> heads_;  // open-addressing table of each key's first row
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
