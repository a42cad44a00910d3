// The tool calls of a session (MCP "Tools" and "Tasks"): tools/list, tools/call run on a worker
// with its progress, cancellation and result, the task methods, and the table of running calls.

#include "session_core.hpp"

#include <spdlog/spdlog.h>

#include "session_support.hpp"
#include "sparqlmcp/mcp/jsonrpc.hpp"
#include "sparqlmcp/mcp/protocol.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::mcp {

using nlohmann::json;
namespace ec = error_code;

json SessionCore::handle_tools_list(const json& params) {
  refuse_cursor(params, "tools/list", "tools");
  json list = json::array();
  for (const auto& tool : *server_.tools)
    if (tool) list.push_back(tool->definition().to_json());
  return json{{"tools", std::move(list)}};
}

void SessionCore::handle_tools_call(const json& id, const json& params,
                                    const std::shared_ptr<BatchCollector>& batch,
                                    std::optional<RequestEnvelope> envelope) {
  const json& name = member_or_null(params, "name");
  if (!name.is_string())
    throw RpcError(ec::kInvalidParams,
                   std::string("invalid params for tools/call: \"name\" must be a string naming a "
                               "tool, got ") +
                       (name.is_null() ? "nothing" : type_name(name)) +
                       "; available tools: " + server_.tool_names());
  json arguments = json::object();
  if (params.contains("arguments")) {
    const json& given = params["arguments"];
    if (!given.is_object())
      throw RpcError(ec::kInvalidParams,
                     std::string("invalid params for tools/call: \"arguments\" must be an object, "
                                 "got ") +
                         type_name(given) + "; pass the tool's arguments by name");
    arguments = given;
  }
  const std::string tool_name = name.get<std::string>();
  Tool* tool = server_.find_tool(tool_name);
  if (!tool) {
    json available = json::array();
    for (const auto& t : *server_.tools)
      if (t) available.push_back(t->definition().name);
    throw RpcError(ec::kInvalidParams,
                   "unknown tool \"" + tool_name + "\"; available tools: " + server_.tool_names(),
                   json{{"tool", tool_name}, {"availableTools", std::move(available)}});
  }

  std::optional<json> progress_token;
  const json& meta = member_or_null(params, "_meta");
  const json& token = member_or_null(meta, "progressToken");
  if (token.is_string() || token.is_number())
    progress_token = token;
  else if (!token.is_null())
    spdlog::debug("mcp: ignoring a progressToken that is neither a string nor a number");

  auto call = std::make_shared<Call>(id, std::move(progress_token), tool_name, channel_,
                                     server_.options.progress_response_gap, std::move(envelope));
  bool stopping = false;
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    auto [it, inserted] = calls_.emplace(id_key(id), call);
    // A finished call may linger until its worker reports back; its id is free again.
    if (!inserted && it->second->finished()) {
      it->second = call;
      inserted = true;
    }
    if (!inserted) throw id_in_use(id);
    stopping = !stop_reason_.empty();
  }
  // The server is stopping: the call is answered so at once (run_call), its tool never runs.
  if (stopping && call->interrupt()) call->token()->cancel();
  if (batch) {
    batch->expect();
    call->set_responder(
        [batch](std::optional<json> response) { batch->complete(std::move(response)); });
  }
  server_.ticker.add(call);
  if (spdlog::should_log(spdlog::level::debug))
    spdlog::debug("mcp: tools/call {} (id {}) queued", tool_name, serialize_message(id));
  server_.pool.post([self = shared_from_this(), call, tools = server_.tools, tool,
                     arguments = std::move(arguments)] { self->run_call(call, *tool, arguments); });
}

