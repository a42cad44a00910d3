#include "sparqlmcp/engine/expression.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <thread>
#include <vector>

#include "engine/expression_fixture.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::engine;
using sparqlmcp::engine::test::Fixture;

TEST_CASE("STRLEN and SUBSTR count code points", "[expression]") {
  Fixture f;
  CHECK(f.ev("STRLEN(\"食べ物\")") == "\"3\"^^xsd:integer");
  CHECK(f.ev("STRLEN(\"\\U0001F600x\")") == "\"2\"^^xsd:integer");
  CHECK(f.ev("STRLEN(\"chat\"@fr)") == "\"4\"^^xsd:integer");
  CHECK(f.ev("STRLEN(:iri)") == "error");
  CHECK(f.ev("SUBSTR(\"foobar\", 4)") == "\"bar\"");
  CHECK(f.ev("SUBSTR(\"foobar\", 4, 1)") == "\"b\"");
  CHECK(f.ev("SUBSTR(\"食べ物\", 2, 1)") == "\"べ\"");
  // start and length are xsd:integer (17.4.3.3): other numbers are type errors.
  CHECK(f.ev("SUBSTR(\"12345\", 1.5, 2.6)") == "error");
  CHECK(f.ev("SUBSTR(\"12345\", 2.0)") == "error");
  CHECK(f.ev("SUBSTR(\"12345\", 1, 1.5e0)") == "error");
  CHECK(f.ev("SUBSTR(\"12345\", \"2\"^^xsd:int, \"2\"^^xsd:byte)") == "\"23\"");
  CHECK(f.ev("SUBSTR(\"12345\", 0, 3)") == "\"12\"");
  CHECK(f.ev("SUBSTR(\"12345\", 5, -3)") == "\"\"");
  CHECK(f.ev("SUBSTR(\"12345\", -3, 5)") == "\"1\"");
  CHECK(f.ev("SUBSTR(\"12345\", 0e0/0, 3)") == "error");
  CHECK(f.ev("SUBSTR(\"chat\"@en, 2)") == "\"hat\"@en");
  CHECK(f.ev("SUBSTR(\"abc\"^^xsd:string, 2)") == "\"bc\"");
  CHECK(f.ev("SUBSTR(\"abc\", \"2\")") == "error");
}

TEST_CASE("UCASE and LCASE map case with Unicode rules and keep the tag", "[expression]") {
  Fixture f;
  CHECK(f.ev("UCASE(\"foo\")") == "\"FOO\"");
  CHECK(f.ev("UCASE(\"straße\"@de)") == "\"STRASSE\"@de");
  CHECK(f.ev("LCASE(\"ÀÉÎ\")") == "\"àéî\"");
  CHECK(f.ev("LCASE(1)") == "error");
}

