#include "endpoint_notices.hpp"

#include <catch2/catch.hpp>

using namespace sparqlmcp;
using nlohmann::json;

namespace {

http::SparqlNotice retry_notice() {
  http::SparqlNotice notice;
  notice.kind = http::SparqlNotice::Kind::Retry;
  notice.endpoint = "http://127.0.0.1:9/sparql";
  notice.status = 503;
  notice.delay = std::chrono::milliseconds(1000);
  notice.retry = 1;
  notice.max_retries = 2;
  notice.message =
      "http://127.0.0.1:9/sparql answered HTTP 503 Service Unavailable; retrying in "
      "1000 ms (retry 1 of 2)";
  return notice;
}

}  // namespace

TEST_CASE("An endpoint retry becomes a warning log message with its facts", "[tools]") {
  std::vector<std::pair<mcp::LogLevel, json>> logged;
  mcp::ToolContext context;
  context.log = [&logged](mcp::LogLevel level, const json& data) {
    logged.emplace_back(level, data);
  };
  http::SparqlEndpointConfig config;
  tools::log_endpoint_notices(config, context);
  REQUIRE(config.on_notice);
  config.on_notice(retry_notice());
  REQUIRE(logged.size() == 1);
  CHECK(logged[0].first == mcp::LogLevel::Warning);
  CHECK(logged[0].second == json::parse(R"json({
    "message": "http://127.0.0.1:9/sparql answered HTTP 503 Service Unavailable; retrying in 1000 ms (retry 1 of 2)",
    "event": "retry", "endpoint": "http://127.0.0.1:9/sparql", "http_status": 503,
    "retry": 1, "max_retries": 2, "retry_in_ms": 1000})json"));
}

TEST_CASE("A fallback becomes a log message without retry fields", "[tools]") {
  http::SparqlNotice notice;
  notice.kind = http::SparqlNotice::Kind::Fallback;
  notice.endpoint = "http://127.0.0.1:9/sparql";
  notice.status = 414;
  notice.message =
      "http://127.0.0.1:9/sparql answered HTTP 414 URI Too Long; sending the query by "
      "POST instead of GET";
  CHECK(tools::notice_data(notice) == json::parse(R"({
    "message": "http://127.0.0.1:9/sparql answered HTTP 414 URI Too Long; sending the query by POST instead of GET",
    "event": "fallback", "endpoint": "http://127.0.0.1:9/sparql", "http_status": 414})"));
}

TEST_CASE("Without a log function no notice callback is installed", "[tools]") {
  mcp::ToolContext context;
  http::SparqlEndpointConfig config;
  tools::log_endpoint_notices(config, context);
  CHECK_FALSE(config.on_notice);
}
