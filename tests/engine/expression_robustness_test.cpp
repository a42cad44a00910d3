#include <catch2/catch.hpp>

#include "engine/expression_fixture.hpp"
#include "sparqlmcp/engine/expression.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::engine;
using sparqlmcp::engine::test::Fixture;

// Every built-in with every kind of argument: unbound, blank node, IRI, plain, tagged and
// typed strings, ill-formed and extreme numbers, dates. Nothing may throw or crash.
TEST_CASE("every function survives every kind of argument", "[expression][error]") {
  Fixture f;
  const std::string xsd = "http://www.w3.org/2001/XMLSchema#";
  std::vector<rdf::Term> values = {
      rdf::Term::blank("b"),
      rdf::Term::iri("http://example.org/a"),
      rdf::Term::iri("rel"),
      rdf::Term::literal(""),
      rdf::Term::literal("abc"),
      rdf::Term::literal("\xF0\x9F\x98\x80\xE9\xA3\x9F"),
      rdf::Term::literal("\xFF\xFE bad utf-8"),
      rdf::Term::literal("abc", "", "en"),
      rdf::Term::literal("(", ""),
      rdf::Term::literal("*", ""),
      rdf::Term::literal("x", "http://example.org/t"),
      rdf::Term::literal("abc", xsd + "integer"),
      rdf::Term::literal("-170141183460469231731687303715884105728", xsd + "integer"),
      rdf::Term::literal("170141183460469231731687303715884105727", xsd + "integer"),
      rdf::Term::literal("99999999999999999999999999999999999999.5", xsd + "decimal"),
      rdf::Term::literal("0", xsd + "integer"),
      rdf::Term::literal("-0.0", xsd + "decimal"),
      rdf::Term::literal("1e308", xsd + "double"),
      rdf::Term::literal("-INF", xsd + "double"),
      rdf::Term::literal("NaN", xsd + "float"),
      rdf::Term::literal("4.9e-324", xsd + "double"),
      rdf::Term::literal("true", xsd + "boolean"),
      rdf::Term::literal("2", xsd + "boolean"),
      rdf::Term::literal("-99999-12-31T24:00:00-14:00", xsd + "dateTime"),
      rdf::Term::literal("2000-13-01T00:00:00", xsd + "dateTime"),
      rdf::Term::literal("2000-01-01", xsd + "date"),
      rdf::Term::literal("P1D", xsd + "dayTimeDuration"),
  };
  std::vector<std::string> names;
  for (std::size_t i = 0; i < values.size(); ++i) {
    names.push_back("v" + std::to_string(i));
    f.bind(names.back(), values[i]);
  }
  names.push_back("unbound");
  std::vector<std::string> unary = {"STR",
                                    "LANG",
                                    "DATATYPE",
                                    "IRI",
                                    "BNODE",
                                    "STRLEN",
                                    "UCASE",
                                    "LCASE",
                                    "ENCODE_FOR_URI",
                                    "ABS",
                                    "ROUND",
                                    "CEIL",
                                    "FLOOR",
                                    "YEAR",
                                    "MONTH",
                                    "DAY",
                                    "HOURS",
                                    "MINUTES",
                                    "SECONDS",
                                    "TIMEZONE",
                                    "TZ",
                                    "MD5",
                                    "SHA1",
                                    "SHA256",
                                    "SHA384",
                                    "SHA512",
                                    "isIRI",
                                    "isBlank",
                                    "isLiteral",
                                    "isNumeric",
                                    "xsd:string",
                                    "xsd:integer",
                                    "xsd:decimal",
                                    "xsd:double",
                                    "xsd:float",
                                    "xsd:boolean",
                                    "xsd:dateTime",
                                    "xsd:byte",
                                    "-",
                                    "!",
                                    "CONCAT",
                                    "COALESCE"};
  std::vector<std::string> binary = {"STRDT",    "STRLANG",   "STRSTARTS", "STRENDS",
                                     "CONTAINS", "STRBEFORE", "STRAFTER",  "langMatches",
                                     "REGEX",    "SUBSTR",    "sameTerm",  "CONCAT"};
  std::vector<std::string> operators = {"+", "-", "*", "/", "=", "!=", "<", ">=", "&&", "||"};
  std::size_t evaluated = 0;
  for (const auto& a : names) {
    for (const auto& fn : unary) {
      std::string e = fn == "-" || fn == "!" ? fn + "?" + a : fn + "(?" + a + ")";
      CHECK_NOTHROW(f.eval(e));
      CHECK_NOTHROW(f.ebv(e));
      ++evaluated;
    }
    for (const auto& b : names) {
      for (const auto& fn : binary) {
        CHECK_NOTHROW(f.eval(fn + "(?" + a + ", ?" + b + ")"));
        ++evaluated;
      }
      for (const auto& op : operators) {
        CHECK_NOTHROW(f.ebv("?" + a + " " + op + " ?" + b));
        ++evaluated;
      }
      CHECK_NOTHROW(f.eval("REPLACE(?" + a + ", ?" + b + ", \"x\")"));
      CHECK_NOTHROW(f.eval("REPLACE(\"abc\", \"b\", ?" + a + ", ?" + b + ")"));
      CHECK_NOTHROW(f.eval("SUBSTR(\"abc\", ?" + a + ", ?" + b + ")"));
      CHECK_NOTHROW(f.eval("?" + a + " IN (?" + b + ", 1)"));
      CHECK_NOTHROW(f.eval("IF(?" + a + ", ?" + b + ", 0)"));
      evaluated += 5;
    }
  }
  CHECK(evaluated > 10000);
  std::vector<TermId> ids;
  for (const auto& v : values)
    ids.push_back(f.terms.intern(v));
  for (TermId x : ids)
    for (TermId y : ids)
      CHECK(compare_for_order(x, y, f.terms) == -compare_for_order(y, x, f.terms));
}
