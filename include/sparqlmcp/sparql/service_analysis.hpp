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
  std::string query_text;
  QueryForm form = QueryForm::Select;
};

// Whether `iri` names a service an endpoint implements itself rather than a remote endpoint
// (Wikidata's label service wikibase:label, Wikibase geo search, Blazegraph GAS, MediaWiki API).
bool is_endpoint_internal_service(std::string_view iri);

// When the query has exactly one SERVICE, with an IRI, and its WHERE clause is that SERVICE
// alone (plus FILTERs, which are moved inside it), with no dataset clause: the query text with
// the SERVICE wrapper removed (its group becomes the WHERE clause), prologue, projection,
// template, modifiers and trailing VALUES kept. Otherwise nullopt. SERVICE clauses nested in it
// that name an endpoint-internal service (is_endpoint_internal_service) are kept in the body and
// do not count as a second SERVICE.
std::optional<DirectQuery> unwrap_single_service(const Query& query);

// The query serialized with its outermost OFFSET/LIMIT replaced (nullopt removes the clause).
std::string with_slice(const Query& query, std::optional<std::uint64_t> offset,
                       std::optional<std::uint64_t> limit);

}  // namespace sparqlmcp::sparql
