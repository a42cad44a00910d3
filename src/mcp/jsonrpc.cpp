#include "sparqlmcp/mcp/jsonrpc.hpp"

namespace sparqlmcp::mcp {

nlohmann::json make_result_response(const nlohmann::json& id, nlohmann::json result) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

nlohmann::json make_error_response(const nlohmann::json& id, int code, std::string message,
                                   nlohmann::json data) {
  nlohmann::json error = {{"code", code}, {"message", std::move(message)}};
  if (!data.is_null()) error["data"] = std::move(data);
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", std::move(error)}};
}

nlohmann::json make_notification(std::string method, nlohmann::json params) {
  nlohmann::json message = {{"jsonrpc", "2.0"}, {"method", std::move(method)}};
  if (!params.is_null()) message["params"] = std::move(params);
  return message;
}

bool is_valid_request_id(const nlohmann::json& id) {
  return id.is_string() || id.is_number();
}

std::string serialize_message(const nlohmann::json& message) {
  return message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace sparqlmcp::mcp