void SessionCore::run_call(const std::shared_ptr<Call>& call, Tool& tool, const json& arguments) {
  if (call->cancelled()) {  // cancelled while queued, or the session closed
    call->finish(nullptr);
    call_done(call);
    return;
  }
  if (call->interrupted()) {  // the server began to stop while the call was queued
    call->finish(interrupted_response(*call));
    call_done(call);
    return;
  }
  ToolContext context;
  context.cancellation = call->token();
  std::weak_ptr<Call> weak = call;
  context.report_progress = [weak](double progress, std::optional<double> total,
                                   const std::string& message) {
    if (auto c = weak.lock()) c->report_progress(progress, total, message);
  };
  context.log = [weak](LogLevel level, const json& data) {
    if (auto c = weak.lock()) c->log(level, data);
  };
  context.accepts_task = call->envelope() && call->envelope()->tasks_extension;
  context.session = id_;
  if (const std::optional<RequestEnvelope>& envelope = call->envelope()) {
    context.client = envelope->client;
    context.protocol_version = envelope->protocol_version;
  } else {
    std::lock_guard lock(mutex_);
    context.client = client_;
    context.protocol_version = protocol_version_;
  }

  ToolResult result;
  try {
    result = tool.call(arguments, context);
  } catch (const Exception& e) {
    // The tool dispatcher is where an Error becomes an `isError: true` result.
    spdlog::error("mcp: tool {} threw: {}", call->tool_name(), e.what());
    result = ToolResult::error("tool " + call->tool_name() + " failed: " + e.error().to_text());
  } catch (const std::exception& e) {
    spdlog::error("mcp: tool {} threw: {}", call->tool_name(), e.what());
    result = ToolResult::error("tool " + call->tool_name() + " failed: " + e.what());
  } catch (...) {
    spdlog::error("mcp: tool {} threw a non-standard exception", call->tool_name());
    result = ToolResult::error("tool " + call->tool_name() +
                               " failed with an unknown error; retry or report it");
  }
  json response;
  std::optional<std::string> task_id;
  try {
    if (call->interrupted()) {
      // Stopped by the server: whatever the tool made of its cancelled token (an error, a
      // partial answer), the client learns that the server stopped it. Work handed back for a
      // task would reach no one.
      if (result.task) result.task->cancel();
      response = interrupted_response(*call);
    } else {
      response = encode_result(*call, std::move(result), task_id);
    }
  } catch (const std::exception& e) {
    response = make_error_response(call->id(), ec::kInternalError,
                                   std::string("internal error: could not encode the result of ") +
                                       call->tool_name() + ": " + e.what());
  }
  if (!call->finish(response)) {
    spdlog::debug("mcp: dropped the response of cancelled call {} (id {})", call->tool_name(),
                  serialize_message(call->id()));
    // No one learnt the task's id: no one can ask for it or cancel it.
    if (task_id) server_.tasks.forget(*task_id);
  }
  call_done(call);
}

json SessionCore::encode_result(const Call& call, ToolResult result,
                                std::optional<std::string>& task_id) {
  const std::optional<RequestEnvelope>& envelope = call.envelope();
  if (result.task) {
    std::shared_ptr<TaskWork> work = std::move(result.task);
    if (envelope && envelope->tasks_extension) {
      if (std::optional<json> task = server_.tasks.create(work, call.tool_name())) {
        // ext-tasks "Task Creation": CreateTaskResult = Result & Task, resultType "task".
        task_id = (*task)["taskId"].get<std::string>();
        complete_modern_result(*task, server_.server_info(), std::nullopt);
        (*task)["resultType"] = "task";
        return make_result_response(call.id(), std::move(*task));
      }
      work->cancel();
      result = ToolResult::error(
          "tool " + call.tool_name() +
          " could not go on in the background: " + std::to_string(server_.options.max_tasks) +
          " tasks are already working, the server's limit; wait for some of yours to finish "
          "(tasks/get) and call again");
    } else if (envelope) {
      // ext-tasks "Capability Negotiation": a server that can only answer with a task MUST
      // send -32021 to a client that did not declare the extension.
      work->cancel();
      return make_error_response(
          call.id(), ec::kMissingRequiredClientCapability,
          "Missing required client capability: tool " + call.tool_name() +
              " answers this call only with a task; declare params._meta[\"" +
              meta_key::kClientCapabilities + "\"].extensions[\"" + kTasksExtension +
              "\"] = {} and poll tasks/get with the taskId the call returns",
          json{{"requiredCapabilities", {{"extensions", {{kTasksExtension, json::object()}}}}}});
    } else {
      // Legacy sessions have no tasks at all (SEP-2663: the extension is not defined there).
      work->cancel();
      result =
          ToolResult::error("tool " + call.tool_name() +
                            " answers this call only with a background task, which needs MCP " +
                            std::string(kModernProtocolVersion) + " with the " + kTasksExtension +
                            " extension; this session speaks " + protocol_version() +
                            ". Call it from a client that supports tasks");
    }
  }
  json body = std::move(result).to_json();
  if (envelope) complete_modern_result(body, server_.server_info(), std::nullopt);
  return make_result_response(call.id(), std::move(body));
}

