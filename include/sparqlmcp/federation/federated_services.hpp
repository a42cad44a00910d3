#pragma once
// The engine's ServiceHandler for federated queries: each SERVICE pattern (with the rows of a
// bound join as a VALUES block) becomes one sub-query to the endpoint's Source, remote or
// in-process. Here live the endpoint realities: blocks an endpoint refuses are halved and
// retried, answers that reach the endpoint's row cap are fetched again in smaller blocks or in
// ordered pages (and flagged when that is impossible), SERVICE SILENT turns a failure into the
// empty solution, and every request is counted for the result and for explain.
//
// One FederatedServices serves one query evaluation (its deadline and cancellation); it is used
// from the evaluating thread only. What it learns about endpoints (block sizes that work) goes
// to an EndpointMemory shared by all calls.

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
#include <vector>

#include "sparqlmcp/engine/service_handler.hpp"
#include "sparqlmcp/federation/endpoint_memory.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/federation/statistics.hpp"
#include "sparqlmcp/federation/vocabulary.hpp"
#include "sparqlmcp/util/bounded_cache.hpp"

namespace sparqlmcp::federation {

// How a block of binding rows travels: a VALUES block joined with the pattern, or (for
// endpoints that refuse VALUES) a UNION of copies of the pattern, one per row
// (src/federation/union_block.hpp).
struct FederationSettings {
  std::size_t block_rows = 500;  // binding rows per VALUES block of a bound join
  // Binding rows per UNION block, for endpoints that refuse VALUES: each row repeats the
  // pattern, so the text grows with the rows; 15 is FedX's default (RDF4J's FedXConfig
  // boundJoinBlockSize), and 15 copies of a 300-character pattern stay under the 8 KB URL
  // that many servers accept.
  std::size_t union_block_rows = 15;
  // Rows all sub-query answers of one query may hold together; beyond it the query stops with
  // a message naming the SERVICE that grew.
  std::size_t max_total_rows = 2'000'000;
  // The same for their memory (results::estimate_bytes): eight answers of the largest size a
  // single query may read (16 MiB each).
  std::size_t max_total_bytes = 8 * 16 * 1024 * 1024;
  std::size_t max_pages = 100;  // ordered pages fetched for one capped sub-query
  // A join of two SERVICE sides asks for its inner side alone, at most this many rows, beside
  // the outer side's requests: complete, it is hashed; else the join falls back to a bound join
  // (engine::EvaluationOptions::service_probe_rows).
  std::size_t probe_rows = 10000;
  // How long source selection waits for an endpoint's vocabulary (its own deadline, within the
  // query's): an endpoint too large to list its predicates in that time is probed instead.
  std::chrono::milliseconds vocabulary_timeout{3000};
};

// Sub-query answers kept across calls, keyed by endpoint and sub-query text (an agent
// reformulates the same query many times; overlapping work then costs no request).
using SubqueryCache = util::BoundedCache<results::QueryResults>;

// Finds the Source of a SERVICE IRI, or nullptr when the catalogue has none.
using SourceLookup = std::function<Source*(const std::string& endpoint_iri)>;

class FederatedServices final : public engine::ServiceHandler {
 public:
  // `cache` may be null (no sub-query cache).
  FederatedServices(SourceLookup lookup, RequestContext context, FederationSettings settings,
                    std::shared_ptr<EndpointMemory> memory,
                    std::shared_ptr<SubqueryCache> cache = nullptr);

  std::unique_ptr<engine::PendingService> start(engine::ServiceRequest request) override;
  std::vector<std::string> candidate_endpoints() const override { return candidates_; }
  std::string describe(int operator_id) const override;

  // What SERVICE ?variable ranges over when no solution binds it (at most a few endpoints).
  void set_candidate_endpoints(std::vector<std::string> endpoints) {
    candidates_ = std::move(endpoints);
  }

  const FederationStats& stats() const { return stats_; }

 private:
  friend class PendingFederated;
  friend class Ticket;

  SourceLookup lookup_;
  RequestContext context_;
  FederationSettings settings_;
  std::shared_ptr<EndpointMemory> memory_;
  std::shared_ptr<SubqueryCache> cache_;
  FederationStats stats_;
  std::size_t rows_held_ = 0;
  std::size_t bytes_held_ = 0;
  std::vector<std::string> candidates_;
  // Blocks refused as too large in this evaluation, remembered in `memory_` once a smaller
  // block of the same endpoint and form is accepted.
  struct Refusal {
    std::string endpoint;
    BlockForm form;
    std::size_t rows;
  };
  std::vector<Refusal> refused_;
  // Requests in flight, by endpoint and sub-query text: identical sub-queries share one.
  struct SharedRequest {
    std::string key;
    std::unique_ptr<PendingAnswer> pending;
    std::optional<SourceAnswer> answer;
    std::optional<Error> error;
    std::size_t waiting = 0;  // shares not taken or dropped yet
    bool taken = false;       // the first share waited for it (and counted it)
  };
  std::map<std::string, std::shared_ptr<SharedRequest>> in_flight_;
};

}  // namespace sparqlmcp::federation
