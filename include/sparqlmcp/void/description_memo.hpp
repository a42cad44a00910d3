#pragma once
// What SummaryMemo and TurtleMemo share: values rendered from a description, kept per key while
// the description lives. The description is told by its identity (cache hits share one object
// while the file is unchanged, void/cache.hpp) and held weakly, so the memo keeps nothing alive
// and an address reused by a new description never matches. Bounded in entries and in
// characters (the least recently used goes first; a value larger than the bound is not kept).
// Thread-safe; rendering happens outside it, so a big description does not hold up others.

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_ {

struct MemoStats {
  std::size_t hits = 0;
  std::size_t misses = 0;
  std::size_t kept = 0;  // values in memory now
};

// `Key` is equality-comparable and names the description it was made for; `chars(value)` is a
// value's size in characters.
template <typename Key, typename Value>
class DescriptionMemo {
 public:
  using Chars = std::size_t (*)(const Value&);

  DescriptionMemo(std::size_t capacity, std::size_t max_chars, Chars chars)
      : capacity_(capacity < 1 ? 1 : capacity), max_chars_(max_chars), chars_of_(chars) {}

  // The value kept for `key` and this very `description`, counted as a hit or a miss.
  std::optional<Value> find(const Key& key, const std::shared_ptr<const Description>& description) {
    std::lock_guard lock(mutex_);
    for (auto entry = entries_.begin(); entry != entries_.end(); ++entry) {
      if (!(entry->key == key) || entry->description.lock() != description) continue;
      entries_.splice(entries_.begin(), entries_, entry);
      ++stats_.hits;
      return entry->value;
    }
    ++stats_.misses;
    return std::nullopt;
  }

  // Keeps `value` for `key`, replacing what two callers rendering at once may have kept, and
  // dropping the entries of descriptions that are gone.
  void keep(Key key, const std::shared_ptr<const Description>& description, Value value) {
    const std::size_t chars = chars_of_(value);
    if (chars > max_chars_) return;
    std::lock_guard lock(mutex_);
    entries_.remove_if([&](const Entry& entry) {
      const bool drop = entry.key == key || entry.description.expired();
      if (drop) chars_ -= chars_of_(entry.value);
      return drop;
    });
    entries_.push_front({std::move(key), description, std::move(value)});
    chars_ += chars;
    while (entries_.size() > capacity_ || chars_ > max_chars_) {
      chars_ -= chars_of_(entries_.back().value);
      entries_.pop_back();
    }
  }

  MemoStats stats() const {
    std::lock_guard lock(mutex_);
    MemoStats out = stats_;
    out.kept = entries_.size();
    return out;
  }

 private:
  struct Entry {
    Key key;
    std::weak_ptr<const Description> description;
    Value value;
  };

  const std::size_t capacity_;
  const std::size_t max_chars_;
  const Chars chars_of_;
  mutable std::mutex mutex_;
  std::list<Entry> entries_;  // most recently used first
  std::size_t chars_ = 0;
  MemoStats stats_;
};

}  // namespace sparqlmcp::void_
