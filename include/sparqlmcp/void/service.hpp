#pragma once
// Describing a catalogue endpoint, the way get_void_descriptions and `sparql-mcp void` need it:
//   1. the cache (void-cache/<id>.ttl), unless a refresh or a computation is asked for;
//   2. VoID the endpoint publishes (discover.hpp), stored in the cache;
//   3. a computed description (compute.hpp), stored in the cache when it ends; dump-only
//      entries are computed in-process by the embedded engine instead (exact, no budget).
// A stale cache entry is served, marked stale with the reason, when the endpoint is
// unreachable. One computation per endpoint runs at a time: a second caller joins the first,
// and a caller that stops waiting (its time is up, or it was cancelled) leaves the computation
// running in the background; it stores its result in the cache when it ends, for the next call.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/util/cancellation.hpp"
#include "sparqlmcp/void/cache.hpp"
#include "sparqlmcp/void/compute.hpp"
#include "sparqlmcp/void/discover.hpp"
#include "sparqlmcp/void/model.hpp"
#include "sparqlmcp/void/query_runner.hpp"
#include "sparqlmcp/void/summary.hpp"

namespace sparqlmcp::void_ {

enum class ComputePolicy {
  Auto,   // compute when nothing is cached or published
  Never,  // only the cache and published VoID
  Force,  // compute even when something is cached or published
};

struct DescribeRequest {
  bool refresh = false;  // ignore a fresh cache entry (a stale one is still the fallback)
  ComputePolicy compute = ComputePolicy::Auto;
  // How long the call waits for a computation before answering with what it has so far.
  std::chrono::milliseconds wait{25000};
  CancellationTokenPtr cancel;  // stops this caller's waiting and discovery, not a computation
  std::function<void(const ComputeProgress&)> on_progress;  // while it waits; may be empty
};

struct DescribeResult {
  std::shared_ptr<const Description> description;  // null when there is none (Missing)
  DescriptionStatus status;
  std::vector<DiscoveryAttempt> attempts;  // what discovery tried, when it ran
  std::vector<std::string> notes;          // e.g. a broken cache file, a failed cache write
  // The computation still running after the call (status Partial): the caller may follow it.
  std::shared_ptr<Computation> running;
};

struct ServiceSettings {
  ComputeSettings remote;      // computations sent to endpoints
  ComputeSettings in_process;  // computations over dumps (origin InProcess)
  DiscoverySettings discovery;
};

// The status of a description whose computation has ended: computed, or partial (with the note
// saying so) when parts are missing.
DescriptionStatus computed_status(const Description& description);

class VoidService {
 public:
  // The runner of an endpoint (remote, or in-process for a dump-only entry).
  using RunnerFactory = std::function<QueryRunner(const catalogue::Endpoint&)>;

  // `cache` and `client` must outlive the service.
  VoidService(VoidCache& cache, http::Client& client, RunnerFactory runners,
              ServiceSettings settings);
  ~VoidService();  // cancels the computations still running and waits for them
  VoidService(const VoidService&) = delete;
  VoidService& operator=(const VoidService&) = delete;

  DescribeResult describe(const catalogue::Endpoint& endpoint, const DescribeRequest& request);

  // What describe() answers with the default request when the endpoint's cache entry is fresh,
  // or nothing (no entry, a stale or broken one). Sends no request and starts nothing.
  std::optional<DescribeResult> fresh_from_cache(const catalogue::Endpoint& endpoint);

  // The computation running for an endpoint (by catalogue id), or null.
  std::shared_ptr<Computation> running(const std::string& id) const;

  VoidCache& cache() { return cache_; }

 private:
  // Starts a computation for `endpoint`, or returns the one already running.
  std::shared_ptr<Computation> computation_for(const catalogue::Endpoint& endpoint);
  DescribeResult await(std::shared_ptr<Computation> computation, const DescribeRequest& request,
                       DescribeResult result, const std::optional<CacheHit>& stale);

  VoidCache& cache_;
  http::Client& client_;
  RunnerFactory runners_;
  ServiceSettings settings_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Computation>> running_;  // by catalogue id
};

}  // namespace sparqlmcp::void_
