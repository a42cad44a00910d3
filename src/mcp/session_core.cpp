#include "session_core.hpp"

#include <algorithm>
#include <exception>

#include <spdlog/spdlog.h>

#include "session_support.hpp"
#include "sparqlmcp/mcp/jsonrpc.hpp"
#include "sparqlmcp/mcp/protocol.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::mcp {

namespace {

using nlohmann::json;
namespace ec = error_code;

// The methods a server answers: the prompt methods only when it has prompts (it declares the
// prompts and completions capabilities then; a server without gives them method not found).
std::string implemented_methods(bool prompts) {
  return std::string(
             "initialize, ping, tools/list, tools/call, resources/list, resources/templates/list, "
             "resources/read, ") +
         (prompts ? "prompts/list, prompts/get, completion/complete, " : "") + "logging/setLevel";
}

std::string modern_methods(bool prompts) {
  return std::string(
             "server/discover, tools/list, tools/call, resources/list, resources/templates/list, "
             "resources/read, ") +
         (prompts ? "prompts/list, prompts/get, completion/complete, " : "") +
         "tasks/get, tasks/update, tasks/cancel";
}

bool is_prompt_method(const std::string& method) {
  return method == "prompts/list" || method == "prompts/get" || method == "completion/complete";
}

// `params` must be absent (null here) or an object for every MCP request.
void require_object_params(const std::string& method, const json& params) {
  if (!params.is_null() && !params.is_object())
    throw RpcError(ec::kInvalidParams, "invalid params for " + method + ": params must be an " +
                                           "object, got " + type_name(params) +
                                           "; send named parameters as a JSON object");
}

// "parse error at line 1, column 7: <reason>; ..." with the column counted in code points
// (nlohmann counts bytes) and nlohmann's "[json.exception...] parse error at ...:" prefix dropped.
std::string describe_parse_error(std::string_view raw, const json::parse_error& e) {
  std::size_t end = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, raw.size());
  const SourceSpan at = util::position_at(raw, end);
  std::string reason = e.what();
  if (auto at = reason.find("column "); at != std::string::npos)
    if (auto colon = reason.find(": ", at); colon != std::string::npos)
      reason = reason.substr(colon + 2);
  return "parse error at line " + std::to_string(at.line) + ", column " +
         std::to_string(at.column) + ": the message is not valid JSON (" + reason +
         "); send one complete JSON-RPC 2.0 object per line";
}

json error_response(const json& id, int code, std::string message, json data = nullptr) {
  spdlog::debug("mcp: error {} for request {}: {}", code, serialize_message(id), message);
  return make_error_response(id, code, std::move(message), std::move(data));
}

}  // namespace

std::string id_key(const json& id) {
  return serialize_message(id);
}

const char* type_name(const json& value) {
  return value.type_name();
}

void refuse_cursor(const json& params, std::string_view method, std::string_view items) {
  const json& cursor = member_or_null(params, "cursor");
  if (!cursor.is_null())
    throw RpcError(ec::kInvalidParams, "invalid params for " + std::string(method) +
                                           ": unknown cursor " + serialize_message(cursor) +
                                           "; this server returns all " + std::string(items) +
                                           " on one page, call " + std::string(method) +
                                           " without a cursor");
}

RpcError id_in_use(const json& id) {
  return RpcError(ec::kInvalidRequest,
                  "request id " + serialize_message(id) +
                      " is already used by a running request; give every request a unique id");
}

const json& member_or_null(const json& params, const char* name) {
  static const json null_value;
  if (!params.is_object()) return null_value;
  auto it = params.find(name);
  return it == params.end() ? null_value : *it;
}

SessionCore::SessionCore(ServerCore& server, std::shared_ptr<Channel> channel, std::string id)
    : server_(server), channel_(std::move(channel)), id_(std::move(id)) {}

bool SessionCore::initialized() const {
  std::lock_guard lock(mutex_);
  return initialized_;
}

