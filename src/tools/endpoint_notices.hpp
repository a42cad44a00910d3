#pragma once
// What the SPARQL protocol client did on its own during a call (a retry after 429/503, a
// fallback from GET to POST or to a form POST) becomes an MCP log message (notifications/message,
// level warning) through ToolContext::log, so an agent that set logging/setLevel sees why a call
// took longer or was sent differently. The http module knows nothing of MCP: this is the bridge.

#include <functional>

#include <nlohmann/json.hpp>

#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::tools {

// The `data` of the log message: {"message", "endpoint", "http_status", "event": "retry" |
// "fallback"} plus, for a retry, "retry", "max_retries" and "retry_in_ms".
nlohmann::json notice_data(const http::SparqlNotice& notice);

// A callback that logs each notice at warning level through `context.log` (a copy of it: the
// callback runs on the HTTP client's thread); empty when the context cannot log.
std::function<void(const http::SparqlNotice&)> notice_logger(const mcp::ToolContext& context);

// Sets config.on_notice to log each notice at warning level through `context.log` (a copy of it:
// the callback runs on the HTTP client's thread and may outlive nothing it refers to).
void log_endpoint_notices(http::SparqlEndpointConfig& config, const mcp::ToolContext& context);

// Logs what an agent should know about an answer (a cap reached, a cut response, pages that
// may overlap, an empty SERVICE block) at warning level, with the same shape of `data` as the
// notices: {"message", "event": "answer", "endpoint"}.
void log_warning(const mcp::ToolContext& context, const std::string& endpoint,
                 const std::string& message);

}  // namespace sparqlmcp::tools
