#include "sparqlmcp/results/format.hpp"

#include <catch2/catch.hpp>

using namespace sparqlmcp::results;

TEST_CASE("media types map to results formats tolerantly", "[results]") {
  CHECK(results_format_from_media_type("application/sparql-results+json") == ResultsFormat::Json);
  CHECK(results_format_from_media_type("application/json; charset=UTF-8") == ResultsFormat::Json);
  CHECK(results_format_from_media_type("  Application/SPARQL-Results+JSON ;charset=utf-8 ") ==
        ResultsFormat::Json);
  CHECK(results_format_from_media_type("application/x-sparql-results+json") == ResultsFormat::Json);
  CHECK(results_format_from_media_type("application/sparql-results+xml;charset=utf-8") ==
        ResultsFormat::Xml);
  CHECK(results_format_from_media_type("application/xml") == ResultsFormat::Xml);
  CHECK(results_format_from_media_type("TEXT/XML") == ResultsFormat::Xml);
  CHECK(results_format_from_media_type("text/csv; charset=utf-8") == ResultsFormat::Csv);
  CHECK(results_format_from_media_type("text/x-csv") == ResultsFormat::Csv);
  CHECK(results_format_from_media_type("text/tab-separated-values") == ResultsFormat::Tsv);
  CHECK(results_format_from_media_type("text/tsv") == ResultsFormat::Tsv);
}

TEST_CASE("media types of other documents are not results formats", "[results]") {
  CHECK_FALSE(results_format_from_media_type("text/html; charset=utf-8"));
  CHECK_FALSE(results_format_from_media_type("text/turtle"));
  CHECK_FALSE(results_format_from_media_type(""));
  CHECK_FALSE(results_format_from_media_type("json"));
}

TEST_CASE("every format has a canonical media type that maps back to it", "[results]") {
  for (auto format :
       {ResultsFormat::Json, ResultsFormat::Xml, ResultsFormat::Csv, ResultsFormat::Tsv}) {
    CHECK(results_format_from_media_type(media_type(format)) == format);
    CHECK(results_format_from_name(format_name(format)) == format);
  }
  CHECK(media_type(ResultsFormat::Json) == "application/sparql-results+json");
  CHECK(media_type(ResultsFormat::Xml) == "application/sparql-results+xml");
  CHECK(media_type(ResultsFormat::Csv) == "text/csv");
  CHECK(media_type(ResultsFormat::Tsv) == "text/tab-separated-values");
}

TEST_CASE("format names are matched case-insensitively", "[results]") {
  CHECK(results_format_from_name("JSON") == ResultsFormat::Json);
  CHECK(results_format_from_name("xml") == ResultsFormat::Xml);
  CHECK(results_format_from_name("Csv") == ResultsFormat::Csv);
  CHECK(results_format_from_name("tsv") == ResultsFormat::Tsv);
  CHECK_FALSE(results_format_from_name("turtle"));
}

TEST_CASE("the Accept header prefers JSON, then XML, TSV and CSV", "[results]") {
  std::string accept(results_accept_header());
  auto json = accept.find("application/sparql-results+json");
  auto xml = accept.find("application/sparql-results+xml");
  auto tsv = accept.find("text/tab-separated-values");
  auto csv = accept.find("text/csv");
  REQUIRE(json != std::string::npos);
  REQUIRE(xml != std::string::npos);
  REQUIRE(tsv != std::string::npos);
  REQUIRE(csv != std::string::npos);
  CHECK(json < xml);
  CHECK(xml < tsv);
  CHECK(tsv < csv);
  CHECK(accept.find("q=0.") != std::string::npos);
  CHECK(accept.find("*/*") == std::string::npos);
}
