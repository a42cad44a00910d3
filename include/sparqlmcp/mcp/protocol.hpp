#pragma once
// MCP protocol constants and small pure functions: the two eras of versions (MCP 2026-07-28
// "Versioning and Compatibility"), version negotiation of the legacy handshake (MCP 2025-11-25
// "Lifecycle", Version Negotiation) and the RFC 5424 logging level names (MCP "Logging").
//
// Legacy revisions (2025-11-25 down to 2024-11-05) agree on a version once, with `initialize`,
// for the whole connection. The modern revision (2026-07-28) has no handshake: every request
// declares its version in params._meta and is served on its own.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::mcp {

// The newest legacy revision: what initialize answers when the client asks for a version this
// server does not speak.
inline constexpr std::string_view kLatestProtocolVersion = "2025-11-25";
// The modern revision this server speaks.
inline constexpr std::string_view kModernProtocolVersion = "2026-07-28";

// The legacy versions initialize negotiates, newest first: "2025-11-25", "2025-06-18",
// "2025-03-26", "2024-11-05".
const std::vector<std::string>& supported_protocol_versions();
// The versions a request may declare in params._meta: "2026-07-28". This is the `supported`
// list of UnsupportedProtocolVersionError and the `supportedVersions` of server/discover: a
// legacy version has no per-request form (it needs initialize), so it is not offered there.
const std::vector<std::string>& modern_protocol_versions();

// Reserved _meta keys of 2026-07-28 (MCP 2026-07-28 "Overview", General fields: _meta).
namespace meta_key {
inline constexpr const char* kProtocolVersion = "io.modelcontextprotocol/protocolVersion";
inline constexpr const char* kClientInfo = "io.modelcontextprotocol/clientInfo";
inline constexpr const char* kClientCapabilities = "io.modelcontextprotocol/clientCapabilities";
inline constexpr const char* kLogLevel = "io.modelcontextprotocol/logLevel";
inline constexpr const char* kServerInfo = "io.modelcontextprotocol/serverInfo";
}  // namespace meta_key

// The identifier of the tasks extension (modelcontextprotocol/ext-tasks, SEP-2663): the key a
// 2026-07-28 client puts in clientCapabilities.extensions and the server in the extensions of
// its server/discover capabilities.
inline constexpr const char* kTasksExtension = "io.modelcontextprotocol/tasks";

// Whether a parsed JSON-RPC message is served under the modern rules: its params._meta holds
// the protocol-version key (whatever its value: a bad one is then refused under those rules),
// and it is not `initialize`, which always opens a legacy session. Transports use it to route a
// message: modern ones need no session state, legacy ones need their connection's session.
bool is_modern_message(const nlohmann::json& message);

// The version the server answers with: `requested` when supported, otherwise the latest.
std::string negotiate_protocol_version(std::string_view requested);

// "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency".
const char* log_level_name(LogLevel level);
std::optional<LogLevel> parse_log_level(std::string_view name);

}  // namespace sparqlmcp::mcp
