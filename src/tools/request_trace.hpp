#pragma once
// The requests a tool call sends to endpoints, as events of the call's trace (--trace,
// ToolContext::trace): one per query operation, whether it succeeded or not, from whichever
// thread read its answer.

#include <functional>

#include <nlohmann/json.hpp>

#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::tools {

// {"event": "request", "endpoint", "query", "status", "bytes", "rows", "elapsed_ms",
// "attempts", "error"}: rows and error are null when there are none.
nlohmann::json request_event(const federation::RequestRecord& record);

// A callback that writes each request through `context.trace` (a copy of it); empty when the
// call is not traced.
std::function<void(const federation::RequestRecord&)> request_tracer(
    const mcp::ToolContext& context);

}  // namespace sparqlmcp::tools
