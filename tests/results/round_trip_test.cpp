#include "sparqlmcp/results/serializer.hpp"

#include <filesystem>

#include <catch2/catch.hpp>

#include "sparqlmcp/results/parser.hpp"
#include "support/shared_data.hpp"
#include "test_support.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::results;
namespace fs = std::filesystem;

namespace {

std::string xsd(const char* local) {
  return std::string("http://www.w3.org/2001/XMLSchema#") + local;
}

QueryResults sample() {
  QueryResults r;
  r.variables = {"s", "o", "n"};
  r.links = {"http://example.org/about"};
  r.rows.push_back({rdf::Term::iri("http://example.org/caf\xC3\xA9?a=1&b=2,3"),
                    rdf::Term::literal("日本語 \"quoted\" tab\there\nnew line\r\\ <&>", "", "ja"),
                    rdf::Term::literal("42", xsd("integer"))});
  r.rows.push_back(
      {rdf::Term::blank("b0"), rdf::Term::literal(""), rdf::Term::literal("1.5", xsd("decimal"))});
  r.rows.push_back({std::nullopt, rdf::Term::literal("a,b;c", "http://example.org/dt"),
                    rdf::Term::literal("-1.0E6", xsd("double"))});
  r.rows.push_back({rdf::Term::iri("urn:x:y"), rdf::Term::literal("true", xsd("boolean")),
                    rdf::Term::literal("not a number", xsd("integer"))});
  r.rows.push_back({std::nullopt, std::nullopt, std::nullopt});
  r.rows.push_back({rdf::Term::blank("node-1"), rdf::Term::literal("ctrl\x01\x1f end"),
                    rdf::Term::literal("😀 emoji", "", "en-GB")});
  return r;
}

// What survives CSV: term kinds are guessed from the text, so only the text, and whether a
// cell was a blank node or an (absolute) IRI, can be compared.
void check_csv_equivalent(const QueryResults& original, const QueryResults& csv) {
  REQUIRE(csv.kind == original.kind);
  if (original.kind == QueryResults::Kind::Boolean) {
    CHECK(csv.boolean == original.boolean);
    return;
  }
  REQUIRE(csv.variables == original.variables);
  REQUIRE(csv.rows.size() == original.rows.size());
  for (std::size_t r = 0; r < original.rows.size(); ++r) {
    for (std::size_t c = 0; c < original.variables.size(); ++c) {
      const auto& a = original.rows[r][c];
      const auto& b = csv.rows[r][c];
      INFO("row " << r << " column " << c);
      REQUIRE(a.has_value() == b.has_value());
      if (!a) continue;
      CHECK(a->value == b->value);
      if (a->is_blank()) CHECK(b->is_blank());
      if (a->is_iri() && a->value.find(':') != std::string::npos) CHECK(b->is_iri());
      if (b->is_literal()) CHECK(b->datatype.empty());
    }
  }
}

void check_round_trips(const QueryResults& original) {
  for (auto format : {ResultsFormat::Json, ResultsFormat::Xml, ResultsFormat::Tsv}) {
    INFO(format_name(format));
    std::string text = serialize_results(original, format);
    QueryResults back = parse_results(text, format);
    if (format == ResultsFormat::Tsv) back.links = original.links;  // TSV has no links
    CHECK(back == original);
  }
  QueryResults csv =
      parse_results(serialize_results(original, ResultsFormat::Csv), ResultsFormat::Csv);
  check_csv_equivalent(original, csv);
  CHECK(from_json(to_json(original)) == original);
}

}  // namespace

TEST_CASE("results survive serialize then parse in every format", "[results]") {
  check_round_trips(sample());
}

TEST_CASE("boolean results survive serialize then parse in every format", "[results]") {
  for (bool value : {true, false}) {
    QueryResults r;
    r.kind = QueryResults::Kind::Boolean;
    r.boolean = value;
    check_round_trips(r);
  }
}

TEST_CASE("results without variables or rows survive every format", "[results]") {
  QueryResults empty;
  check_round_trips(empty);
  QueryResults one_empty_solution;  // SELECT * {} has one solution binding nothing
  one_empty_solution.rows.emplace_back();
  check_round_trips(one_empty_solution);
  QueryResults no_rows;
  no_rows.variables = {"x", "y"};
  check_round_trips(no_rows);
}

TEST_CASE("every W3C .srx file survives a round trip through every format", "[results][w3c]") {
  const fs::path root = sparqlmcp::test::shared_data("w3c-sparql-tests/sparql");
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".srx") continue;
    INFO(entry.path().string());
    QueryResults original =
        parse_results(results::test::read_file(entry.path().string()), ResultsFormat::Xml);
    check_round_trips(original);
    ++files;
  }
  CHECK(files > 400);
}
