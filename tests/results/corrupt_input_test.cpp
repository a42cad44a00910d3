#include "sparqlmcp/results/parser.hpp"

#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "sparqlmcp/results/serializer.hpp"
#include "support/error_matchers.hpp"
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
    Error e = sparqlmcp::test::error_of([&] { parse_results(text, format); });
    CHECK(e.kind == ErrorKind::Syntax);
    CHECK(e.message == "the endpoint's " + message);
  }
  // Names as endpoints write them still pass: Virtuoso's callret-0, non-ASCII letters.
  CHECK(parse_results("callret-0,né\n1,2\n", ResultsFormat::Csv).variables ==
        std::vector<std::string>{"callret-0", "né"});
}

TEST_CASE("repeated variables, malformed language tags and blank labels with spaces are refused",
          "[results][error]") {
  // Found by fuzzing: TSV cannot write these back (a repeated CSV/TSV column became one JSON
  // variable, "~a" is no language tag, a label with a space ends at the space).
  const std::string row = R"({"head":{"vars":["x"]},"results":{"bindings":[{"x":)";
  const std::vector<std::tuple<std::string, ResultsFormat, std::string>> cases = {
      {"?s\t?o\t?s\n", ResultsFormat::Tsv, "TSV results name variable ?s twice (1 and 3)"},
      {"s,o,s\n", ResultsFormat::Csv, "CSV results name variable ?s twice (1 and 3)"},
      {row + R"({"type":"literal","value":"v","xml:lang":"en us"}}]}})", ResultsFormat::Json,
       "JSON results hold the malformed language tag 'en us' (row 1, ?x); a language tag has "
       "letters, digits and '-' only"},
      {row + R"({"type":"bnode","value":"a b"}}]}})", ResultsFormat::Json,
       "JSON results hold a blank node label with the character U+0020 (row 1, ?x)"},
  };
  for (const auto& [text, format, message] : cases) {
    INFO(text);
    Error e = sparqlmcp::test::error_of([&] { parse_results(text, format); });
    CHECK(e.kind == ErrorKind::Syntax);
    CHECK(e.message == "the endpoint's " + message);
  }
  // In CSV, where kinds are guessed, "_:a b" is text, not a blank node.
  QueryResults csv = parse_results("x\n_:a b\n_:b1\n", ResultsFormat::Csv);
  CHECK(csv.rows.at(0).at(0) == rdf::Term::literal("_:a b"));
  CHECK(csv.rows.at(1).at(0) == rdf::Term::blank("b1"));
}

TEST_CASE("variable names with a second '?' or '$' are refused", "[results][error]") {
  // Found by fuzzing: JSON strips one leading '?' or '$' from a name and XML none, so "??x"
  // from CSV became "?x" and then "x" through JSON.
  Error e = sparqlmcp::test::error_of([] { parse_results("??x\n", ResultsFormat::Csv); });
  CHECK(e.kind == ErrorKind::Syntax);
  CHECK(e.message ==
        "the endpoint's CSV results name variable 1 '?x' (a variable name starts after its '?' or "
        "'$')");
  e = sparqlmcp::test::error_of([] {
    parse_results(
        "<sparql xmlns='http://www.w3.org/2005/sparql-results#'><head><variable "
        "name='$'/></head><results/></sparql>",
        ResultsFormat::Xml);
  });
  CHECK(e.message ==
        "the endpoint's XML results name variable 1 '$' (a variable name starts after its '?' or "
        "'$')");
}

TEST_CASE("CSV quotes a blank node label that holds a comma", "[results]") {
  // Found by fuzzing: _:a,b was written bare and read back as two fields.
  QueryResults r;
  r.variables = {"b", "c"};
  r.rows.push_back({rdf::Term::blank("a,b"), rdf::Term::literal("c")});
  const std::string csv = serialize_results(r, ResultsFormat::Csv);
  CHECK(csv == "b,c\r\n\"_:a,b\",c\r\n");
  CHECK(parse_results(csv, ResultsFormat::Csv).rows.at(0).at(0) == rdf::Term::blank("a,b"));
}

TEST_CASE("CSV quotes a first variable that starts with U+FEFF", "[results]") {
  // Found by fuzzing: ?\uFEFFx is a valid SPARQL variable, but written bare at the start of a
  // CSV document it read back as a byte order mark and the name "x".
  QueryResults r;
  r.variables = {"\xEF\xBB\xBFx"};
  const std::string csv = serialize_results(r, ResultsFormat::Csv);
  CHECK(csv == "\"\xEF\xBB\xBFx\"\r\n");
  CHECK(parse_results(csv, ResultsFormat::Csv).variables == r.variables);
}

TEST_CASE("IRIs that start or end with a space are refused outside XML", "[results][error]") {
  // Found by fuzzing: the XML reader trims IRIs laid out over lines, so " http://x" from JSON
  // became "http://x" through XML.
  Error e = sparqlmcp::test::error_of([] {
    parse_results(R"({"head":{"vars":["s"]},"results":{"bindings":[)"
                  R"({"s":{"type":"uri","value":" http://x"}}]}})",
                  ResultsFormat::Json);
  });
  CHECK(e.kind == ErrorKind::Syntax);
  CHECK(e.message ==
        "the endpoint's JSON results hold an IRI that starts or ends with a space or a line break "
        "(row 1, ?s)");
  QueryResults xml = parse_results(
      "<sparql xmlns='http://www.w3.org/2005/sparql-results#'><head><variable name='s'/></head>"
      "<results><result><binding name='s'><uri>\n  http://x\n</uri></binding></result></results>"
      "</sparql>",
      ResultsFormat::Xml);
  CHECK(xml.rows.at(0).at(0) == rdf::Term::iri("http://x"));
}

TEST_CASE("blank node labels that start with a second '_:' are refused", "[results][error]") {
  // Found by fuzzing: TSV "_:_:b" gave the label "_:b", which JSON and XML then read as "b".
  Error e = sparqlmcp::test::error_of([] { parse_results("?x\n_:_:b\n", ResultsFormat::Tsv); });
  CHECK(e.kind == ErrorKind::Syntax);
  CHECK(e.message ==
        "the endpoint's TSV results hold the blank node _:_:b, whose label starts with a second "
        "'_:' (row 1, ?x)");
}
