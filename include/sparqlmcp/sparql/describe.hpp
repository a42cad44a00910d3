#pragma once
// A human-readable report on a parsed query (for `sparql-mcp parse FILE`).

#include <string>

#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::sparql {

// The query form, the algebra as indented SSE and the SERVICE clauses, as plain text.
std::string describe_query(const Query& query);

}  // namespace sparqlmcp::sparql
