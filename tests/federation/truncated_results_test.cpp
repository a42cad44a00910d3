#include "truncated_results.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/results/parser.hpp"
#include "sparqlmcp/util/error.hpp"

using namespace sparqlmcp;

namespace {

bool parses(const std::string& text, results::ResultsFormat format) {
  try {
    results::parse_results(text, format);
    return true;
  } catch (const Exception&) {
    return false;
  }
}

std::size_t recovered_rows(std::string_view cut, std::string_view name,
                           results::ResultsFormat format) {
  auto recovered = federation::recover_truncated_document(
      cut, name, [&](const std::string& candidate) { return parses(candidate, format); });
  REQUIRE(recovered.has_value());
  return results::parse_results(*recovered, format).rows.size();
}

}  // namespace

TEST_CASE("a JSON result cut inside a binding keeps the complete rows", "[federation]") {
  std::string full =
      R"({"head":{"vars":["s","o"]},"results":{"bindings":[)"
      R"({"s":{"type":"uri","value":"http://a"},"o":{"type":"literal","value":"x}}"}},)"
      R"({"s":{"type":"uri","value":"http://b"},"o":{"type":"literal","value":"y"}},)"
      R"({"s":{"type":"uri","value":"http://c"},"o":{"type":"lit)";
  CHECK(recovered_rows(full, "json", results::ResultsFormat::Json) == 2);
}

TEST_CASE("an XML result cut inside a result keeps the complete results", "[federation]") {
  std::string full =
      "<?xml version=\"1.0\"?>\n<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">"
      "<head><variable name=\"s\"/></head><results>"
      "<result><binding name=\"s\"><uri>http://a</uri></binding></result>\n"
      "<result><binding name=\"s\"><uri>http://b</uri></binding></result>\n"
      "<result><binding name=\"s\"><uri>http://c";
  CHECK(recovered_rows(full, "xml", results::ResultsFormat::Xml) == 2);
}

TEST_CASE("a TSV result cut inside a line keeps the complete lines", "[federation]") {
  std::string full = "?s\n<http://a>\n<http://b>\n<http://c";
  CHECK(recovered_rows(full, "tsv", results::ResultsFormat::Tsv) == 2);
}

TEST_CASE("a document with no complete row is not recovered", "[federation][error]") {
  std::string cut = R"({"head":{"vars":["s"]},"res)";
  auto recovered = federation::recover_truncated_document(
      cut, "json", [](const std::string& c) { return parses(c, results::ResultsFormat::Json); });
  CHECK(!recovered.has_value());
}
