#include "sparqlmcp/results/parser.hpp"

#include <catch2/catch.hpp>

#include "support/error_matchers.hpp"
#include "test_support.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::results;
using sparqlmcp::results::test::fixture;
using sparqlmcp::test::is_error;

namespace {
constexpr const char* kXsd = "http://www.w3.org/2001/XMLSchema#";
std::string xsd(const char* local) {
  return std::string(kXsd) + local;
}
}  // namespace

TEST_CASE("CSV results classify IRIs, blank nodes and literals by shape", "[results]") {
  QueryResults r = parse_results(fixture("escaping.csv"), ResultsFormat::Csv);
  REQUIRE(r.variables == std::vector<std::string>{"s", "label", "n"});
  REQUIRE(r.rows.size() == 3);
  CHECK(r.rows[0][0] == rdf::Term::iri("http://example.org/a"));
  CHECK(r.rows[0][1] == rdf::Term::literal("quoted, with comma"));
  CHECK(r.rows[0][2] == rdf::Term::literal("42"));  // CSV has no types: numbers stay strings
  CHECK(r.rows[1][0] == rdf::Term::blank("b1"));
  CHECK(r.rows[1][1] == rdf::Term::literal("say \"hi\""));
  CHECK_FALSE(r.rows[1][2].has_value());
  CHECK(r.rows[2][0] == rdf::Term::iri("urn:isbn:123"));
  CHECK(r.rows[2][1] == rdf::Term::literal("multi\r\nline"));
  CHECK(r.rows[2][2] == rdf::Term::literal(""));
}

TEST_CASE("CSV results accept LF line ends and a missing final line end", "[results]") {
  QueryResults r = parse_results("a,b\nhello world,mailto:x@example.org", ResultsFormat::Csv);
  REQUIRE(r.rows.size() == 1);
  CHECK(r.rows[0][0] == rdf::Term::literal("hello world"));
  CHECK(r.rows[0][1] == rdf::Term::iri("mailto:x@example.org"));
}

TEST_CASE("a single-variable CSV keeps rows whose value is unbound", "[results]") {
  QueryResults r = parse_results("x\r\n\r\n1\r\n", ResultsFormat::Csv);
  REQUIRE(r.rows.size() == 2);
  CHECK_FALSE(r.rows[0][0].has_value());
  CHECK(r.rows[1][0] == rdf::Term::literal("1"));
}

TEST_CASE("an unterminated CSV quote is reported where the field starts", "[results][error]") {
  CHECK_THROWS_MATCHES(parse_results("a,b\r\né,\"open\r\n", ResultsFormat::Csv), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(2, 3)
                           .with_message("malformed CSV results: unterminated quoted field"));
}

TEST_CASE("CSV rows with the wrong number of fields are rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(
      parse_results("a,b\r\n1,2\r\n1,2,3\r\n", ResultsFormat::Csv), Exception,
      is_error(ErrorKind::Syntax)
          .at(3, 1)
          .with_message(
              "malformed CSV results: a row has 3 fields but the header names 2 variables"));
}

TEST_CASE("text after a closing CSV quote is rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(parse_results("a\r\n\"x\"y\r\n", ResultsFormat::Csv), Exception,
                       is_error(ErrorKind::Syntax).at(2, 4));
}

TEST_CASE("empty CSV and TSV bodies are rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(parse_results("", ResultsFormat::Csv), Exception,
                       is_error(ErrorKind::Syntax));
  CHECK_THROWS_MATCHES(parse_results("", ResultsFormat::Tsv), Exception,
                       is_error(ErrorKind::Syntax));
}

TEST_CASE("TSV results read terms in SPARQL syntax", "[results]") {
  QueryResults r = parse_results(fixture("escaping.tsv"), ResultsFormat::Tsv);
  REQUIRE(r.variables == std::vector<std::string>{"s", "label", "n"});
  REQUIRE(r.rows.size() == 3);
  CHECK(r.rows[0][0] == rdf::Term::iri("http://example.org/a"));
  CHECK(r.rows[0][1] == rdf::Term::literal("tab\there", "", "en"));
  CHECK(r.rows[0][2] == rdf::Term::literal("42", xsd("integer")));
  CHECK(r.rows[1][0] == rdf::Term::blank("b1"));
  CHECK(r.rows[1][1] == rdf::Term::literal("say \"hi\" é"));
  CHECK_FALSE(r.rows[1][2].has_value());
  CHECK(r.rows[2][1] == rdf::Term::literal("x", "http://example.org/dt"));
  CHECK(r.rows[2][2] == rdf::Term::literal("-1.5e3", xsd("double")));
}

TEST_CASE("bare TSV numbers and booleans get their Turtle datatypes", "[results]") {
  QueryResults r =
      parse_results("?a\t?b\t?c\t?d\t?e\n5\t1.5\t1e3\ttrue\t.5\n-7\t+0.0\t1.E-2\tfalse\t'sq'\r\n",
                    ResultsFormat::Tsv);
  REQUIRE(r.rows.size() == 2);
  CHECK(r.rows[0][0] == rdf::Term::literal("5", xsd("integer")));
  CHECK(r.rows[0][1] == rdf::Term::literal("1.5", xsd("decimal")));
  CHECK(r.rows[0][2] == rdf::Term::literal("1e3", xsd("double")));
  CHECK(r.rows[0][3] == rdf::Term::literal("true", xsd("boolean")));
  CHECK(r.rows[0][4] == rdf::Term::literal(".5", xsd("decimal")));
  CHECK(r.rows[1][0] == rdf::Term::literal("-7", xsd("integer")));
  CHECK(r.rows[1][1] == rdf::Term::literal("+0.0", xsd("decimal")));
  CHECK(r.rows[1][2] == rdf::Term::literal("1.E-2", xsd("double")));
  CHECK(r.rows[1][3] == rdf::Term::literal("false", xsd("boolean")));
  CHECK(r.rows[1][4] == rdf::Term::literal("sq"));
}

