#include "sparqlmcp/tools/query_sources.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "query_routing.hpp"
#include "sparqlmcp/federation/federated_source.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::tools {
namespace {

// A SERVICE ?variable that no solution binds is sent to at most this many catalogue endpoints.
constexpr std::size_t kMaxVariableEndpoints = 20;

}  // namespace

QuerySources::QuerySources(const catalogue::Catalogue& catalogue,
                           http::SparqlProtocolClient& client, const QuerySettings& settings,
                           std::shared_ptr<const LocalEndpoints> local,
                           federation::EndpointMemory::DescribedVocabularies described)
    : catalogue_(catalogue),
      sender_(federation::make_http_sender(client)),
      local_(std::move(local)),
      settings_(settings) {
  if (described) endpoint_memory_->set_described_vocabularies(std::move(described));
  if (settings_.subquery_cache_bytes > 0) {
    subquery_cache_ = std::make_shared<federation::SubqueryCache>(settings_.subquery_cache_bytes,
                                                                  settings_.subquery_cache_ttl);
  }
}

std::unique_ptr<federation::Source> QuerySources::endpoint(
    const catalogue::Endpoint& endpoint) const {
  if (!endpoint.answered_locally) {
    return federation::make_remote_source(
        endpoint, *sender_,
        {settings_.max_response_bytes, settings_.assumed_result_cap, endpoint_memory_});
  }
  const engine::Store* store = local_ ? local_->find(endpoint) : nullptr;
  if (store == nullptr) {
    throw_error(ErrorKind::Internal, "catalogue entry '" + endpoint.id +
                                         "' should be answered in-process but its dumps "
                                         "were not loaded at start-up");
  }
  // Every SELECT request carries a LIMIT of at most max_rows_limit + 1 rows; the engine's cap
  // only guards queries without one.
  return federation::make_in_process_source(
      endpoint, *store,
      {std::max(settings_.assumed_result_cap, settings_.max_rows_limit + 1), kMaxRowsHeld});
}

RoutedQuery QuerySources::route(const sparql::Query& query) const {
  Route planned =
      plan_route(query, catalogue_, {settings_.allow_any_endpoint, settings_.federation_endpoint});
  RoutedQuery routed{query, nullptr, {}, planned.endpoint.endpoint_iri, false};
  switch (planned.kind) {
    case Route::Kind::Direct:
      routed.inner = sparql::parse_query(planned.direct.query_text);
      routed.source = endpoint(planned.endpoint);
      routed.silent = planned.direct.silent;
      break;
    case Route::Kind::External:
      routed.source = endpoint(planned.endpoint);
      break;
    case Route::Kind::Federated:
      routed.source = federated(std::move(planned.endpoints));
      break;
  }
  routed.route = planned.kind == Route::Kind::External ? "external" : routed.source->route();
  return routed;
}

std::unique_ptr<federation::Source> QuerySources::federated(
    std::vector<catalogue::Endpoint> named) const {
  auto sources = std::make_shared<std::map<std::string, std::unique_ptr<federation::Source>>>();
  auto lookup = [this, sources,
                 named = std::move(named)](const std::string& iri) -> federation::Source* {
    auto it = sources->find(iri);
    if (it != sources->end()) return it->second.get();
    const catalogue::Endpoint* found = catalogue_.find_by_iri(iri);
    for (const catalogue::Endpoint& e : named)
      if (found == nullptr && e.endpoint_iri == iri) found = &e;
    if (found == nullptr) return nullptr;
    return sources->emplace(iri, endpoint(*found)).first->second.get();
  };
  federation::FederatedSourceSettings settings;
  settings.federation = settings_.federation;
  settings.max_result_rows = std::max(settings_.assumed_result_cap, settings_.max_rows_limit + 1);
  settings.max_rows_in_memory = kMaxRowsHeld;
  // SERVICE ?variable unbound ranges over the catalogue, bounded.
  for (const catalogue::Endpoint& entry : catalogue_.endpoints()) {
    if (entry.settings.calls_services.value_or(false))
      settings.endpoints_calling_services.push_back(entry.endpoint_iri);
    if (settings.variable_endpoints.size() < kMaxVariableEndpoints)
      settings.variable_endpoints.push_back(entry.endpoint_iri);
  }
  return federation::make_federated_source(std::move(lookup), settings, endpoint_memory_,
                                           subquery_cache_);
}

}  // namespace sparqlmcp::tools
