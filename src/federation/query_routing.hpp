#pragma once
// Decides where a parsed query goes (QueryService's first step):
// - direct: exactly one SERVICE with nothing around it but the query form and solution
//   modifiers; its body is sent to that endpoint (big public endpoints refuse SERVICE calls),
//   or evaluated in-process for a dump-only entry;
// - federated: two or more SERVICE clauses, or local work around them (joins, OPTIONAL, UNION,
//   FILTER, BIND, VALUES, sub-queries, aggregates): the embedded federation engine;
// - external: the same queries sent unchanged to the engine of --federation-endpoint.
// Every SERVICE with a fixed IRI must name a catalogue endpoint; triple patterns outside any
// SERVICE are refused, since this server has no default graph for them to match.

#include <string>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/sparql/query.hpp"
#include "sparqlmcp/sparql/service_wrap.hpp"

namespace sparqlmcp::federation {

struct Route {
  enum class Kind { Direct, Federated, External };
  Kind kind = Kind::Direct;
  // Direct: the SERVICE body as a query of its own (built from the parse tree, not from
  // text); Federated and External: the query as written.
  sparql::Query inner;
  bool silent = false;  // Direct: SERVICE SILENT around the whole query
  // Direct: the endpoint; External: the federation engine; Federated: unused.
  catalogue::Endpoint endpoint;  // a copy: ad hoc endpoints (--allow-any-endpoint) have no entry
  // Federated: the endpoints the SERVICE clauses name (ad hoc ones included), in query order.
  std::vector<catalogue::Endpoint> endpoints;
  // Plain patterns sent to the catalogue: the endpoints source selection left out, and why.
  std::vector<std::string> ruled_out;
  std::vector<std::string> unmatched;  // and the patterns no endpoint can match (warnings)
};

struct RoutingOptions {
  bool allow_any_endpoint = false;
  std::string federation_endpoint;  // --federation-endpoint URL; empty: the embedded engine
  // Chooses the catalogue endpoints a plain pattern goes to (empty: all of them).
  sparql::SourcesOf sources_of = {};
};

// Throws Exception(InvalidArgument or Unsupported) with an actionable message.
Route plan_route(const sparql::Query& query, const catalogue::Catalogue& catalogue,
                 const RoutingOptions& options);

// "Known endpoints: <iri> (title), ..." for error messages, bounded in length.
std::string known_endpoints_hint(const catalogue::Catalogue& catalogue);

}  // namespace sparqlmcp::federation
