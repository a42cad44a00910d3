// run_sparql_query over remote endpoints, with fake ones that misbehave as real ones do
// (tests/federation/fake_endpoints.hpp): result caps, announced caps, rows reordered between
// requests, LIMIT ignored, failures under SERVICE SILENT, and the pages, counts and advice an
// agent gets back.

#include "sparqlmcp/tools/run_sparql_query.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <regex>

#include "federation/fake_endpoints.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/query_service.hpp"

using namespace sparqlmcp;
using nlohmann::json;

namespace {

constexpr const char* kA = "http://a.example/sparql";
constexpr const char* kB = "http://b.example/sparql";

std::string items(std::size_t count) {
  std::string turtle = "@prefix : <http://example.org/> .\n";
  for (std::size_t i = 0; i < count; ++i)
    turtle += ":item" + std::to_string(i) + " :rank " + std::to_string(i) + " .\n";
  return turtle;
}

std::string ranked(const char* endpoint, const std::string& tail = {}) {
  return std::string("PREFIX : <http://example.org/> SELECT ?item ?rank WHERE { SERVICE <") +
         endpoint + "> { ?item :rank ?rank } }" + tail;
}

// The catalogue's endpoints answered by fake ones, behind one run_sparql_query tool.
struct Remote {
  test::FakeSender* fake = nullptr;  // owned by the service
  catalogue::Catalogue catalogue;
  std::shared_ptr<const federation::QueryService> service;
  std::unique_ptr<mcp::Tool> tool;

  explicit Remote(std::map<std::string, std::optional<std::size_t>> declared_caps = {
                      {kA, std::nullopt}, {kB, std::nullopt}}) {
    auto sender = std::make_unique<test::FakeSender>();
    fake = sender.get();
    for (const auto& [iri, cap] : declared_caps) {
      catalogue::Endpoint endpoint;
      endpoint.id = iri == kA ? "a" : "b";
      endpoint.endpoint_iri = iri;
      endpoint.title = endpoint.id;
      endpoint.description = "A fake endpoint.";
      endpoint.settings.result_cap = cap;
      catalogue.add(endpoint);
    }
    service = std::make_shared<const federation::QueryService>(catalogue, std::move(sender),
                                                               federation::QueryServiceSettings{});
    tool = tools::make_run_sparql_query_tool(service, {});
  }

