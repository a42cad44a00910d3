#include "mcp_http_headers.hpp"

#include "sparqlmcp/transport/http_accept.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::transport::detail {

using util::base64_decode;

bool accepts(const std::optional<std::string>& accept, std::string_view type) {
  if (!accept) return true;
  const std::string lower = util::ascii_lowercase(type);
  for (const MediaRange& range : parse_accept(*accept))
    if (range.q > 0 && match_specificity(range, lower) >= 0) return true;
  return false;
}

bool is_json_content_type(const std::optional<std::string>& content_type) {
  return content_type && util::media_type_essence(*content_type) == "application/json";
}

std::optional<std::string> decode_header_value(std::string_view value) {
  constexpr std::string_view kPrefix = "=?base64?", kSuffix = "?=";
  if (value.size() >= kPrefix.size() + kSuffix.size() && value.starts_with(kPrefix) &&
      value.ends_with(kSuffix)) {
    return base64_decode(
        value.substr(kPrefix.size(), value.size() - kPrefix.size() - kSuffix.size()));
  }
  return std::string(value);
}

std::optional<std::string> header_mismatch(const HttpRequest& request,
                                           const nlohmann::json& message) {
  const nlohmann::json* params =
      message.contains("params") && message["params"].is_object() ? &message["params"] : nullptr;
  std::string version;
  if (params && params->contains("_meta") && (*params)["_meta"].is_object()) {
    const auto& meta = (*params)["_meta"];
    auto it = meta.find("io.modelcontextprotocol/protocolVersion");
    if (it != meta.end() && it->is_string()) version = it->get<std::string>();
  }
  const std::optional<std::string> version_header = request.header("MCP-Protocol-Version");
  if (!version_header) {
    return "Header mismatch: the MCP-Protocol-Version header is required and must be the "
           "io.modelcontextprotocol/protocolVersion of the body's _meta ('" +
           version + "')";
  }
  if (std::string(util::trim_whitespace(*version_header)) != version) {
    return "Header mismatch: MCP-Protocol-Version header value '" + *version_header +
           "' does not match body value '" + version + "'";
  }
  const std::string method = message.contains("method") && message["method"].is_string()
                                 ? message["method"].get<std::string>()
                                 : std::string();
  const std::optional<std::string> method_header = request.header("Mcp-Method");
  if (!method_header) {
    return "Header mismatch: the Mcp-Method header is required and must be the body's method ('" +
           method + "')";
  }
  if (std::string(util::trim_whitespace(*method_header)) != method) {
    return "Header mismatch: Mcp-Method header value '" + *method_header +
           "' does not match body value '" + method + "'";
  }
  // MCP 2026-07-28 "Streamable HTTP", Standard Headers: the body field Mcp-Name mirrors; the
  // tasks extension adds its three methods ("Streamable HTTP: Routing Headers": the taskId, so
  // that a load balancer can send a task's requests to the instance that holds it).
  const char* name_field =
      method == "tools/call" || method == "prompts/get"                               ? "name"
      : method == "resources/read"                                                    ? "uri"
      : method == "tasks/get" || method == "tasks/update" || method == "tasks/cancel" ? "taskId"
                                                                                      : nullptr;
  if (name_field == nullptr) return std::nullopt;
  std::string name;
  if (params && params->contains(name_field) && (*params)[name_field].is_string())
    name = (*params)[name_field].get<std::string>();
  const std::optional<std::string> name_header = request.header("Mcp-Name");
  if (!name_header) {
    return std::string("Header mismatch: the Mcp-Name header is required for ") + method +
           " and must be the body's params." + name_field + " ('" + name + "')";
  }
  const std::optional<std::string> decoded =
      decode_header_value(util::trim_whitespace(*name_header));
  if (!decoded) {
    return "Header mismatch: Mcp-Name header value '" + *name_header +
           "' is not valid =?base64?...?= encoding";
  }
  if (*decoded != name) {
    return "Header mismatch: Mcp-Name header value '" + *decoded + "' does not match body value '" +
           name + "'";
  }
  return std::nullopt;
}

}  // namespace sparqlmcp::transport::detail
