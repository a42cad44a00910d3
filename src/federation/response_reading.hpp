#pragma once
// From an endpoint's response to solutions or triples. A body that cannot be read is a Remote
// error naming the endpoint, the status and the first bytes of the body; a body cut at the byte
// limit is read up to its last complete row or triple.

#include <vector>

#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"

namespace sparqlmcp::federation {

// The Accept header for CONSTRUCT and DESCRIBE (line-based formats first: a cut body keeps its
// complete lines).
extern const char* const kGraphAccept;

results::QueryResults read_solutions(const http::SparqlResponse& response);
std::vector<rdf::Triple> read_triples(const http::SparqlResponse& response);

}  // namespace sparqlmcp::federation
