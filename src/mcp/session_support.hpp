#pragma once
// What the files of a session share (session_core.cpp, session_calls.cpp,
// session_resources.cpp, session_prompts.cpp): how request ids are keyed and refused, and the
// collector of a batch's responses.

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "channel.hpp"
#include "sparqlmcp/mcp/jsonrpc.hpp"

namespace sparqlmcp::mcp {

// The key of a request id in a session's table of running calls.
std::string id_key(const nlohmann::json& id);

// A JSON value's type, for messages ("string", "array").
const char* type_name(const nlohmann::json& value);

// The list methods (tools, prompts, resources, resource templates) answer on one page, so no
// cursor is ever issued and none is valid: one in `params` is refused, naming `method` and the
// `items` it lists.
void refuse_cursor(const nlohmann::json& params, std::string_view method, std::string_view items);

// MCP "Messages": a request id must not have been used before in the session. One still used
// by a running call is refused whatever the request, so that no two responses carry it.
RpcError id_in_use(const nlohmann::json& id);

// Collects the responses of one JSON-RPC batch (MCP 2025-03-26 "Batching") and sends them as
// one array once every request in it, including tool calls running on workers, has answered.
class BatchCollector {
 public:
  // `ids`: the ids of the batch's requests, the array's related request, so that a transport
  // that answers each POST on its own (Streamable HTTP) can tell which POST it answers.
  BatchCollector(std::shared_ptr<Channel> channel, nlohmann::json ids)
      : channel_(std::move(channel)), ids_(std::move(ids)) {}
  void expect() {
    std::lock_guard lock(mutex_);
    ++pending_;
  }
  // `response` is nullopt for a request that ends without a response (a cancelled call).
  void complete(std::optional<nlohmann::json> response) {
    nlohmann::json out;
    {
      std::lock_guard lock(mutex_);
      if (response) responses_.push_back(std::move(*response));
      if (--pending_ > 0 || responses_.empty()) return;
      out = std::move(responses_);
    }
    channel_->send(out, OutgoingMessage::Kind::Response, ids_.empty() ? nullptr : &ids_);
  }

 private:
  std::shared_ptr<Channel> channel_;
  const nlohmann::json ids_;
  std::mutex mutex_;
  std::size_t pending_ = 0;
  nlohmann::json responses_ = nlohmann::json::array();
};

}  // namespace sparqlmcp::mcp
