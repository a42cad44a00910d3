#include "sparqlmcp/void/turtle_memo.hpp"

#include <algorithm>
#include <utility>

#include "sparqlmcp/void/turtle.hpp"

namespace sparqlmcp::void_ {

TurtleMemo::TurtleMemo(std::size_t capacity, std::size_t max_chars)
    : capacity_(std::max<std::size_t>(1, capacity)), max_chars_(max_chars) {}

std::shared_ptr<const std::string> TurtleMemo::turtle(
    const std::shared_ptr<const Description>& description) {
  {
    std::lock_guard lock(mutex_);
    for (auto entry = entries_.begin(); entry != entries_.end(); ++entry) {
      // The same object, still alive: an address reused by a new description does not match.
      if (entry->address != description.get() || entry->description.lock() != description) continue;
      entries_.splice(entries_.begin(), entries_, entry);
      ++stats_.hits;
      return entry->text;
    }
    ++stats_.misses;
  }

  // Written outside the lock: a big description takes a while, and other callers go on.
  auto text = std::make_shared<const std::string>(write_turtle(*description));
  if (text->size() > max_chars_) return text;
  std::lock_guard lock(mutex_);
  entries_.remove_if([&](const Entry& entry) {
    const bool same = entry.address == description.get() || entry.description.expired();
    if (same) chars_ -= entry.text->size();
    return same;
  });
  entries_.push_front({description.get(), description, text});
  chars_ += text->size();
  while (entries_.size() > capacity_ || chars_ > max_chars_) {
    chars_ -= entries_.back().text->size();
    entries_.pop_back();
  }
  return text;
}

TurtleMemo::Stats TurtleMemo::stats() const {
  std::lock_guard lock(mutex_);
  Stats out = stats_;
  out.kept = entries_.size();
  return out;
}

}  // namespace sparqlmcp::void_
