#include "sparqlmcp/federation/endpoint_memory.hpp"

#include <algorithm>

namespace sparqlmcp::federation {

std::optional<std::size_t> EndpointMemory::block_limit(const std::string& endpoint,
                                                       BlockForm form) const {
  std::lock_guard lock(mutex_);
  auto it = blocks_.find({endpoint, form});
  if (it == blocks_.end() || it->second.smallest_refused == 0) return std::nullopt;
  const Blocks& b = it->second;
  if (std::chrono::steady_clock::now() - b.refused_at >= block_retest_) return std::nullopt;
  if (b.largest_accepted > 0 && b.largest_accepted < b.smallest_refused) return b.largest_accepted;
  return std::max<std::size_t>(b.smallest_refused / 2, 1);
}

void EndpointMemory::block_refused(const std::string& endpoint, std::size_t rows, BlockForm form) {
  std::lock_guard lock(mutex_);
  Blocks& b = blocks_[{endpoint, form}];
  const auto now = std::chrono::steady_clock::now();
  // A refusal older than the re-test period was tried again: what it taught is replaced.
  if (b.smallest_refused > 0 && now - b.refused_at >= block_retest_) b = Blocks{};
  if (b.smallest_refused == 0 || rows < b.smallest_refused) b.smallest_refused = rows;
  b.refused_at = now;
}

void EndpointMemory::block_accepted(const std::string& endpoint, std::size_t rows, BlockForm form) {
  std::lock_guard lock(mutex_);
  Blocks& b = blocks_[{endpoint, form}];
  b.largest_accepted = std::max(b.largest_accepted, rows);
}

bool EndpointMemory::refuses_values(const std::string& endpoint) const {
  std::lock_guard lock(mutex_);
  return refuses_values_.count(endpoint) > 0;
}

void EndpointMemory::remember_refuses_values(const std::string& endpoint) {
  std::lock_guard lock(mutex_);
  refuses_values_.insert(endpoint);
}

std::optional<bool> EndpointMemory::has_solutions(const std::string& endpoint,
                                                  const std::string& shape) {
  return probes_.find(endpoint + "\n" + shape);
}

void EndpointMemory::remember_solutions(const std::string& endpoint, const std::string& shape,
                                        bool any) {
  probes_.put(endpoint + "\n" + shape, any, 64);
}

std::optional<std::uint64_t> EndpointMemory::rows_seen(const std::string& endpoint,
                                                       const std::string& shape) {
  return rows_seen_.find(endpoint + "\n" + shape);
}

void EndpointMemory::remember_rows(const std::string& endpoint, const std::string& shape,
                                   std::uint64_t rows) {
  rows_seen_.put(endpoint + "\n" + shape, rows, 64);
}

std::optional<std::shared_ptr<const Vocabulary>> EndpointMemory::vocabulary(
    const std::string& endpoint) {
  DescribedVocabularies described;
  {
    std::lock_guard lock(mutex_);
    described = described_;
  }
  if (described) {
    if (std::shared_ptr<const Vocabulary> vocabulary = described(endpoint)) return vocabulary;
  }
  if (without_vocabulary_.find(endpoint)) return std::shared_ptr<const Vocabulary>();
  return vocabularies_.find(endpoint);
}

void EndpointMemory::set_described_vocabularies(DescribedVocabularies source) {
  std::lock_guard lock(mutex_);
  described_ = std::move(source);
}

void EndpointMemory::remember_vocabulary(const std::string& endpoint,
                                         std::shared_ptr<const Vocabulary> vocabulary) {
  vocabulary_generation_.fetch_add(1, std::memory_order_acq_rel);
  if (!vocabulary) {
    without_vocabulary_.put(endpoint, true, 64);
    return;
  }
  std::size_t bytes = 64;
  for (const auto* terms : {&vocabulary->predicates, &vocabulary->classes})
    for (const std::string& term : *terms)
      bytes += term.size() + 48;
  vocabularies_.put(endpoint, std::move(vocabulary), bytes);
}

std::optional<std::size_t> EndpointMemory::learned_result_cap(const std::string& endpoint) const {
  std::lock_guard lock(mutex_);
  auto it = result_caps_.find(endpoint);
  if (it == result_caps_.end()) return std::nullopt;
  return it->second;
}

void EndpointMemory::result_cap_seen(const std::string& endpoint, std::size_t rows) {
  std::lock_guard lock(mutex_);
  auto [it, added] = result_caps_.emplace(endpoint, rows);
  if (!added) it->second = std::min(it->second, rows);
}

}  // namespace sparqlmcp::federation
