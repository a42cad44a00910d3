#include "sparqlmcp/void/service.hpp"

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

VoidService::~VoidService() {
  std::map<std::string, std::shared_ptr<Computation>> still;
  {
    std::lock_guard lock(mutex_);
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

std::shared_ptr<Computation> VoidService::computation_for(const catalogue::Endpoint& endpoint) {
  // Held while starting, so that a computation that ends at once finds itself in the map.
  std::lock_guard lock(mutex_);
  if (auto found = running_.find(endpoint.id); found != running_.end()) return found->second;
  ComputeSettings settings = endpoint.answered_locally ? settings_.in_process : settings_.remote;
  if (endpoint.settings.result_cap) settings.result_cap = *endpoint.settings.result_cap;
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

  // A computation already running: join it.
  if (auto computation = running(endpoint.id))
    return await(std::move(computation), request, std::move(result), stale);

  // 2. VoID the endpoint publishes.
  if (!endpoint.answered_locally && request.compute != ComputePolicy::Force) {
    DiscoveryResult found =
        discover(endpoint, client_, runners_(endpoint), settings_.discovery, request.cancel);
    result.attempts = found.attempts;
    if (found.found) {
      auto description = std::make_shared<const Description>(std::move(*found.found));
      try {
        cache_.store(*description);
      } catch (const Exception& exception) {
        result.notes.push_back("not cached: " + exception.error().to_text());
      }
      result.description = std::move(description);
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

  // 3. Compute.
  return await(computation_for(endpoint), request, std::move(result), stale);
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
