#include "sparqlmcp/void/service.hpp"

#include <thread>
#include <utility>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::void_ {

namespace {

// Every query failed: the endpoint is down or refuses everything, so the result says nothing
// about its data and must not replace a cached description.
bool nothing_answered(const Description& description) {
  const Provenance& provenance = description.provenance;
  return provenance.queries > 0 && provenance.failed_queries >= provenance.queries;
}

std::string first_failure(const Description& description) {
  for (const MissingPart& part : description.provenance.missing)
    if (part.part != "not computed yet") return part.reason;
  return "no query was answered";
}

std::string first_unreachable(const DiscoveryResult& found) {
  for (const DiscoveryAttempt& attempt : found.attempts)
    if (attempt.endpoint_unreachable) return attempt.outcome;
  return "no answer";
}

// A fresh cache entry, as describe() answers it.
DescribeResult serve_fresh(DescribeResult result, const CacheHit& hit) {
  result.description = hit.description;
  result.status.status =
      result.description->provenance.complete() ? Status::Cached : Status::Partial;
  result.status.age = hit.age;
  if (result.status.status == Status::Partial)
    result.status.note =
        "cached from an earlier computation that did not finish every "
        "part; refresh=true computes it again";
  return result;
}

DescribeResult serve_stale(DescribeResult result, const CacheHit& stale, std::string why) {
  result.description = stale.description;
  result.status.status = Status::Stale;
  result.status.age = stale.age;
  result.status.note = std::move(why) + "; serving the cached description instead";
  return result;
}

}  // namespace

DescriptionStatus computed_status(const Description& description) {
  DescriptionStatus status;
  status.status = description.provenance.complete() ? Status::Computed : Status::Partial;
  if (status.status == Status::Partial)
    status.note = "some parts could not be computed (listed as missing)";
  return status;
}

VoidService::VoidService(VoidCache& cache, http::Client& client, RunnerFactory runners,
                         ServiceSettings settings)
    : cache_(cache),
      client_(client),
      runners_(std::move(runners)),
      settings_(std::move(settings)) {}

struct VoidService::Lookup {
  CancellationTokenPtr cancel = std::make_shared<CancellationToken>();
  std::mutex mutex;
  std::condition_variable ended;
  bool done = false;
  std::chrono::steady_clock::time_point ended_at;
  DiscoveryResult found;
  std::shared_ptr<Computation> computation;  // the one it started, when it found nothing
};

namespace {

// How long a search's result answers later calls (a caller that did not wait for it, a task
// that follows it) before an endpoint is searched again.
constexpr std::chrono::seconds kSearchKept{60};

}  // namespace

VoidService::~VoidService() {
  std::map<std::string, std::shared_ptr<Computation>> still;
  {
    std::unique_lock lock(mutex_);
    for (auto& [id, lookup] : lookups_)
      lookup->cancel->cancel();
    lookup_ended_.wait(lock, [this] { return lookup_threads_ == 0; });
    still = running_;
  }
  for (auto& [id, computation] : still)
    computation->cancel();
  for (auto& [id, computation] : still)
    computation->wait();
}

std::optional<DescribeResult> VoidService::fresh_from_cache(const catalogue::Endpoint& endpoint) {
  CacheLookup lookup = cache_.lookup(endpoint.id);
  if (!lookup.hit || lookup.hit->stale) return std::nullopt;
  return serve_fresh({}, *lookup.hit);
}

std::shared_ptr<Computation> VoidService::running(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto found = running_.find(id);
  return found == running_.end() ? nullptr : found->second;
}

std::shared_ptr<Computation> VoidService::computation_for(const catalogue::Endpoint& endpoint,
                                                          const DiscoveryResult* declared) {
  // Held while starting, so that a computation that ends at once finds itself in the map.
  std::lock_guard lock(mutex_);
  if (auto found = running_.find(endpoint.id); found != running_.end()) return found->second;
  ComputeSettings settings = endpoint.answered_locally ? settings_.in_process : settings_.remote;
  if (endpoint.settings.result_cap) settings.result_cap = *endpoint.settings.result_cap;
  if (declared != nullptr) {
    settings.uri_spaces = declared->uri_spaces;
    settings.uri_patterns = declared->uri_patterns;
  } else if (CacheLookup cached = cache_.lookup(endpoint.id); cached.hit) {
    // A recomputation without a search (a forced refresh): what the publisher declared before
    // still holds.
    settings.uri_spaces = cached.hit->description->uri_spaces;
    settings.uri_patterns = cached.hit->description->uri_patterns;
  }
  const std::string id = endpoint.id;
  auto computation = Computation::start(endpoint.endpoint_iri, endpoint.id, runners_(endpoint),
                                        settings, [this, id](const Description& description) {
                                          if (!nothing_answered(description)) {
                                            try {
                                              cache_.store(description);
                                            } catch (const Exception&) {
                                              // The cache keeps working in memory; the caller's
                                              // answer carries the description.
                                            }
                                          }
                                          std::lock_guard done(mutex_);
                                          running_.erase(id);
                                        });
  running_[id] = computation;
  return computation;
}

