#include "sparqlmcp/results/parser.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/results/serializer.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::results;

namespace {

// About `bytes` of results with long literals, so that any quadratic string building shows.
QueryResults big_results(std::size_t bytes) {
  QueryResults r;
  r.variables = {"s", "label", "n"};
  std::string long_text(2000, 'x');
  std::size_t rows = bytes / 2200 + 1;
  for (std::size_t i = 0; i < rows; ++i) {
    r.rows.push_back(
        {rdf::Term::iri("http://example.org/item/" + std::to_string(i)),
         rdf::Term::literal(long_text + "\t\"é\"", "", "en"),
         rdf::Term::literal(std::to_string(i), "http://www.w3.org/2001/XMLSchema#integer")});
  }
  return r;
}

}  // namespace

TEST_CASE("large results parse completely in every format", "[results]") {
  // Parse speed is a benchmark figure (docs/benchmarks.md), not a test: a timing check would be
  // flaky on a busy machine. This checks that 16 MB documents come back whole.
  QueryResults large = big_results(16'000'000);
  for (auto format :
       {ResultsFormat::Json, ResultsFormat::Xml, ResultsFormat::Csv, ResultsFormat::Tsv}) {
    INFO(format_name(format));
    QueryResults parsed = parse_results(serialize_results(large, format), format);
    REQUIRE(parsed.rows.size() == large.rows.size());
    // CSV keeps no term types, so compare the values.
    REQUIRE(parsed.rows.back()[0]);
    CHECK(parsed.rows.back()[0]->value == large.rows.back()[0]->value);
  }
}
