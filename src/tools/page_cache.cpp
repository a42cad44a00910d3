#include "page_cache.hpp"

namespace sparqlmcp::tools {
namespace {

constexpr std::size_t kTermOverhead = 48;  // std::optional<rdf::Term> beside its strings
constexpr std::size_t kEntryOverhead = 256;

std::size_t term_bytes(const rdf::Term& term) {
  return kTermOverhead + term.value.size() + term.datatype.size() + term.language.size();
}

}  // namespace

PageCache::PageCache(std::size_t max_bytes, std::chrono::seconds time_to_live)
    : max_bytes_(max_bytes), time_to_live_(time_to_live) {}

std::size_t PageCache::estimate_bytes(const CachedAnswer& answer) {
  std::size_t bytes = kEntryOverhead;
  for (const results::Row& row : answer.solutions.rows) {
    bytes += sizeof(results::Row);
    for (const auto& value : row)
      bytes += value ? term_bytes(*value) : kTermOverhead;
  }
  for (const rdf::Triple& triple : answer.triples) {
    bytes += term_bytes(triple.subject) + term_bytes(triple.predicate) + term_bytes(triple.object);
  }
  return bytes;
}

void PageCache::put(const std::string& key, CachedAnswer answer) {
  std::size_t bytes = estimate_bytes(answer) + key.size();
  std::lock_guard lock(mutex_);
  if (auto it = index_.find(key); it != index_.end()) erase_locked(it->second);
  if (bytes > max_bytes_) return;
  auto now = Clock::now();
  entries_.push_front(Entry{key, std::move(answer), bytes, now + time_to_live_});
  index_[key] = entries_.begin();
  bytes_ += bytes;
  evict_locked(now);
}

std::optional<CachedAnswer> PageCache::find(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = index_.find(key);
  if (it == index_.end()) return std::nullopt;
  if (it->second->expires <= Clock::now()) {
    erase_locked(it->second);
    return std::nullopt;
  }
  entries_.splice(entries_.begin(), entries_, it->second);
  return it->second->answer;
}

std::size_t PageCache::bytes_held() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

std::size_t PageCache::entries() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

void PageCache::evict_locked(Clock::time_point now) {
  // Expired entries wherever they are, then the least recently used until the cap holds.
  for (auto it = entries_.begin(); it != entries_.end();) {
    auto next = std::next(it);
    if (it->expires <= now) erase_locked(it);
    it = next;
  }
  while (bytes_ > max_bytes_ && !entries_.empty())
    erase_locked(std::prev(entries_.end()));
}

void PageCache::erase_locked(std::list<Entry>::iterator it) {
  bytes_ -= it->bytes;
  index_.erase(it->key);
  entries_.erase(it);
}

}  // namespace sparqlmcp::tools
