#pragma once
// What the query tools need to know about SERVICE clauses: where they are, and whether a query
// is "one SERVICE and nothing else" so its body can be sent straight to that endpoint (big
// public endpoints such as Wikidata and DBpedia refuse SERVICE calls).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::sparql {

struct ServiceClause {
  std::string endpoint;  // IRI, empty if a variable
  std::string variable;  // without '?', empty if IRI
  bool silent = false;
  SourceSpan span;  // position of the SERVICE keyword
};

// All SERVICE clauses, nested ones and those in subqueries / EXISTS included, in textual order.
std::vector<ServiceClause> find_service_clauses(const Query& query);

struct DirectQuery {
  std::string endpoint;
  bool silent = false;
  Query query;  // the SERVICE body as a query of its own
};

// Whether `iri` names a service an endpoint implements itself rather than a remote endpoint
// (Wikidata's label service wikibase:label, Wikibase geo search, Blazegraph GAS, MediaWiki API).
bool is_endpoint_internal_service(std::string_view iri);

// When the query has exactly one SERVICE, with an IRI, and its WHERE clause is that SERVICE
// alone (plus FILTERs, which are moved inside it), with no dataset clause: the query with the
// SERVICE wrapper removed (its group becomes the WHERE clause), prologue, projection,
// template, modifiers and trailing VALUES kept, built from the parse tree and translated once
// (never printed and parsed again). Otherwise nullopt. SERVICE clauses nested in it
// that name an endpoint-internal service (is_endpoint_internal_service) are kept in the body and
// do not count as a second SERVICE.
std::optional<DirectQuery> unwrap_single_service(const Query& query);

}  // namespace sparqlmcp::sparql
