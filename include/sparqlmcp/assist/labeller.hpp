#pragma once
// The labels endpoints give the IRIs of an answer, so that a table reads "Marie Curie
// (person:Marie_Curie)" rather than a bare IRI (agents read bare IRIs badly). One bounded
// request per endpoint for the IRIs it has not been asked about yet; what an endpoint answered
// (a label, or none) is kept for an hour. Only endpoints known to hold labels are asked: those
// answered in-process, and those whose cached VoID description lists a label property. An
// endpoint the server knows nothing of is sent nothing beyond the queries it was given.

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sparqlmcp/assist/endpoint_query.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/util/bounded_cache.hpp"
#include "sparqlmcp/void/cache.hpp"

namespace sparqlmcp::assist {

class Labeller {
 public:
  // `void_cache` (may be null: only in-process endpoints are asked) must outlive the labeller.
  explicit Labeller(std::shared_ptr<const federation::QueryService> queries,
                    void_::VoidCache* void_cache, std::size_t cache_bytes = 8 * 1024 * 1024,
                    std::chrono::seconds time_to_live = std::chrono::hours(1));

  // IRI -> label (English or untagged first) for those of `iris` that one of `endpoints`
  // labels; IRIs without a label are left out. Asks at most `max_iris` IRIs, each endpoint
  // once, in parallel, within `deadline`; an endpoint that fails or is slow leaves its IRIs
  // without labels (and is not remembered as having none).
  std::map<std::string, std::string> labels(
      const std::vector<std::string>& iris,
      const std::vector<const catalogue::Endpoint*>& endpoints,
      std::chrono::steady_clock::time_point deadline, const CancellationTokenPtr& cancel,
      const RequestObserver& on_request = {}, std::size_t max_iris = 250);

 private:
  bool holds_labels(const catalogue::Endpoint& endpoint) const;

  std::shared_ptr<const federation::QueryService> queries_;
  void_::VoidCache* void_cache_;
  util::BoundedCache<std::string> cache_;  // endpoint id + IRI -> label ("" for none)
};

}  // namespace sparqlmcp::assist