std::shared_ptr<VoidService::Lookup> VoidService::lookup_for(const catalogue::Endpoint& endpoint,
                                                             ComputePolicy policy) {
  std::lock_guard lock(mutex_);
  if (auto found = lookups_.find(endpoint.id); found != lookups_.end()) {
    std::lock_guard state(found->second->mutex);
    if (!found->second->done ||
        std::chrono::steady_clock::now() - found->second->ended_at < kSearchKept)
      return found->second;
  }
  auto lookup = std::make_shared<Lookup>();
  lookups_[endpoint.id] = lookup;
  ++lookup_threads_;
  std::thread([this, lookup, endpoint, policy] {
    DiscoveryResult found;
    try {
      found = discover(endpoint, client_, runners_(endpoint), settings_.discovery, lookup->cancel);
      if (found.found) cache_.store(*found.found);
    } catch (const Exception& exception) {
      // Cancelled (the service stops) or the cache could not be written: the callers hear of
      // what was found all the same.
      DiscoveryAttempt& attempt = found.attempts.emplace_back();
      attempt.method = "search";
      attempt.outcome = exception.error().to_text();
    }
    {
      // Nothing published: the computation starts now, whether or not a caller still waits.
      // Started under the search's lock, so that a caller who joins the computation finds
      // the search's attempts beside it.
      std::lock_guard done(lookup->mutex);
      if (!found.found && !found.unreachable() && policy == ComputePolicy::Auto &&
          !lookup->cancel->cancelled())
        lookup->computation = computation_for(endpoint, &found);
      lookup->found = std::move(found);
      lookup->done = true;
      lookup->ended_at = std::chrono::steady_clock::now();
    }
    lookup->ended.notify_all();
    std::lock_guard service(mutex_);
    --lookup_threads_;
    lookup_ended_.notify_all();
  }).detach();
  return lookup;
}

std::shared_ptr<VoidService::Lookup> VoidService::recent_lookup(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto found = lookups_.find(id);
  return found == lookups_.end() ? nullptr : found->second;
}

DescribeResult VoidService::follow_search(const catalogue::Endpoint& endpoint,
                                          const DescribeRequest& request) {
  std::shared_ptr<Lookup> lookup = recent_lookup(endpoint.id);
  if (!lookup) return describe(endpoint, request);
  DescribeResult result;
  std::shared_ptr<Computation> computation;
  {
    std::lock_guard state(lookup->mutex);
    if (!lookup->done) {
      result.searching = true;
      result.status.status = Status::Missing;
      result.status.note = "the search for the VoID it publishes goes on in the background";
      return result;
    }
    result.attempts = lookup->found.attempts;
    if (lookup->found.found) {
      result.description = std::make_shared<const Description>(*lookup->found.found);
      result.status.status = Status::Retrieved;
      return result;
    }
    computation = lookup->computation;
  }
  if (!computation) return describe(endpoint, request);
  return await(std::move(computation), request, std::move(result), std::nullopt);
}

