#pragma once
// Rows of one width held in memory as one flat array of ids (width ids per row) instead of
// one heap allocation per row: a 6-slot row costs 24 bytes instead of about 70.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "sparqlmcp/engine/solution.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::engine::detail {

using RowView = std::span<const TermId>;

// FNV-1a over term ids, with a final mix so that the low bits the open-addressing tables use
// depend on every id.
class IdHash {
 public:
  void add(TermId id) { h_ = (h_ ^ id) * 0x100000001b3ull; }
  std::size_t value() const { return h_ ^ (h_ >> 29); }

 private:
  std::size_t h_ = 0xcbf29ce484222325ull;
};

class RowBuffer {
 public:
  explicit RowBuffer(std::size_t width = 0) : width_(width) {}

  std::size_t width() const { return width_; }
  std::size_t size() const { return width_ == 0 ? count_ : ids_.size() / width_; }
  bool empty() const { return size() == 0; }

  void push_back(RowView row) {
    ids_.insert(ids_.end(), row.begin(), row.end());
    ++count_;
  }
  RowView operator[](std::size_t i) const { return RowView(ids_.data() + i * width_, width_); }

  // Copies row `from` over row `to`.
  void copy_row(std::size_t from, std::size_t to) {
    std::copy_n(ids_.begin() + from * width_, width_, ids_.begin() + to * width_);
  }
  // Keeps the first n rows.
  void truncate(std::size_t n) {
    ids_.resize(n * width_);
    count_ = n;
  }

  void clear() {
    ids_.clear();
    ids_.shrink_to_fit();
    count_ = 0;
  }

 private:
  std::size_t width_;
  std::size_t count_ = 0;  // rows, for width 0
  std::vector<TermId> ids_;
};

// A set of rows (all of one width) held in a RowBuffer, indexed by an open-addressing table of
// row numbers.
class RowSet {
 public:
  // Adds `row` unless an equal row is there; returns whether it was added.
  bool insert(RowView row) { return find_or_add(row).second; }

  // The number of the row equal to `row`, adding it if there is none (then second is true).
  std::pair<std::uint32_t, bool> find_or_add(RowView row) {
    if (rows_.empty() && table_.empty()) rows_ = RowBuffer(row.size());
    if (2 * (rows_.size() + 1) > table_.size()) grow();
    std::size_t mask = table_.size() - 1;
    for (std::size_t i = hash(row) & mask;; i = (i + 1) & mask) {
      std::uint32_t r = table_[i];
      if (r == kNone) {
        if (rows_.size() >= kNone)
          throw_error(ErrorKind::LimitExceeded,
                      "more than 4294967295 distinct rows or groups; narrow the query");
        r = static_cast<std::uint32_t>(rows_.size());
        table_[i] = r;
        rows_.push_back(row);
        return {r, true};
      }
      if (std::equal(row.begin(), row.end(), rows_[r].begin())) return {r, false};
    }
  }

  RowView operator[](std::size_t i) const { return rows_[i]; }
  std::size_t size() const { return rows_.size(); }

 private:
  static constexpr std::uint32_t kNone = 0xffffffffu;

  static std::size_t hash(RowView row) {
    IdHash h;
    for (TermId id : row)
      h.add(id);
    return h.value();
  }

  void grow() {
    std::size_t cap = table_.empty() ? 16 : 2 * table_.size();
    table_.assign(cap, kNone);
    std::size_t mask = cap - 1;
    for (std::uint32_t r = 0; r < rows_.size(); ++r)
      for (std::size_t i = hash(rows_[r]) & mask;; i = (i + 1) & mask)
        if (table_[i] == kNone) {
          table_[i] = r;
          break;
        }
  }

  RowBuffer rows_;
  std::vector<std::uint32_t> table_;
};

}  // namespace sparqlmcp::engine::detail
