#pragma once
// Where the queries of run_sparql_query and of the SPARQL endpoint (`/sparql`) are answered:
// one source per catalogue endpoint (remote, or the embedded engine over an entry's dumps) and
// the embedded federation engine over them. One QuerySources serves both, so what is learned of
// an endpoint (its result cap, its refusals, its vocabulary) and the sub-query answers kept
// across calls are shared by every caller.

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/endpoint_memory.hpp"
#include "sparqlmcp/federation/federated_services.hpp"
#include "sparqlmcp/federation/request_sender.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/sparql/query.hpp"
#include "sparqlmcp/tools/local_endpoints.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"

namespace sparqlmcp::tools {

// A query and the source that answers it, as the routing decided (query_routing.hpp).
struct RoutedQuery {
  // What the source is asked: the SERVICE body on the direct route, the query itself otherwise.
  sparql::Query inner;
  std::unique_ptr<federation::Source> source;
  std::string route;     // "direct", "in-process", "federated" or "external"
  std::string endpoint;  // direct and external routes: the endpoint's IRI; federated: empty
  bool silent = false;   // the direct route's SERVICE SILENT: a failure gives the empty solution
};

class QuerySources {
 public:
  // `catalogue` and `client` must outlive the sources and everything made from them.
  // `described` gives the vocabularies of endpoints with a complete VoID description (the VoID
  // cache), which source selection reads before asking an endpoint; may be empty.
  QuerySources(const catalogue::Catalogue& catalogue, http::SparqlProtocolClient& client,
               const QuerySettings& settings, std::shared_ptr<const LocalEndpoints> local,
               federation::EndpointMemory::DescribedVocabularies described = {});

  // The source of one endpoint. Throws Exception(Internal) for an entry answered in-process
  // whose dumps were not loaded.
  std::unique_ptr<federation::Source> endpoint(const catalogue::Endpoint& endpoint) const;

  // The embedded federation engine for one query: the SERVICE endpoints' sources are made as
  // the evaluation reaches them. `named` are the endpoints the query's SERVICE clauses name
  // (ad hoc ones, which the catalogue does not hold, included).
  std::unique_ptr<federation::Source> federated(std::vector<catalogue::Endpoint> named) const;

  // Routes `query` by the catalogue and the settings (--allow-any-endpoint,
  // --federation-endpoint) and makes its source. Throws Exception(InvalidArgument or
  // Unsupported) when it cannot be routed, with what to do.
  RoutedQuery route(const sparql::Query& query) const;

  // The rows one in-process evaluation or federated query may hold at once.
  static constexpr std::size_t kMaxRowsHeld = 5'000'000;

 private:
  const catalogue::Catalogue& catalogue_;
  std::unique_ptr<federation::RequestSender> sender_;
  std::shared_ptr<const LocalEndpoints> local_;
  QuerySettings settings_;
  std::shared_ptr<federation::EndpointMemory> endpoint_memory_ =
      std::make_shared<federation::EndpointMemory>();
  std::shared_ptr<federation::SubqueryCache> subquery_cache_;
};

}  // namespace sparqlmcp::tools