json SessionCore::handle_task_request(const std::string& method, const json& params,
                                      const RequestEnvelope& envelope) {
  // ext-tasks "Error Handling": -32021 for tasks/* from a client that did not declare the
  // extension on this request.
  if (!envelope.tasks_extension)
    throw RpcError(
        ec::kMissingRequiredClientCapability,
        "Missing required client capability: " + method + " belongs to the " + kTasksExtension +
            " extension; declare params._meta[\"" + meta_key::kClientCapabilities +
            "\"].extensions[\"" + kTasksExtension + "\"] = {} on the request",
        json{{"requiredCapabilities", {{"extensions", {{kTasksExtension, json::object()}}}}}});
  const json& task_id = member_or_null(params, "taskId");
  if (!task_id.is_string())
    throw RpcError(ec::kInvalidParams,
                   "invalid params for " + method +
                       ": \"taskId\" must be a string, the taskId of a tools/call answered with "
                       "resultType \"task\"; got " +
                       (task_id.is_null() ? std::string("nothing") : serialize_message(task_id)));
  const std::string id = task_id.get<std::string>();
  if (method == "tasks/get") return server_.tasks.get(id);
  if (method == "tasks/cancel") {
    // Cooperative: acknowledged at once, whatever the work does next.
    server_.tasks.cancel(id);
    return json::object();
  }
  const json& responses = member_or_null(params, "inputResponses");
  if (!responses.is_object())
    throw RpcError(
        ec::kInvalidParams,
        "invalid params for tasks/update: \"inputResponses\" must be an object keyed "
        "by the task's inputRequests; got " +
            (responses.is_null() ? std::string("nothing") : std::string(type_name(responses))));
  server_.tasks.require(id);
  // ext-tasks "Task Update Requests": responses to keys that are not outstanding are ignored.
  // No task of this server ever asks for input, so none is outstanding.
  return json::object();
}

json SessionCore::interrupted_response(const Call& call) {
  std::string reason;
  {
    std::lock_guard lock(mutex_);
    reason = stop_reason_;
  }
  // An execution failure the caller can act on (retry later), so a result, not a JSON-RPC
  // error: the tool dispatcher's conversion point.
  json body = ToolResult::error("tool " + call.tool_name() + " was cancelled: " + reason +
                                "; call it again once the server is back")
                  .to_json();
  if (call.envelope()) complete_modern_result(body, server_.server_info(), std::nullopt);
  return make_result_response(call.id(), std::move(body));
}

void SessionCore::call_done(const std::shared_ptr<Call>& call) {
  std::function<void()> idle;
  {
    std::lock_guard lock(mutex_);
    auto it = calls_.find(id_key(call->id()));
    if (it != calls_.end() && it->second == call) calls_.erase(it);
    if (calls_.empty() && on_idle_) {
      idle = std::move(on_idle_);
      on_idle_ = nullptr;
    }
    calls_done_.notify_all();
  }
  if (idle) idle();
}

bool SessionCore::id_running(const json& id) const {
  std::lock_guard lock(mutex_);
  auto it = calls_.find(id_key(id));
  return it != calls_.end() && !it->second->finished();
}

std::shared_ptr<Call> SessionCore::find_call(const json& id) const {
  std::lock_guard lock(mutex_);
  auto it = calls_.find(id_key(id));
  if (it != calls_.end()) return it->second;
  // Tolerate clients that echo a numeric id as a string or the other way round.
  std::string alternative;
  if (id.is_string())
    alternative = id.get<std::string>();
  else if (id.is_number())
    alternative = serialize_message(json(serialize_message(id)));
  it = calls_.find(alternative);
  return it != calls_.end() ? it->second : nullptr;
}

void SessionCore::cancel(const json& request_id, std::string_view reason) {
  auto call = find_call(request_id);
  if (!call) {
    spdlog::debug("mcp: ignoring cancellation of unknown or finished request {}",
                  serialize_message(request_id));
    return;
  }
  if (call->cancel())
    spdlog::info("mcp: cancelled {} (id {}){}{}", call->tool_name(), serialize_message(request_id),
                 reason.empty() ? "" : ": ", reason);
}

}  // namespace sparqlmcp::mcp
