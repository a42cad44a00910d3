#include "sparqlmcp/engine/expression.hpp"

#include <catch2/catch.hpp>

#include "engine/expression_fixture.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::engine;
using sparqlmcp::engine::test::Fixture;
using sparqlmcp::test::is_error;

TEST_CASE("comparison operators follow the operator mapping of 17.3", "[expression]") {
  Fixture f;
  CHECK(f.ev("1 < 2") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("2 <= 1") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("1 = 1.0") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("1 = 1.0e0") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("\"1\"^^xsd:int = 1") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("\"abc\" < \"abd\"") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("\"abc\" = \"abc\"^^xsd:string") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("\"a\"@en = \"a\"@EN") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("\"a\"@en = \"a\"") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("\"a\"@en < \"b\"@en") == "error");
  CHECK(f.ev("false < true") == "\"true\"^^xsd:boolean");
  CHECK(
      f.ev(
          "\"2010-06-21T11:28:01Z\"^^xsd:dateTime > \"2010-06-21T12:28:01+02:00\"^^xsd:dateTime") ==
      "\"true\"^^xsd:boolean");
  CHECK(
      f.ev(
          "\"2010-06-21T11:28:01Z\"^^xsd:dateTime = \"2010-06-21T13:28:01+02:00\"^^xsd:dateTime") ==
      "\"true\"^^xsd:boolean");
  CHECK(f.ev("1 < \"2\"") == "error");
  CHECK(f.ev("1 = \"1\"") == "\"false\"^^xsd:boolean");
  CHECK(f.ev(":a = :a") == "\"true\"^^xsd:boolean");
  CHECK(f.ev(":a != :b") == "\"true\"^^xsd:boolean");
  CHECK(f.ev(":a = \"a\"") == "\"false\"^^xsd:boolean");
  CHECK(f.ev(":a < :b") == "error");
  CHECK(f.ev("xsd:double(\"NaN\") = xsd:double(\"NaN\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("xsd:double(\"NaN\") != xsd:double(\"NaN\")") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("xsd:double(\"NaN\") < 1") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("xsd:double(\"INF\") > 1e308") == "\"true\"^^xsd:boolean");
}

TEST_CASE("literals of unknown or ill-formed types compare only as identical terms",
          "[expression][error]") {
  Fixture f;
  CHECK(f.ev("\"abc\"^^xsd:integer = \"abc\"^^xsd:integer") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("\"abc\"^^xsd:integer = \"abd\"^^xsd:integer") == "error");
  CHECK(f.ev("\"abc\"^^xsd:integer != \"abd\"^^xsd:integer") == "error");
  CHECK(f.ev("\"abc\"^^xsd:integer < 1") == "error");
  CHECK(f.ev("\"abc\"^^xsd:integer = 1") == "error");
  CHECK(f.ev("\"x\"^^:t = \"x\"^^:t") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("\"x\"^^:t = \"y\"^^:t") == "error");
  CHECK(f.ev("\"x\"^^:t = :x") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("sameTerm(\"x\"^^:t, \"y\"^^:t)") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("\"abc\"^^xsd:integer + 1") == "error");
  CHECK(f.ev("isNumeric(\"abc\"^^xsd:integer)") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("isNumeric(\"-1\"^^xsd:nonNegativeInteger)") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("isNumeric(\"300\"^^xsd:byte)") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("isNumeric(\"12\"^^xsd:byte)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("isNumeric(\"1e3\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("str(\"abc\"^^xsd:integer)") == "\"abc\"");
  CHECK(f.ev("datatype(\"abc\"^^xsd:integer)") == "<http://www.w3.org/2001/XMLSchema#integer>");
}

TEST_CASE("the effective boolean value follows 17.2.2", "[expression]") {
  Fixture f;
  CHECK(f.ebv("true") == "true");
  CHECK(f.ebv("\"\"") == "false");
  CHECK(f.ebv("\"x\"") == "true");
  CHECK(f.ebv("\"x\"@en") == "true");
  CHECK(f.ebv("0") == "false");
  CHECK(f.ebv("0.0") == "false");
  CHECK(f.ebv("0.0e0") == "false");
  CHECK(f.ebv("xsd:double(\"NaN\")") == "false");
  CHECK(f.ebv("-2") == "true");
  CHECK(f.ebv("\"abc\"^^xsd:boolean") == "false");
  CHECK(f.ebv("\"abc\"^^xsd:integer") == "false");
  CHECK(f.ebv("\"0\"^^xsd:boolean") == "false");
  CHECK(f.ebv("\"1\"^^xsd:boolean") == "true");
  CHECK(f.ebv(":iri") == "error");
  CHECK(f.ebv("\"x\"^^:t") == "error");
  CHECK(f.ebv("\"2010-06-21T11:28:01Z\"^^xsd:dateTime") == "error");
  CHECK(f.ebv("?unbound") == "error");
}

TEST_CASE("|| and && treat errors as 17.2 says", "[expression][error]") {
  Fixture f;
  CHECK(f.ev("true || ?unbound") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("?unbound || true") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("false || ?unbound") == "error");
  CHECK(f.ev("false && ?unbound") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("?unbound && false") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("true && ?unbound") == "error");
  CHECK(f.ev("true && 1") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("!\"\"") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("!?unbound") == "error");
}

TEST_CASE("IN and NOT IN, IF, COALESCE, BOUND and sameTerm", "[expression]") {
  Fixture f;
  f.bind("x", rdf::Term::literal("2", "http://www.w3.org/2001/XMLSchema#integer"));
  CHECK(f.ev("?x IN (1, 2, 3)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("?x IN ()") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("?x NOT IN ()") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("2 IN (?unbound, 2)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("2 IN (?unbound, 3)") == "error");
  CHECK(f.ev("2 NOT IN (?unbound, 2)") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("2 NOT IN (?unbound, 3)") == "error");
  CHECK(f.ev("?unbound IN (1)") == "error");
  CHECK(f.ev("IF(?x = 2, \"yes\", \"no\")") == "\"yes\"");
  CHECK(f.ev("IF(?unbound, \"yes\", \"no\")") == "error");
  CHECK(f.ev("IF(false, 1/0, \"no\")") == "\"no\"");
  CHECK(f.ev("COALESCE(?unbound, 1/0, ?x)") == "\"2\"^^xsd:integer");
  CHECK(f.ev("COALESCE(?unbound)") == "error");
  CHECK(f.ev("COALESCE()") == "error");
  CHECK(f.ev("BOUND(?x)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("BOUND(?unbound)") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("sameTerm(?x, 2)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("sameTerm(?x, 2.0)") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("sameTerm(1 + 1, 2)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("sameTerm(?unbound, ?unbound)") == "error");
  CHECK(f.ev("sameTerm(\"01\"^^xsd:integer, 1)") == "\"false\"^^xsd:boolean");
}

TEST_CASE("EXISTS calls the evaluator's callback with the row", "[expression]") {
  Fixture f;
  f.bind("x", rdf::Term::iri("http://example.org/a"));
  int calls = 0;
  f.context.exists = [&](const sparql::algebra::Operator& pattern, RowView row) {
    ++calls;
    CHECK(pattern.kind() == sparql::algebra::OpKind::Bgp);
    CHECK(row.size() >= 1);
    return true;
  };
  sparql::Query query = sparql::parse_query(std::string(engine::test::kPrologue) +
                                            "SELECT * { FILTER(NOT EXISTS { ?x :p ?y }) }");
  const sparql::algebra::Operator* filter = &query.algebra();
  while (filter->kind() != sparql::algebra::OpKind::Filter)
    filter = &filter->children[0];
  CompiledExpression compiled = CompiledExpression::compile(
      filter->as<sparql::algebra::FilterOp>().exprs[0], f.variables, f.terms);
  f.row.resize(f.variables.size(), kUnbound);
  CHECK(compiled.effective_boolean_value(f.row, f.context) == false);
  CHECK(calls == 1);
  ExpressionContext without_callback;
  without_callback.terms = &f.terms;
  CHECK(compiled.effective_boolean_value(f.row, without_callback) == std::nullopt);
}

TEST_CASE("aggregates are refused by CompiledExpression and unknown functions are errors",
          "[expression][error]") {
  Fixture f;
  sparql::Expr count;
  count.kind = sparql::Expr::Kind::Aggregate;
  count.name = "count";
  count.star = true;
  CHECK_THROWS_MATCHES(CompiledExpression::compile(count, f.variables, f.terms), Exception,
                       is_error(ErrorKind::Unsupported).with_message_containing("aggregate count"));
  CHECK(f.ev("<http://example.org/fn>(1)") == "error");
  CHECK(f.ev("?unbound") == "error");
  CHECK(f.ev("?unbound + 1") == "error");
}

TEST_CASE("a row shorter than the variable table reads missing slots as unbound", "[expression]") {
  Fixture f;
  sparql::Query query = f.parse("BOUND(?late) || ?late = 1");
  CompiledExpression compiled = f.compile(query);
  Row empty;
  CHECK(compiled.evaluate(empty, f.context) == kUnbound);
  CHECK(compiled.effective_boolean_value(empty, f.context) == std::nullopt);
}

TEST_CASE("the fast path for integer and string comparisons agrees with the general one",
          "[expression]") {
  Fixture f;
  const std::string xsd = "http://www.w3.org/2001/XMLSchema#";
  f.bind("i", rdf::Term::literal("-7", xsd + "integer"));
  f.bind("j", rdf::Term::literal("12", xsd + "integer"));
  f.bind("big", rdf::Term::literal("123456789012345678901234", xsd + "integer"));
  f.bind("d", rdf::Term::literal("-7.0", xsd + "decimal"));
  f.bind("s", rdf::Term::literal("abc"));
  f.bind("l", rdf::Term::literal("abc", "", "en"));
  f.bind("bad", rdf::Term::literal("x1", xsd + "integer"));
  CHECK(f.ebv("?i < ?j") == "true");
  CHECK(f.ebv("?i > -8") == "true");
  CHECK(f.ebv("?i = -7") == "true");
  CHECK(f.ebv("?i != ?j") == "true");
  CHECK(f.ebv("?i >= ?j") == "false");
  CHECK(f.ebv("?big > ?j") == "true");
  CHECK(f.ebv("?i = ?d") == "true");
  CHECK(f.ebv("?j <= 12") == "true");
  CHECK(f.ebv("?s = \"abc\"") == "true");
  CHECK(f.ebv("?s < \"abd\"") == "true");
  CHECK(f.ebv("?l = \"abc\"") == "false");
  CHECK(f.ebv("?s = ?l") == "false");
  CHECK(f.ebv("?s < 1") == "error");
  CHECK(f.ebv("?bad < 1") == "error");
  CHECK(f.ebv("?bad = ?bad") == "true");
  CHECK(f.ebv("?unbound = 1") == "error");
  CHECK(f.ev("?i < ?j") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("?s = ?s && ?i > 100") == "\"false\"^^xsd:boolean");
}

TEST_CASE("= and != on IRIs and blank nodes compare terms, < on them is an error", "[expression]") {
  Fixture f;
  f.bind("a", rdf::Term::iri("http://example.org/a"));
  f.bind("a2", rdf::Term::iri("http://example.org/a"));
  f.bind("b", rdf::Term::iri("http://example.org/b"));
  f.bind("n", rdf::Term::blank("n"));
  f.bind("lit", rdf::Term::literal("http://example.org/a"));
  f.bind("num", rdf::Term::literal("1.5", "http://www.w3.org/2001/XMLSchema#decimal"));
  CHECK(f.ebv("?a = ?a2") == "true");
  CHECK(f.ebv("?a = :a") == "true");
  CHECK(f.ebv("?a != :b") == "true");
  CHECK(f.ebv("?a = ?b") == "false");
  CHECK(f.ebv("?a = ?n") == "false");
  CHECK(f.ebv("?n = ?n") == "true");
  CHECK(f.ebv("?a = ?lit") == "false");
  CHECK(f.ebv("?a != ?num") == "true");
  CHECK(f.ebv("?num = ?a") == "false");
  CHECK(f.ebv("?a < ?b") == "error");
  CHECK(f.ebv("?a = ?unbound") == "error");
  CHECK(f.ebv("?a != ?unbound") == "error");
  CHECK(f.ev("?a = ?a2") == "\"true\"^^xsd:boolean");
}

TEST_CASE("IN over IRIs, numbers and strings mixes the fast and the general path", "[expression]") {
  Fixture f;
  f.bind("a", rdf::Term::iri("http://example.org/a"));
  f.bind("n", rdf::Term::literal("2", "http://www.w3.org/2001/XMLSchema#integer"));
  f.bind("s", rdf::Term::literal("x"));
  CHECK(f.ebv("?a IN (:b, :a)") == "true");
  CHECK(f.ebv("?a IN (:b, \"a\", 1)") == "false");
  CHECK(f.ebv("?a NOT IN (:b, :c)") == "true");
  CHECK(f.ebv("?a IN (:b, ?unbound)") == "error");
  CHECK(f.ebv("?n IN (1, 2.0)") == "true");
  CHECK(f.ebv("?n IN (\"2\", 3)") == "false");
  CHECK(f.ebv("?n IN (\"2\"^^:t)") == "error");
  CHECK(f.ebv("?n NOT IN (1, 3, 2e0)") == "false");
  CHECK(f.ebv("?s IN (\"y\", \"x\")") == "true");
  CHECK(f.ebv("?s IN (\"x\"@en)") == "false");
  CHECK(f.ebv("?s IN (1/0, \"x\")") == "true");
  CHECK(f.ebv("?s IN (1/0, \"y\")") == "error");
}
