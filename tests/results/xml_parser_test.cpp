#include "sparqlmcp/results/parser.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/results/serializer.hpp"

#include "support/error_matchers.hpp"
#include "test_support.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::results;
using sparqlmcp::results::test::fixture;
using sparqlmcp::test::error_of;
using sparqlmcp::test::is_error;

namespace {

Error xml_error(const std::string& body) {
  return error_of([&] { parse_results(body, ResultsFormat::Xml); });
}

const std::string kPrologue =
    "<?xml version=\"1.0\"?>\n<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">\n";

}  // namespace

TEST_CASE("XML results read every term kind", "[results]") {
  QueryResults r = parse_results(fixture("typed_literal.srx"), ResultsFormat::Xml);
  REQUIRE(r.variables == std::vector<std::string>{"x", "n", "d", "label"});
  REQUIRE(r.rows.size() == 2);
  CHECK(r.rows[0][1] == rdf::Term::literal("1897491", "http://www.w3.org/2001/XMLSchema#integer"));
  CHECK(r.rows[0][3] == rdf::Term::literal("Wien", "", "de"));
  CHECK_FALSE(r.rows[1][1].has_value());
}

TEST_CASE("XML results handle prefixes, DOCTYPE, comments, CDATA and references", "[results]") {
  QueryResults r = parse_results(fixture("bnode_unicode.srx"), ResultsFormat::Xml);
  REQUIRE(r.variables == std::vector<std::string>{"s", "o"});
  REQUIRE(r.rows.size() == 4);
  CHECK(r.rows[0][0] == rdf::Term::blank("b0"));
  CHECK(r.rows[0][1] == rdf::Term::literal("日本語 été 😀", "", "ja"));
  CHECK(r.rows[1][0] == rdf::Term::blank("node1"));
  CHECK(r.rows[1][1] == rdf::Term::literal("a < b & c > \"d\" 'e'\ttab\nnewline\\back"));
  CHECK(r.rows[2][0] == rdf::Term::iri("http://example.org/café?q=1&r=2"));
  CHECK(r.rows[2][1] == rdf::Term::literal(""));
  CHECK(r.rows[3][1] == rdf::Term::literal("  spaces kept  "));
}

TEST_CASE("XML text normalises CRLF line ends to LF", "[results]") {
  QueryResults r = parse_results(kPrologue +
                                     "<head><variable name='v'/></head><results><result>"
                                     "<binding name='v'><literal>a\r\nb\rc</literal></binding>"
                                     "</result></results></sparql>",
                                 ResultsFormat::Xml);
  CHECK(r.rows.at(0).at(0) == rdf::Term::literal("a\nb\nc"));
}

TEST_CASE("XML boolean results read the boolean and links", "[results]") {
  QueryResults r = parse_results(fixture("ask_with_link.srx"), ResultsFormat::Xml);
  CHECK(r.kind == QueryResults::Kind::Boolean);
  CHECK(r.boolean);
  CHECK(r.links == std::vector<std::string>{"http://example.org/metadata.rdf"});
}

TEST_CASE("XML results with mismatched tags give the position of the end tag", "[results][error]") {
  Error e = xml_error(kPrologue + "<head>\n  <variable name=\"é\"></head>");
  CHECK_THAT(
      e,
      is_error(ErrorKind::Syntax)
          .at(4, 22)
          .with_message(
              "malformed XML results: end tag </head> does not match the open element <variable>"));
}

TEST_CASE("XML with an unknown entity names it and its position", "[results][error]") {
  Error e = xml_error(kPrologue +
                      "<head><variable name='x'/></head><results><result><binding name='x'>"
                      "\n<literal>日本 &nbsp;</literal>");
  CHECK_THAT(
      e, is_error(ErrorKind::Syntax).at(4, 13).with_message_containing("unknown entity '&nbsp;'"));
}

TEST_CASE("truncated XML reports the missing end tag at the end of the document",
          "[results][error]") {
  Error e = xml_error(kPrologue + "<head>");
  CHECK_THAT(
      e, is_error(ErrorKind::Syntax)
             .at(3, 7)
             .with_message("malformed XML results: unexpected end of document; expected </head>"));
}

TEST_CASE("XML attributes without quotes are rejected", "[results][error]") {
  Error e = xml_error(kPrologue + "<head><variable name=x/></head>");
  CHECK_THAT(e, is_error(ErrorKind::Syntax).at(3, 22));
}

