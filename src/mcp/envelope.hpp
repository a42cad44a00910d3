#pragma once
// The per-request envelope of MCP 2026-07-28: what a modern request declares in params._meta
// (version, client capabilities, client identity, log level), and what every modern result
// carries back (resultType, the server's identity, caching hints). Pure functions of the
// request's JSON: serving a modern request needs no state of the connection it came on.

#include <chrono>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::mcp {

struct RequestEnvelope {
  std::string protocol_version;
  // The level set by io.modelcontextprotocol/logLevel; without it the request gets no
  // notifications/message at all (MCP 2026-07-28 "Logging", Per-request log level).
  std::optional<LogLevel> log_level;
  std::string client_name;  // from io.modelcontextprotocol/clientInfo; may be empty
  std::string client;       // client_identity of that clientInfo: "name/version"; may be empty
  // clientCapabilities.extensions declares io.modelcontextprotocol/tasks: a tools/call may be
  // answered with a task, and tasks/* may be called (ext-tasks "Capability Negotiation").
  bool tasks_extension = false;
};

// Reads the envelope of the request `method` with `params` (an object or null). Returns nullopt
// when params._meta declares no protocol version: the request belongs to the legacy era.
// Throws RpcError when it declares one that is not served per request (-32022 with
// {supported, requested}), or when the envelope is malformed (-32602): a version that is not a
// string, missing or non-object clientCapabilities, non-object clientCapabilities.extensions,
// a non-object clientInfo, an unknown logLevel. The version is checked first: a client of a newer
// revision may send an envelope of another shape, and must learn which version to retry with rather
// than why its envelope is wrong for ours.
std::optional<RequestEnvelope> read_envelope(const std::string& method,
                                             const nlohmann::json& params);

// A client's identity as tool calls report it: "name/version" from a clientInfo object
// ({name, version}), "name" without a version, empty without a name.
std::string client_identity(const nlohmann::json& client_info);

// Caching hints of a result (MCP 2026-07-28 "Caching").
struct CacheHint {
  std::chrono::milliseconds ttl{0};
  bool public_scope = true;  // "public": the same for every caller; else "private"
};

// Makes `result` a complete 2026-07-28 result: resultType "complete", `server_info` as
// _meta["io.modelcontextprotocol/serverInfo"] (beside any _meta already there), and ttlMs and
// cacheScope when `cache` is given.
void complete_modern_result(nlohmann::json& result, const nlohmann::json& server_info,
                            const std::optional<CacheHint>& cache);

}  // namespace sparqlmcp::mcp
