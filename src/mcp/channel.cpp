#include "channel.hpp"

#include <exception>

#include <spdlog/spdlog.h>

#include "sparqlmcp/mcp/jsonrpc.hpp"

namespace sparqlmcp::mcp {

Channel::Channel(Sink sink, LogLevel level)
    : sink_(std::move(sink)), level_(static_cast<int>(level)) {}

bool Channel::send(const nlohmann::json& message, OutgoingMessage::Kind kind,
                   const nlohmann::json* related) {
  OutgoingMessage out;
  out.text = serialize_message(message);
  out.kind = kind;
  if (related && !related->is_null()) out.related_request = *related;
  std::lock_guard lock(mutex_);
  if (closed_) return false;
  try {
    sink_(out);
  } catch (const std::exception& e) {
    // The transport failed (peer gone); the session goes on, the transport will see its EOF.
    spdlog::warn("mcp: could not send a message: {}", e.what());
    return false;
  }
  return true;
}

void Channel::close() {
  std::lock_guard lock(mutex_);
  closed_ = true;
}

bool Channel::closed() const {
  std::lock_guard lock(mutex_);
  return closed_;
}

}  // namespace sparqlmcp::mcp