std::string SessionCore::protocol_version() const {
  std::lock_guard lock(mutex_);
  return protocol_version_;
}

std::size_t SessionCore::running_calls() const {
  std::lock_guard lock(mutex_);
  return calls_.size();
}

void SessionCore::send_error(const json& id, int code, std::string message, json data) {
  spdlog::debug("mcp: error {} for request {}: {}", code, serialize_message(id), message);
  channel_->send(make_error_response(id, code, std::move(message), std::move(data)),
                 OutgoingMessage::Kind::Response, &id);
}

void SessionCore::handle_message(std::string_view raw) {
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
  }
  json message;
  try {
    message = json::parse(raw.begin(), raw.end());
  } catch (const json::parse_error& e) {
    send_error(nullptr, ec::kParseError, describe_parse_error(raw, e));
    return;
  } catch (const json::out_of_range& e) {
    // Valid JSON, but a number beyond a double's range (1e400): RFC 8259 section 6 lets a
    // reader refuse it, and nlohmann throws out_of_range, not parse_error (found by fuzzing).
    std::string reason = e.what();  // "[json.exception.out_of_range.406] number overflow ..."
    if (auto at = reason.find("] "); at != std::string::npos) reason.erase(0, at + 2);
    if (reason.size() > 80) reason.resize(80);
    send_error(nullptr, ec::kParseError,
               "the message holds a number too large to read (" + reason +
                   "); send numbers within the range of a double");
    return;
  }
  handle_parsed(message);
}

void SessionCore::handle_parsed(const json& message) {
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
  }
  try {
    if (message.is_array()) {
      handle_batch(message);
      return;
    }
    if (auto response = dispatch(message, nullptr))
      channel_->send(*response, OutgoingMessage::Kind::Response, &(*response)["id"]);
  } catch (const std::exception& e) {
    // Last line of defence: nothing may end the session.
    spdlog::error("mcp: internal error while handling a message: {}", e.what());
    json id = message.is_object() && message.contains("id") && is_valid_request_id(message["id"]) &&
                      message.contains("method")
                  ? message["id"]
                  : json();
    send_error(id, ec::kInternalError,
               std::string("internal error: ") + e.what() +
                   "; this is a server bug, retry the request or report it");
  }
}

