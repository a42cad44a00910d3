#include "sparqlmcp/results/parser.hpp"

#include <chrono>

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

TEST_CASE("large results parse in time proportional to their size", "[results]") {
  // Doubling the input must not much more than double the time (quadratic behaviour would
  // quadruple it); absolute budgets are generous for debug builds on a shared machine.
  QueryResults small = big_results(4'000'000);
  QueryResults large = big_results(16'000'000);
  for (auto format :
       {ResultsFormat::Json, ResultsFormat::Xml, ResultsFormat::Csv, ResultsFormat::Tsv}) {
    INFO(format_name(format));
    std::string small_text = serialize_results(small, format);
    std::string large_text = serialize_results(large, format);
    auto time = [](const std::string& text, ResultsFormat f, std::size_t expected_rows) {
      auto start = std::chrono::steady_clock::now();
      QueryResults parsed = parse_results(text, f);
      auto elapsed = std::chrono::steady_clock::now() - start;
      CHECK(parsed.rows.size() == expected_rows);
      return std::chrono::duration<double>(elapsed).count();
    };
    double t_small = time(small_text, format, small.rows.size());
    double t_large = time(large_text, format, large.rows.size());
    CHECK(t_large < 8 * t_small + 0.5);
    CHECK(t_large < 60.0);
  }
}
