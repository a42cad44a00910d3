#include "paging.hpp"

#include <catch2/catch.hpp>

#include "page_cache.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::tools;

namespace {

std::string sse_of(const std::string& text) {
  return sparql::to_sse(sparql::parse_query(text));
}

}  // namespace

TEST_CASE("part markers round-trip and leave the query runnable", "[tools][paging]") {
  std::string query = "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }";
  std::string first = with_part_marker(query, 120);
  CHECK(first == query + "\n# sparql-mcp next part: skip 120 triples");
  CHECK(part_marker_skip(first) == 120);
  CHECK(without_part_marker(first) == query);
  std::string second = with_part_marker(first, 240);
  CHECK(part_marker_skip(second) == 240);
  CHECK(without_part_marker(second) == query);
  CHECK(part_marker_skip(query) == 0);
  CHECK(part_marker_skip(query + "\n# sparql-mcp next part: skip 12x triples") == 0);
  CHECK(sse_of(second) == sse_of(query));
}

TEST_CASE("order markers are recognised only at the end of the text", "[tools][paging]") {
  std::string query = "SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s OFFSET 5";
  std::string marked = with_order_marker(query);
  CHECK(has_order_marker(marked));
  CHECK(with_order_marker(marked) == marked);
  CHECK_FALSE(has_order_marker(query));
  CHECK(sse_of(marked) == sse_of(query));
}

TEST_CASE("sort_triples puts triples in one order whatever order they came in", "[tools][paging]") {
  auto t = [](const char* s, const char* o) {
    return rdf::Triple{rdf::Term::iri(s), rdf::Term::iri("x:p"), rdf::Term::literal(o)};
  };
  std::vector<rdf::Triple> a = {t("x:b", "2"), t("x:a", "9"), t("x:b", "1")};
  std::vector<rdf::Triple> b = {t("x:b", "1"), t("x:b", "2"), t("x:a", "9")};
  sort_triples(a);
  sort_triples(b);
  CHECK(a == b);
  CHECK(a.front() == t("x:a", "9"));
}

TEST_CASE("cache_key ignores surrounding white space only", "[tools][paging]") {
  CHECK(cache_key("  SELECT * {}\n") == "SELECT * {}");
  CHECK(cache_key("SELECT  * {}") == "SELECT  * {}");
}

namespace {

CachedAnswer answer_with_rows(std::size_t rows, std::size_t value_bytes) {
  CachedAnswer answer;
  answer.solutions.variables = {"v"};
  for (std::size_t i = 0; i < rows; ++i) {
    answer.solutions.rows.push_back({rdf::Term::literal(std::string(value_bytes, 'x'))});
  }
  return answer;
}

}  // namespace

TEST_CASE("the page cache returns what was put under a key", "[tools][paging]") {
  PageCache cache(1 << 20, std::chrono::seconds(60));
  cache.put("q1", answer_with_rows(3, 10));
  auto found = cache.find("q1");
  REQUIRE(found);
  CHECK(found->solutions.rows.size() == 3);
  CHECK_FALSE(cache.find("q2"));
}

TEST_CASE("the page cache evicts the least recently used answers to stay under its cap",
          "[tools][paging]") {
  const std::size_t one = PageCache::estimate_bytes(answer_with_rows(100, 100)) + 2;
  PageCache cache(one * 2 + one / 2, std::chrono::seconds(60));
  cache.put("q1", answer_with_rows(100, 100));
  cache.put("q2", answer_with_rows(100, 100));
  REQUIRE(cache.find("q1"));  // q1 is now the most recently used
  cache.put("q3", answer_with_rows(100, 100));
  CHECK(cache.find("q1"));
  CHECK_FALSE(cache.find("q2"));
  CHECK(cache.find("q3"));
  CHECK(cache.bytes_held() <= one * 2 + one / 2);
}

TEST_CASE("the page cache keeps nothing larger than itself", "[tools][paging]") {
  PageCache cache(1000, std::chrono::seconds(60));
  cache.put("big", answer_with_rows(100, 100));
  CHECK_FALSE(cache.find("big"));
  CHECK(cache.entries() == 0);
}

TEST_CASE("the page cache forgets answers older than its time to live", "[tools][paging]") {
  PageCache cache(1 << 20, std::chrono::seconds(0));
  cache.put("q1", answer_with_rows(1, 1));
  CHECK_FALSE(cache.find("q1"));
}
