#pragma once
// A key-value cache bounded by an estimate of the bytes it holds and by a time to live; the
// least recently used entries go first when it is full, expired ones whenever it is touched.
// Thread-safe: tool calls run on several workers. The result cache of run_sparql_query's pages
// and the federation's sub-query cache are both one of these.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <iterator>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace sparqlmcp::util {

template <class Value>
class BoundedCache {
 public:
  using Clock = std::chrono::steady_clock;

  BoundedCache(std::size_t max_bytes, std::chrono::seconds time_to_live)
      : max_bytes_(max_bytes), time_to_live_(time_to_live) {}

  // Keeps `value` under `key` (replacing an entry with the same key); `bytes` is what it is
  // estimated to hold. A value larger than the whole cache is not kept.
  void put(const std::string& key, Value value, std::size_t bytes) {
    bytes += key.size();
    std::lock_guard lock(mutex_);
    if (auto it = index_.find(key); it != index_.end()) erase_locked(it->second);
    if (bytes > max_bytes_) return;
    auto now = Clock::now();
    entries_.push_front(Entry{key, std::move(value), bytes, now + time_to_live_});
    next_expiry_ = std::min(next_expiry_, entries_.front().expires);
    index_[key] = entries_.begin();
    bytes_ += bytes;
    evict_locked(now);
  }

  // A copy of the entry, when present and not expired.
  std::optional<Value> find(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = index_.find(key);
    if (it == index_.end()) return std::nullopt;
    if (it->second->expires <= Clock::now()) {
      erase_locked(it->second);
      return std::nullopt;
    }
    entries_.splice(entries_.begin(), entries_, it->second);
    return it->second->value;
  }

  std::size_t bytes_held() const {
    std::lock_guard lock(mutex_);
    return bytes_;
  }
  std::size_t entries() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
  }

 private:
  struct Entry {
    std::string key;
    Value value;
    std::size_t bytes = 0;
    Clock::time_point expires;
  };

  void evict_locked(Clock::time_point now) {
    // Expired entries wherever they are (a use moves an entry to the front, so the list is not
    // in expiry order), then the least recently used until the cap holds. The walk only runs
    // once something has expired: a walk on every put made a full cache cost a pass per insert.
    if (now >= next_expiry_) {
      next_expiry_ = Clock::time_point::max();
      for (auto it = entries_.begin(); it != entries_.end();) {
        auto next = std::next(it);
        if (it->expires <= now)
          erase_locked(it);
        else
          next_expiry_ = std::min(next_expiry_, it->expires);
        it = next;
      }
    }
    while (bytes_ > max_bytes_ && !entries_.empty())
      erase_locked(std::prev(entries_.end()));
  }
  void erase_locked(typename std::list<Entry>::iterator it) {
    bytes_ -= it->bytes;
    index_.erase(it->key);
    entries_.erase(it);
  }

  const std::size_t max_bytes_;
  const std::chrono::seconds time_to_live_;
  mutable std::mutex mutex_;
  std::list<Entry> entries_;  // most recently used first
  std::unordered_map<std::string, typename std::list<Entry>::iterator> index_;
  std::size_t bytes_ = 0;
  // No entry expires before this (entries erased since may have set it): the next walk.
  Clock::time_point next_expiry_ = Clock::time_point::max();
};

}  // namespace sparqlmcp::util
