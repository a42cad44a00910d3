#include "sparqlmcp/rdf/reader.hpp"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "sparqlmcp/util/error.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::rdf;
using sparqlmcp::test::is_error;

namespace {

Error syntax_error_of(std::string_view text, RdfSyntax syntax = RdfSyntax::Turtle) {
  return test::error_of([&] { parse_rdf(text, syntax, "http://base/", "input.ttl"); });
}

}  // namespace

TEST_CASE("a syntax error names the source, line and column and keeps Serd's message",
          "[rdf][error]") {
  const Error e = syntax_error_of(
      "@prefix ex: <http://e/> .\n"
      "ex:a ex:b ex:c ;\n"
      "  ex:d \"x\" ex:e .\n");
  CHECK_THAT(e, is_error(ErrorKind::Syntax));
  CHECK(e.source_name == "input.ttl");
  REQUIRE(e.span);
  CHECK(e.span->line == 3);
  CHECK(e.span->column == 12);
  CHECK(e.message == "missing ';' or '.'");
  CHECK(e.to_text() == "input.ttl:3:12: missing ';' or '.'");
}

TEST_CASE("columns count code points, not bytes, on lines with multibyte characters",
          "[rdf][error]") {
  // "é" is 2 bytes, "😀" 4 bytes: Serd's own column would be 16 (bytes, 0-based); ours is 13.
  const Error e = syntax_error_of(
      "@prefix ex: <http://e/> .\n"
      "ex:a ex:b ex:c ;\n"
      "  ex:d \"é😀\" ex:e .\n");
  REQUIRE(e.span);
  CHECK(e.span->line == 3);
  CHECK(e.span->column == 13);
}

TEST_CASE("an error on the first line uses the same 1-based columns", "[rdf][error]") {
  const Error e = syntax_error_of("<http://e/a> <http://e/b> \"é\" <http://e/c> .");
  REQUIRE(e.span);
  CHECK(e.span->line == 1);
  CHECK(e.span->column == 31);
  CHECK(e.message == "missing ';' or '.'");
}

TEST_CASE("a line end inside a short string is reported where the line ends", "[rdf][error]") {
  const Error e = syntax_error_of("<http://e/a> <http://e/b> <http://e/c> .\n<ä> <b> \"open\n");
  REQUIRE(e.span);
  CHECK(e.span->line == 2);
  CHECK(e.span->column == 14);
  CHECK(e.message == "line end in short string");
}

TEST_CASE("an undefined prefix is reported at the prefixed name", "[rdf][error]") {
  const Error e = syntax_error_of("@prefix ex: <http://e/> .\nex:a ex:b ex:c, \"é\", foo:bar .\n");
  CHECK_THAT(e, is_error(ErrorKind::Syntax)
                    .at(2, 22)
                    .with_message("undefined prefix 'foo:' in 'foo:bar'; declare it with @prefix"));
}

TEST_CASE("N-Triples refuses relative IRIs and Turtle-only syntax", "[rdf][error]") {
  const Error relative = syntax_error_of("<a> <http://e/b> <http://e/c> .", RdfSyntax::NTriples);
  REQUIRE(relative.span);
  CHECK(relative.span->line == 1);
  CHECK(relative.span->column == 3);
  CHECK(relative.message == "missing IRI scheme");
  const Error directive = syntax_error_of("@prefix ex: <http://e/> .\n", RdfSyntax::NTriples);
  CHECK_THAT(directive, is_error(ErrorKind::Syntax).at(1, 1));
}

TEST_CASE("N-Quads without the final dot is a syntax error on that line", "[rdf][error]") {
  const Error e = syntax_error_of(
      "<http://e/s> <http://e/p> <http://e/o> <http://e/g> .\n"
      "<http://e/s> <http://e/p> <http://e/o> <http://e/g>\n",
      RdfSyntax::NQuads);
  CHECK_THAT(e, is_error(ErrorKind::Syntax));
  REQUIRE(e.span);
  CHECK(e.span->line == 3);
}

TEST_CASE("quads before a syntax error are delivered, none after", "[rdf][error]") {
  std::vector<Quad> seen;
  CHECK_THROWS_AS(
      for_each_rdf_quad("<http://e/a> <http://e/b> 1 .\n<http://e/a> <http://e/b> 2 "
                        ", , .\n<http://e/a> <http://e/b> 3 .\n",
                        RdfSyntax::Turtle, "", "s", [&](const Quad& q) { seen.push_back(q); }),
      Exception);
  REQUIRE(seen.size() >= 1);
  CHECK(seen[0].object.value == "1");
  for (const auto& q : seen)
    CHECK(q.object.value != "3");
}