  json call(json arguments) {
    mcp::ToolContext context;
    context.cancellation = std::make_shared<CancellationToken>();
    mcp::ToolResult result = tool->call(arguments, context);
    json out = result.structured.value_or(json::object());
    out["is_error"] = result.is_error;
    out["text"] = result.first_text();
    return out;
  }
};

// The ?rank of every row of a page's structuredContent (its compact rows: numbers bare).
std::vector<long> ranks(const json& page) {
  std::vector<long> out;
  const json& columns = page["columns"];
  const auto column = std::find(columns.begin(), columns.end(), "rank") - columns.begin();
  for (const json& row : page["rows"])
    out.push_back(std::stol(row[column].get<std::string>()));
  return out;
}

std::optional<std::uint64_t> limit_of(const std::string& query) {
  std::smatch match;
  if (!std::regex_search(query, match, std::regex("LIMIT\\s+(\\d+)"))) return std::nullopt;
  return std::stoull(match[1]);
}

bool joined_in(const json& warnings, const std::string& text) {
  for (const json& warning : warnings)
    if (warning.get<std::string>().find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE(
    "a large answer's first page comes from one unsorted request, and its pages give "
    "every row once from an endpoint that reorders rows",
    "[tools][paging]") {
  Remote remote;
  remote.fake->add(kA, items(2500)).reorder = true;
  std::map<long, int> seen;
  json page = remote.call({{"query", ranked(kA)}, {"max_rows", 400}});
  INFO(page["text"].get<std::string>());
  REQUIRE_FALSE(page["is_error"].get<bool>());
  // Sorting a large answer may cost an endpoint far more than the page: the first page is
  // served from what its one request brought.
  const std::vector<std::string>& queries = remote.fake->at(kA).queries;
  REQUIRE(queries.size() == 1);
  CHECK(queries[0].find("ORDER BY") == std::string::npos);
  CHECK(page["row_count_at_least"] == 1001);
  CHECK(page["text"].get<std::string>().find("At least 1001 rows") != std::string::npos);
  for (int pages = 1;; ++pages) {
    for (long rank : ranks(page))
      ++seen[rank];
    if (!page.contains("next_page_query")) break;
    REQUIRE(pages < 20);
    page = remote.call({{"query", page["next_page_query"]}, {"max_rows", 400}});
    REQUIRE_FALSE(page["is_error"].get<bool>());
  }
  CHECK(seen.size() == 2500);
  for (const auto& [rank, times] : seen) {
    INFO("rank " << rank);
    CHECK(times == 1);
  }
  CHECK(page["row_count"] == 2500 - 2400);
  // Every request is bounded: the page and its prefetch, plus the row that says more follow.
  for (const std::string& query : queries) {
    INFO(query);
    REQUIRE(limit_of(query));
    CHECK(*limit_of(query) <= 1001);
  }
  // The answer was read in one order only once a page needed more rows than were fetched.
  CHECK(queries[1].find("ORDER BY") != std::string::npos);
}

TEST_CASE("an answer at the endpoint's declared cap may lack rows, says so and pages on",
          "[tools][paging]") {
  Remote remote({{kA, 50}});
  remote.fake->add(kA, items(120)).cap = 50;
  json page = remote.call({{"query", ranked(kA)}});
  INFO(page.dump(2));
  CHECK(ranks(page).size() == 50);
  CHECK(page["possibly_incomplete"] == true);
  CHECK(page["row_count_at_least"] == 50);
  CHECK_FALSE(page.contains("row_count"));
  CHECK(joined_in(page["warnings"],
                  "returned 50 rows, its result cap (smcp:resultCap in the catalogue), so more "
                  "rows may exist. The next-page query continues after the rows shown; count: "
                  "true gives the exact number."));
  // Never more than the endpoint returns at once is asked for.
  CHECK(limit_of(remote.fake->at(kA).queries[0]) == 50u);
  REQUIRE(page.contains("next_page_query"));
  json next = remote.call({{"query", page["next_page_query"]}});
  CHECK(ranks(next).size() == 50);

  SECTION("a query whose own LIMIT equals the cap is complete") {
    json limited = remote.call({{"query", ranked(kA, " LIMIT 50")}});
    CHECK(limited["row_count"] == 50);
    CHECK(limited["possibly_incomplete"] == false);
    CHECK(limited["warnings"].empty());
  }
}

TEST_CASE("an answer the endpoint says it cut (X-SPARQL-MaxRows) may lack rows", "[tools]") {
  Remote remote;
  test::FakeEndpoint& endpoint = remote.fake->add(kA, items(80));
  endpoint.cap = 30;
  endpoint.announce_cap = true;
  json page = remote.call({{"query", ranked(kA)}});
  INFO(page.dump(2));
  CHECK(page["possibly_incomplete"] == true);
  CHECK(joined_in(page["warnings"],
                  "returned 30 rows, its result cap (announced by the endpoint with "
                  "X-SPARQL-MaxRows)"));
  SECTION("also under the query's own LIMIT") {
    json limited = remote.call({{"query", ranked(kA, " LIMIT 60")}});
    INFO(limited.dump(2));
    CHECK(limited["possibly_incomplete"] == true);
    CHECK_FALSE(limited.contains("row_count"));
  }
}

TEST_CASE("count: true asks the endpoint for the exact number of rows", "[tools]") {
  Remote remote;
  remote.fake->add(kA, items(1500));
  json page = remote.call({{"query", ranked(kA)}, {"count", true}});
  CHECK(page["row_count"] == 1500);
  CHECK(page["text"].get<std::string>().find("1500 rows; showing the first 100.") !=
        std::string::npos);
  CHECK(remote.fake->at(kA).queries.back().find("COUNT") != std::string::npos);
}

TEST_CASE("SERVICE SILENT turns a failing endpoint into the empty solution, once and said",
          "[tools][error]") {
  Remote remote;
  remote.fake->add(kA, items(3)).fail_status = 500;
  remote.fake->add(kB, items(3));
  SECTION("around the whole query") {
    json page = remote.call(
        {{"query", "SELECT ?s WHERE { SERVICE SILENT <" + std::string(kA) + "> { ?s ?p ?o } }"}});
    INFO(page.dump(2));
    CHECK_FALSE(page["is_error"].get<bool>());
    CHECK(page["row_count"] == 1);
    CHECK(joined_in(page["warnings"], "SERVICE SILENT: the endpoint failed"));
    CHECK(std::count_if(page["warnings"].begin(), page["warnings"].end(), [](const json& w) {
            return w.get<std::string>().find("SILENT") != std::string::npos;
          }) == 1);
  }
  SECTION("around one block of a federated query") {
    json page = remote.call(
        {{"query", "PREFIX : <http://example.org/> SELECT ?s ?o WHERE { SERVICE <" +
                       std::string(kB) + "> { ?s :rank ?r } OPTIONAL { SERVICE SILENT <" +
                       std::string(kA) + "> { ?s :rank ?o } } }"}});
    INFO(page.dump(2));
    CHECK_FALSE(page["is_error"].get<bool>());
    CHECK(page["route"] == "federated");
    CHECK(page["row_count"] == 3);
    CHECK(joined_in(page["warnings"], "<" + std::string(kA) + "> failed and SILENT let the query"));
  }
  SECTION("without SILENT the failure names the endpoint, its status and what to do") {
    json page = remote.call(
        {{"query", "SELECT ?s WHERE { SERVICE <" + std::string(kA) + "> { ?s ?p ?o } }"}});
    CHECK(page["is_error"].get<bool>());
    const std::string text = page["text"];
    CHECK(text.find(kA) != std::string::npos);
    CHECK(text.find("500") != std::string::npos);
    CHECK(text.find("Internal error") != std::string::npos);
  }
}

TEST_CASE("an endpoint that ignores LIMIT is reported as faulty at once, not trusted or paged",
          "[tools][error]") {
  Remote remote({{kA, 100}, {kB, std::nullopt}});
  remote.fake->add(kA, items(400)).ignore_limit = true;
  remote.fake->add(kB, items(400));
  SECTION("a query sent to it directly") {
    json page = remote.call({{"query", ranked(kA, " LIMIT 5")}});
    INFO(page.dump(2));
    CHECK(page["is_error"].get<bool>());
    const std::string text = page["text"];
    CHECK(text.find("returned 400 rows to a query with LIMIT 5 (it ignores LIMIT)") !=
          std::string::npos);
    CHECK(text.find("the endpoint's fault, not the query's") != std::string::npos);
    CHECK(remote.fake->at(kA).queries.size() == 1);
  }
  SECTION("a federated query's sub-query, paged past the endpoint's cap") {
    // 400 rows from an endpoint that returns 100 at once: the federation pages with LIMIT,
    // and the first page that ignores it ends the query.
    json page = remote.call(
        {{"query", "PREFIX : <http://example.org/> SELECT (COUNT(*) AS ?n) WHERE { SERVICE <" +
                       std::string(kA) + "> { ?s :rank ?r } SERVICE <" + std::string(kB) +
                       "> { ?s :rank ?r2 } }"}});
    INFO(page.dump(2));
    CHECK(page["is_error"].get<bool>());
    CHECK(page["text"].get<std::string>().find("ignores LIMIT") != std::string::npos);
    CHECK(remote.fake->at(kA).queries.size() <= 3);
  }
}
