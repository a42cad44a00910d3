#pragma once
// What the federation learns about endpoints, kept across calls so that it is paid for once:
// the bound-join block sizes they accept (per form) and whether they refuse VALUES, whether
// they have solutions for pattern shapes, their vocabularies, and the result caps they
// announce. Thread-safe; one per server (run_sparql_query's), shared by every call's sources.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "sparqlmcp/federation/vocabulary.hpp"
#include "sparqlmcp/util/bounded_cache.hpp"

namespace sparqlmcp::federation {

enum class BlockForm { Values, Union };

// What was learned about endpoints, kept across calls (thread-safe).
class EndpointMemory {
 public:
  // `block_retest`: how long a smaller block size learned from a refusal is used before the
  // full size is tried again (an endpoint's limits change: a restart, a new configuration).
  explicit EndpointMemory(std::chrono::seconds block_retest = std::chrono::minutes(15))
      : block_retest_(block_retest) {}

  // The block size to use for an endpoint that refused a block of that form: the largest block
  // it accepted below the smallest it refused, or half of that; nullopt while none was refused,
  // and again once the refusal is older than `block_retest`. Only refusals that a smaller block
  // cured are remembered (FederatedServices reports them once it is).
  std::optional<std::size_t> block_limit(const std::string& endpoint,
                                         BlockForm form = BlockForm::Values) const;
  void block_refused(const std::string& endpoint, std::size_t rows,
                     BlockForm form = BlockForm::Values);
  void block_accepted(const std::string& endpoint, std::size_t rows,
                      BlockForm form = BlockForm::Values);

  // Whether the endpoint refused a VALUES block of one row and accepted its UNION form: its
  // bound joins then go straight to UNION blocks.
  bool refuses_values(const std::string& endpoint) const;
  void remember_refuses_values(const std::string& endpoint);

  // Whether an endpoint has a solution for a pattern shape (source selection's ASK probes).
  std::optional<bool> has_solutions(const std::string& endpoint, const std::string& shape);
  void remember_solutions(const std::string& endpoint, const std::string& shape, bool any);
  // How many rows an endpoint's whole answer to a pattern shape had (an unbound SERVICE
  // answer, not cut): the join order's estimate, corrected by what was seen (15 minutes).
  std::optional<std::uint64_t> rows_seen(const std::string& endpoint, const std::string& shape);
  void remember_rows(const std::string& endpoint, const std::string& shape, std::uint64_t rows);

  // An endpoint's vocabulary: the one its VoID description gives (see
  // set_described_vocabularies), else the vocabulary when learned (kept 15 minutes), nullptr
  // when it could not be learned (too large, too slow, refused; not asked again for 6 hours),
  // nullopt when it was not asked yet.
  std::optional<std::shared_ptr<const Vocabulary>> vocabulary(const std::string& endpoint);
  // Where vocabularies from VoID descriptions come from (the VoID cache): asked first, so an
  // endpoint with a complete description needs no vocabulary request. It returns nullptr for
  // an endpoint without one, must be thread-safe and quick.
  using DescribedVocabularies =
      std::function<std::shared_ptr<const Vocabulary>(const std::string& endpoint)>;
  void set_described_vocabularies(DescribedVocabularies source);
  void remember_vocabulary(const std::string& endpoint,
                           std::shared_ptr<const Vocabulary> vocabulary);
  // Grows with every vocabulary remembered (what the source index is built from).
  std::uint64_t vocabulary_generation() const {
    return vocabulary_generation_.load(std::memory_order_acquire);
  }

  // The smallest result cap an endpoint said it applied (Virtuoso's X-SPARQL-MaxRows), for
  // endpoints whose catalogue entry declares none: answers of that many rows may be cut.
  std::optional<std::size_t> learned_result_cap(const std::string& endpoint) const;
  void result_cap_seen(const std::string& endpoint, std::size_t rows);

 private:
  struct Blocks {
    std::size_t smallest_refused = 0;  // 0: none refused
    std::size_t largest_accepted = 0;
    std::chrono::steady_clock::time_point refused_at;
  };
  std::chrono::seconds block_retest_;
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, BlockForm>, Blocks> blocks_;
  std::set<std::string> refuses_values_;
  std::map<std::string, std::size_t> result_caps_;
  DescribedVocabularies described_;
  std::atomic<std::uint64_t> vocabulary_generation_{0};
  util::BoundedCache<bool> probes_{8 * 1024 * 1024, std::chrono::seconds(900)};
  util::BoundedCache<std::uint64_t> rows_seen_{4 * 1024 * 1024, std::chrono::seconds(900)};
  util::BoundedCache<std::shared_ptr<const Vocabulary>> vocabularies_{32 * 1024 * 1024,
                                                                      std::chrono::seconds(900)};
  util::BoundedCache<bool> without_vocabulary_{1024 * 1024, std::chrono::hours(6)};
};

}  // namespace sparqlmcp::federation