TEST_CASE("a byte order mark does not shift the columns of the first line", "[rdf][error]") {
  const Error e =
      syntax_error_of("\xEF\xBB\xBF<http://e/a> <http://e/b> <http://e/c> <http://e/d> .");
  REQUIRE(e.span);
  CHECK(e.span->line == 1);
  CHECK(e.span->column == 40);
  CHECK(
      parse_rdf("\xEF\xBB\xBF<http://e/a> <http://e/b> 1 .", RdfSyntax::Turtle, "", "bom").size() ==
      1);
}

TEST_CASE("every truncation of a document parses or fails with a position inside it",
          "[rdf][error]") {
  const std::string text =
      "@prefix ex: <http://example.org/> .\n"
      "ex:s a ex:C ; ex:p \"caf\xC3\xA9 \\u00E9\"@fr, 12, 3.5e2, [ ex:q ( 1 _:x ) ] .\n"
      "ex:g { ex:a ex:b \"\"\"long\n\xF0\x9F\x98\x80 text\"\"\"^^ex:dt . }\n";
  std::size_t lines = 1;
  for (char c : text)
    lines += c == '\n';
  for (auto syntax : {RdfSyntax::Turtle, RdfSyntax::TriG, RdfSyntax::NTriples}) {
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
      try {
        parse_rdf(std::string_view(text).substr(0, cut), syntax, "", "cut");
      } catch (const Exception& e) {
        INFO("cut at " << cut << ": " << e.what());
        CHECK(e.error().kind == ErrorKind::Syntax);
        REQUIRE(e.error().span);
        CHECK(e.error().span->line >= 1);
        CHECK(e.error().span->line <= lines);
        CHECK(e.error().span->column >= 1);
        CHECK(e.error().span->column <= 80);
      }
    }
  }
}

TEST_CASE("bytes that are not UTF-8 are syntax errors at their position, even in comments",
          "[rdf][error]") {
  // Found by fuzzing the catalogue: Serd took "\xE6\xE6\xE6" inside a literal for a character,
  // and the catalogue entry's title could then not be written as JSON.
  struct Case {
    std::string text;
    std::size_t line, column;
    std::string message;
  };
  const std::string must = "; the input must be UTF-8";
  const std::vector<Case> cases = {
      {"<a> <b> \"x\xE6\xE6\xE6y\" .\n", 1, 11,
       "invalid UTF-8 sequence starting with byte 0xE6" + must},
      {"# caf\xE9\n<a> <b> <c> .\n", 1, 6, "invalid UTF-8 sequence starting with byte 0xE9" + must},
      {"<a> <b> \"\xC0\xAF\" .\n", 1, 10, "invalid UTF-8 byte 0xC0" + must},
      {"<a> <b> \"\xED\xA0\x80\" .\n", 1, 10,
       "invalid UTF-8 sequence starting with byte 0xED" + must},
      {"<a> <b> <c> . # \xF0\x9F\x98", 1, 17,
       "the input ends inside the UTF-8 sequence starting with byte 0xF0" + must},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    const Error e = syntax_error_of(c.text);
    CHECK(e.kind == ErrorKind::Syntax);
    CHECK(e.source_name == "input.ttl");
    REQUIRE(e.span);
    CHECK(e.span->line == c.line);
    CHECK(e.span->column == c.column);
    CHECK(e.message == c.message);
  }
  // Well-formed multibyte text still reads.
  CHECK(parse_rdf("<a> <b> \"é😀\" .", RdfSyntax::Turtle, "", "x").at(0).object.value == "é😀");
}

TEST_CASE("collections and property lists nested too deeply are a syntax error, not a crash",
          "[rdf][error]") {
  // Found by fuzzing the catalogue: Serd reads nesting recursively, and 26,000 '(' overflowed
  // the stack. An endpoint's CONSTRUCT answer goes through the same reader.
  for (const std::string open : {"(", "[ <p> "}) {
    std::string text = "<a> <b> ";
    for (int i = 0; i < 100000; ++i)
      text += open;
    INFO(open);
    const Error e = syntax_error_of(text);
    CHECK(e.kind == ErrorKind::Syntax);
    CHECK(e.message ==
          "collections ( ) or blank node property lists [ ] are nested too deeply to read");
    REQUIRE(e.span);
    CHECK(e.span->line == 1);
  }
  // Nesting as deep as real data ever goes (and far deeper) still reads.
  std::string deep = "<a> <b> ";
  for (int i = 0; i < 200; ++i)
    deep += "( ";
  deep += "1";
  for (int i = 0; i < 200; ++i)
    deep += " )";
  CHECK(parse_rdf(deep + " .", RdfSyntax::Turtle, "", "x").size() == 401);
}
