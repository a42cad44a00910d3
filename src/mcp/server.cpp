#include "sparqlmcp/mcp/server.hpp"

#include "channel.hpp"
#include "server_core.hpp"
#include "session_core.hpp"
#include "sparqlmcp/util/random.hpp"

namespace sparqlmcp::mcp {

Tool* ServerCore::find_tool(const std::string& name) const {
  for (const auto& tool : *tools)
    if (tool && tool->definition().name == name) return tool.get();
  return nullptr;
}

std::string ServerCore::tool_names() const {
  std::string names;
  for (const auto& tool : *tools) {
    if (!tool) continue;
    if (!names.empty()) names += ", ";
    names += tool->definition().name;
  }
  return names.empty() ? "(none)" : names;
}

nlohmann::json ServerCore::server_info() const {
  const ServerInfo& info = options.info;
  nlohmann::json out = {{"name", info.name},
                        {"version", info.version.empty() ? "0.0.0" : info.version}};
  if (!info.title.empty()) out["title"] = info.title;
  return out;
}

nlohmann::json ServerCore::capabilities() const {
  nlohmann::json out = {{"tools", {{"listChanged", false}}}};
  // Only a server with resources declares them (a tool set without the catalogue has none).
  if (resources) out["resources"] = {{"subscribe", false}, {"listChanged", false}};
  if (prompts) {
    out["prompts"] = {{"listChanged", false}};
    out["completions"] = nlohmann::json::object();
  }
  out["logging"] = nlohmann::json::object();
  return out;
}

Server::Server(ServerOptions options, std::vector<std::unique_ptr<Tool>> tools,
               std::shared_ptr<const ResourceProvider> resources,
               std::shared_ptr<const PromptProvider> prompts)
    : core_(std::make_unique<ServerCore>(std::move(options), std::move(tools), std::move(resources),
                                         std::move(prompts))) {}

Server::~Server() = default;

const ServerOptions& Server::options() const {
  return core_->options;
}

std::unique_ptr<Session> Server::open_session(std::function<void(const std::string& message)> send,
                                              std::string_view kind) {
  return open_session(
      std::function<void(const OutgoingMessage&)>(
          [send = std::move(send)](const OutgoingMessage& message) { send(message.text); }),
      kind);
}

std::unique_ptr<Session> Server::open_session(
    std::function<void(const OutgoingMessage& message)> send, std::string_view kind) {
  auto channel = std::make_shared<Channel>(std::move(send), core_->options.default_log_level);
  std::string id = kind.empty() ? std::string() : std::string(kind) + "-" + util::random_hex(6);
  return std::make_unique<Session>(
      std::make_shared<SessionCore>(*core_, std::move(channel), std::move(id)));
}

Session::Session(std::shared_ptr<SessionCore> core) : core_(std::move(core)) {}
Session::~Session() {
  close();
}
void Session::handle_message(std::string_view raw) {
  core_->handle_message(raw);
}
void Session::handle_parsed(const nlohmann::json& message) {
  core_->handle_parsed(message);
}
void Session::cancel(const nlohmann::json& request_id, std::string_view reason) {
  core_->cancel(request_id, reason);
}
void Session::close() {
  core_->close();
}
std::size_t Session::interrupt(std::string_view reason) {
  return core_->interrupt(reason);
}
std::size_t Session::stop(std::string_view reason, std::chrono::milliseconds grace) {
  return core_->stop(reason, grace);
}
bool Session::wait_idle(std::chrono::milliseconds limit) {
  return core_->wait_idle(limit);
}
void Session::when_idle(std::function<void()> callback) {
  core_->when_idle(std::move(callback));
}
bool Session::initialized() const {
  return core_->initialized();
}
std::string Session::protocol_version() const {
  return core_->protocol_version();
}
std::size_t Session::running_calls() const {
  return core_->running_calls();
}

}  // namespace sparqlmcp::mcp
