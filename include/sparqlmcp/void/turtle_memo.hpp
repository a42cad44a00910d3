#pragma once
// The Turtle of a description, written once per description object: a cache hit with
// detail=turtle then costs a copy of the text instead of a new write_turtle (1.2 ms for the
// 72 KB description of 1M generated triples, docs/void.md "Cache"). As with SummaryMemo, the
// description is told by its identity (cache hits share one object while the file is
// unchanged) and held weakly.

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>

#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_ {

class TurtleMemo {
 public:
  // Keeps at most `capacity` texts (the least recently used goes first) and at most
  // `max_chars` characters in all; a longer text is written for each call and not kept.
  explicit TurtleMemo(std::size_t capacity = 16, std::size_t max_chars = 16'000'000);

  // write_turtle(*description), from memory when it can be.
  std::shared_ptr<const std::string> turtle(const std::shared_ptr<const Description>& description);

  struct Stats {
    std::size_t hits = 0;
    std::size_t misses = 0;
    std::size_t kept = 0;
  };
  Stats stats() const;

 private:
  struct Entry {
    const Description* address = nullptr;
    std::weak_ptr<const Description> description;
    std::shared_ptr<const std::string> text;
  };

  std::size_t capacity_;
  std::size_t max_chars_;
  mutable std::mutex mutex_;
  std::list<Entry> entries_;  // most recently used first
  std::size_t chars_ = 0;
  Stats stats_;
};

}  // namespace sparqlmcp::void_
