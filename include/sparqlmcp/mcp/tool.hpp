#pragma once
// The contract between a tool and the MCP layer that exposes it. A tool is a synchronous
// function run on one of the MCP layer's worker threads; it may wait for remote work, which it
// must abort when the context's cancellation token fires. Tools never let an exception escape:
// the MCP layer's call runner (src/mcp/session_calls.cpp) converts any exception into an
// `isError: true` result.
//
// A tool may also go on working after its call has returned, when the caller accepts a task
// (see TaskWork below): the call then answers with a task handle and the client polls for the
// final result.

#include <functional>
#include <memory>
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
  // The tool's `_meta` in tools/list, or null: e.g. "anthropic/maxResultSizeChars", the size up
  // to which Claude Code keeps a result in the conversation (above it, in a file).
  nlohmann::json meta;

  // The object `tools/list` returns for this tool.
  nlohmann::json to_json() const;
};

class TaskWork;

// What a tool call returns: MCP content blocks plus optional structured content, or, for a call
// whose caller accepts a task, the work that goes on in the background (`task`).
struct ToolResult {
  nlohmann::json content = nlohmann::json::array();  // [{"type":"text","text":...}, ...]
  std::optional<nlohmann::json> structured;          // structuredContent
  bool is_error = false;
  // Set: the call is not finished; the MCP layer answers with a task that follows this work
  // (content, structured and is_error are then ignored). Set it only when
  // ToolContext::accepts_task says the caller can receive a task; otherwise the caller gets an
  // error that says it must declare the tasks extension.
  std::shared_ptr<TaskWork> task;

  static ToolResult text(std::string text, std::optional<nlohmann::json> structured = {});
  // An execution failure an LLM can act on: `message` says what went wrong and what to do.
  static ToolResult error(std::string message, std::optional<nlohmann::json> details = {});
  // The answer of a call that goes on as `work` (see TaskWork).
  static ToolResult background(std::shared_ptr<TaskWork> work);

  // The text of the first text block (an error result's message); empty when there is none.
  std::string first_text() const;

  // The `result` object of the tools/call response (of a finished call: `task` is not encoded).
  nlohmann::json to_json() const&;
  nlohmann::json to_json() &&;  // moves the content: a large result is not copied
};

// Work a tool goes on with after its call has returned: the io.modelcontextprotocol/tasks
// extension of MCP 2026-07-28 ("Tasks"), where a tools/call may be answered with a task handle
// that the client polls with tasks/get until the final result is there.
//
// The tool owns the work: its threads, its state and whatever it writes on the way (for VoID, a
// per-endpoint computation that also fills the cache, which later callers, with or without
// tasks, may join). The MCP layer owns the task: its id, its clock and time to live, its status
// as clients see it, and a shared_ptr to this handle, which it polls when a client asks.
//
// Why a handle the layer polls, rather than callbacks from the work into the layer: the work
// never needs to know about tasks, ids, sessions or clocks; one computation can stand behind
// several tasks, and behind callers that get a plain result; the work may outlive its task
// (which expires) and the task may outlive the session that created it (2026-07-28 requests
// are stateless: a tasks/get arrives on another HTTP request); and no tool thread ever calls
// into the MCP layer. Three questions are all the extension needs while we never ask the client
// for input (status input_required is not used).
//
// Thread safety: the layer calls these from request threads, concurrently with the work and
// with each other, so implementations must be thread-safe. They answer tasks/get inline, so
// they must return at once, never wait for the work.
class TaskWork {
 public:
  virtual ~TaskWork() = default;
  // Where the work stands, in one line for a person or a model ("computing VoID: 37 of 140
  // queries"); sent as the task's statusMessage, omitted when empty. This is where progress
  // goes: the extension sends no notifications/progress or notifications/message for a task.
  virtual std::string status_message() const = 0;
  // nullopt while the work runs; then its final result, the same every time. A failure the
  // caller can act on is a result with is_error: it completes the task, it does not fail it
  // (the extension keeps `failed` for JSON-RPC errors). Must not carry a task of its own.
  virtual std::optional<ToolResult> result() const = 0;
  // The task's caller gave up (tasks/cancel, the task expired, or its handle could not be
  // delivered). Cooperative: returns at once; the work stops when no one else waits for it, or
  // goes on (it may still fill a cache). Called at most once per task.
  virtual void cancel() = 0;
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
  // Whether the caller accepts a task in place of the final result (ToolResult::background):
  // a 2026-07-28 request whose _meta["io.modelcontextprotocol/clientCapabilities"].extensions
  // declares "io.modelcontextprotocol/tasks". Never for legacy sessions. The tool alone decides
  // whether to use it (the extension makes the server the sole decider).
  bool accepts_task = false;

  // Who calls. `session`: the stdio process or a legacy HTTP or HTTP+SSE session, as
  // "stdio-1f2e3d4c5b6a" (Server::open_session); empty for a stateless 2026-07-28 request over
  // HTTP, which belongs to no session. `client`: "name/version" from initialize's clientInfo
  // in a legacy session, from the request's io.modelcontextprotocol/clientInfo under
  // 2026-07-28; empty when the client did not say. `protocol_version`: the revision the call
  // is served under.
  std::string session;
  std::string client;
  std::string protocol_version;

  // Writes one event of this call (a JSON object) to the server's trace (--trace); empty when
  // the server keeps none. Set by whoever wraps the tool for tracing; may be called from any
  // thread while the call runs.
  std::function<void(nlohmann::json event)> trace;

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
