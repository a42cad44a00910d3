#pragma once
// The MCP server core: a Server owns the tools, the worker pool that runs tool calls and the
// progress heartbeat; a Session is one client connection speaking JSON-RPC 2.0. Transports
// (stdio, HTTP) feed a session one JSON text at a time and write what it sends.
//
// Dual-era (MCP 2026-07-28 "Versioning and Compatibility"): a request whose params._meta
// declares a protocol version is served statelessly under 2026-07-28, whatever came before it
// on the connection; every other request, and every initialize, is served under the legacy
// session the connection negotiated with initialize (2025-11-25 down to 2024-11-05). The only
// connection state a modern request touches is the table of running calls, which holds its id
// until it is answered (so notifications/cancelled can find it, and no two in-flight requests
// share an id). A transport without connections (Streamable HTTP's modern POSTs) opens one
// Session per request (see is_modern_message in protocol.hpp).
//
// Threading: handle_message() runs quick requests (initialize, ping, server/discover,
// tools/list, resources/*, logging/setLevel) inline on the caller's thread; tools/call runs on
// a worker thread, so responses may arrive in any order. The send callback is called from several
// threads but never concurrently for one session, and never after close() has begun.
//
// Ownership: the Server must outlive every Session it opened. The send callback must not call
// back into its session (handle_message, cancel, close): it runs under the session's write lock.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/mcp/prompt_provider.hpp"
#include "sparqlmcp/mcp/resource_provider.hpp"
#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::mcp {

struct ServerInfo {
  std::string name = "sparql-mcp";
  std::string title;
  std::string version;  // sent as "0.0.0" when empty (the schema requires a version)
  // `instructions` of the initialize and server/discover results; omitted when empty
  std::string instructions;
};

struct ServerOptions {
  ServerInfo info;
  // Tool calls run on this many threads; further calls queue.
  std::size_t worker_threads = 16;
  // While a call that carries a progress token runs, a progress notification (the tool's newest
  // report, or a heartbeat) is sent every this long, so clients that reset their timeout on
  // progress keep waiting. A call that ends sooner gets no progress. 0 disables progress.
  std::chrono::milliseconds progress_interval{5000};
  // A response is written at least this long after the last progress notification of its call,
  // so that a client reading both in one chunk still sees them as two events (src/mcp/call.hpp).
  std::chrono::milliseconds progress_response_gap{100};
  // Session::close() waits at most this long for cancelled calls to return.
  std::chrono::milliseconds shutdown_grace{2000};
  // Tool log messages below this level are not sent until the client calls logging/setLevel.
  // The specification lets the server choose before setLevel; "info" keeps debug chatter out.
  LogLevel default_log_level = LogLevel::Info;
  // `ttlMs` of the 2026-07-28 results clients may cache (server/discover, tools/list,
  // resources/list, resources/templates/list, resources/read; MCP 2026-07-28 "Caching"). Tools
  // and resources do not change while a Server runs, so an hour; their cacheScope is "public":
  // they are the same for every caller.
  std::chrono::milliseconds cache_ttl{std::chrono::hours(1)};
  // Tasks (io.modelcontextprotocol/tasks, 2026-07-28 only; see TaskWork in tool.hpp): a task
  // is forgotten this long after its creation (its ttlMs), whatever its status; a task still
  // working then has its work cancelled.
  std::chrono::milliseconds task_ttl{std::chrono::hours(1)};
  // pollIntervalMs: how often clients should ask tasks/get.
  std::chrono::milliseconds task_poll_interval{2000};
  // At most this many tasks live at once; beyond, the oldest finished one is forgotten, and a
  // call that would add a task while all are working gets an error result instead.
  std::size_t max_tasks = 1000;
};

