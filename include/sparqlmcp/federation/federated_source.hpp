#pragma once
// A whole federated query as one Source: the embedded engine evaluates it (joins, OPTIONAL,
// UNION, FILTER, aggregates, modifiers) and reaches the endpoints of its SERVICE clauses
// through FederatedServices. run_sparql_query pages, counts and caches its answers exactly as
// it does a single endpoint's.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sparqlmcp/federation/federated_services.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::federation {

struct FederatedSourceSettings {
  FederationSettings federation;
  std::size_t max_result_rows = 10000;         // rows of the final answer per evaluation
  std::size_t max_rows_in_memory = 5'000'000;  // rows the engine's blocking operators hold
  // What a SERVICE ?variable ranges over when no solution binds it.
  std::vector<std::string> variable_endpoints;
  // Endpoints that evaluate SERVICE themselves (smcp:callsServices): a SERVICE nested in one of
  // their blocks is sent along instead of being federated here.
  std::vector<std::string> endpoints_calling_services;
  // The endpoints' cached VoID descriptions, for cardinality estimates and join order (may be
  // empty: the order written, the adaptive probe).
  std::function<std::shared_ptr<const void_::Description>(const std::string& endpoint_iri)>
      statistics;
};

// `lookup` resolves SERVICE IRIs to sources (which must outlive the returned source); `cache`
// may be null.
std::unique_ptr<Source> make_federated_source(SourceLookup lookup, FederatedSourceSettings settings,
                                              std::shared_ptr<EndpointMemory> memory,
                                              std::shared_ptr<SubqueryCache> cache);

}  // namespace sparqlmcp::federation
