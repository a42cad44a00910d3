#pragma once
// The requests sent to endpoints, as `request` lines of the trace (--trace, docs/evaluation.md
// "Traces"): one per query operation or document fetched, whether it succeeded or not, from
// whichever thread read its answer. A tool call's requests carry the call's id (through
// ToolContext::trace); the requests no tool call sends carry an `origin` instead: "void" for
// VoID computations and discovery, which run for an endpoint and may outlive the call that
// started them, and "sparql-endpoint" for queries to the federation proxy (/sparql).

#include <functional>
#include <memory>

#include <nlohmann/json.hpp>

#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/tools/trace_log.hpp"
#include "sparqlmcp/void/discover.hpp"

namespace sparqlmcp::tools {

// {"event": "request", "endpoint", "query", "status", "bytes", "rows", "elapsed_ms",
// "attempts", "error"}: rows and error are null when there are none.
nlohmann::json request_event(const federation::RequestRecord& record);

// A callback that writes each request through `context.trace` (a copy of it); empty when the
// call is not traced.
std::function<void(const federation::RequestRecord&)> request_tracer(
    const mcp::ToolContext& context);

// A callback that writes each event (an object) to `trace` with call, session, client and
// tool null, then `fields` (e.g. {"origin": "void"}, or the proxy's call id): the lines of no
// tool call. Empty when `trace` is null.
std::function<void(nlohmann::json)> callless_tracer(std::shared_ptr<TraceLog> trace,
                                                    nlohmann::json fields);

// The same for requests (request_event).
std::function<void(const federation::RequestRecord&)> request_tracer(
    std::shared_ptr<TraceLog> trace, nlohmann::json fields);

// The same for discovery's GETs: `method` "GET" and `url` instead of `query`, origin "void".
std::function<void(const void_::DocumentFetch&)> document_fetch_tracer(
    std::shared_ptr<TraceLog> trace);

}  // namespace sparqlmcp::tools