// One message a session sends, with what a transport needs to route it (Streamable HTTP sends
// responses and request-related notifications on that request's stream).
struct OutgoingMessage {
  enum class Kind { Response, Notification };
  std::string text;  // one serialized JSON message, no newline
  Kind kind = Kind::Notification;
  // The id of the client request this message answers or reports on (responses, progress and
  // tool log notifications); nullopt for messages not tied to a request. The array of responses
  // to a JSON-RPC batch (2025-03-26) has the array of the batch's request ids.
  std::optional<nlohmann::json> related_request;
};

class Session;
struct ServerCore;

class Server {
 public:
  Server(ServerOptions options, std::vector<std::unique_ptr<Tool>> tools,
         std::shared_ptr<const ResourceProvider> resources,
         std::shared_ptr<const PromptProvider> prompts = nullptr);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // `send` gets one serialized JSON message, no newline. `kind` names a session that lasts
  // beyond one request ("stdio", "http", "sse"): its tool calls then carry a session id made
  // of the kind and random hex (ToolContext::session), which traces and submissions group
  // by; it is never the transport's own session id (Mcp-Session-Id authorizes requests, so it
  // stays out of files). Empty: a session opened for one stateless request, with no id.
  std::unique_ptr<Session> open_session(std::function<void(const std::string& message)> send,
                                        std::string_view kind = {});
  // The same with routing information for transports that need it.
  std::unique_ptr<Session> open_session(std::function<void(const OutgoingMessage& message)> send,
                                        std::string_view kind = {});

  const ServerOptions& options() const;

 private:
  std::unique_ptr<ServerCore> core_;
};

struct SessionCore;

class Session {
 public:
  explicit Session(std::shared_ptr<SessionCore> core);
  ~Session();  // closes the session
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Handles one JSON text (one line of stdio, one HTTP body). Never throws: every failure
  // becomes a JSON-RPC error response or, for notifications, a log line. Ignored after close().
  void handle_message(std::string_view raw);
  // The same for a message the transport parsed already (HTTP reads the body to route it).
  void handle_parsed(const nlohmann::json& message);

  // Cancels a running request as if the client had sent notifications/cancelled for it (used by
  // transports when a client disconnects). Unknown or finished ids are ignored.
  void cancel(const nlohmann::json& request_id, std::string_view reason = {});

  // Cancels every running call, stops all output at once and waits (at most
  // ServerOptions::shutdown_grace) for the workers to return. Idempotent. The client is gone
  // or gave up: no call is answered any more. For a server that stops, see stop().
  void close();

  // The server is stopping (SIGTERM, end of input): cancels the token of every tool call
  // queued or running, which aborts its HTTP transfers, but unlike cancel() each call is still
  // answered, as soon as its tool returns, with an isError result naming the tool and `reason`
  // ("tool T was cancelled: <reason>; call it again once the server is back"), whatever the
  // tool returned. Calls that arrive later are answered so at once, without running. Returns
  // at once, with the number of calls it interrupted. Safe from any thread.
  std::size_t interrupt(std::string_view reason);

  // Ends the session of a stopping server: interrupt(reason), then waits at most `grace` for
  // the tools to return, answers the calls whose tools still run itself (their late results
  // are dropped), and closes the session without waiting for those tools. Every call has been
  // answered when it returns. Blocks; returns the number of calls it interrupted.
  std::size_t stop(std::string_view reason, std::chrono::milliseconds grace);

  // Waits until no tool call is queued or running, at most `limit`; returns whether idle.
  bool wait_idle(std::chrono::milliseconds limit);
  // Runs `callback` once no tool call is queued or running: at once on this thread when none
  // is, else on the thread that ends the last one (a worker). One callback at a time: a second
  // replaces a pending one; closing the session drops it. It must not block, and it may call
  // into the session.
  void when_idle(std::function<void()> callback);

  // The legacy session's state: modern requests neither need nor change it.
  bool initialized() const;
  std::string protocol_version() const;  // the initialize-negotiated version; empty before
  std::size_t running_calls() const;     // tool calls queued or running

 private:
  std::shared_ptr<SessionCore> core_;
};

}  // namespace sparqlmcp::mcp