TEST_CASE("TSV and CSV boolean columns named _askResult are boolean results", "[results]") {
  QueryResults t = parse_results("?_askResult\ntrue\n", ResultsFormat::Tsv);
  CHECK(t.kind == QueryResults::Kind::Boolean);
  CHECK(t.boolean);
  QueryResults c = parse_results("_askResult\r\nfalse\r\n", ResultsFormat::Csv);
  CHECK(c.kind == QueryResults::Kind::Boolean);
  CHECK_FALSE(c.boolean);
}

TEST_CASE("an unterminated TSV IRI is reported at its '<' in code points", "[results][error]") {
  CHECK_THROWS_MATCHES(parse_results("?a\t?b\n\"é\"\t<http://example.org/x\n", ResultsFormat::Tsv),
                       Exception,
                       is_error(ErrorKind::Syntax)
                           .at(2, 5)
                           .with_message("malformed TSV results: unterminated IRI; expected '>'"));
}

TEST_CASE("unquoted TSV words are rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(parse_results("?a\n<x>\nhello\n", ResultsFormat::Tsv), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(3, 1)
                           .with_message("malformed TSV results: unexpected value 'hello'; "
                                         "expected <iri>, \"literal\", _:blank "
                                         "or a number"));
}

TEST_CASE("invalid escapes in TSV literals are rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(
      parse_results("?a\n\"ab\\qc\"\n", ResultsFormat::Tsv), Exception,
      is_error(ErrorKind::Syntax)
          .at(2, 4)
          .with_message("malformed TSV results: invalid escape '\\q' in a string literal"));
}

TEST_CASE("TSV rows with the wrong number of fields are rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(
      parse_results("?a\t?b\n<x>\n", ResultsFormat::Tsv), Exception,
      is_error(ErrorKind::Syntax)
          .at(2, 1)
          .with_message(
              "malformed TSV results: a row has 1 fields but the header names 2 variables"));
}

TEST_CASE("TSV text after a term is rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(parse_results("?a\n\"x\"@en junk\n", ResultsFormat::Tsv), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(2, 7)
                           .with_message("malformed TSV results: unexpected text after the term"));
}

TEST_CASE("blank lines in multi-column CSV and TSV results are skipped", "[results]") {
  QueryResults tsv = parse_results("?a\t?b\n<x>\t1\n\n<y>\t2\n\n", ResultsFormat::Tsv);
  CHECK(tsv.rows.size() == 2);
  QueryResults csv = parse_results("a,b\r\nx,1\r\n\r\ny,2\r\n\r\n", ResultsFormat::Csv);
  CHECK(csv.rows.size() == 2);
}

TEST_CASE("invalid UTF-8 in a results body becomes U+FFFD", "[results]") {
  QueryResults csv = parse_results("a\r\nZ\xFCrich \xE6\x97\r\n", ResultsFormat::Csv);
  CHECK(csv.rows.at(0).at(0) == rdf::Term::literal("Z\xEF\xBF\xBDrich \xEF\xBF\xBD"));
  QueryResults json = parse_results(
      "{\"head\":{\"vars\":[\"a\"]},\"results\":{\"bindings\":[{\"a\":{\"type\":\"literal\","
      "\"value\":\"\xC0\xAF ok \xED\xA0\x80\"}}]}}",
      ResultsFormat::Json);
  CHECK(json.rows.at(0).at(0) ==
        rdf::Term::literal("\xEF\xBF\xBD ok \xEF\xBF\xBD"));  // overlong, surrogate
}

TEST_CASE("XML declared as ISO-8859-1 is transcoded to UTF-8", "[results]") {
  QueryResults r = parse_results(
      "<?xml version='1.0' encoding='ISO-8859-1'?>\n"
      "<sparql xmlns='http://www.w3.org/2005/sparql-results#'><head><variable name='a'/></head>"
      "<results><result><binding name='a'><literal>Z\xFCrich</literal></binding></result>"
      "</results></sparql>",
      ResultsFormat::Xml);
  CHECK(r.rows.at(0).at(0) == rdf::Term::literal("Zürich"));
}

TEST_CASE("TSV datatypes written as xsd: names are expanded", "[results]") {
  QueryResults r = parse_results("?a\n\"2020-01-01\"^^xsd:date\n", ResultsFormat::Tsv);
  CHECK(r.rows.at(0).at(0) == rdf::Term::literal("2020-01-01", xsd("date")));
  CHECK_THROWS_MATCHES(parse_results("?a\n\"x\"^^ex:dt\n", ResultsFormat::Tsv), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(2, 6)
                           .with_message("malformed TSV results: expected a datatype IRI in angle "
                                         "brackets after '^^' (TSV results have no prefixes)"));
}
