#include <algorithm>
#include <catch2/catch.hpp>

#include "engine/expression_fixture.hpp"
#include "sparqlmcp/engine/expression.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::engine;
using sparqlmcp::engine::test::Fixture;
using sparqlmcp::engine::test::show;
using sparqlmcp::test::is_error;

namespace {

const std::string kXsd = "http://www.w3.org/2001/XMLSchema#";

rdf::Term integer(const std::string& value) {
  return rdf::Term::literal(value, kXsd + "integer");
}

// Runs the aggregate of `select_expression` (e.g. "SUM(?x)") over one group whose solutions
// bind ?x to `values` (nullopt: unbound).
std::string aggregate(const std::string& select_expression,
                      const std::vector<std::optional<rdf::Term>>& values) {
  Fixture f;
  sparql::Query query = sparql::parse_query(std::string(engine::test::kPrologue) + "SELECT (" +
                                            select_expression + " AS ?r) { ?s ?p ?x }");
  const sparql::algebra::Operator* op = &query.algebra();
  while (op->kind() != sparql::algebra::OpKind::Group)
    op = &op->children[0];
  AggregateFactory factory = AggregateFactory::compile(
      op->as<sparql::algebra::GroupOp>().aggregates.at(0).second, f.variables, f.terms);
  Slot x = f.variables.slot("x");
  auto accumulator = factory.make();
  for (const auto& value : values) {
    Row row(f.variables.size(), kUnbound);
    if (value) row[x] = f.terms.intern(*value);
    accumulator->add(row, f.context);
  }
  TermId id = accumulator->result(f.context);
  return id == kUnbound ? "error" : show(f.terms.term(id));
}

}  // namespace

TEST_CASE("COUNT counts bound values, rows with *, and distinct ones", "[expression]") {
  auto one = integer("1");
  auto two = integer("2");
  CHECK(aggregate("COUNT(?x)", {one, two, one, std::nullopt}) == "\"3\"^^xsd:integer");
  CHECK(aggregate("COUNT(*)", {one, two, one, std::nullopt}) == "\"4\"^^xsd:integer");
  CHECK(aggregate("COUNT(DISTINCT ?x)", {one, two, one}) == "\"2\"^^xsd:integer");
  CHECK(aggregate("COUNT(DISTINCT *)", {one, two, one, std::nullopt}) == "\"3\"^^xsd:integer");
  CHECK(aggregate("COUNT(?x)", {}) == "\"0\"^^xsd:integer");
  CHECK(aggregate("COUNT(1/?x)", {integer("0"), one}) == "\"1\"^^xsd:integer");
}

TEST_CASE("SUM and AVG keep integer sums integer and average to decimals", "[expression]") {
  auto dec = rdf::Term::literal("1.5", kXsd + "decimal");
  auto dbl = rdf::Term::literal("1.0E0", kXsd + "double");
  CHECK(aggregate("SUM(?x)", {integer("1"), integer("2"), integer("3")}) == "\"6\"^^xsd:integer");
  CHECK(aggregate("SUM(?x)", {integer("1"), dec}) == "\"2.5\"^^xsd:decimal");
  CHECK(aggregate("SUM(?x)", {integer("1"), dbl}) == "\"2.0E0\"^^xsd:double");
  CHECK(aggregate("SUM(?x)", {}) == "\"0\"^^xsd:integer");
  CHECK(aggregate("SUM(?x)", {integer("1"), rdf::Term::literal("a")}) == "error");
  CHECK(aggregate("SUM(?x)", {integer("1"), std::nullopt, integer("2")}) == "error");
  CHECK(aggregate("SUM(DISTINCT ?x)", {integer("1"), integer("1"), integer("2")}) ==
        "\"3\"^^xsd:integer");
  CHECK(aggregate("AVG(?x)", {integer("1"), integer("2"), integer("3"), integer("4")}) ==
        "\"2.5\"^^xsd:decimal");
  CHECK(aggregate("AVG(?x)", {integer("2"), integer("4")}) == "\"3.0\"^^xsd:decimal");
  CHECK(aggregate("AVG(?x)", {}) == "\"0\"^^xsd:integer");
  CHECK(aggregate("AVG(?x)", {integer("1"), rdf::Term::blank("b")}) == "error");
  CHECK(aggregate("AVG(?x * 2)", {integer("1"), rdf::Term::literal("x")}) == "error");
}

