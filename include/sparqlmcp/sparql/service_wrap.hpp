#pragma once
// A query's plain triple patterns (those outside every SERVICE) sent to one named endpoint:
// each run of them becomes SERVICE <endpoint> { ... } where it stands, in groups, OPTIONAL,
// UNION, MINUS and GRAPH alike; SERVICE blocks stay as they are. What run_sparql_query does
// with `endpoints` naming one endpoint: the result is an ordinary federated query text, so
// its next-page query runs without the argument.

#include <string>

#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::sparql {

struct WrappedQuery {
  Query query;
  std::size_t wrapped = 0;  // runs of plain patterns put in SERVICE
  // Plain patterns inside FILTER EXISTS / NOT EXISTS or a sub-select are not wrapped (the
  // query is refused by routing as before); how many such places there are.
  std::size_t left_out = 0;
};

// Throws Exception(ErrorKind::Syntax) only when the rewritten tree breaks a static rule,
// which it cannot for a query that parsed.
WrappedQuery wrap_plain_patterns(const Query& query, const std::string& endpoint_iri);

}  // namespace sparqlmcp::sparql
