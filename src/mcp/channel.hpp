#pragma once
// The outgoing side of one session: serializes writes (one whole message at a time), drops
// everything once closed, and holds the session's logging level (MCP "Logging").

#include <atomic>
#include <mutex>

#include <nlohmann/json.hpp>

#include "sparqlmcp/mcp/server.hpp"

namespace sparqlmcp::mcp {

class Channel {
 public:
  using Sink = std::function<void(const OutgoingMessage&)>;
  Channel(Sink sink, LogLevel level);

  // Sends `message` unless the channel is closed; returns whether it was handed to the sink.
  // `related` is the id of the request the message belongs to, or null.
  bool send(const nlohmann::json& message, OutgoingMessage::Kind kind,
            const nlohmann::json* related);
  // After close() returns, the sink is never called again.
  void close();
  bool closed() const;

  void set_log_level(LogLevel level) { level_.store(static_cast<int>(level)); }
  bool log_enabled(LogLevel level) const { return static_cast<int>(level) >= level_.load(); }

 private:
  mutable std::mutex mutex_;
  bool closed_ = false;
  Sink sink_;
  std::atomic<int> level_;
};

}  // namespace sparqlmcp::mcp