std::optional<json> SessionCore::dispatch(const json& message,
                                          const std::shared_ptr<BatchCollector>& batch) {
  if (!message.is_object()) {
    return error_response(
        nullptr, ec::kInvalidRequest,
        std::string("invalid request: a JSON-RPC message must be a JSON object, got ") +
            type_name(message) + "; send {\"jsonrpc\":\"2.0\",\"id\":...,\"method\":...}");
  }
  auto id_it = message.find("id");
  const bool has_id = id_it != message.end();
  // The id is echoed whenever it can be read, so the client can match the error to its request
  // (JSON-RPC 2.0 section 5: null only when the id cannot be determined).
  const json id = has_id && is_valid_request_id(*id_it) ? *id_it : json();

  auto method_it = message.find("method");
  if (method_it == message.end()) {
    if (has_id && (message.contains("result") || message.contains("error"))) {
      // A response to a server→client request; this server sends none, so nothing waits for it.
      spdlog::debug("mcp: ignoring a response from the client (id {})", serialize_message(*id_it));
      return std::nullopt;
    }
    return error_response(
        id, ec::kInvalidRequest,
        "invalid request: the message has no \"method\"; every request and notification "
        "needs a \"method\" string");
  }
  auto version_it = message.find("jsonrpc");
  if (version_it == message.end() || *version_it != "2.0") {
    return error_response(
        id, ec::kInvalidRequest,
        "invalid request: \"jsonrpc\" must be the string \"2.0\"; add \"jsonrpc\":\"2.0\" "
        "to every message");
  }
  if (!method_it->is_string()) {
    return error_response(id, ec::kInvalidRequest,
                          std::string("invalid request: \"method\" must be a string, got ") +
                              type_name(*method_it) +
                              "; send the method name as a string such as \"tools/call\"");
  }
  if (has_id && !is_valid_request_id(*id_it)) {
    return error_response(
        nullptr, ec::kInvalidRequest,
        std::string("invalid request: \"id\" must be a string or a number, got ") +
            type_name(*id_it) + "; omit \"id\" only for notifications");
  }
  const std::string method = method_it->get<std::string>();
  json params;  // null when absent; JSON null params are read as absent
  if (auto params_it = message.find("params"); params_it != message.end()) {
    if (!params_it->is_null() && !params_it->is_structured()) {
      if (has_id)
        return error_response(id, ec::kInvalidRequest,
                              std::string("invalid request: \"params\" must be an object, got ") +
                                  type_name(*params_it) + "; send named parameters as an object");
      spdlog::debug("mcp: ignoring notification {} with non-object params", method);
      return std::nullopt;
    }
    params = *params_it;
  }

  if (!has_id) {
    handle_notification(method, params);
    return std::nullopt;
  }

  std::optional<json> result;
  try {
    result = handle_request(id, method, params, batch);
  } catch (const RpcError& e) {
    return error_response(id, e.code(), e.message(), e.data());
  } catch (const Exception& e) {
    spdlog::error("mcp: {} failed: {}", method, e.what());
    return error_response(id, ec::kInternalError,
                          "internal error while handling " + method + ": " + e.error().to_text() +
                              "; retry the request or report the problem");
  } catch (const std::exception& e) {
    spdlog::error("mcp: {} failed: {}", method, e.what());
    return error_response(id, ec::kInternalError,
                          "internal error while handling " + method + ": " + e.what() +
                              "; retry the request or report the problem");
  }
  if (!result) return std::nullopt;
  return make_result_response(id, std::move(*result));
}

void SessionCore::handle_batch(const json& batch) {
  std::string version = protocol_version();
  if (version != "2025-03-26") {
    // Batching exists only in protocol 2025-03-26; before initialize nothing is negotiated (and
    // initialize itself must not be batched).
    channel_->send(error_response(nullptr, ec::kInvalidRequest,
                                  "JSON-RPC batches are not supported by this MCP version; send "
                                  "one message per line"),
                   OutgoingMessage::Kind::Response, nullptr);
    return;
  }
  if (batch.empty()) {
    channel_->send(error_response(nullptr, ec::kInvalidRequest,
                                  "invalid request: the batch is empty; send at least one "
                                  "message"),
                   OutgoingMessage::Kind::Response, nullptr);
    return;
  }
  json ids = json::array();
  for (const auto& element : batch)
    if (element.is_object() && element.contains("method") && element.contains("id") &&
        is_valid_request_id(element["id"]))
      ids.push_back(element["id"]);
  auto collector = std::make_shared<BatchCollector>(channel_, std::move(ids));
  collector->expect();  // held until every element is dispatched
  for (const auto& element : batch) {
    std::optional<json> response;
    if (element.is_array())
      response = error_response(nullptr, ec::kInvalidRequest,
                                "invalid request: a batch may not contain another batch");
    else
      response = dispatch(element, collector);
    if (response) {
      collector->expect();
      collector->complete(std::move(response));
    }
  }
  collector->complete(std::nullopt);
}

void SessionCore::handle_notification(const std::string& method, const json& params) {
  if (method == "notifications/initialized") {
    std::lock_guard lock(mutex_);
    client_ready_ = true;
    return;
  }
  if (method == "notifications/cancelled") {
    const json& request_id = member_or_null(params, "requestId");
    if (!is_valid_request_id(request_id)) {
      spdlog::debug("mcp: ignoring notifications/cancelled without a valid requestId");
      return;
    }
    const json& reason = member_or_null(params, "reason");
    cancel(request_id, reason.is_string() ? reason.get<std::string>() : std::string());
    return;
  }
  // Other notifications (roots/list_changed, progress for server requests, ...) need nothing.
  spdlog::debug("mcp: ignoring notification {}", method);
}

