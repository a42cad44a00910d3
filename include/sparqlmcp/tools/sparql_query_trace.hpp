#pragma once
// The trace of the SPARQL endpoint (`/sparql`, --trace): each query writes a `sparql_query`
// line (query, route, endpoints, requests, rows, error) and its requests `request` lines of
// origin "sparql-endpoint", tied by a call id (docs/evaluation.md "Traces"). A wrapper around
// whatever answers the endpoint's queries, so that the endpoint itself knows no trace.

#include <functional>
#include <memory>

#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/tools/trace_log.hpp"

namespace sparqlmcp::tools {

using QueryAnswerer =
    std::function<federation::Answer(const sparql::Query& query, const federation::Window& window,
                                     const federation::RequestContext& context)>;

// `answer` with every query written to `trace`; `answer` itself when `trace` is null. Call ids
// stay unique when several instances write one trace.
QueryAnswerer trace_sparql_queries(QueryAnswerer answer, std::shared_ptr<TraceLog> trace);

}  // namespace sparqlmcp::tools
