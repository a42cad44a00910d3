#pragma once
// Describing a catalogue endpoint, the way get_void_descriptions and `sparql-mcp void` need it:
//   1. the cache (void-cache/<id>.ttl), unless a refresh or a computation is asked for;
//   2. VoID the endpoint publishes (discover.hpp), stored in the cache;
//   3. a computed description (compute.hpp), stored in the cache when it ends; dump-only
//      entries are computed in-process by the embedded engine instead (exact, no budget).
// A stale cache entry is served, marked stale with the reason, when the endpoint is
// unreachable. The search for published VoID and the computation run in the background, one of
// each per endpoint at a time: a second caller joins the first, and a caller that stops waiting
// (its time limit is up, or it was cancelled) leaves them running; a search that finds nothing
// starts the computation (compute auto), which stores its result in the cache when it ends, for
// the next call. No caller waits beyond its time limit, the search included.

#include <chrono>
#include <condition_variable>
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
  // How long the call waits (for the search for published VoID, then for a computation) before
  // answering with what it has so far.
  std::chrono::milliseconds wait{25000};
  CancellationTokenPtr cancel;  // stops this caller's waiting, not the search or a computation
  std::function<void(const ComputeProgress&)> on_progress;  // while it waits; may be empty
};

struct DescribeResult {
  std::shared_ptr<const Description> description;  // null when there is none (Missing)
  DescriptionStatus status;
  std::vector<DiscoveryAttempt> attempts;  // what discovery tried, when it ran
  std::vector<std::string> notes;          // e.g. a broken cache file, a failed cache write
  // The computation still running after the call (status Partial): the caller may follow it.
  std::shared_ptr<Computation> running;
  // The search for published VoID still running after the call: a later describe() (of any
  // wait) picks up its result, or the computation it started.
  bool searching = false;
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
  ~VoidService();  // cancels the searches and computations still running and waits for them
  VoidService(const VoidService&) = delete;
  VoidService& operator=(const VoidService&) = delete;

  DescribeResult describe(const catalogue::Endpoint& endpoint, const DescribeRequest& request);

  // What the search for published VoID that a call left running (DescribeResult::searching)
  // came to: still searching, what it found, or the computation it started (finished or not,
  // as the status says), waited for as `request` says. Without a recent search, describe().
  DescribeResult follow_search(const catalogue::Endpoint& endpoint, const DescribeRequest& request);

  // What describe() answers with the default request when the endpoint's cache entry is fresh,
  // or nothing (no entry, a stale or broken one). Sends no request and starts nothing.
  std::optional<DescribeResult> fresh_from_cache(const catalogue::Endpoint& endpoint);

  // The computation running for an endpoint (by catalogue id), or null.
  std::shared_ptr<Computation> running(const std::string& id) const;

  VoidCache& cache() { return cache_; }

 private:
  // Starts a computation for `endpoint`, or returns the one already running.
  // `declared`: what the search found that a computation keeps (URI spaces); may be null.
  std::shared_ptr<Computation> computation_for(const catalogue::Endpoint& endpoint,
                                               const DiscoveryResult* declared = nullptr);
  // A search for the VoID an endpoint publishes, running on a thread of its own.
  struct Lookup;
  // Starts a search for `endpoint`, or returns the one already running.
  std::shared_ptr<Lookup> lookup_for(const catalogue::Endpoint& endpoint, ComputePolicy policy);
  std::shared_ptr<Lookup> recent_lookup(const std::string& id) const;
  DescribeResult await(std::shared_ptr<Computation> computation, const DescribeRequest& request,
                       DescribeResult result, const std::optional<CacheHit>& stale);

  VoidCache& cache_;
  http::Client& client_;
  RunnerFactory runners_;
  ServiceSettings settings_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Computation>> running_;  // by catalogue id
  std::map<std::string, std::shared_ptr<Lookup>> lookups_;       // by catalogue id
  std::size_t lookup_threads_ = 0;  // searches whose thread has not ended
  std::condition_variable lookup_ended_;
};

}  // namespace sparqlmcp::void_
