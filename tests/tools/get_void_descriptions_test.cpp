#include "sparqlmcp/tools/get_void_descriptions.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <stop_token>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/void/cache.hpp"
#include "sparqlmcp/void/service.hpp"
#include "support/temp_dir.hpp"
#include "void/sample_descriptions.hpp"

using namespace sparqlmcp;
namespace fs = std::filesystem;

namespace {

using sparqlmcp::test::TempDir;

// A catalogue endpoint "example" whose description is cached (made three hours ago, so that
// the age its summary shows stays "3 h old" for the test), and "uncached" with nothing cached.
// Every query or HTTP request the service would send is counted: there must be none.
struct CachedEndpoint {
  TempDir dir;
  void_::VoidCache cache{{dir.path / "void-cache", std::chrono::hours(24)}};
  http::Client client;
  std::atomic<int> queries{0};
  void_::VoidService service{cache,
                             client,
                             [this](const catalogue::Endpoint&) {
                               return [this](const std::string&, std::chrono::milliseconds,
                                             CancellationTokenPtr) -> void_::RunnerAnswer {
                                 ++queries;
                                 throw Exception(make_error(ErrorKind::Remote, "no queries here"));
                               };
                             },
                             {}};
  catalogue::Catalogue catalogue;

  CachedEndpoint() {
    void_::Description description = void_::test::sample_description();
    description.provenance.missing.clear();
    description.provenance.finished = std::chrono::system_clock::now() - std::chrono::hours(3);
    cache.store(description);
    catalogue::Endpoint example;
    example.id = description.id;
    example.endpoint_iri = description.endpoint;
    catalogue.add(example);
    catalogue::Endpoint uncached;
    uncached.id = "uncached";
    uncached.endpoint_iri = "http://127.0.0.1:9/sparql";
    catalogue.add(uncached);
  }
};

mcp::ToolResult call(mcp::Tool& tool, const nlohmann::json& arguments) {
  mcp::ToolContext context;
  mcp::ToolResult result = tool.call(arguments, context);
  REQUIRE_FALSE(result.is_error);
  REQUIRE(result.structured);
  return result;
}

// The answer without what differs from call to call: the server's time and the age in seconds.
nlohmann::json steady_part(const mcp::ToolResult& result) {
  nlohmann::json structured = *result.structured;
  structured.erase("server_time_ms");
  for (nlohmann::json& entry : structured["descriptions"]) {
    entry.erase("age_seconds");
    if (entry.contains("summary")) entry["summary"].erase("age_seconds");
  }
  return {{"text", result.content[0]["text"]}, {"structured", structured}};
}

}  // namespace

TEST_CASE("prerender_void_answers renders what a first call answers, without a request",
          "[tools][void]") {
  CachedEndpoint endpoint;
  auto memo = std::make_shared<tools::VoidAnswerMemo>();
  // The summary and the Turtle of the one cached endpoint.
  CHECK(tools::prerender_void_answers(endpoint.catalogue, endpoint.service, *memo) == 2);
  CHECK(memo->summaries.stats().misses == 1);
  CHECK(memo->turtles.stats().misses == 1);

  auto tool =
      tools::make_get_void_descriptions_tool(endpoint.catalogue, endpoint.service, {}, memo);
  const mcp::ToolResult first = call(*tool, {{"endpoint", "example"}});
  CHECK(memo->summaries.stats().hits == 1);
  CHECK(memo->summaries.stats().misses == 1);
  const mcp::ToolResult turtle = call(*tool, {{"endpoint", "example"}, {"detail", "turtle"}});
  CHECK(memo->turtles.stats().hits == 1);
  CHECK(memo->turtles.stats().misses == 1);

  // Byte for byte what a tool that rendered nothing ahead answers.
  auto plain = tools::make_get_void_descriptions_tool(endpoint.catalogue, endpoint.service);
  CHECK(steady_part(first) == steady_part(call(*plain, {{"endpoint", "example"}})));
  CHECK(steady_part(turtle) ==
        steady_part(call(*plain, {{"endpoint", "example"}, {"detail", "turtle"}})));
  CHECK((*first.structured)["descriptions"][0]["status"] == "cached");
  CHECK(endpoint.queries == 0);
}

TEST_CASE("prerender_void_answers stops when asked to or when its time is up", "[tools][void]") {
  CachedEndpoint endpoint;
  tools::VoidAnswerMemo memo;
  std::stop_source stop;
  stop.request_stop();
  CHECK(tools::prerender_void_answers(endpoint.catalogue, endpoint.service, memo,
                                      stop.get_token()) == 0);
  CHECK(tools::prerender_void_answers(endpoint.catalogue, endpoint.service, memo, {},
                                      std::chrono::steady_clock::now()) == 0);
  CHECK(memo.summaries.stats().misses == 0);

  // What was rendered before is found again, not rendered twice.
  CHECK(tools::prerender_void_answers(endpoint.catalogue, endpoint.service, memo) == 2);
  CHECK(tools::prerender_void_answers(endpoint.catalogue, endpoint.service, memo) == 2);
  CHECK(memo.summaries.stats().misses == 1);
  CHECK(memo.turtles.stats().misses == 1);
}

TEST_CASE("max_chars bounds the whole answer, whatever the number of endpoints asked",
          "[tools][void]") {
  // Four endpoints, each with the same cached description, asked for with the least budget.
  CachedEndpoint endpoint;
  void_::Description description = void_::test::sample_description();
  description.provenance.missing.clear();
  description.provenance.finished = std::chrono::system_clock::now();
  std::vector<std::string> ids;
  for (int i = 2; i <= 4; ++i) {
    description.id = "copy" + std::to_string(i);
    description.endpoint = "http://127.0.0.1:9/copy" + std::to_string(i);
    endpoint.cache.store(description);
    catalogue::Endpoint copy;
    copy.id = description.id;
    copy.endpoint_iri = description.endpoint;
    endpoint.catalogue.add(copy);
    ids.push_back(copy.id);
  }
  ids.push_back(void_::test::sample_description().id);
  auto tool = tools::make_get_void_descriptions_tool(endpoint.catalogue, endpoint.service);
  const std::size_t max_chars = void_::kMinimumSummaryBudget;
  mcp::ToolResult result = call(*tool, {{"endpoints", ids}, {"max_chars", max_chars}});
  const std::string text = result.content[0]["text"];
  INFO(text);
  CHECK(void_::text_length(text) <= max_chars);
  // Those that did not fit say how to see them.
  const nlohmann::json& entries = (*result.structured)["descriptions"];
  REQUIRE(entries.size() == 4);
  CHECK_FALSE(entries[3].contains("summary"));
  CHECK(text.find("ask for it alone, or raise max_chars") != std::string::npos);
  CHECK(endpoint.queries == 0);

  SECTION("as many summaries as fit are shown") {
    mcp::ToolResult two = call(*tool, {{"endpoints", ids}, {"max_chars", 3 * max_chars}});
    const std::string wider = two.content[0]["text"];
    CHECK(void_::text_length(wider) <= 3 * max_chars);
    const nlohmann::json& shown = (*two.structured)["descriptions"];
    CHECK(shown[0].contains("summary"));
    CHECK_FALSE(shown[3].contains("summary"));
  }
}