std::optional<json> SessionCore::handle_request(const json& id, const std::string& method,
                                                const json& params,
                                                const std::shared_ptr<BatchCollector>& batch) {
  require_object_params(method, params);
  if (id_running(id)) throw id_in_use(id);
  // initialize always opens the legacy handshake, whatever its _meta says.
  if (method != "initialize") {
    if (auto envelope = read_envelope(method, params)) {
      // Batches belong to 2025-03-26; a 2026-07-28 request travels alone.
      if (batch)
        throw RpcError(ec::kInvalidRequest, "invalid request: a JSON-RPC batch may not contain " +
                                                std::string(kModernProtocolVersion) +
                                                " requests; send each one as its own message");
      return handle_modern_request(id, method, params, *envelope);
    }
  }
  if (method == "server/discover")
    // A 2026-07-28 method: its request must declare the version (MCP 2026-07-28 "Overview",
    // per-request protocol fields: a request missing a required field is invalid params).
    throw RpcError(ec::kInvalidParams,
                   "invalid params for server/discover: params._meta[\"" +
                       std::string(meta_key::kProtocolVersion) +
                       "\"] is missing; server/discover is a " +
                       std::string(kModernProtocolVersion) + " request, declare \"" +
                       std::string(kModernProtocolVersion) + "\" there and the client's " +
                       "capabilities in params._meta[\"" + meta_key::kClientCapabilities + "\"]");
  if (method == "ping") return json::object();  // MCP "Ping": answered in every state
  if (method == "initialize") return handle_initialize(params);
  {
    std::lock_guard lock(mutex_);
    if (!initialized_)
      throw RpcError(ec::kInvalidRequest, "server not initialized: send initialize first (got " +
                                              method + " before initialize)");
  }
  if (method == "tools/list") return handle_tools_list(params);
  if (method == "tools/call") {
    handle_tools_call(id, params, batch);
    return std::nullopt;
  }
  if (method == "resources/list") return handle_resources_list(params);
  if (method == "resources/templates/list") return handle_resources_templates_list(params);
  if (method == "resources/read") return handle_resources_read(params, false);
  if (server_.prompts && method == "prompts/list") return handle_prompts_list(params);
  if (server_.prompts && method == "prompts/get") return handle_prompts_get(params);
  if (server_.prompts && method == "completion/complete") return handle_complete(params);
  if (method == "logging/setLevel") return handle_set_level(params);
  throw RpcError(ec::kMethodNotFound,
                 "method not found: \"" + method + "\"; this server implements " +
                     implemented_methods(server_.prompts != nullptr),
                 json{{"method", method}});
}

