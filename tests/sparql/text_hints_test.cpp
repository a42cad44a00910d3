#include "text_hints.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/parser.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::sparql;
using sparqlmcp::test::is_error;

namespace {

// The message and position of the syntax error of `q`.
struct Found {
  std::string message;
  std::size_t line = 0;
  std::size_t column = 0;
};

Found syntax_error(const std::string& q) {
  INFO(q);
  Error e = test::error_of([&] { parse_query(q); });
  CHECK_THAT(e, is_error(ErrorKind::Syntax));
  REQUIRE(e.span);
  return {e.message, e.span->line, e.span->column};
}

}  // namespace

TEST_CASE("a UTF-8 byte order mark before the query is skipped", "[sparql]") {
  Query q = parse_query("\xEF\xBB\xBFPREFIX ex: <http://e/>\nASK { ?s ex:p ?o }");
  CHECK(q.form() == QueryForm::Ask);
  // Positions count from after the mark, as an editor shows them.
  Found f = syntax_error(
      "\xEF\xBB\xBF"
      "SELECT * { ?s ?p }");
  CHECK(f.column == 18);
  // A mark before an update is skipped too: the refusal names the update.
  CHECK_THROWS_MATCHES(parse_query("\xEF\xBB\xBFINSERT DATA { <a> <b> <c> }"), Exception,
                       is_error(ErrorKind::Unsupported)
                           .at(1, 1)
                           .with_message_starting("this server is read-only: SPARQL Update "
                                                  "(INSERT DATA)"));
}

TEST_CASE("invisible characters are named by code point and Unicode name at their position",
          "[sparql][error]") {
  struct Case {
    const char* query;
    std::size_t line;
    std::size_t column;
    const char* message;
  };
  const Case cases[] = {
      {"SELECT\xC2\xA0?s WHERE { ?s ?p ?o }", 1, 7,
       "unexpected character U+00A0 NO-BREAK SPACE, which looks like a space: replace it with an "
       "ordinary space"},
      {"SELECT ?s WHERE {\n  ?s\xE2\x80\x8B ?p ?o }", 2, 5,
       "unexpected invisible character U+200B ZERO WIDTH SPACE: delete it"},
      // U+FEFF is in PN_CHARS_BASE, so it reaches the name lexer first.
      {"SELECT ?s WHERE { \xEF\xBB\xBF?s ?p ?o }", 1, 19,
       "unexpected invisible character U+FEFF ZERO WIDTH NO-BREAK SPACE (a byte order mark): "
       "delete it"},
      {"SELECT ?s\xE2\x80\xA8WHERE { ?s ?p ?o }", 1, 10,
       "unexpected character U+2028 LINE SEPARATOR, which looks like a line break: replace it "
       "with an ordinary line break"},
      {"SELECT ?s WHERE { ?s ?p ?o }\xE2\x80\xA9", 1, 29,
       "unexpected character U+2029 PARAGRAPH SEPARATOR, which looks like a line break: replace "
       "it with an ordinary line break"},
      {"SELECT ?s WHERE { ?s ?p ?o \xE2\x80\x8D}", 1, 28,
       "unexpected invisible character U+200D ZERO WIDTH JOINER: delete it"},
      {"SELECT ?s WHERE { ?s ?p ?o \xE2\x80\x8C}", 1, 28,
       "unexpected invisible character U+200C ZERO WIDTH NON-JOINER: delete it"},
      {"SELECT ?s WHERE {\xE2\x81\xA0?s ?p ?o }", 1, 18,
       "unexpected invisible character U+2060 WORD JOINER: delete it"},
      {"SELECT ?s WHERE { ?s ?p ?o } LIM\xC2\xADIT 3", 1, 33,
       "unexpected invisible character U+00AD SOFT HYPHEN: delete it"},
      {"SELECT ?s WHERE { ?s ?p ?o }\xE2\x80\xAF", 1, 29,
       "unexpected character U+202F NARROW NO-BREAK SPACE, which looks like a space: replace it "
       "with an ordinary space"},
      {"SELECT ?s WHERE { ?s ?p \xE2\x80\x9C"
       "cat\xE2\x80\x9D }",
       1, 25,
       "unexpected character '\xE2\x80\x9C' (U+201C LEFT DOUBLE QUOTATION MARK): write strings "
       "between straight quotes \"...\""},
      {"SELECT ?s WHERE { ?s ?p ?o } LIMIT \xE2\x80\x93"
       "1",
       1, 36, "unexpected character '\xE2\x80\x93' (U+2013 EN DASH): use the ASCII minus sign '-'"},
      {"SELECT ?s WHERE { ?s ?p ?o \x07}", 1, 28, "unexpected control character U+0007: delete it"},
      {"SELECT ?s WHERE { ?s ?p ?o \xE9t\xE9 }", 1, 28,
       "unexpected byte 0xE9, which is not UTF-8: send the query as UTF-8 text"},
      {"SELECT ?s WHERE { ?s ?p ?o \xC2\xA7 }", 1, 28, "unexpected character '\xC2\xA7' (U+00A7)"},
      {"SELECT ?s WHERE { ?s ?p ?o % }", 1, 28, "unexpected character '%'"},
  };
  for (const Case& c : cases) {
    INFO(c.query);
    Found f = syntax_error(c.query);
    CHECK(f.message == c.message);
    CHECK(f.line == c.line);
    CHECK(f.column == c.column);
  }
}