TEST_CASE("errors and unbound values in a group follow the set functions of 18.5.1",
          "[expression]") {
  auto a = rdf::Term::literal("a");
  // COUNT removes errors; an unbound variable is an error (it has no value).
  CHECK(aggregate("COUNT(?x)", {integer("1"), std::nullopt}) == "\"1\"^^xsd:integer");
  CHECK(aggregate("COUNT(?x + 0)", {integer("1"), a}) == "\"1\"^^xsd:integer");
  // SUM adds every element: one error makes it an error.
  CHECK(aggregate("SUM(?x)", {std::nullopt, std::nullopt}) == "error");
  CHECK(aggregate("SUM(?x + 0)", {integer("1"), a}) == "error");
  // AVG is 0 when COUNT is 0, Sum/Count otherwise.
  CHECK(aggregate("AVG(?x + 0)", {a}) == "\"0\"^^xsd:integer");
  CHECK(aggregate("AVG(?x)", {std::nullopt}) == "\"0\"^^xsd:integer");
  CHECK(aggregate("AVG(?x)", {integer("1"), std::nullopt}) == "error");
  CHECK(aggregate("AVG(?x + 0)", {integer("1"), a, integer("3")}) == "error");
  CHECK(aggregate("AVG(?x)", {integer("1"), a}) == "error");  // "a" counts; the sum fails
  // MIN and MAX order as ORDER BY does, "no value" lowest.
  CHECK(aggregate("MIN(?x)", {integer("1"), std::nullopt}) == "error");
  CHECK(aggregate("MIN(?x + 0)", {integer("1"), a}) == "error");
  CHECK(aggregate("MAX(?x)", {integer("1"), std::nullopt}) == "\"1\"^^xsd:integer");
  CHECK(aggregate("MAX(?x + 0)", {integer("1"), a}) == "\"1\"^^xsd:integer");
  CHECK(aggregate("MAX(?x + 0)", {a}) == "error");
  // GROUP_CONCAT concatenates every element; SAMPLE picks a value that is not an error.
  CHECK(aggregate("GROUP_CONCAT(?x)", {a, std::nullopt}) == "error");
  CHECK(aggregate("SAMPLE(?x)", {std::nullopt, a}) == "\"a\"");
}

TEST_CASE("SUM keeps integers exact before and after a value of another type", "[expression]") {
  auto dec = rdf::Term::literal("0.5", kXsd + "decimal");
  // Integer sums run apart from the general addition until another type comes.
  CHECK(aggregate("SUM(?x)", {integer("9223372036854775807"), integer("7"), dec, integer("1")}) ==
        "\"9223372036854775815.5\"^^xsd:decimal");
  CHECK(aggregate("SUM(?x)", {integer("-4"), rdf::Term::literal("3", kXsd + "int")}) ==
        "\"-1\"^^xsd:integer");
  CHECK(aggregate("AVG(?x)", {dec, integer("2"), integer("3")}) ==
        "\"1.833333333333333333333333\"^^xsd:decimal");
  // Past the largest integer the engine holds the sum is an error, as the addition is.
  CHECK(aggregate("SUM(?x)", {integer("170141183460469231731687303715884105727"), integer("1")}) ==
        "error");
  CHECK(aggregate("SUM(?x)", {integer("170141183460469231731687303715884105727"), integer("1"),
                              integer("-5")}) == "error");
}

