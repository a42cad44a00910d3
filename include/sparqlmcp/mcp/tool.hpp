#pragma once
// The contract between a tool and the MCP layer that exposes it. A tool is a synchronous
// function run on one of the MCP layer's worker threads; it may wait for remote work, which it
// must abort when the context's cancellation token fires. Tools never let an exception escape:
// the MCP layer's call runner (src/mcp/session_core.cpp) converts any exception into an
// `isError: true` result.

#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sparqlmcp/util/cancellation.hpp"

namespace sparqlmcp::mcp {

// MCP tool annotations (hints for clients; see the MCP specification, "Tool annotations").
struct ToolAnnotations {
  std::string title;
  bool read_only = true;
  bool destructive = false;
  bool idempotent = true;
  bool open_world = true;
};

struct ToolDefinition {
  std::string name;
  std::string title;
  std::string description;
  nlohmann::json input_schema;   // JSON Schema object
  nlohmann::json output_schema;  // JSON Schema object, or null when the tool declares none
  ToolAnnotations annotations;

  // The object `tools/list` returns for this tool.
  nlohmann::json to_json() const;
};

// What a tool call returns: MCP content blocks plus optional structured content.
struct ToolResult {
  nlohmann::json content = nlohmann::json::array();  // [{"type":"text","text":...}, ...]
  std::optional<nlohmann::json> structured;          // structuredContent
  bool is_error = false;

  static ToolResult text(std::string text, std::optional<nlohmann::json> structured = {});
  // An execution failure an LLM can act on: `message` says what went wrong and what to do.
  static ToolResult error(std::string message, std::optional<nlohmann::json> details = {});

  // The `result` object of the tools/call response.
  nlohmann::json to_json() const;
};

// Severity names of MCP logging (RFC 5424 levels).
enum class LogLevel { Debug, Info, Notice, Warning, Error, Critical, Alert, Emergency };

// What the MCP layer gives a running tool.
struct ToolContext {
  CancellationTokenPtr cancellation;  // never null
  // Reports progress (sent as notifications/progress when the caller asked for it).
  std::function<void(double progress, std::optional<double> total, const std::string& message)>
      report_progress;
  // Sends a notifications/message to the client if its level passes logging/setLevel.
  std::function<void(LogLevel level, const nlohmann::json& data)> log;

  bool cancelled() const { return cancellation && cancellation->cancelled(); }
};

class Tool {
 public:
  virtual ~Tool() = default;
  virtual const ToolDefinition& definition() const = 0;
  // Runs the call. `arguments` is the (possibly absent → empty object) arguments object,
  // not yet validated: each tool checks its own arguments and returns ToolResult::error with
  // a clear message for missing or wrongly typed ones.
  virtual ToolResult call(const nlohmann::json& arguments, ToolContext& context) = 0;
};

}  // namespace sparqlmcp::mcp