DescribeResult VoidService::describe(const catalogue::Endpoint& endpoint,
                                     const DescribeRequest& request) {
  DescribeResult result;
  std::optional<CacheHit> stale;

  // 1. The cache.
  if (request.compute != ComputePolicy::Force || request.refresh) {
    CacheLookup lookup = cache_.lookup(endpoint.id);
    if (lookup.error)
      result.notes.push_back(lookup.error->to_text() + "; a new description is made");
    if (lookup.hit) {
      if (!lookup.hit->stale && !request.refresh && request.compute != ComputePolicy::Force)
        return serve_fresh(std::move(result), *lookup.hit);
      stale = lookup.hit;
    }
  }

  // A computation already running: join it (with what the search before it tried).
  if (auto computation = running(endpoint.id)) {
    if (std::shared_ptr<Lookup> lookup = recent_lookup(endpoint.id)) {
      std::lock_guard state(lookup->mutex);
      if (lookup->done) result.attempts = lookup->found.attempts;
    }
    return await(std::move(computation), request, std::move(result), stale);
  }

  // 2. VoID the endpoint publishes: searched for in the background, waited for no longer than
  // the caller's time limit.
  const auto started = std::chrono::steady_clock::now();
  if (!endpoint.answered_locally && request.compute != ComputePolicy::Force) {
    std::shared_ptr<Lookup> lookup = lookup_for(endpoint, request.compute);
    bool done = false;
    {
      std::optional<CancellationSubscription> wake;
      if (request.cancel)
        wake.emplace(request.cancel, [lookup] {
          std::lock_guard lock(lookup->mutex);
          lookup->ended.notify_all();
        });
      std::unique_lock lock(lookup->mutex);
      lookup->ended.wait_until(lock, started + request.wait, [&] {
        return lookup->done || (request.cancel && request.cancel->cancelled());
      });
      done = lookup->done;
    }
    if (!done) {
      if (request.cancel && request.cancel->cancelled())
        throw Exception(make_error(ErrorKind::Cancelled, "the call was cancelled"));
      const std::string why =
          "the search for the VoID it publishes goes on in the background (it did not end "
          "within the " +
          std::to_string(request.wait.count()) + " ms asked for)";
      result.searching = true;
      if (stale) return serve_stale(std::move(result), *stale, why);
      result.status.status = Status::Missing;
      result.status.note = why + "; call again for its result" +
                           (request.compute == ComputePolicy::Auto
                                ? ", or for a computed description when it publishes none"
                                : "");
      return result;
    }
    const DiscoveryResult& found = lookup->found;
    result.attempts = found.attempts;
    if (found.found) {
      result.description = std::make_shared<const Description>(*found.found);
      result.status.status = Status::Retrieved;
      return result;
    }
    if (found.unreachable()) {
      const std::string why = "the endpoint is unreachable (" + first_unreachable(found) + ")";
      if (stale) return serve_stale(std::move(result), *stale, why);
      result.status.status = Status::Missing;
      result.status.note = why + " and nothing is cached for it";
      return result;
    }
    if (request.compute == ComputePolicy::Never) {
      const std::string why = "the endpoint publishes no VoID and compute=never";
      if (stale) return serve_stale(std::move(result), *stale, why);
      result.status.status = Status::Missing;
      result.status.note = why + "; compute=auto computes a description with aggregate queries";
      return result;
    }
  }

  // 3. Compute, for what is left of the caller's time.
  DescribeRequest rest = request;
  rest.wait = std::max(std::chrono::milliseconds(0),
                       request.wait - std::chrono::duration_cast<std::chrono::milliseconds>(
                                          std::chrono::steady_clock::now() - started));
  return await(computation_for(endpoint), rest, std::move(result), stale);
}

DescribeResult VoidService::await(std::shared_ptr<Computation> computation,
                                  const DescribeRequest& request, DescribeResult result,
                                  const std::optional<CacheHit>& stale) {
  std::size_t listener = 0;
  if (request.on_progress) listener = computation->add_listener(request.on_progress);
  const bool finished = computation->wait_for(request.wait, request.cancel);
  if (listener != 0) computation->remove_listener(listener);
  // A computation may end before its listener was added: the caller hears where it ended.
  if (finished && request.on_progress) request.on_progress(computation->progress());
  Description description = computation->snapshot();

  if (finished && nothing_answered(description)) {
    const std::string why = "computing failed: " + first_failure(description);
    if (stale) return serve_stale(std::move(result), *stale, why);
    result.description = std::make_shared<const Description>(std::move(description));
    result.status.status = Status::Missing;
    result.status.note = why;
    return result;
  }
  if (!finished) {
    const ComputeProgress progress = computation->progress();
    result.status.status = Status::Partial;
    result.status.note = "the computation goes on in the background (" +
                         std::to_string(progress.done) + " of " + std::to_string(progress.planned) +
                         " queries answered so far); call again for the whole description";
    result.running = std::move(computation);
  } else {
    result.status = computed_status(description);
  }
  result.description = std::make_shared<const Description>(std::move(description));
  return result;
}

}  // namespace sparqlmcp::void_