TEST_CASE("a character escaped as \\u00A0 is named at the escape's position", "[sparql][error]") {
  Found f = syntax_error("SELECT ?s WHERE {\\u00A0?s ?p ?o }");
  CHECK(f.message ==
        "unexpected character U+00A0 NO-BREAK SPACE, which looks like a space: replace it with an "
        "ordinary space");
  CHECK(f.column == 18);
}

TEST_CASE("the grammar's name characters stay valid where a name may hold them", "[sparql]") {
  // U+200C and U+200D belong to PN_CHARS_BASE (Persian and Indic words need them): inside a
  // name they are part of it, as the grammar says.
  CHECK_NOTHROW(
      parse_query("PREFIX fa: <http://e/> ASK { ?s fa:\xD9\x85\xDB\x8C\xE2\x80\x8C"
                  "\xD8\xB1\xD9\x88\xD9\x85 ?o }"));
  // In strings and IRIs every character is allowed.
  CHECK_NOTHROW(
      parse_query("ASK { ?s ?p \"a\xC2\xA0"
                  "b\xE2\x80\x8B\" }"));
}

TEST_CASE("a query in Markdown code fences gets a hint to remove them", "[sparql][error]") {
  Found f = syntax_error("```sparql\nSELECT ?s WHERE { ?s ?p ?o }\n```\n");
  CHECK(f.message ==
        "unexpected character '`'; the query is wrapped in a Markdown code fence: remove the ``` "
        "lines and send only the SPARQL text");
  CHECK(f.line == 1);
  CHECK(f.column == 1);
  Found plain = syntax_error("```\nASK { ?s ?p ?o }\n```");
  CHECK(plain.message == f.message);
  // An indented fence after a line of prose.
  Found prose = syntax_error("Here is the query:\n  ```sparql\nASK { ?s ?p ?o }\n  ```");
  CHECK(prose.message == f.message);
  CHECK(prose.line == 2);
  CHECK(prose.column == 3);
  Found inline_code = syntax_error("`ASK { ?s ?p ?o }`");
  CHECK(inline_code.message ==
        "unexpected character '`'; the query contains Markdown backticks (`): remove them and "
        "send only the SPARQL text");
}

TEST_CASE("a query escaped twice gets a hint to send real line breaks and quotes",
          "[sparql][error]") {
  Found f = syntax_error("PREFIX ex: <http://e/>\\nSELECT ?s\\nWHERE { ?s ex:p ?o }");
  CHECK(f.message ==
        "unexpected character '\\'; the query contains the two characters \\ and n where a line "
        "break was meant (the text was escaped twice): send real line breaks");
  CHECK(f.line == 1);
  CHECK(f.column == 23);
  // A comment without a real line break swallows the rest of the query.
  Found comment = syntax_error("# cats\\nSELECT ?s WHERE { ?s ?p ?o }");
  CHECK(comment.message ==
        "unexpected end of query, expected SELECT, CONSTRUCT, DESCRIBE or ASK; the query "
        "contains the two characters \\ and n where a line break was meant (the text was "
        "escaped twice): send real line breaks");
  Found tab = syntax_error("SELECT ?s\\tWHERE { ?s ?p ?o }");
  CHECK(tab.message ==
        "unexpected character '\\'; the query contains the two characters \\ and t where a tab "
        "was meant (the text was escaped twice): send real tabs or spaces");
  Found quotes = syntax_error("SELECT ?s WHERE { ?s ?p \\\"cat\\\" }");
  CHECK(quotes.message ==
        "unexpected character '\\'; the query contains a backslash before a quote (\\\" or \\') "
        "where a plain quote was meant (the text was escaped twice): send the quotes without "
        "backslashes");
  CHECK(quotes.column == 25);
}

TEST_CASE("escapes inside strings and comments with real line breaks give no hint",
          "[sparql][error]") {
  // "\n" in a string is a valid escape; the error is elsewhere and gets no hint.
  Found f = syntax_error("SELECT ?s WHERE { ?s ?p \"a\\nb\" . ?s ?p }");
  CHECK(f.message ==
        "unexpected '}', expected a triple pattern object (an IRI, prefixed name, literal, "
        "variable or blank node)");
  Found comment = syntax_error("# split on \\n\nSELECT ?s WHERE { ?s ?p }");
  CHECK(comment.message == f.message);
  CHECK(detail::query_text_hints("ASK { ?s ?p '''it's \\n ``` fine''' } # `x`") == "");
}
