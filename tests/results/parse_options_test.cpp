#include "sparqlmcp/results/parser.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/results/serializer.hpp"
#include "support/error_matchers.hpp"
#include "test_support.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::results;
using sparqlmcp::test::is_error;

namespace {

QueryResults rows(std::size_t count) {
  QueryResults r;
  r.variables = {"n"};
  for (std::size_t i = 0; i < count; ++i) {
    r.rows.push_back({rdf::Term::iri("http://example.org/" + std::to_string(i))});
  }
  return r;
}

}  // namespace

TEST_CASE("max_rows lets exactly that many rows through in every format", "[results]") {
  ParseOptions options;
  options.max_rows = 3;
  for (auto format :
       {ResultsFormat::Json, ResultsFormat::Xml, ResultsFormat::Csv, ResultsFormat::Tsv}) {
    INFO(format_name(format));
    CHECK(parse_results(serialize_results(rows(3), format), format, options).rows.size() == 3);
  }
}

TEST_CASE("more rows than max_rows fail with LimitExceeded in every format", "[results][error]") {
  ParseOptions options;
  options.max_rows = 3;
  for (auto format :
       {ResultsFormat::Json, ResultsFormat::Xml, ResultsFormat::Csv, ResultsFormat::Tsv}) {
    INFO(format_name(format));
    std::string text = serialize_results(rows(4), format);
    CHECK_THROWS_MATCHES(
        parse_results(text, format, options), Exception,
        is_error(ErrorKind::LimitExceeded)
            .with_message(
                "the results have more than 3 rows, the most this server reads; add a LIMIT or "
                "narrow the query"));
  }
}

TEST_CASE("max_json_depth bounds JSON nesting", "[results][error]") {
  ParseOptions options;
  options.max_json_depth = 3;
  std::string shallow = R"({"head":{},"boolean":true,"x":[[1]]})";
  CHECK(parse_results(shallow, ResultsFormat::Json, options).boolean);
  std::string deep = R"({"head":{},"boolean":true,"x":[[[1]]]})";
  CHECK_THROWS_MATCHES(parse_results(deep, ResultsFormat::Json, options), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(1, 34)
                           .with_message("malformed JSON results: nesting is too deep"));
}
