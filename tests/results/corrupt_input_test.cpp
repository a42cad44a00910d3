#include "sparqlmcp/results/parser.hpp"

#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "sparqlmcp/results/serializer.hpp"
#include "test_support.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::results;

namespace {

QueryResults sample() {
  QueryResults r;
  r.variables = {"s", "o"};
  r.rows.push_back({rdf::Term::iri("http://example.org/é"),
                    rdf::Term::literal("a \"b\" <c> & d\te\nf 😀", "", "en")});
  r.rows.push_back({rdf::Term::blank("b1"),
                    rdf::Term::literal("1.5", "http://www.w3.org/2001/XMLSchema#decimal")});
  r.rows.push_back({std::nullopt, rdf::Term::literal("x,y", "http://example.org/dt")});
  return r;
}

// Parsing must either succeed or throw sparqlmcp::Exception with a Syntax error whose
// position lies inside the document (or just after it).
void check_fails_cleanly(const std::string& text, ResultsFormat format) {
  try {
    parse_results(text, format);
  } catch (const Exception& e) {
    CHECK(e.error().kind == ErrorKind::Syntax);
    if (e.error().span) {
      CHECK(e.error().span->line >= 1);
      CHECK(e.error().span->column >= 1);
    }
  }
}

}  // namespace

TEST_CASE("every truncation of a results document parses or fails with a syntax error",
          "[results][error]") {
  for (auto format :
       {ResultsFormat::Json, ResultsFormat::Xml, ResultsFormat::Csv, ResultsFormat::Tsv}) {
    INFO(format_name(format));
    std::string full = serialize_results(sample(), format);
    for (std::size_t cut = 0; cut < full.size(); ++cut) {
      INFO("cut at " << cut);
      check_fails_cleanly(full.substr(0, cut), format);
    }
  }
}

TEST_CASE("corrupting any byte of a results document never crashes the parser",
          "[results][error]") {
  const std::string replacements = std::string("\"<>&{}[],:\t\n\\;\0?", 17) + "\xC3";
  for (auto format :
       {ResultsFormat::Json, ResultsFormat::Xml, ResultsFormat::Csv, ResultsFormat::Tsv}) {
    INFO(format_name(format));
    std::string full = serialize_results(sample(), format);
    for (std::size_t i = 0; i < full.size(); ++i) {
      for (char replacement : replacements) {
        std::string corrupt = full;
        corrupt[i] = replacement;
        INFO("byte " << i << " replaced by " << static_cast<int>(replacement));
        check_fails_cleanly(corrupt, format);
      }
    }
  }
}

TEST_CASE("variables with empty names or control characters are refused in every format",
          "[results][error]") {
  // Found by fuzzing: a CSV header "true," named an empty variable and a quoted header a
  // variable holding a tab; TSV cannot write either back.
  const std::string xml_head =
      "<?xml version=\"1.0\"?><sparql xmlns=\"http://www.w3.org/2005/sparql-results#\"><head>";
  const std::vector<std::tuple<std::string, ResultsFormat, std::string>> cases = {
      {"true,\n", ResultsFormat::Csv, "CSV results name variable 2 with an empty name"},
      {"a,\"b\tc\"\n", ResultsFormat::Csv,
       "CSV results name variable 2 with the control character U+0009"},
      {"\"?x\"\t\"y\nz\"\n", ResultsFormat::Tsv,
       "TSV results name variable 2 with the control character U+000A"},
      {R"({"head":{"vars":["?"]},"results":{"bindings":[]}})", ResultsFormat::Json,
       "JSON results name variable 1 with an empty name"},
      {R"({"head":{"vars":["a"]},"results":{"bindings":[{"b\u0000":{"type":"uri","value":"u"}}]}})",
       ResultsFormat::Json, "JSON results name variable 2 with the control character U+0000"},
      {xml_head + "<variable name='a&#x7F;'/></head><results/></sparql>", ResultsFormat::Xml,
       "XML results name variable 1 with the control character U+007F"},
  };
  for (const auto& [text, format, message] : cases) {
    INFO(text);
    Error e = test::error_of([&] { parse_results(text, format); });
    CHECK(e.kind == ErrorKind::Syntax);
    CHECK(e.message == "the endpoint's " + message);
  }
  // Names as endpoints write them still pass: Virtuoso's callret-0, non-ASCII letters.
  CHECK(parse_results("callret-0,né\n1,2\n", ResultsFormat::Csv).variables ==
        std::vector<std::string>{"callret-0", "né"});
}
