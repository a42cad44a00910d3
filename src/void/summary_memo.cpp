#include "sparqlmcp/void/summary_memo.hpp"

#include <algorithm>
#include <utility>

#include "summary_sections.hpp"

namespace sparqlmcp::void_ {

SummaryMemo::SummaryMemo(std::size_t capacity, std::size_t max_chars)
    : capacity_(std::max<std::size_t>(1, capacity)), max_chars_(max_chars) {}

SummaryMemo::Key SummaryMemo::key_of(const Description* description,
                                     const SummaryOptions& options) {
  return {description,         options.detail,
          options.classes,     options.properties,
          options.max_chars,   options.status.status,
          options.status.note, summary::shown_age(options.status)};
}

Summary SummaryMemo::summarize(const std::shared_ptr<const Description>& description,
                               const SummaryOptions& options) {
  Key key = key_of(description.get(), options);
  {
    std::lock_guard lock(mutex_);
    for (auto entry = entries_.begin(); entry != entries_.end(); ++entry) {
      // The same object, still alive: an address reused by a new description does not match.
      if (!(entry->key == key) || entry->description.lock() != description) continue;
      entries_.splice(entries_.begin(), entries_, entry);
      ++stats_.hits;
      Summary copy = entry->summary;
      // The one thing the key leaves out: the age in seconds, which only the JSON shows.
      if (!key.shown_age.empty())
        copy.structured["age_seconds"] = std::max<long long>(0, options.status.age->count());
      return copy;
    }
    ++stats_.misses;
  }

  // Rendered outside the lock: a big description takes milliseconds, and other callers go on.
  Summary summary = void_::summarize(*description, options);
  const std::size_t chars = summary.text.size();
  if (chars > max_chars_) return summary;
  std::lock_guard lock(mutex_);
  // Two callers may have rendered the same summary at once: keep one.
  entries_.remove_if([&](const Entry& entry) {
    const bool same = entry.key == key || entry.description.expired();
    if (same) chars_ -= entry.summary.text.size();
    return same;
  });
  entries_.push_front({std::move(key), description, summary});
  chars_ += chars;
  while (entries_.size() > capacity_ || chars_ > max_chars_) {
    chars_ -= entries_.back().summary.text.size();
    entries_.pop_back();
  }
  return summary;
}

SummaryMemo::Stats SummaryMemo::stats() const {
  std::lock_guard lock(mutex_);
  Stats out = stats_;
  out.kept = entries_.size();
  return out;
}

}  // namespace sparqlmcp::void_
