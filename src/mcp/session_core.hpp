#pragma once
// One client session: the JSON-RPC 2.0 dispatcher and the MCP lifecycle of both eras (see
// server.hpp). Shared with the workers running its tool calls (enable_shared_from_this), which
// report back when they finish.

#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "call.hpp"
#include "channel.hpp"
#include "envelope.hpp"
#include "server_core.hpp"

namespace sparqlmcp::mcp {

class BatchCollector;

// The member `name` of a JSON object, or null when absent or `params` is no object: how every
// request's params are read (every session_*.cpp).
const nlohmann::json& member_or_null(const nlohmann::json& params, const char* name);

struct SessionCore : std::enable_shared_from_this<SessionCore> {
  // `id`: what tool calls report as their session (empty for a stateless request's session).
  SessionCore(ServerCore& server, std::shared_ptr<Channel> channel, std::string id = {});

  void handle_message(std::string_view raw);
  // The same for a message the transport has parsed already.
  void handle_parsed(const nlohmann::json& message);
  void cancel(const nlohmann::json& request_id, std::string_view reason);
  void close();
  std::size_t interrupt(std::string_view reason);
  std::size_t stop(std::string_view reason, std::chrono::milliseconds grace);
  bool wait_idle(std::chrono::milliseconds limit);
  void when_idle(std::function<void()> callback);

  bool initialized() const;
  std::string protocol_version() const;
  std::size_t running_calls() const;

 private:
  void handle_batch(const nlohmann::json& batch);
  // Returns the response to send at once, or nullopt (notifications, ignored messages, and
  // tools/call, whose response comes from a worker or goes to `batch`).
  std::optional<nlohmann::json> dispatch(const nlohmann::json& message,
                                         const std::shared_ptr<BatchCollector>& batch);
  void handle_notification(const std::string& method, const nlohmann::json& params);
  // Returns the result of a quick request, or nullopt when the response is sent later (tools/call).
  std::optional<nlohmann::json> handle_request(const nlohmann::json& id, const std::string& method,
                                               const nlohmann::json& params,
                                               const std::shared_ptr<BatchCollector>& batch);
  // A request that declared a 2026-07-28 envelope: served from its JSON alone, before or after
  // initialize, leaving the legacy session as it was.
  std::optional<nlohmann::json> handle_modern_request(const nlohmann::json& id,
                                                      const std::string& method,
                                                      const nlohmann::json& params,
                                                      const RequestEnvelope& envelope);
  nlohmann::json handle_initialize(const nlohmann::json& params);
  nlohmann::json handle_discover() const;
  nlohmann::json handle_tools_list(const nlohmann::json& params);
  // `envelope` is set for a 2026-07-28 request.
  void handle_tools_call(const nlohmann::json& id, const nlohmann::json& params,
                         const std::shared_ptr<BatchCollector>& batch,
                         std::optional<RequestEnvelope> envelope = std::nullopt);
  nlohmann::json handle_resources_list(const nlohmann::json& params);
  nlohmann::json handle_resources_templates_list(const nlohmann::json& params);
  // An unknown URI is -32002 in the legacy era, -32602 under 2026-07-28 (`modern`); so is a URI
  // the provider refuses with an InvalidArgument Exception, with the provider's message.
  nlohmann::json handle_resources_read(const nlohmann::json& params, bool modern);
  nlohmann::json handle_prompts_list(const nlohmann::json& params);
  nlohmann::json handle_prompts_get(const nlohmann::json& params);
  nlohmann::json handle_complete(const nlohmann::json& params);
  nlohmann::json handle_set_level(const nlohmann::json& params);

  // tasks/get, tasks/update, tasks/cancel (2026-07-28 with the tasks extension): the result
  // without the modern envelope.
  nlohmann::json handle_task_request(const std::string& method, const nlohmann::json& params,
                                     const RequestEnvelope& envelope);

  void run_call(const std::shared_ptr<Call>& call, Tool& tool, const nlohmann::json& arguments);
  // The response to a call that returned `result`. A result that hands back a TaskWork becomes
  // a task (its id in `task_id`) when the request accepts one; otherwise its work is cancelled
  // and the caller told why (-32021 under 2026-07-28, an isError result in a legacy session).
  nlohmann::json encode_result(const Call& call, ToolResult result,
                               std::optional<std::string>& task_id);
  // The response to an interrupted call: the isError result saying why it was cancelled.
  nlohmann::json interrupted_response(const Call& call);
  void call_done(const std::shared_ptr<Call>& call);
  std::shared_ptr<Call> find_call(const nlohmann::json& id) const;
  // Whether `id` (exactly, not the string/number variant find_call tolerates) is the id of a
  // call whose response has not been written yet.
  bool id_running(const nlohmann::json& id) const;

  void send_error(const nlohmann::json& id, int code, std::string message,
                  nlohmann::json data = nullptr);

  ServerCore& server_;
  std::shared_ptr<Channel> channel_;

  mutable std::mutex mutex_;
  std::condition_variable calls_done_;
  bool closed_ = false;
  bool initialized_ = false;
  bool client_ready_ = false;  // notifications/initialized received
  std::string protocol_version_;
  const std::string id_;
  std::string client_;  // "name/version" from initialize's clientInfo
  std::map<std::string, std::shared_ptr<Call>> calls_;  // key: the id serialized as JSON
  std::string stop_reason_;        // set by interrupt(): the server is stopping
  std::function<void()> on_idle_;  // when_idle()'s callback, until calls_ is empty
};

}  // namespace sparqlmcp::mcp