TEST_CASE("MIN and MAX use the ORDER BY order, SAMPLE picks a value", "[expression]") {
  auto b = rdf::Term::blank("b2");
  CHECK(aggregate("MIN(?x)", {integer("3"), integer("1"), integer("2")}) == "\"1\"^^xsd:integer");
  CHECK(aggregate("MAX(?x)", {integer("3"), rdf::Term::literal("2.5", kXsd + "decimal")}) ==
        "\"3\"^^xsd:integer");
  CHECK(aggregate("MIN(?x)", {integer("1"), b, integer("3")}) == "_:b2");
  CHECK(aggregate("MAX(?x)", {integer("1"), b, integer("3")}) == "\"3\"^^xsd:integer");
  CHECK(aggregate("MAX(?x)", {integer("1"), rdf::Term::literal("a")}) == "\"a\"");
  CHECK(aggregate("MIN(?x)", {}) == "error");
  CHECK(aggregate("MAX(?x)", {std::nullopt}) == "error");
  CHECK(aggregate("SAMPLE(?x)", {std::nullopt, integer("7")}) == "\"7\"^^xsd:integer");
  CHECK(aggregate("SAMPLE(?x)", {}) == "error");
  // Through an expression (the general path) rather than a plain variable.
  CHECK(aggregate("MIN(?x + 0)", {integer("3"), integer("1"), std::nullopt}) == "error");
  CHECK(aggregate("MIN(?x + 0)", {integer("3"), integer("1")}) == "\"1\"^^xsd:integer");
  CHECK(aggregate("MAX(DISTINCT STR(?x))", {integer("3"), integer("10")}) == "\"3\"");
  CHECK(aggregate("COUNT(DISTINCT STR(?x))", {integer("1"), integer("01"), integer("1")}) ==
        "\"2\"^^xsd:integer");
  CHECK(aggregate("SAMPLE(1/?x)", {integer("0"), integer("2")}) == "\"0.5\"^^xsd:decimal");
}

TEST_CASE("GROUP_CONCAT joins string forms with the separator", "[expression]") {
  auto a = rdf::Term::literal("a");
  auto b = rdf::Term::literal("b");
  CHECK(aggregate("GROUP_CONCAT(?x)", {a, b, a}) == "\"a b a\"");
  CHECK(aggregate("GROUP_CONCAT(DISTINCT ?x; SEPARATOR=\", \")", {a, b, a}) == "\"a, b\"");
  CHECK(aggregate("GROUP_CONCAT(?x; SEPARATOR=\"\")", {a, integer("1")}) == "\"a1\"");
  CHECK(aggregate("GROUP_CONCAT(?x)", {}) == "\"\"");
  CHECK(aggregate("GROUP_CONCAT(?x)",
                  {rdf::Term::literal("x", "", "en"), rdf::Term::literal("y", "", "en")}) ==
        "\"x y\"");  // a simple literal, as W3C agg-groupconcat-04/06 expect
  CHECK(aggregate("GROUP_CONCAT(?x)", {rdf::Term::literal("x", "", "en"), a}) == "\"x a\"");
  CHECK(aggregate("GROUP_CONCAT(?x)", {a, rdf::Term::blank("b")}) == "error");
}

TEST_CASE("a custom aggregate is refused", "[expression][error]") {
  Fixture f;
  sparql::Expr custom;
  custom.kind = sparql::Expr::Kind::Function;
  custom.name = "http://example.org/agg";
  CHECK_THROWS_MATCHES(
      AggregateFactory::compile(custom, f.variables, f.terms), Exception,
      is_error(ErrorKind::Unsupported).with_message_containing("http://example.org/agg"));
}

