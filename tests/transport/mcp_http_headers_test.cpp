// The Streamable HTTP checks that need no session: Accept and Content-Type, the Base64 sentinel
// of mirrored header values, and the 2026-07-28 header/body match (HeaderMismatch, -32020).

#include "mcp_http_headers.hpp"

#include <catch2/catch.hpp>

using namespace sparqlmcp;
using namespace sparqlmcp::transport;
using nlohmann::json;

namespace {

HttpRequest with_headers(HttpHeaders headers) {
  HttpRequest request;
  request.method = "POST";
  request.headers = std::move(headers);
  return request;
}

const json kCall = json::parse(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{
  "name":"run_sparql_query","arguments":{},
  "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}})");

}  // namespace

TEST_CASE("Accept allows a type when listed, by wildcard, or when absent, not with q=0",
          "[transport]") {
  CHECK(detail::accepts(std::nullopt, "text/event-stream"));
  CHECK(detail::accepts("application/json, text/event-stream", "text/event-stream"));
  CHECK(detail::accepts("text/*;q=0.5", "text/event-stream"));
  CHECK(detail::accepts("*/*", "application/json"));
  CHECK(detail::accepts("Application/JSON", "application/json"));
  CHECK_FALSE(detail::accepts("application/json", "text/event-stream"));
  CHECK_FALSE(detail::accepts("text/event-stream;q=0, application/json", "text/event-stream"));
  CHECK_FALSE(detail::accepts("application/jsonx", "application/json"));
}

TEST_CASE("the body must be application/json, parameters allowed", "[transport]") {
  CHECK(detail::is_json_content_type("application/json"));
  CHECK(detail::is_json_content_type("application/json; charset=utf-8"));
  CHECK_FALSE(detail::is_json_content_type("text/plain"));
  CHECK_FALSE(detail::is_json_content_type(std::nullopt));
}

TEST_CASE("mirrored header values in the =?base64?...?= sentinel are decoded", "[transport]") {
  CHECK(detail::decode_header_value("us-west1") == "us-west1");
  CHECK(detail::decode_header_value("=?base64?SGVsbG8sIOS4lueVjA==?=") == "Hello, 世界");
  CHECK(detail::decode_header_value("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=") == "=?base64?literal?=");
  CHECK_FALSE(detail::decode_header_value("=?base64?not base64!?="));
}

TEST_CASE("2026-07-28 headers must mirror the body: version, method and name",
          "[transport][error]") {
  const HttpHeaders good = {{"MCP-Protocol-Version", "2026-07-28"},
                            {"Mcp-Method", "tools/call"},
                            {"Mcp-Name", "run_sparql_query"}};
  CHECK_FALSE(detail::header_mismatch(with_headers(good), kCall));
  HttpHeaders encoded = good;
  encoded[2].second = "=?base64?cnVuX3NwYXJxbF9xdWVyeQ==?=";
  CHECK_FALSE(detail::header_mismatch(with_headers(encoded), kCall));

  CHECK(detail::header_mismatch(with_headers({good[1], good[2]}), kCall) ==
        "Header mismatch: the MCP-Protocol-Version header is required and must be the "
        "io.modelcontextprotocol/protocolVersion of the body's _meta ('2026-07-28')");
  CHECK(detail::header_mismatch(
            with_headers({{"MCP-Protocol-Version", "2025-11-25"}, good[1], good[2]}), kCall) ==
        "Header mismatch: MCP-Protocol-Version header value '2025-11-25' does not match body "
        "value '2026-07-28'");
  CHECK(detail::header_mismatch(with_headers({good[0], good[2]}), kCall) ==
        "Header mismatch: the Mcp-Method header is required and must be the body's method "
        "('tools/call')");
  CHECK(detail::header_mismatch(with_headers({good[0], good[1]}), kCall) ==
        "Header mismatch: the Mcp-Name header is required for tools/call and must be the "
        "body's params.name ('run_sparql_query')");
  CHECK(detail::header_mismatch(with_headers({good[0], good[1], {"mcp-name", "list_endpoints"}}),
                                kCall) ==
        "Header mismatch: Mcp-Name header value 'list_endpoints' does not match body value "
        "'run_sparql_query'");
}

TEST_CASE("Mcp-Name mirrors the taskId of tasks/get, tasks/update and tasks/cancel",
          "[transport][error]") {
  for (const std::string method : {"tasks/get", "tasks/update", "tasks/cancel"}) {
    INFO(method);
    const json body = {{"jsonrpc", "2.0"},
                       {"id", 1},
                       {"method", method},
                       {"params",
                        {{"taskId", "9f86d081884c7d65"},
                         {"_meta", {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"}}}}}};
    const HttpHeaders good = {{"MCP-Protocol-Version", "2026-07-28"},
                              {"Mcp-Method", method},
                              {"Mcp-Name", "9f86d081884c7d65"}};
    CHECK_FALSE(detail::header_mismatch(with_headers(good), body));
    CHECK(detail::header_mismatch(with_headers({good[0], good[1]}), body) ==
          "Header mismatch: the Mcp-Name header is required for " + method +
              " and must be the body's params.taskId ('9f86d081884c7d65')");
    CHECK(detail::header_mismatch(with_headers({good[0], good[1], {"Mcp-Name", "other"}}), body) ==
          "Header mismatch: Mcp-Name header value 'other' does not match body value "
          "'9f86d081884c7d65'");
  }
  // tasks/result and tasks/list are no methods of the extension: no Mcp-Name is asked for.
  const json result = {
      {"jsonrpc", "2.0"},
      {"id", 1},
      {"method", "tasks/result"},
      {"params", {{"_meta", {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"}}}}}};
  CHECK_FALSE(detail::header_mismatch(
      with_headers({{"MCP-Protocol-Version", "2026-07-28"}, {"Mcp-Method", "tasks/result"}}),
      result));
}
