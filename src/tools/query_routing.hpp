#pragma once
// Decides where a parsed query goes. For now only the direct route exists: exactly one SERVICE
// with nothing around it but the query form and solution modifiers. Every other shape is
// refused with a message that tells the agent how to rewrite the query.

#include <optional>
#include <string>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/sparql/query.hpp"
#include "sparqlmcp/sparql/service_analysis.hpp"

namespace sparqlmcp::tools {

struct DirectRoute {
  sparql::DirectQuery direct;
  catalogue::Endpoint endpoint;  // a copy: ad hoc endpoints (--allow-any-endpoint) have no entry
};

// Throws Exception(InvalidArgument or Unsupported) with an actionable message.
DirectRoute plan_direct_route(const sparql::Query& query, const catalogue::Catalogue& catalogue,
                              bool allow_any_endpoint);

// "Known endpoints: <iri> (title), ..." for error messages, bounded in length.
std::string known_endpoints_hint(const catalogue::Catalogue& catalogue);

}  // namespace sparqlmcp::tools