TEST_CASE("STRSTARTS STRENDS CONTAINS STRBEFORE STRAFTER check argument compatibility",
          "[expression]") {
  Fixture f;
  CHECK(f.ev("STRSTARTS(\"foobar\", \"foo\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("STRSTARTS(\"foobar\"@en, \"foo\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("STRSTARTS(\"foobar\"@en, \"foo\"@en)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("STRSTARTS(\"abc\"@en, \"b\"@fr)") == "error");
  CHECK(f.ev("STRSTARTS(\"abc\", \"a\"@en)") == "error");
  CHECK(f.ev("STRSTARTS(\"abc\", 1)") == "error");
  CHECK(f.ev("STRENDS(\"foobar\", \"bar\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("CONTAINS(\"foobar\", \"oba\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("CONTAINS(\"foobar\"^^xsd:string, \"x\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("STRBEFORE(\"abc\", \"b\")") == "\"a\"");
  CHECK(f.ev("STRBEFORE(\"abc\"@en, \"bc\")") == "\"a\"@en");
  CHECK(f.ev("STRBEFORE(\"abc\"@en, \"z\")") == "\"\"");
  CHECK(f.ev("STRBEFORE(\"abc\"@en, \"\")") == "\"\"@en");
  CHECK(f.ev("STRBEFORE(\"abc\", \"xyz\")") == "\"\"");
  CHECK(f.ev("STRBEFORE(\"abc\"@en, \"b\"@cy)") == "error");
  CHECK(f.ev("STRAFTER(\"abc\", \"b\")") == "\"c\"");
  CHECK(f.ev("STRAFTER(\"abc\"@en, \"\"@en)") == "\"abc\"@en");
  CHECK(f.ev("STRAFTER(\"abc\"@en, \"z\")") == "\"\"");
  CHECK(f.ev("STRAFTER(\"abc\"^^xsd:string, \"\")") == "\"abc\"");
}

TEST_CASE("CONCAT keeps a language tag only when all arguments share it", "[expression]") {
  Fixture f;
  CHECK(f.ev("CONCAT(\"foo\", \"bar\")") == "\"foobar\"");
  CHECK(f.ev("CONCAT(\"foo\"@en, \"bar\"@en)") == "\"foobar\"@en");
  CHECK(f.ev("CONCAT(\"foo\"@en, \"bar\")") == "\"foobar\"");
  CHECK(f.ev("CONCAT(\"foo\"@en, \"bar\"@fr)") == "\"foobar\"");
  CHECK(f.ev("CONCAT()") == "\"\"");
  CHECK(f.ev("CONCAT(\"a\")") == "\"a\"");
  CHECK(f.ev("CONCAT(\"a\", 1)") == "error");
  CHECK(f.ev("CONCAT(\"a\", ?unbound)") == "error");
}

TEST_CASE("ENCODE_FOR_URI and langMatches", "[expression]") {
  Fixture f;
  CHECK(f.ev("ENCODE_FOR_URI(\"Los Angeles\")") == "\"Los%20Angeles\"");
  CHECK(f.ev("ENCODE_FOR_URI(\"100%\"@en)") == "\"100%25\"");
  CHECK(f.ev("ENCODE_FOR_URI(\"食\")") == "\"%E9%A3%9F\"");
  CHECK(f.ev("ENCODE_FOR_URI(\"a-b_c.d~e/f\")") == "\"a-b_c.d~e%2Ff\"");
  CHECK(f.ev("langMatches(\"en-US\", \"en\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("langMatches(\"EN-us\", \"en-US\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("langMatches(\"english\", \"en\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("langMatches(\"fr\", \"*\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("langMatches(\"\", \"*\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("langMatches(LANG(\"x\"@de), \"de\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("langMatches(1, \"de\")") == "error");
}

TEST_CASE("REGEX uses XPath syntax and flags; a bad pattern is an error", "[expression]") {
  Fixture f;
  f.bind("p", rdf::Term::literal("^a.c$"));
  f.bind("bad", rdf::Term::literal("(unclosed"));
  CHECK(f.ev("REGEX(\"abc\", \"b\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"abc\", \"^b\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"ABC\", \"b\", \"i\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"abc\"@en, \"B\", \"i\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"a\\nb\", \"a.b\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"a\\nb\", \"a.b\", \"s\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"x\\nab\", \"^ab$\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"x\\nab\", \"^ab$\", \"m\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"abc\", \"a b c\", \"x\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"a.c\", \".\", \"q\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"abc\", \"a.c\", \"q\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"abc\", ?p)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("REGEX(\"abc\", ?bad)") == "error");
  CHECK(f.ev("REGEX(\"abc\", \"(unclosed\")") == "error");
  CHECK(f.ev("REGEX(\"abc\", \"a\", \"z\")") == "error");
  CHECK(f.ev("REGEX(:iri, \"a\")") == "error");
  CHECK(f.ev("REGEX(\"abc\", \"a\"@en)") == "error");
  CHECK(f.ev("REGEX(\"食べ物\", \"^.べ.$\")") == "\"true\"^^xsd:boolean");
}

TEST_CASE("REPLACE follows fn:replace", "[expression]") {
  Fixture f;
  CHECK(f.ev("REPLACE(\"abcd\", \"b\", \"Z\")") == "\"aZcd\"");
  CHECK(f.ev("REPLACE(\"abab\", \"B\", \"Z\", \"i\")") == "\"aZaZ\"");
  CHECK(f.ev("REPLACE(\"abcd\"@en, \"(b)(c)\", \"$2$1\")") == "\"acbd\"@en");
  CHECK(f.ev("REPLACE(\"a.b\", \".\", \"$\", \"q\")") == "\"a$b\"");
  CHECK(f.ev("REPLACE(\"ab\", \"b\", \"\\\\$\")") == "\"a$\"");
  CHECK(f.ev("REPLACE(\"abc\", \"b*\", \"x\")") == "error");  // matches the empty string
  CHECK(f.ev("REPLACE(\"abc\", \"b\", \"$\")") == "error");
  CHECK(f.ev("REPLACE(\"abc\", \"b\", \"\\\\x\")") == "error");
  CHECK(f.ev("REPLACE(\"abc\", \"(\", \"x\")") == "error");
  CHECK(f.ev("REPLACE(\"食べ物\", \"べ\", \"-\")") == "\"食-物\"");
}

TEST_CASE("hash functions give lower-case hex of the UTF-8 string", "[expression]") {
  Fixture f;
  CHECK(f.ev("MD5(\"abc\")") == "\"900150983cd24fb0d6963f7d28e17f72\"");
  CHECK(f.ev("SHA1(\"abc\")") == "\"a9993e364706816aba3e25717850c26c9cd0d89d\"");
  CHECK(f.ev("SHA256(\"abc\")") ==
        "\"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\"");
  CHECK(f.ev("STRLEN(SHA384(\"abc\"))") == "\"96\"^^xsd:integer");
  CHECK(f.ev("STRLEN(SHA512(\"abc\"))") == "\"128\"^^xsd:integer");
  CHECK(f.ev("MD5(\"abc\"^^xsd:string)") == "\"900150983cd24fb0d6963f7d28e17f72\"");
  CHECK(f.ev("MD5(\"abc\"@en)") == "error");
  CHECK(f.ev("MD5(1)") == "error");
}

TEST_CASE("a compiled REGEX may be evaluated from several threads at once", "[expression]") {
  Fixture f;
  f.bind("s", rdf::Term::literal("aBBc"));
  sparql::Query query = f.parse("REGEX(?s, \"b+c$\", \"i\")");
  CompiledExpression compiled = f.compile(query);
  std::atomic<int> matched{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      ExpressionContext context;
      context.terms = &f.terms;
      for (int i = 0; i < 2000; ++i)
        if (compiled.effective_boolean_value(f.row, context) == true) ++matched;
    });
  }
  for (auto& thread : threads)
    thread.join();
  CHECK(matched == 8000);
}