TEST_CASE("compare_for_order is a total order: unbound, blank, IRI, literal", "[expression]") {
  OwnedDictionary data;
  QueryTerms terms(&data);
  std::vector<rdf::Term> in_order = {
      rdf::Term::blank("a"),
      rdf::Term::blank("b"),
      rdf::Term::iri("http://a"),
      rdf::Term::iri("http://b"),
      rdf::Term::literal("NaN", kXsd + "double"),
      rdf::Term::literal("-5", kXsd + "integer"),
      rdf::Term::literal("1.0", kXsd + "decimal"),  // equal values: by datatype IRI
      rdf::Term::literal("01", kXsd + "integer"),
      rdf::Term::literal("1", kXsd + "integer"),
      rdf::Term::literal("1.5E0", kXsd + "double"),
      rdf::Term::literal("2", kXsd + "integer"),
      rdf::Term::literal("false", kXsd + "boolean"),
      rdf::Term::literal("true", kXsd + "boolean"),
      rdf::Term::literal("2000-01-01T00:00:00Z", kXsd + "dateTime"),
      rdf::Term::literal("2001-01-01T00:00:00Z", kXsd + "dateTime"),
      rdf::Term::literal("2000-01-01", kXsd + "date"),
      rdf::Term::literal("2000-01-01Z", kXsd + "date"),
      rdf::Term::literal("2000-01-02+01:00", kXsd + "date"),
      rdf::Term::literal(""),
      rdf::Term::literal("a"),
      rdf::Term::literal("b"),
      rdf::Term::literal("a", "", "en"),
      rdf::Term::literal("a", "", "fr"),
      rdf::Term::literal("x", "http://example.org/t"),
      rdf::Term::literal("abc", kXsd + "integer"),
  };
  std::vector<TermId> ids = {kUnbound};
  for (const auto& t : in_order)
    ids.push_back(terms.intern(t));
  for (std::size_t i = 0; i < ids.size(); ++i) {
    for (std::size_t j = 0; j < ids.size(); ++j) {
      int c = compare_for_order(ids[i], ids[j], terms);
      INFO(i << " vs " << j);
      CHECK((c < 0) == (i < j));
      CHECK((c == 0) == (i == j));
    }
  }
  std::vector<TermId> shuffled(ids.rbegin(), ids.rend());
  std::sort(shuffled.begin(), shuffled.end(),
            [&](TermId a, TermId b) { return compare_for_order(a, b, terms) < 0; });
  CHECK(shuffled == ids);
}

TEST_CASE("compare_for_order's fast paths agree with the general order", "[expression]") {
  OwnedDictionary data;
  QueryTerms terms(&data);
  std::vector<std::vector<rdf::Term>> chains = {
      {rdf::Term::literal("-1.5", kXsd + "decimal"), rdf::Term::literal("0.1", kXsd + "decimal"),
       rdf::Term::literal("0.10", kXsd + "decimal"), rdf::Term::literal("2", kXsd + "decimal")},
      {rdf::Term::literal("NaN", kXsd + "double"), rdf::Term::literal("-INF", kXsd + "double"),
       rdf::Term::literal("1.0E0", kXsd + "double"), rdf::Term::literal("1E0", kXsd + "double"),
       rdf::Term::literal("INF", kXsd + "double")},
      {rdf::Term::literal("NaN", kXsd + "float"), rdf::Term::literal("0.1", kXsd + "float"),
       rdf::Term::literal("0.100000001", kXsd + "float")},
      {rdf::Term::literal("2000-01-01T00:00:00Z", kXsd + "dateTime"),
       rdf::Term::literal("2000-01-01T01:00:00+01:00", kXsd + "dateTime"),
       rdf::Term::literal("2000-01-01T00:00:01Z", kXsd + "dateTime")},
  };
  for (const auto& chain : chains) {
    for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
      INFO(chain[i].value << " < " << chain[i + 1].value);
      TermId a = terms.intern(chain[i]), b = terms.intern(chain[i + 1]);
      CHECK(compare_for_order(a, b, terms) < 0);
      CHECK(compare_for_order(b, a, terms) > 0);
    }
  }
  // An ill-formed literal of a numeric type falls back to the general order (after the
  // well-formed numbers, with the other literals of unknown value).
  TermId bad = terms.intern(rdf::Term::literal("x", kXsd + "decimal"));
  TermId good = terms.intern(rdf::Term::literal("1", kXsd + "decimal"));
  CHECK(compare_for_order(good, bad, terms) < 0);
}
