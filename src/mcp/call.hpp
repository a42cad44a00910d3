#pragma once
// The state of one tools/call request between its arrival and its response. It guarantees the
// MCP ordering rules: progress values strictly increase ("Progress"), nothing about the request
// is sent after its response, and a cancelled request gets no response ("Cancellation").
// Shared (shared_ptr) by the session's table of running calls, the worker running the tool and
// the progress ticker.

#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "channel.hpp"
#include "sparqlmcp/util/cancellation.hpp"

namespace sparqlmcp::mcp {

class Call {
 public:
  Call(nlohmann::json id, std::optional<nlohmann::json> progress_token, std::string tool_name,
       std::shared_ptr<Channel> channel);

  const nlohmann::json& id() const { return id_; }
  const std::string& tool_name() const { return tool_name_; }
  const CancellationTokenPtr& token() const { return token_; }
  bool has_progress_token() const { return progress_token_.has_value(); }

  // Marks the call cancelled (its response will be dropped) and fires the token. Returns false
  // when the call had already finished or been cancelled.
  bool cancel();
  bool cancelled() const;
  // True once the response was sent or dropped.
  bool finished() const;

  // ToolContext::report_progress. A value not above the last one sent is nudged up.
  void report_progress(double progress, std::optional<double> total, const std::string& message);
  // Sent by the ticker while the call runs: progress incremented, the last message repeated.
  void heartbeat();
  // ToolContext::log: a notifications/message if the session's level lets it through.
  void log(LogLevel level, const nlohmann::json& data);

  // Sends the response unless the call was cancelled; afterwards nothing more is sent for it.
  // Returns whether the response was sent.
  bool finish(const nlohmann::json& response);

  // Routes the response (nullopt when cancelled) to `responder` instead of the channel: used for
  // calls inside a JSON-RPC batch. Called exactly once, from finish(). Set before the call runs.
  void set_responder(std::function<void(std::optional<nlohmann::json>)> responder) {
    responder_ = std::move(responder);
  }

 private:
  void send_progress_locked(double value, const std::string& message);

  const nlohmann::json id_;
  const std::optional<nlohmann::json> progress_token_;
  const std::string tool_name_;
  const std::shared_ptr<Channel> channel_;
  const CancellationTokenPtr token_;

  std::function<void(std::optional<nlohmann::json>)> responder_;

  mutable std::mutex mutex_;
  bool responded_ = false;
  bool cancelled_ = false;
  bool finished_ = false;
  bool tool_reported_ = false;
  std::optional<double> last_progress_;
  std::optional<double> total_;
  std::string last_message_;
};

}  // namespace sparqlmcp::mcp
