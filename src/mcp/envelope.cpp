#include "envelope.hpp"

#include <algorithm>

#include "sparqlmcp/mcp/jsonrpc.hpp"
#include "sparqlmcp/mcp/protocol.hpp"

namespace sparqlmcp::mcp {

namespace {

using nlohmann::json;
namespace ec = error_code;

std::string key_path(const char* key) {
  return std::string("params._meta[\"") + key + "\"]";
}

std::string list_versions(const std::vector<std::string>& versions) {
  std::string out;
  for (std::size_t i = 0; i < versions.size(); ++i) {
    if (i > 0) out += i + 1 == versions.size() ? " or " : ", ";
    out += versions[i];
  }
  return out;
}

RpcError unsupported_version(const std::string& requested) {
  const auto& modern = modern_protocol_versions();
  const auto& legacy = supported_protocol_versions();
  const bool is_legacy = std::find(legacy.begin(), legacy.end(), requested) != legacy.end();
  std::string message =
      is_legacy ? "protocol version \"" + requested +
                      "\" has no per-request form: it is served only after an initialize "
                      "handshake. Send initialize (without " +
                      key_path(meta_key::kProtocolVersion) + ") to use it, or declare " +
                      list_versions(modern) + " in " + key_path(meta_key::kProtocolVersion)
                : "unsupported protocol version \"" + requested + "\": declare " +
                      list_versions(modern) + " in " + key_path(meta_key::kProtocolVersion) +
                      ", or send initialize to use " + list_versions(legacy);
  return RpcError(ec::kUnsupportedProtocolVersion, std::move(message),
                  json{{"supported", modern}, {"requested", requested}});
}

RpcError bad_envelope(const std::string& method, std::string what) {
  return RpcError(ec::kInvalidParams, "invalid params for " + method + ": " + std::move(what));
}

}  // namespace

std::string client_identity(const nlohmann::json& client_info) {
  if (!client_info.is_object()) return {};
  auto name = client_info.find("name");
  if (name == client_info.end() || !name->is_string()) return {};
  std::string identity = name->get<std::string>();
  if (auto version = client_info.find("version");
      version != client_info.end() && version->is_string() && !version->get<std::string>().empty())
    identity += "/" + version->get<std::string>();
  return identity;
}

std::optional<RequestEnvelope> read_envelope(const std::string& method, const json& params) {
  if (!params.is_object()) return std::nullopt;
  auto meta_it = params.find("_meta");
  if (meta_it == params.end() || !meta_it->is_object()) return std::nullopt;
  const json& meta = *meta_it;
  auto version_it = meta.find(meta_key::kProtocolVersion);
  if (version_it == meta.end()) return std::nullopt;

  if (!version_it->is_string())
    throw bad_envelope(method, key_path(meta_key::kProtocolVersion) +
                                   " must be a string such as \"" +
                                   std::string(kModernProtocolVersion) + "\", got " +
                                   serialize_message(*version_it));
  RequestEnvelope envelope;
  envelope.protocol_version = version_it->get<std::string>();
  const auto& modern = modern_protocol_versions();
  if (std::find(modern.begin(), modern.end(), envelope.protocol_version) == modern.end())
    throw unsupported_version(envelope.protocol_version);

  auto capabilities = meta.find(meta_key::kClientCapabilities);
  if (capabilities == meta.end())
    throw bad_envelope(method, key_path(meta_key::kClientCapabilities) + " is missing; every " +
                                   std::string(kModernProtocolVersion) +
                                   " request declares the client's capabilities (an empty "
                                   "object declares none)");
  if (!capabilities->is_object())
    throw bad_envelope(method, key_path(meta_key::kClientCapabilities) +
                                   " must be an object, got " + capabilities->type_name());
  if (auto extensions = capabilities->find("extensions"); extensions != capabilities->end()) {
    // MCP 2026-07-28 schema, ClientCapabilities.extensions: { [identifier]: settings object }.
    if (!extensions->is_object())
      throw bad_envelope(method, key_path(meta_key::kClientCapabilities) +
                                     ".extensions must be an object keyed by extension "
                                     "identifier, got " +
                                     extensions->type_name());
    envelope.tasks_extension = extensions->contains(kTasksExtension);
  }

  if (auto info = meta.find(meta_key::kClientInfo); info != meta.end()) {
    if (!info->is_object())
      throw bad_envelope(method, key_path(meta_key::kClientInfo) +
                                     " must be an object {name, version}, got " +
                                     info->type_name());
    if (auto name = info->find("name"); name != info->end() && name->is_string())
      envelope.client_name = name->get<std::string>();
    envelope.client = client_identity(*info);
  }

  if (auto level = meta.find(meta_key::kLogLevel); level != meta.end()) {
    if (level->is_string()) envelope.log_level = parse_log_level(level->get<std::string>());
    if (!envelope.log_level)
      throw bad_envelope(method, key_path(meta_key::kLogLevel) +
                                     " must be one of debug, info, notice, warning, error, "
                                     "critical, alert, emergency; got " +
                                     serialize_message(*level));
  }
  return envelope;
}

void complete_modern_result(json& result, const json& server_info,
                            const std::optional<CacheHint>& cache) {
  result["resultType"] = "complete";
  json& meta = result["_meta"];
  if (!meta.is_object()) meta = json::object();
  meta[meta_key::kServerInfo] = server_info;
  if (cache) {
    result["ttlMs"] = std::max<std::chrono::milliseconds::rep>(0, cache->ttl.count());
    result["cacheScope"] = cache->public_scope ? "public" : "private";
  }
}

}  // namespace sparqlmcp::mcp
