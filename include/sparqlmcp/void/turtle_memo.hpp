#pragma once
// The Turtle of a description, written once per description object: a cache hit with
// detail=turtle then costs a copy of the text instead of a new write_turtle (1.2 ms for the
// 72 KB description of 1M generated triples, docs/void.md "Cache"). As with SummaryMemo, the
// description is told by its identity (cache hits share one object while the file is
// unchanged) and held weakly.

#include <cstddef>
#include <memory>
#include <string>

#include "sparqlmcp/void/description_memo.hpp"
#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_ {

class TurtleMemo {
 public:
  // Keeps at most `capacity` texts (the least recently used goes first) and at most
  // `max_chars` characters in all; a longer text is written for each call and not kept.
  explicit TurtleMemo(std::size_t capacity = 16, std::size_t max_chars = 16'000'000);

  // write_turtle(*description), from memory when it can be.
  std::shared_ptr<const std::string> turtle(const std::shared_ptr<const Description>& description);

  using Stats = MemoStats;
  Stats stats() const { return memo_.stats(); }

 private:
  DescriptionMemo<const Description*, std::shared_ptr<const std::string>> memo_;
};

}  // namespace sparqlmcp::void_
