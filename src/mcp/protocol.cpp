#include "sparqlmcp/mcp/protocol.hpp"

#include <array>

namespace sparqlmcp::mcp {

const std::vector<std::string>& supported_protocol_versions() {
  static const std::vector<std::string> versions = {std::string(kLatestProtocolVersion),
                                                    "2025-06-18", "2025-03-26", "2024-11-05"};
  return versions;
}

const std::vector<std::string>& modern_protocol_versions() {
  static const std::vector<std::string> versions = {std::string(kModernProtocolVersion)};
  return versions;
}

bool is_modern_message(const nlohmann::json& message) {
  if (!message.is_object()) return false;
  auto method = message.find("method");
  if (method != message.end() && *method == "initialize") return false;
  auto params = message.find("params");
  if (params == message.end() || !params->is_object()) return false;
  auto meta = params->find("_meta");
  return meta != params->end() && meta->is_object() && meta->contains(meta_key::kProtocolVersion);
}

std::string negotiate_protocol_version(std::string_view requested) {
  for (const auto& version : supported_protocol_versions())
    if (version == requested) return version;
  return std::string(kLatestProtocolVersion);
}

namespace {
constexpr std::array<const char*, 8> kLevelNames = {"debug", "info",     "notice", "warning",
                                                    "error", "critical", "alert",  "emergency"};
}

const char* log_level_name(LogLevel level) {
  auto index = static_cast<std::size_t>(level);
  return index < kLevelNames.size() ? kLevelNames[index] : "info";
}

std::optional<LogLevel> parse_log_level(std::string_view name) {
  for (std::size_t i = 0; i < kLevelNames.size(); ++i)
    if (name == kLevelNames[i]) return static_cast<LogLevel>(i);
  return std::nullopt;
}

}  // namespace sparqlmcp::mcp
