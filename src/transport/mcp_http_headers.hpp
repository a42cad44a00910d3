#pragma once
// The HTTP-level checks of MCP's Streamable HTTP transport that need no session: what the POST
// must accept and carry (2025-03-26 and later: Accept lists application/json and
// text/event-stream, the body is application/json), and, for 2026-07-28 requests, that the
// mirrored headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name) match the body (MCP 2026-07-28
// "Streamable HTTP", Request Metadata and Server Validation; Mcp-Name mirrors params.name of
// tools/call and prompts/get, params.uri of resources/read, and params.taskId of tasks/get,
// tasks/update and tasks/cancel, ext-tasks "Streamable HTTP: Routing Headers").

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "sparqlmcp/transport/http_server.hpp"

namespace sparqlmcp::transport::detail {

// Whether an Accept field allows `type` ("application/json"): listed, or type/*, or */*, with a
// q above 0. A missing Accept allows everything (RFC 9110 12.5.1).
bool accepts(const std::optional<std::string>& accept, std::string_view type);

// Whether Content-Type is application/json (parameters such as charset allowed).
bool is_json_content_type(const std::optional<std::string>& content_type);

// `=?base64?...?=` decoded (Value Encoding); other values as they are. nullopt when the sentinel
// form holds no valid base64.
std::optional<std::string> decode_header_value(std::string_view value);

// For a 2026-07-28 request: the message of a HeaderMismatch error (-32020) when a required
// mirrored header is missing, malformed or differs from the body; nullopt when all match.
std::optional<std::string> header_mismatch(const HttpRequest& request,
                                           const nlohmann::json& message);

}  // namespace sparqlmcp::transport::detail