std::optional<json> SessionCore::handle_modern_request(const json& id, const std::string& method,
                                                       const json& params,
                                                       const RequestEnvelope& envelope) {
  if (spdlog::should_log(spdlog::level::debug))  // spares serializing the id on every request
    spdlog::debug("mcp: {} (id {}) under {} for client {}", method, serialize_message(id),
                  envelope.protocol_version,
                  envelope.client_name.empty() ? "(unnamed)" : envelope.client_name);
  const CacheHint cache{server_.options.cache_ttl, true};
  json result;
  if (method == "tools/call") {
    handle_tools_call(id, params, nullptr, envelope);
    return std::nullopt;
  }
  if (method == "server/discover") {
    result = handle_discover();
  } else if (method == "tools/list") {
    result = handle_tools_list(params);
  } else if (method == "resources/list") {
    result = handle_resources_list(params);
  } else if (method == "resources/templates/list") {
    result = handle_resources_templates_list(params);
  } else if (method == "resources/read") {
    result = handle_resources_read(params, true);
  } else if (server_.prompts && method == "prompts/list") {
    result = handle_prompts_list(params);
  } else if (server_.prompts && is_prompt_method(method)) {
    // A filled prompt and completions depend on what the caller typed: not cacheable.
    result = method == "prompts/get" ? handle_prompts_get(params) : handle_complete(params);
    complete_modern_result(result, server_.server_info(), std::nullopt);
    return result;
  } else if (method == "tasks/get" || method == "tasks/update" || method == "tasks/cancel") {
    // A task's state is not cacheable: its ttlMs is the task's time to live, and no
    // cacheScope goes with it.
    result = handle_task_request(method, params, envelope);
    complete_modern_result(result, server_.server_info(), std::nullopt);
    return result;
  } else if (method == "tasks/result" || method == "tasks/list") {
    // ext-tasks SEP-2663 "Backwards Compatibility": the extension removed both (tasks/result
    // MUST get -32601).
    throw RpcError(ec::kMethodNotFound,
                   "method not found: \"" + method + "\" does not exist in the " + kTasksExtension +
                       " extension of " + envelope.protocol_version +
                       (method == "tasks/result"
                            ? std::string("; poll tasks/get, whose answer carries the tool's "
                                          "result once the task is completed")
                            : std::string("; keep the taskId that each tools/call answered "
                                          "with resultType \"task\"")) +
                       ". " + envelope.protocol_version +
                       " methods: " + modern_methods(server_.prompts != nullptr),
                   json{{"method", method}});
  } else if (method == "ping" || method == "logging/setLevel") {
    // MCP 2026-07-28 "Key Changes" 5: both were removed.
    throw RpcError(
        ec::kMethodNotFound,
        "method not found: \"" + method + "\" does not exist in " + envelope.protocol_version +
            (method == "ping" ? std::string("; any request shows the server is alive")
                              : "; set params._meta[\"" + std::string(meta_key::kLogLevel) +
                                    "\"] on each request that should send log "
                                    "messages") +
            ". " + envelope.protocol_version +
            " methods: " + modern_methods(server_.prompts != nullptr),
        json{{"method", method}});
  } else {
    throw RpcError(ec::kMethodNotFound,
                   "method not found: \"" + method + "\"; under " + envelope.protocol_version +
                       " this server implements " + modern_methods(server_.prompts != nullptr),
                   json{{"method", method}});
  }
  // Every 2026-07-28 result here may be cached (MCP 2026-07-28 "Caching", Cacheable Results).
  complete_modern_result(result, server_.server_info(), cache);
  return result;
}

json SessionCore::handle_discover() const {
  // MCP 2026-07-28 "Discovery": versions, capabilities, identity (in _meta, added by the
  // caller) and instructions.
  json result = {{"supportedVersions", modern_protocol_versions()},
                 {"capabilities", server_.capabilities()}};
  // ext-tasks "Capability Negotiation": no settings are defined, an empty object declares
  // support. Only here: the extension does not exist for the legacy revisions of initialize.
  result["capabilities"]["extensions"] = {{kTasksExtension, json::object()}};
  if (!server_.options.info.instructions.empty())
    result["instructions"] = server_.options.info.instructions;
  return result;
}

json SessionCore::handle_initialize(const json& params) {
  const json& requested = member_or_null(params, "protocolVersion");
  if (!requested.is_string())
    throw RpcError(ec::kInvalidParams,
                   "invalid params for initialize: \"protocolVersion\" must be a string such as "
                   "\"" +
                       std::string(kLatestProtocolVersion) + "\"");
  std::string version = negotiate_protocol_version(requested.get<std::string>());
  {
    std::lock_guard lock(mutex_);
    if (initialized_)
      throw RpcError(ec::kInvalidRequest, "this session is already initialized (protocol " +
                                              protocol_version_ +
                                              "); send initialize only once per session");
    initialized_ = true;
    protocol_version_ = version;
  }
  const ServerInfo& info = server_.options.info;
  json result = {{"protocolVersion", version},
                 {"capabilities", server_.capabilities()},
                 {"serverInfo", server_.server_info()}};
  if (!info.instructions.empty()) result["instructions"] = info.instructions;
  const json& client = member_or_null(params, "clientInfo");
  {
    std::lock_guard lock(mutex_);
    client_ = client_identity(client);
  }
  spdlog::info("mcp: session initialized with protocol {} for client {}", version,
               client.is_object() && client.contains("name") ? serialize_message(client["name"])
                                                             : std::string("(unnamed)"));
  return result;
}

