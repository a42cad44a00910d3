#include "query_routing.hpp"

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::tools {
namespace {

constexpr std::size_t kMaxEndpointsInHint = 40;

const catalogue::Endpoint& require_known_endpoint(const std::string& iri,
                                                  const catalogue::Catalogue& catalogue,
                                                  bool allow_any_endpoint,
                                                  std::optional<catalogue::Endpoint>& adhoc) {
  if (const catalogue::Endpoint* known = catalogue.find_by_iri(iri)) return *known;
  if (allow_any_endpoint) {
    // Said in the query's terms: the check is the one --endpoint makes, the mistake is not.
    if (!catalogue::is_http_url_with_host(iri)) {
      throw_error(ErrorKind::InvalidArgument,
                  "SERVICE <" + iri +
                      "> cannot be queried: only http:// and https:// URLs with a host name "
                      "can be sent a query, and <" +
                      iri +
                      "> is neither such a URL nor an endpoint of this server's catalogue. Name "
                      "the http(s) URL of a SPARQL endpoint, or an endpoint IRI exactly as "
                      "listed by list_endpoints. " +
                      known_endpoints_hint(catalogue));
    }
    adhoc = catalogue::make_adhoc_endpoint(iri);
    return *adhoc;
  }
  throw_error(ErrorKind::InvalidArgument,
              "SERVICE <" + iri +
                  "> is not an endpoint of this server's catalogue, so it will not be contacted. "
                  "Use one of the catalogue's endpoint IRIs exactly as listed by list_endpoints. " +
                  known_endpoints_hint(catalogue));
}

}  // namespace

std::string known_endpoints_hint(const catalogue::Catalogue& catalogue) {
  const auto& endpoints = catalogue.endpoints();
  if (endpoints.empty()) {
    return "The catalogue is empty: start the server with --catalogue FILE or --endpoint URL.";
  }
  std::string hint = "Known endpoints:";
  std::size_t shown = 0;
  for (const catalogue::Endpoint& endpoint : endpoints) {
    if (shown++ == kMaxEndpointsInHint) {
      hint += " ... and " + std::to_string(endpoints.size() - kMaxEndpointsInHint) +
              " more (call list_endpoints).";
      return hint;
    }
    hint += (shown == 1 ? " <" : ", <") + endpoint.endpoint_iri + "> (" + endpoint.title + ")";
  }
  return hint + ".";
}

DirectRoute plan_direct_route(const sparql::Query& query, const catalogue::Catalogue& catalogue,
                              bool allow_any_endpoint) {
  std::vector<sparql::ServiceClause> services = sparql::find_service_clauses(query);
  if (services.empty()) {
    throw_error(ErrorKind::InvalidArgument,
                "the query has no SERVICE clause, so this server does not know which endpoint to "
                "send it to. Wrap the graph pattern in SERVICE <endpoint IRI> { ... }, e.g. "
                "SELECT ?s WHERE { SERVICE <https://example.org/sparql> { ?s ?p ?o } } LIMIT 10. " +
                    known_endpoints_hint(catalogue));
  }
  std::optional<catalogue::Endpoint> adhoc;
  // The direct route first: SERVICE clauses nested in the one outer SERVICE that name an
  // endpoint-internal service (Wikidata's wikibase:label, ...) travel with the query.
  std::optional<sparql::DirectQuery> direct = sparql::unwrap_single_service(query);
  if (!direct) {
    // Explain what stands in the way, most fundamental problem first.
    std::vector<const sparql::ServiceClause*> remote;
    for (const sparql::ServiceClause& service : services) {
      if (service.endpoint.empty()) {
        throw_error(ErrorKind::Unsupported,
                    "SERVICE ?" + service.variable + " (line " + std::to_string(service.span.line) +
                        ") names its endpoint with a variable; this server needs a fixed "
                        "endpoint IRI in every SERVICE clause. " +
                        known_endpoints_hint(catalogue));
      }
      if (sparql::is_endpoint_internal_service(service.endpoint)) continue;
      require_known_endpoint(service.endpoint, catalogue, allow_any_endpoint, adhoc);
      remote.push_back(&service);
    }
    if (remote.size() > 1) {
      throw_error(ErrorKind::Unsupported,
                  "the query has " + std::to_string(remote.size()) +
                      " SERVICE clauses; federated queries over several endpoints are not "
                      "implemented yet in this version. Query one endpoint per call (exactly "
                      "one SERVICE clause) and combine the results yourself, e.g. with VALUES.");
    }
    throw_error(ErrorKind::Unsupported,
                "the query does work outside its SERVICE clause (patterns, OPTIONAL, BIND, "
                "FROM, ... next to SERVICE), which needs the federation engine, not implemented "
                "yet in this version. Move the whole WHERE pattern inside SERVICE <" +
                    (remote.empty() ? services.front().endpoint : remote.front()->endpoint) +
                    "> { ... }; only the SELECT/CONSTRUCT/ASK/DESCRIBE form, GROUP BY, HAVING, "
                    "ORDER BY, LIMIT, OFFSET and a final VALUES may stay outside.");
  }
  adhoc.reset();
  const catalogue::Endpoint& endpoint =
      require_known_endpoint(direct->endpoint, catalogue, allow_any_endpoint, adhoc);
  return DirectRoute{std::move(*direct), endpoint};
}

}  // namespace sparqlmcp::tools
