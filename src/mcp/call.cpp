#include "call.hpp"

#include <thread>

#include "sparqlmcp/mcp/jsonrpc.hpp"
#include "sparqlmcp/mcp/protocol.hpp"

namespace sparqlmcp::mcp {

namespace {
// Nudge used when a tool reports a value that is not above the last one sent (heartbeats may
// have moved it): progress may be fractional, and it must strictly increase.
constexpr double kProgressNudge = 0.001;
}  // namespace

Call::Call(nlohmann::json id, std::optional<nlohmann::json> progress_token, std::string tool_name,
           std::shared_ptr<Channel> channel, std::chrono::milliseconds response_gap,
           std::optional<RequestEnvelope> envelope)
    : id_(std::move(id)),
      progress_token_(std::move(progress_token)),
      tool_name_(std::move(tool_name)),
      channel_(std::move(channel)),
      token_(std::make_shared<CancellationToken>()),
      response_gap_(response_gap),
      envelope_(std::move(envelope)) {}

bool Call::cancel() {
  {
    std::lock_guard lock(mutex_);
    if (responded_ || cancelled_) return false;
    cancelled_ = true;
  }
  token_->cancel();  // outside the lock: callbacks abort transfers and may take time
  return true;
}

bool Call::cancelled() const {
  std::lock_guard lock(mutex_);
  return cancelled_;
}

bool Call::interrupt() {
  std::lock_guard lock(mutex_);
  if (responded_ || cancelled_ || interrupted_) return false;
  interrupted_ = true;
  return true;
}

bool Call::interrupted() const {
  std::lock_guard lock(mutex_);
  return interrupted_;
}

bool Call::finished() const {
  std::lock_guard lock(mutex_);
  return responded_ || cancelled_;
}

bool Call::silenced() const {
  std::lock_guard lock(mutex_);
  return silenced_ || cancelled_;
}

void Call::send_progress_locked(double value, const std::string& message) {
  nlohmann::json params = {{"progressToken", *progress_token_}, {"progress", value}};
  if (total_ && *total_ >= value) params["total"] = *total_;
  if (!message.empty()) params["message"] = message;
  last_progress_ = value;
  last_progress_at_ = Clock::now();
  channel_->send(make_notification("notifications/progress", std::move(params)),
                 OutgoingMessage::Kind::Notification, &id_);
}

void Call::report_progress(double progress, std::optional<double> total,
                           const std::string& message) {
  std::lock_guard lock(mutex_);
  if (!message.empty()) last_message_ = message;
  if (total) total_ = total;
  tool_reported_ = true;
  report_pending_ = true;
  reported_ = progress;
}

void Call::heartbeat() {
  std::lock_guard lock(mutex_);
  if (!progress_token_ || silenced_ || cancelled_) return;
  double value;
  if (report_pending_) {
    value = reported_;
    if (last_progress_ && value <= *last_progress_) value = *last_progress_ + kProgressNudge;
    report_pending_ = false;
  } else {
    // Before the tool reports anything the heartbeat counts 1, 2, 3...; afterwards it stays on
    // the tool's scale and moves by the smallest visible step.
    double step = tool_reported_ ? kProgressNudge : 1.0;
    value = last_progress_ ? *last_progress_ + step : 1.0;
  }
  send_progress_locked(value, last_message_.empty() ? std::string("still running") : last_message_);
}

void Call::log(LogLevel level, const nlohmann::json& data) {
  if (envelope_) {
    // MCP 2026-07-28 "Logging": nothing for a request that set no level.
    if (!envelope_->log_level || level < *envelope_->log_level) return;
  } else if (!channel_->log_enabled(level)) {
    return;
  }
  nlohmann::json params = {
      {"level", log_level_name(level)}, {"logger", tool_name_}, {"data", data}};
  std::lock_guard lock(mutex_);  // held while writing: a response cannot overtake the message
  if (silenced_ || cancelled_) return;
  channel_->send(make_notification("notifications/message", std::move(params)),
                 OutgoingMessage::Kind::Notification, &id_);
}

bool Call::finish(const nlohmann::json& response) {
  std::unique_lock lock(mutex_);
  if (silenced_) {
    // Someone else answers: once it has, a caller that closes the channel next loses nothing.
    answered_.wait(lock, [this] { return responded_; });
    return false;
  }
  silenced_ = true;  // from here on no notification about this call is written
  if (last_progress_at_ && response_gap_.count() > 0) {
    const auto until = *last_progress_at_ + response_gap_;
    if (Clock::now() < until) {
      lock.unlock();  // cancel(), finished() and the ticker must not wait for the gap
      std::this_thread::sleep_until(until);
      lock.lock();
    }
  }
  responded_ = true;
  const bool dropped = cancelled_;
  // Written under the call's lock, after every notification about the call.
  bool sent = false;
  if (responder_) {
    responder_(dropped ? std::nullopt : std::optional<nlohmann::json>(response));
    sent = !dropped;
  } else if (!dropped) {
    sent = channel_->send(response, OutgoingMessage::Kind::Response, &id_);
  }
  answered_.notify_all();
  return sent;
}

}  // namespace sparqlmcp::mcp
