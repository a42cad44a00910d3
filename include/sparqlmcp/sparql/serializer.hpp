#pragma once
// Printing queries back as SPARQL text (to send them, or parts of them, to endpoints) and as
// canonical SSE. The round trip holds: to_sse(parse(serialize_query(q))) == to_sse(q).

#include <string>

#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::sparql {

// SPARQL text with the query's PREFIX declarations (and the default prefixes it used), using
// prefixed names where they apply.
std::string serialize_query(const Query& query);
// The algebra as canonical SSE, e.g. (project (?s) (bgp (triple ?s ?p ?o))).
std::string to_sse(const Query& query);

// The same printer for a parse tree with a prologue (used by service analysis).
std::string serialize_syntax(const Prologue& prologue, const ast::SelectQuery& syntax);

// A graph pattern operator of the algebra as a SPARQL SELECT query over the given variables
// (all in-scope ones when `vars` is empty): what the federation layer sends to an endpoint.
std::string serialize_algebra(const algebra::Operator& op, const Prologue& prologue,
                              const std::vector<std::string>& vars = {});

}  // namespace sparqlmcp::sparql
