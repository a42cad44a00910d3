#include "sparqlmcp/mcp/protocol.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/mcp/jsonrpc.hpp"

using namespace sparqlmcp;
using nlohmann::json;

TEST_CASE("Version negotiation keeps a supported version and falls back to the latest", "[mcp]") {
  for (const auto& v : {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"})
    CHECK(mcp::negotiate_protocol_version(v) == v);
  CHECK(mcp::negotiate_protocol_version("1999-01-01") == "2025-11-25");
  CHECK(mcp::negotiate_protocol_version("") == "2025-11-25");
  CHECK(mcp::supported_protocol_versions().front() == mcp::kLatestProtocolVersion);
}

TEST_CASE("Log level names round-trip and unknown names are rejected", "[mcp]") {
  const char* names[] = {"debug", "info",     "notice", "warning",
                         "error", "critical", "alert",  "emergency"};
  for (int i = 0; i < 8; ++i) {
    auto level = mcp::parse_log_level(names[i]);
    REQUIRE(level);
    CHECK(static_cast<int>(*level) == i);
    CHECK(std::string(mcp::log_level_name(*level)) == names[i]);
  }
  CHECK_FALSE(mcp::parse_log_level("warn"));
  CHECK_FALSE(mcp::parse_log_level("INFO"));
}

TEST_CASE("JSON-RPC builders produce the exact message shapes", "[mcp]") {
  CHECK(mcp::make_result_response(7, json::object()) ==
        json::parse(R"({"jsonrpc":"2.0","id":7,"result":{}})"));
  CHECK(mcp::make_error_response("a", -32601, "nope") ==
        json::parse(R"({"jsonrpc":"2.0","id":"a","error":{"code":-32601,"message":"nope"}})"));
  CHECK(
      mcp::make_error_response(nullptr, -32002, "x", json{{"uri", "u"}}) ==
      json::parse(
          R"({"jsonrpc":"2.0","id":null,"error":{"code":-32002,"message":"x","data":{"uri":"u"}}})"));
  CHECK(mcp::make_notification("notifications/message") ==
        json::parse(R"({"jsonrpc":"2.0","method":"notifications/message"})"));
  CHECK(mcp::is_valid_request_id(1));
  CHECK(mcp::is_valid_request_id("x"));
  CHECK_FALSE(mcp::is_valid_request_id(nullptr));
  CHECK_FALSE(mcp::is_valid_request_id(true));
  CHECK_FALSE(mcp::is_valid_request_id(json::object()));
}

TEST_CASE("Serialized messages stay on one line and survive invalid UTF-8", "[mcp][error]") {
  json m = {{"text", "line1\nline2"}, {"bad", std::string("\xff\xfe")}};
  std::string s = mcp::serialize_message(m);
  CHECK(s.find('\n') == std::string::npos);
  CHECK(json::parse(s)["text"] == "line1\nline2");
}
