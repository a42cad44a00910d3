#include "query_routing.hpp"

#include <algorithm>

#include "sparqlmcp/sparql/serializer.hpp"
#include "sparqlmcp/sparql/service_analysis.hpp"
#include "sparqlmcp/sparql/service_wrap.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::federation {
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

namespace {

// The first triple pattern or path that would be matched outside every SERVICE, if any.
const sparql::algebra::Operator* local_pattern(const sparql::algebra::Operator& op) {
  using sparql::algebra::OpKind;
  if (op.kind() == OpKind::Service) return nullptr;
  if (const auto* bgp = op.get_if<sparql::algebra::BgpOp>(); bgp && !bgp->triples.empty())
    return &op;
  if (op.kind() == OpKind::Path) return &op;
  for (const auto& child : op.children)
    if (const auto* found = local_pattern(child)) return found;
  auto in_expression = [](const sparql::Expr& e, auto& self) -> const sparql::algebra::Operator* {
    if (e.op)
      if (const auto* found = local_pattern(*e.op)) return found;
    for (const auto& a : e.args)
      if (const auto* found = self(a, self)) return found;
    return nullptr;
  };
  if (const auto* extend = op.get_if<sparql::algebra::ExtendOp>())
    return in_expression(extend->expr, in_expression);
  const std::vector<sparql::Expr>* exprs = nullptr;
  if (const auto* filter = op.get_if<sparql::algebra::FilterOp>()) exprs = &filter->exprs;
  if (const auto* left_join = op.get_if<sparql::algebra::LeftJoinOp>()) exprs = &left_join->exprs;
  if (exprs)
    for (const auto& e : *exprs)
      if (const auto* found = in_expression(e, in_expression)) return found;
  return nullptr;
}

std::string pattern_text(const sparql::algebra::Operator& op, const sparql::Prologue& prologue) {
  std::string text = sparql::serialize_algebra(op, prologue);
  // The pattern alone: the WHERE group of the printed SELECT, on one line.
  std::size_t open = text.find('{');
  std::size_t close = text.rfind('}');
  if (open != std::string::npos && close != std::string::npos && close > open)
    text = text.substr(open, close - open + 1);
  return util::one_line(text, 160);
}

// Whether some VALUES of the pattern has no row (so the answer may be empty by construction).
bool has_empty_table(const sparql::algebra::Operator& op) {
  if (const auto* table = op.get_if<sparql::algebra::TableOp>(); table && table->rows.empty())
    return true;
  return std::any_of(op.children.begin(), op.children.end(), has_empty_table);
}

// Plain patterns (outside every SERVICE) range over the merge of every catalogue endpoint's
// default graph; source selection then leaves out the endpoints that cannot match them.
sparql::WrappedQuery over_catalogue(const sparql::Query& query,
                                    const catalogue::Catalogue& catalogue,
                                    const sparql::SourcesOf& sources_of) {
  if (local_pattern(query.algebra()) == nullptr) return {query, 0, {}, {}};
  std::vector<std::string> endpoints;
  for (const catalogue::Endpoint& endpoint : catalogue.endpoints())
    endpoints.push_back(endpoint.endpoint_iri);
  if (endpoints.empty()) {
    throw_error(ErrorKind::InvalidArgument,
                "the query has triple patterns outside SERVICE, which go to the catalogue's "
                "endpoints, and the catalogue is empty. Start the server with --catalogue FILE "
                "(or add endpoints to it), or write SERVICE <endpoint IRI> { ... } with "
                "--allow-any-endpoint.");
  }
  return sparql::spread_plain_patterns(query, endpoints, sources_of);
}

}  // namespace

Route plan_route(const sparql::Query& written, const catalogue::Catalogue& catalogue,
                 const RoutingOptions& options) {
  sparql::WrappedQuery spread = over_catalogue(written, catalogue, options.sources_of);
  const sparql::Query& query = spread.query;
  std::vector<sparql::ServiceClause> services = sparql::find_service_clauses(query);
  // Plain patterns no endpoint can match leave no SERVICE but an empty VALUES: the answer is
  // empty, not an error.
  if (services.empty() && !has_empty_table(query.algebra())) {
    throw_error(ErrorKind::InvalidArgument,
                "the query has no graph pattern for an endpoint to match (no triple pattern and "
                "no SERVICE clause). Write the triple patterns, e.g. SELECT ?s WHERE { ?s ?p ?o } "
                "LIMIT 10, or SERVICE <endpoint IRI> { ... } around them. " +
                    known_endpoints_hint(catalogue));
  }
  std::optional<catalogue::Endpoint> adhoc;
  // The direct route first: SERVICE clauses nested in the one outer SERVICE that name an
  // endpoint-internal service (Wikidata's wikibase:label, ...) travel with the query.
  if (std::optional<sparql::DirectQuery> direct = sparql::unwrap_single_service(query)) {
    const catalogue::Endpoint& endpoint =
        require_known_endpoint(direct->endpoint, catalogue, options.allow_any_endpoint, adhoc);
    Route route;
    route.inner = std::move(direct->query);
    route.silent = direct->silent;
    route.endpoint = endpoint;
    route.ruled_out = std::move(spread.ruled_out);
    route.unmatched = std::move(spread.unmatched);
    return route;
  }
  Route route;
  route.kind = Route::Kind::Federated;
  route.ruled_out = std::move(spread.ruled_out);
  route.unmatched = std::move(spread.unmatched);
  for (const sparql::ServiceClause& service : services) {
    if (service.endpoint.empty() || sparql::is_endpoint_internal_service(service.endpoint)) {
      continue;
    }
    adhoc.reset();
    const catalogue::Endpoint& endpoint =
        require_known_endpoint(service.endpoint, catalogue, options.allow_any_endpoint, adhoc);
    bool seen = false;
    for (const catalogue::Endpoint& e : route.endpoints)
      seen = seen || e.endpoint_iri == endpoint.endpoint_iri;
    if (!seen) route.endpoints.push_back(endpoint);
  }
  if (!query.syntax().from.empty() || !query.syntax().from_named.empty()) {
    throw_error(ErrorKind::InvalidArgument,
                "FROM and FROM NAMED name graphs of a local dataset, and this server has none: "
                "the data is at the endpoints. Remove FROM / FROM NAMED; to read a named graph "
                "of an endpoint, write SERVICE <endpoint> { GRAPH <graph IRI> { ... } }.");
  }
  if (const auto* local = local_pattern(query.algebra())) {
    throw_error(ErrorKind::InvalidArgument,
                "the pattern " + pattern_text(*local, query.prologue()) +
                    " is outside every SERVICE clause in a place this server does not send to the "
                    "catalogue's endpoints. Put it inside the SERVICE <endpoint> { ... } of the "
                    "endpoint that holds that data (list_endpoints tells which).");
  }
  route.inner = query;
  if (!options.federation_endpoint.empty()) {
    route.kind = Route::Kind::External;
    route.endpoint = catalogue::make_adhoc_endpoint(options.federation_endpoint);
    route.endpoint.title = "external federation engine";
  }
  return route;
}

}  // namespace sparqlmcp::federation
