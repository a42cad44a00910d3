#include "lexer.hpp"

#include <catch2/catch.hpp>

#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::sparql::detail;
using sparqlmcp::test::is_error;

namespace {
std::vector<Token> lex(SourceText& src) {
  return tokenize(src);
}
}  // namespace

TEST_CASE("the lexer splits a query into tokens of the right kinds", "[sparql]") {
  SourceText src(
      "SELECT ?x $y <http://e/a> ex:b:c _:n1 @en-GB 12 1.5 .5 1e3 2.E-1 'a' \"b\" ex: ()");
  auto t = lex(src);
  REQUIRE(t.size() == 17);
  CHECK(t[0].kind == TokenKind::Name);
  CHECK(t[1].kind == TokenKind::Var);
  CHECK(t[1].value == "x");
  CHECK(t[2].kind == TokenKind::Var);
  CHECK(t[2].value == "y");
  CHECK(t[3].kind == TokenKind::IriRef);
  CHECK(t[3].value == "http://e/a");
  CHECK(t[4].kind == TokenKind::PnameLn);
  CHECK(t[4].prefix == "ex");
  CHECK(t[4].value == "b:c");
  CHECK(t[5].kind == TokenKind::BlankLabel);
  CHECK(t[5].value == "n1");
  CHECK(t[6].kind == TokenKind::LangTag);
  CHECK(t[6].value == "en-GB");
  CHECK(t[7].kind == TokenKind::Integer);
  CHECK(t[8].kind == TokenKind::Decimal);
  CHECK(t[9].kind == TokenKind::Decimal);
  CHECK(t[10].kind == TokenKind::Double);
  CHECK(t[11].kind == TokenKind::Double);
  CHECK(t[12].kind == TokenKind::String);
  CHECK(t[13].value == "b");
  CHECK(t[14].kind == TokenKind::PnameNs);
  CHECK(t[15].kind == TokenKind::Nil);
  CHECK(t[16].kind == TokenKind::End);
}

TEST_CASE("the lexer decodes string escapes and long strings", "[sparql]") {
  SourceText src(R"('a\tb\n\"\'\\' """x"y""" '''1''2''')");
  auto t = tokenize(src);
  REQUIRE(t.size() == 4);
  CHECK(t[0].value == "a\tb\n\"'\\");
  CHECK(t[1].value == "x\"y");
  CHECK(t[2].value == "1''2");
}

TEST_CASE("the lexer unescapes PN_LOCAL escapes and keeps %HH", "[sparql]") {
  SourceText src(R"(ex:a\#b ex:x\.y ex:\-z ex:p%41q ex:end.)");
  auto t = tokenize(src);
  REQUIRE(t.size() == 7);
  CHECK(t[0].value == "a#b");
  CHECK(t[1].value == "x.y");
  CHECK(t[2].value == "-z");
  CHECK(t[3].value == "p%41q");
  CHECK(t[4].value == "end");  // a trailing '.' ends the triple, it is not part of the name
  CHECK(t[5].text == ".");
}

TEST_CASE("a '<' that does not start an IRI is an operator", "[sparql]") {
  SourceText src("?a < ?b <= 3");
  auto t = tokenize(src);
  REQUIRE(t.size() == 6);
  CHECK(t[1].kind == TokenKind::Punct);
  CHECK(t[1].text == "<");
  CHECK(t[3].text == "<=");
}

TEST_CASE("codepoint escapes are replaced before lexing and positions map back", "[sparql]") {
  SourceText src("'\\u00e9\\U0001F46A' ?x");
  auto t = tokenize(src);
  REQUIRE(t.size() == 3);
  CHECK(t[0].value == "\xC3\xA9\xF0\x9F\x91\xAA");
  // ?x is at column 20 of the original text: ' + 6 + 10 escape characters + ' + space.
  CHECK(src.position(t[1].offset).line == 1);
  CHECK(src.position(t[1].offset).column == 20);
}

TEST_CASE("the codepoint pre-pass does not rescan what it produced", "[sparql][error]") {
  // \u005c is '\', which must not start a second escape.
  SourceText src("SELECT * { ?s ?p \\u005cu0031 }");
  CHECK_THROWS_MATCHES(tokenize(src), Exception, is_error(ErrorKind::Syntax).at(1, 18));
}

TEST_CASE("a surrogate codepoint escape is a syntax error at its position", "[sparql][error]") {
  CHECK_THROWS_MATCHES(SourceText("SELECT * {\n ?s ?p '\\uD800' }"), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(2, 9)
                           .with_message("invalid codepoint escape '\\uD800': surrogates and "
                                         "values above U+10FFFF are not characters"));
}

TEST_CASE("positions count code points, not bytes", "[sparql][error]") {
  SourceText src("# héllo wörld\n'日本語' ?x");
  auto t = tokenize(src);
  REQUIRE(t.size() == 3);
  CHECK(src.position(t[1].offset).line == 2);
  CHECK(src.position(t[1].offset).column == 7);
}

TEST_CASE("an unterminated string is reported where it starts", "[sparql][error]") {
  SourceText src("SELECT * { ?s ?p \"abc }");
  CHECK_THROWS_MATCHES(tokenize(src), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(1, 18)
                           .with_message("unterminated string: missing closing \""));
}
