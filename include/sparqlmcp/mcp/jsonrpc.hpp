#pragma once
// JSON-RPC 2.0 vocabulary used by the MCP layer: error codes, the exception a request handler
// throws to produce an error response, and builders for the three outgoing message shapes.
// This is one of the three places where failures become client-visible (see util/error.hpp).

#include <exception>
#include <string>

#include <nlohmann/json.hpp>

namespace sparqlmcp::mcp {

// JSON-RPC 2.0 section 5.1, plus the codes MCP defines (MCP 2026-07-28 "Overview", Error Codes).
namespace error_code {
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
// Resource not found in the legacy revisions (2025-11-25 and earlier); 2026-07-28 answers an
// unknown resource with kInvalidParams and forbids this code.
inline constexpr int kResourceNotFound = -32002;
// 2026-07-28 only: HTTP headers that contradict the body (Streamable HTTP).
inline constexpr int kHeaderMismatch = -32020;
// 2026-07-28 only: the request needs a client capability its _meta does not declare.
inline constexpr int kMissingRequiredClientCapability = -32021;
// 2026-07-28 only: the version a request declares in _meta is not served per request;
// `data` is {"supported": [...], "requested": "..."} (MCP 2026-07-28 "Versioning").
inline constexpr int kUnsupportedProtocolVersion = -32022;
}  // namespace error_code

// Thrown by request handlers; the dispatcher turns it into an error response with the request's
// id. `message` says what was wrong and what to do instead.
class RpcError : public std::exception {
 public:
  RpcError(int code, std::string message, nlohmann::json data = nullptr)
      : code_(code), message_(std::move(message)), data_(std::move(data)) {}
  int code() const noexcept { return code_; }
  const std::string& message() const noexcept { return message_; }
  const nlohmann::json& data() const noexcept { return data_; }
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  int code_;
  std::string message_;
  nlohmann::json data_;
};

// {"jsonrpc":"2.0","id":id,"result":result}
nlohmann::json make_result_response(const nlohmann::json& id, nlohmann::json result);
// {"jsonrpc":"2.0","id":id,"error":{"code","message"[,"data"]}}; `data` is omitted when null.
nlohmann::json make_error_response(const nlohmann::json& id, int code, std::string message,
                                   nlohmann::json data = nullptr);
// {"jsonrpc":"2.0","method":method[,"params":params]}; `params` is omitted when null.
nlohmann::json make_notification(std::string method, nlohmann::json params = nullptr);

// A request id is valid when it is a string or a number (MCP forbids null ids).
bool is_valid_request_id(const nlohmann::json& id);

// Serializes one message on one line: compact, never throws on invalid UTF-8 (replaced by
// U+FFFD).
std::string serialize_message(const nlohmann::json& message);

}  // namespace sparqlmcp::mcp
