#include "sparqlmcp/engine/expression.hpp"

#include <catch2/catch.hpp>

#include "engine/expression_fixture.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::engine;
using sparqlmcp::engine::test::Fixture;

TEST_CASE("arithmetic promotes integer < decimal < float < double", "[expression]") {
  Fixture f;
  CHECK(f.ev("1 + 2") == "\"3\"^^xsd:integer");
  CHECK(f.ev("1 - 2.5") == "\"-1.5\"^^xsd:decimal");
  CHECK(f.ev("2 * 1.5") == "\"3.0\"^^xsd:decimal");
  CHECK(f.ev("1 + 1e0") == "\"2.0E0\"^^xsd:double");
  CHECK(f.ev("1.5 * 2e1") == "\"3.0E1\"^^xsd:double");
  CHECK(f.ev("xsd:float(1.5) + 1") == "\"2.5E0\"^^xsd:float");
  CHECK(f.ev("xsd:float(1.5) + 1e0") == "\"2.5E0\"^^xsd:double");
  CHECK(f.ev("\"2\"^^xsd:byte + \"3\"^^xsd:long") == "\"5\"^^xsd:integer");
  CHECK(f.ev("-(3)") == "\"-3\"^^xsd:integer");
  CHECK(f.ev("-(-1.5)") == "\"1.5\"^^xsd:decimal");
  CHECK(f.ev("+\"1\"^^xsd:short") == "\"1\"^^xsd:short");
  CHECK(f.ev("-\"a\"") == "error");
  CHECK(f.ev("1 + \"1\"") == "error");
  CHECK(f.ev("0.1 + 0.2 = 0.3") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("99999999999999999999 * 10") == "\"999999999999999999990\"^^xsd:integer");
}

TEST_CASE("division: integers give decimals, zero divisors as XPath says", "[expression]") {
  Fixture f;
  CHECK(f.ev("1 / 2") == "\"0.5\"^^xsd:decimal");
  CHECK(f.ev("4 / 2") == "\"2.0\"^^xsd:decimal");
  CHECK(f.ev("1 / 3") == "\"0.333333333333333333333333\"^^xsd:decimal");
  CHECK(f.ev("-2 / 3") == "\"-0.666666666666666666666666\"^^xsd:decimal");
  CHECK(f.ev("1.5 / 0.5") == "\"3.0\"^^xsd:decimal");
  CHECK(f.ev("1 / 0") == "error");
  CHECK(f.ev("1.0 / 0") == "error");
  CHECK(f.ev("1 / 0e0") == "\"INF\"^^xsd:double");
  CHECK(f.ev("-1 / 0e0") == "\"-INF\"^^xsd:double");
  CHECK(f.ev("0e0 / 0") == "\"NaN\"^^xsd:double");
  CHECK(f.ev("xsd:float(1) / 0") == "\"INF\"^^xsd:float");
  CHECK(f.ev("1 / 8") == "\"0.125\"^^xsd:decimal");
}

TEST_CASE("integer overflow beyond 128 bits is an error, not a wrap-around",
          "[expression][error]") {
  Fixture f;
  std::string big = "170141183460469231731687303715884105727";  // 2^127 - 1
  CHECK(f.ev(big + " + 0") == "\"" + big + "\"^^xsd:integer");
  CHECK(f.ev(big + " + 1") == "error");
  CHECK(f.ev(big + " * 2") == "error");
  CHECK(f.ev(big + "0 + 0") == "error");  // does not fit: an ill-formed-for-us literal
}

TEST_CASE("ABS ROUND CEIL FLOOR keep the numeric type", "[expression]") {
  Fixture f;
  CHECK(f.ev("ABS(-2)") == "\"2\"^^xsd:integer");
  CHECK(f.ev("ABS(-1.5)") == "\"1.5\"^^xsd:decimal");
  CHECK(f.ev("ABS(-1.5e0)") == "\"1.5E0\"^^xsd:double");
  CHECK(f.ev("ROUND(2.5)") == "\"3.0\"^^xsd:decimal");
  CHECK(f.ev("ROUND(-2.5)") == "\"-2.0\"^^xsd:decimal");
  CHECK(f.ev("ROUND(-1.6)") == "\"-2.0\"^^xsd:decimal");
  CHECK(f.ev("ROUND(1.1)") == "\"1.0\"^^xsd:decimal");
  CHECK(f.ev("ROUND(-2.5e0)") == "\"-2.0E0\"^^xsd:double");
  CHECK(f.ev("ROUND(-0.4e0)") == "\"-0.0E0\"^^xsd:double");
  CHECK(f.ev("ROUND(7)") == "\"7\"^^xsd:integer");
  CHECK(f.ev("CEIL(-1.6)") == "\"-1.0\"^^xsd:decimal");
  CHECK(f.ev("CEIL(1.1)") == "\"2.0\"^^xsd:decimal");
  CHECK(f.ev("FLOOR(-1.6)") == "\"-2.0\"^^xsd:decimal");
  CHECK(f.ev("FLOOR(1.6e0)") == "\"1.0E0\"^^xsd:double");
  CHECK(f.ev("FLOOR(\"1\")") == "error");
  CHECK(f.ev("ROUND(xsd:double(\"NaN\"))") == "\"NaN\"^^xsd:double");
}