json SessionCore::handle_set_level(const json& params) {
  const json& level = member_or_null(params, "level");
  std::optional<LogLevel> parsed;
  if (level.is_string()) parsed = parse_log_level(level.get<std::string>());
  if (!parsed)
    throw RpcError(ec::kInvalidParams,
                   "invalid params for logging/setLevel: \"level\" must be one of debug, info, "
                   "notice, warning, error, critical, alert, emergency; got " +
                       (level.is_null() ? std::string("nothing") : serialize_message(level)));
  channel_->set_log_level(*parsed);
  return json::object();
}

bool SessionCore::wait_idle(std::chrono::milliseconds limit) {
  std::unique_lock lock(mutex_);
  return calls_done_.wait_for(lock, limit, [&] { return calls_.empty(); });
}

void SessionCore::when_idle(std::function<void()> callback) {
  {
    std::lock_guard lock(mutex_);
    if (!calls_.empty()) {
      on_idle_ = std::move(callback);
      return;
    }
  }
  callback();
}

std::size_t SessionCore::interrupt(std::string_view reason) {
  std::vector<std::shared_ptr<Call>> running;
  {
    std::lock_guard lock(mutex_);
    if (stop_reason_.empty())
      stop_reason_ = reason.empty() ? std::string("the server is stopping") : std::string(reason);
    for (auto& [key, call] : calls_)
      running.push_back(call);
  }
  // Every call is marked before any token fires: a tool that returns on its token frees a
  // worker, which must not start a queued call of these as if nothing happened.
  std::vector<std::shared_ptr<Call>> stopped;
  for (auto& call : running)
    if (call->interrupt()) stopped.push_back(call);
  for (auto& call : stopped)
    call->token()->cancel();
  if (!stopped.empty()) spdlog::info("mcp: cancelled {} tool call(s): {}", stopped.size(), reason);
  return stopped.size();
}

std::size_t SessionCore::stop(std::string_view reason, std::chrono::milliseconds grace) {
  const std::size_t count = interrupt(reason);
  std::vector<std::shared_ptr<Call>> left;
  {
    std::unique_lock lock(mutex_);
    if (closed_) return count;  // closed before: nothing is answered any more
    calls_done_.wait_for(lock, grace, [&] { return calls_.empty(); });
    closed_ = true;  // no further message is handled
    on_idle_ = nullptr;
    for (auto& [key, call] : calls_)
      left.push_back(call);
  }
  // Tools still running: their calls are answered here, and their results dropped when they
  // come. finish() also waits for answers a worker is writing, so closing the channel next
  // loses none.
  std::size_t answered = 0;
  for (auto& call : left)
    if (call->finish(interrupted_response(*call))) ++answered;
  if (answered > 0)
    spdlog::warn(
        "mcp: {} tool(s) still running {} ms after they were cancelled; their calls were "
        "answered without them",
        answered, grace.count());
  channel_->close();
  return count;
}

void SessionCore::close() {
  std::vector<std::shared_ptr<Call>> running;
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    closed_ = true;
    on_idle_ = nullptr;
    for (auto& [key, call] : calls_)
      running.push_back(call);
  }
  channel_->close();  // nothing is written after close, whatever the workers do next
  for (auto& call : running)
    call->cancel();
  running.clear();
  std::unique_lock lock(mutex_);
  if (!calls_done_.wait_for(lock, server_.options.shutdown_grace, [&] { return calls_.empty(); }))
    spdlog::warn("mcp: {} tool call(s) still running {} ms after the session closed", calls_.size(),
                 server_.options.shutdown_grace.count());
}

}  // namespace sparqlmcp::mcp
