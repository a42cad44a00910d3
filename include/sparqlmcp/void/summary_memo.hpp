#pragma once
// Summaries kept per description and options, so that a cache hit costs a copy of a bounded
// summary instead of a new rendering. Rendering grows with the description (0.5 ms for 21
// classes, 11-40 ms for 5,000 on the shared machine, docs/void.md "Summaries"); the summary
// itself is bounded by its budget, and so is the copy (0.07 ms for 8,000 characters).
//
// Exact: what the memo gives is what summarize() gives for the same arguments, byte for byte.
// A summary depends on the description, the options, and the age only as the header shows it
// ("2 h old"): the memo keys on that text and writes the exact `age_seconds` into the copy.
// The description is told by its identity: cache hits share one object while the file is
// unchanged (void/cache.hpp), and a replaced or dropped description is never matched again
// (the memo holds it weakly, so it also keeps nothing alive).

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "sparqlmcp/void/description_memo.hpp"
#include "sparqlmcp/void/model.hpp"
#include "sparqlmcp/void/summary.hpp"

namespace sparqlmcp::void_ {

class SummaryMemo {
 public:
  // Keeps at most `capacity` summaries (the least recently used goes first) and at most
  // `max_chars` characters of summary text in all.
  explicit SummaryMemo(std::size_t capacity = 64, std::size_t max_chars = 2'000'000);

  // summarize(*description, options), from memory when it can be. Throws what summarize
  // throws.
  Summary summarize(const std::shared_ptr<const Description>& description,
                    const SummaryOptions& options);

  using Stats = MemoStats;
  Stats stats() const { return memo_.stats(); }

 private:
  struct Key {
    const Description* description = nullptr;
    Detail detail = Detail::Summary;
    std::vector<std::string> classes;
    std::vector<std::string> properties;
    std::size_t max_chars = 0;
    Status status = Status::Computed;
    std::string note;
    std::string shown_age;  // the age as the header writes it; empty when it writes none
    bool operator==(const Key& other) const = default;
  };

  static Key key_of(const Description* description, const SummaryOptions& options);

  DescriptionMemo<Key, Summary> memo_;
};

}  // namespace sparqlmcp::void_
