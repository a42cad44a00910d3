#include "sparqlmcp/results/parser.hpp"

#include <catch2/catch.hpp>

#include "test_support.hpp"

// Documents captured verbatim from Virtuoso Open Source 7 and Oxigraph (see
// tests/data/results/README.md).

using namespace sparqlmcp;
using namespace sparqlmcp::results;
using sparqlmcp::results::test::fixture;

namespace {
const std::string kXsd = "http://www.w3.org/2001/XMLSchema#";
}

TEST_CASE("Virtuoso JSON results with typed-literal terms read as typed literals", "[results]") {
  QueryResults r = parse_results(fixture("virtuoso_select.srj"), ResultsFormat::Json);
  REQUIRE(r.variables == std::vector<std::string>{"s", "label", "n", "dec", "d", "x"});
  REQUIRE(r.rows.size() == 2);
  CHECK(r.rows[0][0] == rdf::Term::iri("http://example.org/city/3"));
  CHECK(r.rows[0][1] == rdf::Term::literal("Zürich", "", "en"));
  CHECK(r.rows[0][2] == rdf::Term::literal("42", kXsd + "integer"));
  CHECK(r.rows[0][3] == rdf::Term::literal("1.5", kXsd + "decimal"));
  CHECK(r.rows[0][4] == rdf::Term::literal("2020-01-02", kXsd + "date"));
  CHECK_FALSE(r.rows[0][5].has_value());
  CHECK(r.rows[1][5] == rdf::Term::literal("tab\there, \"q\"\nline2"));
  CHECK(parse_results(fixture("virtuoso_select.srx"), ResultsFormat::Xml) == r);
}

TEST_CASE("Virtuoso's CSV-style TSV is read with CSV rules", "[results]") {
  QueryResults tsv = parse_results(fixture("virtuoso_select.tsv"), ResultsFormat::Tsv);
  QueryResults csv = parse_results(fixture("virtuoso_select.csv"), ResultsFormat::Csv);
  REQUIRE(tsv.variables == std::vector<std::string>{"s", "label", "n", "dec", "d", "x"});
  REQUIRE(tsv.rows.size() == 2);
  CHECK(tsv.rows[0][0] == rdf::Term::iri("http://example.org/city/3"));
  CHECK(tsv.rows[0][1] == rdf::Term::literal("Zürich"));  // CSV rules: the tag is lost
  CHECK(tsv.rows[0][2] == rdf::Term::literal("42"));
  CHECK_FALSE(tsv.rows[0][5].has_value());
  CHECK(tsv.rows[1][5] == rdf::Term::literal("tab\there, \"q\"\nline2"));
  CHECK(csv == tsv);
}

TEST_CASE("Virtuoso ASK answers are boolean results in every format", "[results]") {
  for (auto [name, format] : {std::pair{"virtuoso_ask.srj", ResultsFormat::Json},
                              std::pair{"virtuoso_ask.srx", ResultsFormat::Xml},
                              std::pair{"virtuoso_ask.csv", ResultsFormat::Csv},
                              std::pair{"virtuoso_ask.tsv", ResultsFormat::Tsv}}) {
    INFO(name);
    QueryResults r = parse_results(fixture(name), format);
    CHECK(r.kind == QueryResults::Kind::Boolean);
    CHECK(r.boolean);
  }
}

TEST_CASE("a quoted bool column is only a boolean when it holds a single 1 or 0", "[results]") {
  QueryResults two_rows = parse_results("\"bool\"\n1\n0\n", ResultsFormat::Tsv);
  CHECK(two_rows.kind == QueryResults::Kind::Bindings);
  QueryResults unquoted = parse_results("bool\r\n1\r\n", ResultsFormat::Csv);
  CHECK(unquoted.kind == QueryResults::Kind::Bindings);
}

TEST_CASE("Oxigraph results agree across JSON, XML and TSV, and with CSV up to its type loss",
          "[results]") {
  QueryResults json = parse_results(fixture("oxigraph_select.srj"), ResultsFormat::Json);
  REQUIRE(json.rows.size() == 2);
  CHECK(json.rows[0][5] == rdf::Term::literal("true", kXsd + "boolean"));
  CHECK(json.rows[0][7] == rdf::Term::blank("k"));
  CHECK(parse_results(fixture("oxigraph_select.srx"), ResultsFormat::Xml) == json);
  CHECK(parse_results(fixture("oxigraph_select.tsv"), ResultsFormat::Tsv) == json);
  QueryResults csv = parse_results(fixture("oxigraph_select.csv"), ResultsFormat::Csv);
  REQUIRE(csv.variables == json.variables);
  REQUIRE(csv.rows.size() == json.rows.size());
  for (std::size_t r = 0; r < csv.rows.size(); ++r) {
    for (std::size_t c = 0; c < csv.variables.size(); ++c) {
      REQUIRE(csv.rows[r][c].has_value() == json.rows[r][c].has_value());
      if (!csv.rows[r][c]) continue;
      CHECK(csv.rows[r][c]->value == json.rows[r][c]->value);
      CHECK(csv.rows[r][c]->kind == json.rows[r][c]->kind);
    }
  }
}

TEST_CASE("Oxigraph's bare true and false ASK answers in CSV and TSV are booleans", "[results]") {
  QueryResults yes = parse_results(fixture("oxigraph_ask.csv"), ResultsFormat::Csv);
  CHECK(yes.kind == QueryResults::Kind::Boolean);
  CHECK(yes.boolean);
  QueryResults no = parse_results(fixture("oxigraph_ask_false.tsv"), ResultsFormat::Tsv);
  CHECK(no.kind == QueryResults::Kind::Boolean);
  CHECK_FALSE(no.boolean);
}
