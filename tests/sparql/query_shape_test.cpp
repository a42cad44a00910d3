#include "sparqlmcp/sparql/query_shape.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::sparql;

namespace {

std::string sse_of(const std::string& text) {
  return sparql::to_sse(sparql::parse_query(text));
}

}  // namespace

TEST_CASE("with_total_order orders an unordered query by every projected variable", "[sparql]") {
  sparql::Query query = sparql::parse_query("SELECT ?b ?a WHERE { ?a <x:p> ?b }");
  std::string text = serialize_sliced(query, with_total_order(query), 10, 5);
  CHECK(sse_of(text) ==
        sse_of("SELECT ?b ?a WHERE { ?a <x:p> ?b } ORDER BY ?b ?a OFFSET 10 LIMIT 5"));
}

TEST_CASE("with_total_order keeps a query that already orders by every projected variable as it is",
          "[sparql]") {
  sparql::Query query =
      sparql::parse_query("SELECT ?a ?b WHERE { ?a <x:p> ?b } ORDER BY DESC(?b) ?a");
  std::string text = serialize_sliced(query, with_total_order(query), std::nullopt, 3);
  CHECK(sse_of(text) == sse_of("SELECT ?a ?b WHERE { ?a <x:p> ?b } ORDER BY DESC(?b) ?a LIMIT 3"));
  // Idempotent: a next-page query that carries the order gets nothing more.
  sparql::Query again = sparql::parse_query(text);
  CHECK(sse_of(serialize_sliced(again, with_total_order(again), std::nullopt, 3)) == sse_of(text));
}

TEST_CASE("with_total_order uses the aliases and group keys an aggregate query projects",
          "[sparql]") {
  sparql::Query query =
      sparql::parse_query("SELECT ?c (COUNT(*) AS ?n) WHERE { ?s a ?c } GROUP BY ?c");
  std::string text = serialize_sliced(query, with_total_order(query), 0, 10);
  CHECK(sse_of(text) == sse_of("SELECT ?c (COUNT(*) AS ?n) WHERE { ?s a ?c } GROUP BY ?c "
                               "ORDER BY ?c ?n OFFSET 0 LIMIT 10"));
}

TEST_CASE("with_total_order adds the projected variables its own keys leave out as tie-breakers",
          "[sparql]") {
  sparql::Query query =
      sparql::parse_query("SELECT ?a ?b WHERE { ?a <x:p> ?b } ORDER BY DESC(STR(?b))");
  std::string text = serialize_sliced(query, with_total_order(query), std::nullopt, 3);
  CHECK(sse_of(text) ==
        sse_of("SELECT ?a ?b WHERE { ?a <x:p> ?b } ORDER BY DESC(STR(?b)) ?a ?b LIMIT 3"));
}

TEST_CASE("count_query counts the rows of the query with its own slice and DISTINCT", "[sparql]") {
  sparql::Query query = sparql::parse_query(
      "PREFIX ex: <http://example.org/> SELECT DISTINCT ?count WHERE { ?s ex:p ?count } "
      "LIMIT 10 OFFSET 2");
  std::string var;
  std::string text = sparql::serialize_query(count_query(query, var));
  CHECK(var == "count_");  // the query projects ?count itself
  CHECK(sse_of(text) ==
        sse_of("PREFIX ex: <http://example.org/> SELECT (COUNT(*) AS ?count_) WHERE { "
               "{ SELECT DISTINCT ?count WHERE { ?s ex:p ?count } LIMIT 10 OFFSET 2 } }"));
}

TEST_CASE("outer_slice and projected_variables read the outermost modifiers", "[sparql]") {
  sparql::Query query = sparql::parse_query(
      "SELECT DISTINCT ?a ?b WHERE { { SELECT ?a WHERE { ?a <x:p> ?b } LIMIT 7 } ?a <x:q> ?b } "
      "ORDER BY ?a OFFSET 3 LIMIT 5");
  SliceBounds slice = outer_slice(query);
  CHECK(slice.offset == 3u);
  CHECK(slice.limit == 5u);
  CHECK(projected_variables(query) == std::vector<std::string>{"a", "b"});
  CHECK(has_order_by(query));
  sparql::Query ask = sparql::parse_query("ASK { ?a <x:p> ?b }");
  CHECK_FALSE(outer_slice(ask).limit);
  CHECK(projected_variables(ask).empty());
}

TEST_CASE("sliced_query replaces the outermost OFFSET and LIMIT without printing the query",
          "[sparql]") {
  sparql::Query query =
      sparql::parse_query("PREFIX x: <http://x/> SELECT ?a WHERE { ?a x:p ?b } LIMIT 9");
  sparql::Query page = sliced_query(query, query.syntax(), 20, 10);
  CHECK(outer_slice(page).offset == 20u);
  CHECK(outer_slice(page).limit == 10u);
  CHECK(query_prefixes(page) == query_prefixes(query));
  CHECK(sse_of(sparql::serialize_query(page)) ==
        sse_of("PREFIX x: <http://x/> SELECT ?a WHERE { ?a x:p ?b } OFFSET 20 LIMIT 10"));
}
