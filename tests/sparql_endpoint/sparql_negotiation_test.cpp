// Content negotiation of the SPARQL endpoint (SPARQL 1.1 Protocol 2.1.5/2.2.5, RFC 9110 12.5.1)
// and the form decoding its requests need.

#include "sparql_negotiation.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/transport/http_server.hpp"

using namespace sparqlmcp::sparql_endpoint;
using detail::AnswerFormat;
using detail::negotiate;

namespace {

std::optional<AnswerFormat> results_for(const char* accept) {
  auto offer = negotiate(std::string(accept), false);
  if (!offer) return std::nullopt;
  return offer->format;
}

std::optional<AnswerFormat> graph_for(const char* accept) {
  auto offer = negotiate(std::string(accept), true);
  if (!offer) return std::nullopt;
  return offer->format;
}

}  // namespace

TEST_CASE("without an Accept header the endpoint writes SPARQL JSON results and Turtle graphs",
          "[sparql_endpoint]") {
  CHECK(negotiate(std::nullopt, false)->format == AnswerFormat::Json);
  CHECK(negotiate(std::nullopt, true)->format == AnswerFormat::Turtle);
  CHECK(negotiate(std::string("  "), false)->format == AnswerFormat::Json);
}

TEST_CASE("the highest q wins, and equal weights go to the endpoint's own order",
          "[sparql_endpoint]") {
  CHECK(results_for("text/csv") == AnswerFormat::Csv);
  CHECK(results_for("text/csv;q=0.9, application/sparql-results+xml") == AnswerFormat::Xml);
  CHECK(results_for("text/tab-separated-values;q=1, text/csv;q=1") == AnswerFormat::Csv);
  CHECK(results_for("application/sparql-results+json;q=0.1, text/csv;q=0.2") == AnswerFormat::Csv);
  CHECK(results_for("*/*") == AnswerFormat::Json);
  CHECK(graph_for("application/n-triples, text/turtle;q=0.5") == AnswerFormat::NTriples);
  CHECK(graph_for("text/plain") == AnswerFormat::NTriples);
}

TEST_CASE("the most specific matching range gives an offer its weight", "[sparql_endpoint]") {
  // text/* prefers text/csv, but the explicit q=0 on it removes CSV.
  CHECK(results_for("text/*, text/csv;q=0") == AnswerFormat::Tsv);
  CHECK(results_for("*/*;q=0.1, application/sparql-results+xml") == AnswerFormat::Xml);
  CHECK(graph_for("*/*;q=0.5, text/turtle;q=0") == AnswerFormat::NTriples);
}

TEST_CASE("media types and parameters are matched without regard to case or spaces",
          "[sparql_endpoint]") {
  CHECK(results_for(" Application/SPARQL-Results+XML ; charset=utf-8 ; Q=0.8 ") ==
        AnswerFormat::Xml);
  auto offer = negotiate(std::string("application/json"), false);
  REQUIRE(offer);
  CHECK(offer->media_type == "application/json");  // answered with the type asked for
  CHECK(detail::content_type(*offer) == "application/json");
  CHECK(detail::content_type(*negotiate(std::string("text/csv"), false)) ==
        "text/csv; charset=utf-8");
}

TEST_CASE("an Accept that allows no format of the query form leaves nothing to offer",
          "[sparql_endpoint][error]") {
  CHECK_FALSE(results_for("text/turtle"));
  CHECK_FALSE(results_for("text/html, image/*"));
  CHECK_FALSE(graph_for("application/sparql-results+json"));
  CHECK_FALSE(graph_for("*/*;q=0"));
  CHECK(detail::offered_media_types(true) ==
        "text/turtle, application/n-triples, application/x-turtle, text/plain");
}

TEST_CASE("a malformed q counts as 1 and a range without a slash is skipped", "[sparql_endpoint]") {
  CHECK(results_for("text/csv;q=high") == AnswerFormat::Csv);
  CHECK(results_for("csv, text/tab-separated-values") == AnswerFormat::Tsv);
  CHECK(results_for("text/csv;q=2, application/sparql-results+xml;q=0.9") == AnswerFormat::Csv);
}

TEST_CASE("a form is decoded into its pairs in order, with '+' and %XX decoded",
          "[sparql_endpoint]") {
  const auto pairs =
      sparqlmcp::transport::decode_form("query=SELECT+*%20WHERE%7B%7D&timeout=10&&flag&query=2");
  REQUIRE(pairs.size() == 4);
  CHECK(pairs[0] == std::pair<std::string, std::string>{"query", "SELECT * WHERE{}"});
  CHECK(pairs[1] == std::pair<std::string, std::string>{"timeout", "10"});
  CHECK(pairs[2] == std::pair<std::string, std::string>{"flag", ""});
  CHECK(pairs[3] == std::pair<std::string, std::string>{"query", "2"});
  CHECK(sparqlmcp::transport::decode_form("").empty());
}