TEST_CASE("XML with text after the root element is rejected", "[results][error]") {
  Error e = xml_error(kPrologue + "<head/><boolean>true</boolean></sparql>\ngarbage");
  CHECK_THAT(e, is_error(ErrorKind::Syntax).at(4, 1));
}

TEST_CASE("XML documents that are not SPARQL results are rejected", "[results][error]") {
  Error e = xml_error("<html><body>Error</body></html>");
  CHECK_THAT(e,
             is_error(ErrorKind::Syntax)
                 .with_message("the endpoint's XML results do not start with a <sparql> element"));
  Error no_head = xml_error(kPrologue + "<results/></sparql>");
  CHECK_THAT(no_head, is_error(ErrorKind::Syntax)
                          .with_message("the endpoint's XML results have no <head> element"));
}

TEST_CASE("XML bindings must hold a known term element", "[results][error]") {
  Error e =
      xml_error(kPrologue +
                "<head><variable name='x'/></head><results><result>"
                "<binding name='x'><iri>http://e</iri></binding></result></results></sparql>");
  CHECK_THAT(e,
             is_error(ErrorKind::Syntax)
                 .at(3, 69)
                 .with_message(
                     "the endpoint's XML results have an unexpected element <iri> in a <binding> "
                     "(expected <uri>, <literal> or <bnode>)"));
}

TEST_CASE("XML boolean values other than true or false are rejected", "[results][error]") {
  Error e = xml_error(kPrologue + "<head/><boolean>yes</boolean></sparql>");
  CHECK_THAT(
      e,
      is_error(ErrorKind::Syntax)
          .with_message(
              "the endpoint's XML results have a <boolean> that is neither true nor false: 'yes'"));
}

TEST_CASE("XML with a second root element is rejected", "[results][error]") {
  Error e = xml_error(kPrologue + "<head/><boolean>true</boolean></sparql>\n<sparql/>");
  CHECK_THAT(e, is_error(ErrorKind::Syntax)
                    .at(4, 1)
                    .with_message("malformed XML results: a second root element"));
}

TEST_CASE("XML without a root element is rejected", "[results][error]") {
  Error e = xml_error("<?xml version=\"1.0\"?>\n<!-- nothing -->\n");
  CHECK_THAT(e, is_error(ErrorKind::Syntax)
                    .with_message("malformed XML results: the document has no root element"));
}

TEST_CASE("XML CDATA and comments inside a literal join into one text", "[results]") {
  QueryResults r = parse_results(kPrologue +
                                     "<head><variable name='v'/></head><results><result>"
                                     "<binding name='v'><literal>a<!-- c --><![CDATA[<b>&amp;]]>"
                                     "<?pi x?>&#x20AC;</literal></binding></result></results>"
                                     "</sparql>",
                                 ResultsFormat::Xml);
  CHECK(r.rows.at(0).at(0) == rdf::Term::literal("a<b>&amp;€"));
}

TEST_CASE("XML character references to C0 controls, NUL included, read back", "[results]") {
  // Found by fuzzing: the serializer writes a NUL as &#0; (it writes every C0 control as a
  // reference) but the reader refused &#0;, so results holding one did not survive XML.
  QueryResults r = parse_results(kPrologue +
                                     "<head><variable name='v'/></head><results><result>"
                                     "<binding name='v'><literal>a&#0;b&#x1F;c</literal></binding>"
                                     "</result></results></sparql>",
                                 ResultsFormat::Xml);
  CHECK(r.rows.at(0).at(0) == rdf::Term::literal(std::string("a\0b\x1F"
                                                             "c",
                                                             5)));
  QueryResults nul;
  nul.variables = {"v"};
  nul.rows.push_back({rdf::Term::literal(std::string("\0", 1))});
  CHECK(parse_results(serialize_results(nul, ResultsFormat::Xml), ResultsFormat::Xml) == nul);
}

TEST_CASE("XML character references beyond Unicode or to surrogates are rejected",
          "[results][error]") {
  for (std::string ref : {"&#x110000;", "&#xD800;", "&#xZZ;"}) {
    Error e = xml_error(kPrologue + "<head><variable name='v'/></head><results><result>" +
                        "<binding name='v'><literal>" + ref +
                        "</literal></binding></result></results></sparql>");
    CHECK(e.kind == ErrorKind::Syntax);
    CHECK(e.message == "malformed XML results: invalid character reference '" + ref + "'");
    CHECK(e.span->line == 3);
    CHECK(e.span->column == 78);
  }
}