TEST_CASE("RAND gives a double in [0, 1)", "[expression]") {
  Fixture f;
  for (int i = 0; i < 20; ++i) {
    auto term = f.eval("RAND()");
    REQUIRE(term);
    CHECK(term->datatype == "http://www.w3.org/2001/XMLSchema#double");
    double value = std::stod(term->value);
    CHECK(value >= 0);
    CHECK(value < 1);
  }
  CHECK(f.ev("RAND() < 1") == "\"true\"^^xsd:boolean");
}

TEST_CASE("casts follow the table of 17.5", "[expression]") {
  Fixture f;
  // to xsd:integer
  CHECK(f.ev("xsd:integer(\" 42 \")") == "\"42\"^^xsd:integer");
  CHECK(f.ev("xsd:integer(\"+7\")") == "\"7\"^^xsd:integer");
  CHECK(f.ev("xsd:integer(\"4.2\")") == "error");
  CHECK(f.ev("xsd:integer(-4.7)") == "\"-4\"^^xsd:integer");
  CHECK(f.ev("xsd:integer(4.7e0)") == "\"4\"^^xsd:integer");
  CHECK(f.ev("xsd:integer(xsd:double(\"INF\"))") == "error");
  CHECK(f.ev("xsd:integer(xsd:double(\"NaN\"))") == "error");
  CHECK(f.ev("xsd:integer(true)") == "\"1\"^^xsd:integer");
  CHECK(f.ev("xsd:integer(:iri)") == "error");
  CHECK(f.ev("xsd:integer(\"1\"@en)") == "error");
  CHECK(f.ev("xsd:int(\"3000000000\")") == "error");
  CHECK(f.ev("xsd:int(\"30\")") == "\"30\"^^xsd:int");
  CHECK(f.ev("xsd:nonNegativeInteger(\"-1\")") == "error");
  // to xsd:decimal
  CHECK(f.ev("xsd:decimal(\"+33.3300\")") == "\"33.33\"^^xsd:decimal");
  CHECK(f.ev("xsd:decimal(\"1E0\")") == "error");
  CHECK(f.ev("xsd:decimal(1)") == "\"1.0\"^^xsd:decimal");
  CHECK(f.ev("xsd:decimal(-7.875e0)") == "\"-7.875\"^^xsd:decimal");
  CHECK(f.ev("xsd:decimal(false)") == "\"0.0\"^^xsd:decimal");
  CHECK(f.ev("xsd:decimal(xsd:double(\"INF\"))") == "error");
  // to xsd:double / xsd:float
  CHECK(f.ev("xsd:double(\"-10.2E3\")") == "\"-1.02E4\"^^xsd:double");
  CHECK(f.ev("xsd:double(\"1\")") == "\"1.0E0\"^^xsd:double");
  CHECK(f.ev("xsd:double(\".5\")") == "\"5.0E-1\"^^xsd:double");
  CHECK(f.ev("xsd:double(\"abc\")") == "error");
  CHECK(f.ev("xsd:double(\"-INF\")") == "\"-INF\"^^xsd:double");
  CHECK(f.ev("xsd:double(true)") == "\"1.0E0\"^^xsd:double");
  CHECK(f.ev("xsd:double(12)") == "\"1.2E1\"^^xsd:double");
  CHECK(f.ev("xsd:float(\"+33.3300\")") == "\"3.333E1\"^^xsd:float");
  CHECK(f.ev("xsd:float(0.1)") == "\"1.0E-1\"^^xsd:float");
  // to xsd:boolean
  CHECK(f.ev("xsd:boolean(\"1\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("xsd:boolean(\"false\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("xsd:boolean(\"yes\")") == "error");
  CHECK(f.ev("xsd:boolean(0.0)") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("xsd:boolean(-2)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("xsd:boolean(xsd:double(\"NaN\"))") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("xsd:boolean(\"0\"^^xsd:boolean)") == "\"false\"^^xsd:boolean");
  // to xsd:string
  CHECK(f.ev("xsd:string(:z)") == "\"http://example.org/z\"");
  CHECK(f.ev("xsd:string(1.0)") == "\"1\"");
  CHECK(f.ev("xsd:string(1.50)") == "\"1.5\"");
  CHECK(f.ev("xsd:string(0E1)") == "\"0\"");
  CHECK(f.ev("xsd:string(1.25e0)") == "\"1.25\"");
  CHECK(f.ev("xsd:string(1e7)") == "\"1.0E7\"");
  CHECK(f.ev("xsd:string(xsd:float(-7.875))") == "\"-7.875\"");
  CHECK(f.ev("xsd:string(\"0\"^^xsd:boolean)") == "\"false\"");
  CHECK(f.ev("xsd:string(\"x\"@en)") == "\"x\"");
  CHECK(f.ev("xsd:string(\"x\"^^:t)") == "\"x\"");
  // to xsd:dateTime
  CHECK(f.ev("xsd:dateTime(\"2002-10-10T17:00:00Z\")") == "\"2002-10-10T17:00:00Z\"^^xsd:dateTime");
  CHECK(f.ev("xsd:dateTime(\"2002-10-10T17:00:00.500+01:00\")") ==
        "\"2002-10-10T17:00:00.5+01:00\"^^xsd:dateTime");
  CHECK(f.ev("xsd:dateTime(\"2002-10-10\")") == "error");
  CHECK(f.ev("xsd:dateTime(\"2002-02-30T00:00:00\")") == "error");
  CHECK(f.ev("xsd:dateTime(1)") == "error");
  CHECK(f.ev("xsd:dateTime(\"abc\"^^xsd:dateTime)") == "error");
  CHECK(f.ev("xsd:date(\"2002-10-10\")") == "error");  // not a cast of 17.5
}

TEST_CASE("numeric literals in the data keep their lexical form until computed with",
          "[expression]") {
  Fixture f;
  f.bind("n", rdf::Term::literal("01", "http://www.w3.org/2001/XMLSchema#integer"));
  f.bind("d", rdf::Term::literal("1.50", "http://www.w3.org/2001/XMLSchema#decimal"));
  CHECK(f.ev("?n") == "\"01\"^^xsd:integer");
  CHECK(f.ev("?n + 0") == "\"1\"^^xsd:integer");
  CHECK(f.ev("?d * 1") == "\"1.5\"^^xsd:decimal");
  CHECK(f.ev("str(?d)") == "\"1.50\"");
  CHECK(f.ev("?n = 1") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("?d > ?n") == "\"true\"^^xsd:boolean");
}

TEST_CASE("casting dates and dateTimes to strings", "[expression]") {
  Fixture f;
  CHECK(f.ev("xsd:string(\"2002-10-10T17:00:00.500Z\"^^xsd:dateTime)") ==
        "\"2002-10-10T17:00:00.5Z\"");
  CHECK(f.ev("xsd:string(\"2002-10-10\"^^xsd:date)") == "\"2002-10-10\"");
}

TEST_CASE("decimals beyond 38 digits give up fractional digits, not the result", "[expression]") {
  Fixture f;
  // (1/3) * (1/3): two 24-digit fractions whose exact product does not fit 128 bits.
  auto product = f.eval("(1/3) * (1/3)");
  REQUIRE(product);
  CHECK(product->value.rfind("0.1111111111", 0) == 0);
  CHECK(f.ev("100000000000000000000.0 + (1/3)") ==
        "\"100000000000000000000.333333333333333333\"^^xsd:decimal");
  CHECK(f.ev("(2/3) * 3 < 2") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("100000000000000000000000000000000000000.0 * 10") == "error");
}

TEST_CASE("negating or taking ABS of -2^127 is an error", "[expression][error]") {
  Fixture f;
  std::string min = "(-170141183460469231731687303715884105727 - 1)";
  CHECK(f.ev(min) == "\"-170141183460469231731687303715884105728\"^^xsd:integer");
  CHECK(f.ev("-" + min) == "error");
  CHECK(f.ev("ABS" + min) == "error");
  CHECK(f.ev(min + " * -1") == "error");
  CHECK(f.ev(min + " / -1") == "error");
}

TEST_CASE("decimal extremes format without overflow", "[expression]") {
  Fixture f;
  std::string min = "(-170141183460469231731687303715884105727 - 1)";
  CHECK(f.ev("xsd:decimal" + min) == "\"-170141183460469231731687303715884105728.0\"^^xsd:decimal");
  CHECK(f.ev("-1.5 - 0.25") == "\"-1.75\"^^xsd:decimal");
  CHECK(f.ev("-0.05 * 1") == "\"-0.05\"^^xsd:decimal");
}
