#pragma once
// The state of one tools/call request between its arrival and its response. It guarantees the
// MCP ordering rules whatever the tool does: progress values strictly increase ("Progress"),
// progress is sent only while the call runs, nothing about the request is written once its
// response has been, and a cancelled request gets no response ("Cancellation").
//
// Every message about the call (progress, log, response) is written under the call's lock, so
// the worker, the HTTP client's thread (tool logs) and the ticker cannot interleave them out of
// order. Progress is written only by the ticker, never at the moment a tool reports it: a quick
// call then finishes without any progress, and a response is written at least `response_gap`
// after the last progress of its call. That gap is for clients such as the official TypeScript
// SDK (1.32), which dispatch a notification one microtask after a response read in the same
// chunk and then report the progress of a finished request as an error (typescript-sdk #2580).
//
// Shared (shared_ptr) by the session's table of running calls, the worker running the tool and
// the progress ticker.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "channel.hpp"
#include "envelope.hpp"
#include "sparqlmcp/util/cancellation.hpp"

namespace sparqlmcp::mcp {

class Call {
 public:
  // `envelope` is set for a 2026-07-28 request: its own log level then decides which tool log
  // messages are sent (none without one), instead of the session's logging/setLevel.
  Call(nlohmann::json id, std::optional<nlohmann::json> progress_token, std::string tool_name,
       std::shared_ptr<Channel> channel, std::chrono::milliseconds response_gap,
       std::optional<RequestEnvelope> envelope = std::nullopt);

  const nlohmann::json& id() const { return id_; }
  const std::string& tool_name() const { return tool_name_; }
  const CancellationTokenPtr& token() const { return token_; }
  bool has_progress_token() const { return progress_token_.has_value(); }
  // The 2026-07-28 envelope of the request, or nullopt for a legacy request.
  const std::optional<RequestEnvelope>& envelope() const { return envelope_; }

  // Marks the call cancelled (its response will be dropped) and fires the token. Returns false
  // when the call had already finished or been cancelled.
  bool cancel();
  bool cancelled() const;
  // The server is stopping: marks the call so that its response says so (Session::interrupt)
  // instead of being dropped as a cancelled call's. The caller then cancels token(), once it
  // has marked every call it stops: a call that starts meanwhile must not run as if nothing
  // happened. Returns false when the call had already finished or been cancelled or
  // interrupted.
  bool interrupt();
  bool interrupted() const;
  // True once the response was written or dropped, or the call was cancelled: the request id
  // is free again.
  bool finished() const;
  // True once no notification about the call may be written any more (its response is on the
  // way, written or dropped).
  bool silenced() const;

  // ToolContext::report_progress: records the tool's newest value, total and message. They go
  // out with the next tick, if the call still runs then.
  void report_progress(double progress, std::optional<double> total, const std::string& message);
  // Called by the ticker while the call runs: sends the tool's unsent report, or else a
  // heartbeat (progress incremented, the last message repeated).
  void heartbeat();
  // ToolContext::log: a notifications/message if the level passes (the request's own level for
  // a 2026-07-28 request, the session's otherwise) and the response has not been written. Safe
  // from any thread.
  void log(LogLevel level, const nlohmann::json& data);

  // Silences the call, waits out the rest of the response gap, then writes the response unless
  // the call was cancelled. Returns whether the response was sent. When another thread has
  // begun to answer the call (its worker, or a stopping session answering for a tool that
  // still runs), waits until that answer is written and returns false.
  bool finish(const nlohmann::json& response);

  // Routes the response (nullopt when cancelled) to `responder` instead of the channel: used for
  // calls inside a JSON-RPC batch. Called exactly once, from finish(). Set before the call runs.
  void set_responder(std::function<void(std::optional<nlohmann::json>)> responder) {
    responder_ = std::move(responder);
  }

 private:
  using Clock = std::chrono::steady_clock;

  void send_progress_locked(double value, const std::string& message);

  const nlohmann::json id_;
  const std::optional<nlohmann::json> progress_token_;
  const std::string tool_name_;
  const std::shared_ptr<Channel> channel_;
  const CancellationTokenPtr token_;
  const std::chrono::milliseconds response_gap_;
  const std::optional<RequestEnvelope> envelope_;

  std::function<void(std::optional<nlohmann::json>)> responder_;

  mutable std::mutex mutex_;
  std::condition_variable answered_;  // notified when responded_ becomes true
  bool silenced_ = false;             // finish() has begun: no more notifications
  bool responded_ = false;            // finish() has completed
  bool cancelled_ = false;
  bool interrupted_ = false;
  bool tool_reported_ = false;   // the tool has reported progress at least once
  bool report_pending_ = false;  // ... and its newest report has not been sent yet
  double reported_ = 0;          // the tool's newest value
  std::optional<double> last_progress_;
  std::optional<Clock::time_point> last_progress_at_;
  std::optional<double> total_;
  std::string last_message_;
};

}  // namespace sparqlmcp::mcp
