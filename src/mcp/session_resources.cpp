// The resource methods of a session (MCP "Resources"): resources/list,
// resources/templates/list and resources/read, answered from the server's ResourceProvider.

#include "session_core.hpp"

#include <spdlog/spdlog.h>

#include "session_support.hpp"
#include "sparqlmcp/mcp/jsonrpc.hpp"
#include "sparqlmcp/mcp/protocol.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::mcp {

using nlohmann::json;
namespace ec = error_code;

json SessionCore::handle_resources_list(const json& params) {
  refuse_cursor(params, "resources/list", "resources");
  json list = json::array();
  if (server_.resources) {
    for (const auto& resource : server_.resources->list_resources()) {
      json entry = {{"uri", resource.uri}, {"name", resource.name}};
      if (!resource.title.empty()) entry["title"] = resource.title;
      if (!resource.description.empty()) entry["description"] = resource.description;
      if (!resource.mime_type.empty()) entry["mimeType"] = resource.mime_type;
      list.push_back(std::move(entry));
    }
  }
  return json{{"resources", std::move(list)}};
}

json SessionCore::handle_resources_templates_list(const json& params) {
  refuse_cursor(params, "resources/templates/list", "resource templates");
  json list = json::array();
  if (server_.resources) {
    for (const auto& resource : server_.resources->list_templates()) {
      json entry = {{"uriTemplate", resource.uri_template}, {"name", resource.name}};
      if (!resource.title.empty()) entry["title"] = resource.title;
      if (!resource.description.empty()) entry["description"] = resource.description;
      if (!resource.mime_type.empty()) entry["mimeType"] = resource.mime_type;
      list.push_back(std::move(entry));
    }
  }
  return json{{"resourceTemplates", std::move(list)}};
}

json SessionCore::handle_resources_read(const json& params, bool modern) {
  const json& uri = member_or_null(params, "uri");
  if (!uri.is_string())
    throw RpcError(ec::kInvalidParams,
                   "invalid params for resources/read: \"uri\" must be a string naming a resource "
                   "from resources/list");
  const std::string text_uri = uri.get<std::string>();
  // MCP 2026-07-28 "Resources", Error Handling: -32602 replaces -32002.
  const int not_found = modern ? ec::kInvalidParams : ec::kResourceNotFound;
  std::string mime_type;
  std::optional<std::string> text;
  try {
    if (server_.resources) text = server_.resources->read_resource(text_uri, mime_type);
  } catch (const Exception& e) {
    // The provider's own reason why a URI (one of its templates') names nothing.
    if (e.error().kind != ErrorKind::InvalidArgument) throw;
    throw RpcError(not_found, "Resource not found: " + text_uri + ": " + e.error().message,
                   json{{"uri", text_uri}});
  }
  if (!text)
    throw RpcError(not_found,
                   "Resource not found: " + text_uri +
                       "; resources/list names the available resources and "
                       "resources/templates/list the URI templates",
                   json{{"uri", text_uri}});
  json content = {{"uri", text_uri}, {"text", std::move(*text)}};
  if (!mime_type.empty()) content["mimeType"] = mime_type;
  return json{{"contents", json::array({std::move(content)})}};
}

}  // namespace sparqlmcp::mcp
