#pragma once
// MCP protocol constants and small pure functions: version negotiation (MCP "Lifecycle",
// Version Negotiation) and the RFC 5424 logging level names (MCP "Logging").

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::mcp {

inline constexpr std::string_view kLatestProtocolVersion = "2025-11-25";

// Newest first: "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05".
const std::vector<std::string>& supported_protocol_versions();

// The version the server answers with: `requested` when supported, otherwise the latest.
std::string negotiate_protocol_version(std::string_view requested);

// "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency".
const char* log_level_name(LogLevel level);
std::optional<LogLevel> parse_log_level(std::string_view name);

}  // namespace sparqlmcp::mcp
