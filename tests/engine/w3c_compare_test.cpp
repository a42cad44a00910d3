// The comparison and readers the W3C evaluation runner relies on: if they were wrong, the
// suite's pass counts would mean nothing.

#include "w3c_compare.hpp"

#include <catch2/catch.hpp>

#include "w3c_rdfxml.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::engine::w3c;
using rdf::Term;

namespace {

results::QueryResults table(std::vector<std::string> variables, std::vector<results::Row> rows) {
  results::QueryResults r;
  r.variables = std::move(variables);
  r.rows = std::move(rows);
  return r;
}

}  // namespace

TEST_CASE("W3C comparison matches solutions up to blank-node renaming and row order",
          "[w3c][engine]") {
  auto expected = table({"x", "y"}, {{Term::blank("a"), Term::iri("http://e/1")},
                                     {Term::blank("b"), Term::iri("http://e/1")},
                                     {Term::blank("a"), Term::literal("v")}});
  auto renamed = table({"y", "x"}, {{Term::literal("v"), Term::blank("p")},
                                    {Term::iri("http://e/1"), Term::blank("q")},
                                    {Term::iri("http://e/1"), Term::blank("p")}});
  CHECK(compare_solutions(expected, renamed).empty());

  // One label where two are expected: no bijection.
  auto merged = table({"x", "y"}, {{Term::blank("p"), Term::iri("http://e/1")},
                                   {Term::blank("p"), Term::iri("http://e/1")},
                                   {Term::blank("p"), Term::literal("v")}});
  CHECK(compare_solutions(expected, merged) ==
        "same rows up to blank nodes, but no consistent blank-node mapping");
}

TEST_CASE("W3C comparison reports missing and unexpected rows and compares terms exactly",
          "[w3c][engine]") {
  auto expected = table({"x"}, {{Term::literal("1", "http://www.w3.org/2001/XMLSchema#integer")}});
  auto actual = table({"x"}, {{Term::literal("2", "http://www.w3.org/2001/XMLSchema#integer")}});
  std::string diff = compare_solutions(expected, actual);
  CHECK(diff.find("missing") != std::string::npos);
  CHECK(diff.find("unexpected") != std::string::npos);
  // Language tags compare case-insensitively; xsd:string is the plain literal.
  CHECK(compare_solutions(table({"x"}, {{Term::literal("a", "", "en-US")}}),
                          table({"x"}, {{Term::literal("a", "", "en-us")}}))
            .empty());
  CHECK(compare_solutions(
            table({"x"}, {{Term{rdf::TermKind::Literal, "a", std::string(rdf::kXsdString), ""}}}),
            table({"x"}, {{Term::literal("a")}}))
            .empty());
  // A variable missing from one head is unbound there.
  CHECK(compare_solutions(table({"x", "y"}, {{Term::literal("a"), std::nullopt}}),
                          table({"x"}, {{Term::literal("a")}}))
            .empty());
}

TEST_CASE("W3C comparison compares valid numbers by value within their datatype", "[w3c][engine]") {
  const std::string xsd = "http://www.w3.org/2001/XMLSchema#";
  auto one = [](Term t) { return table({"x"}, {{std::move(t)}}); };
  CHECK(compare_solutions(one(Term::literal("0.0", xsd + "double")),
                          one(Term::literal("0E1", xsd + "double")))
            .empty());
  CHECK(compare_solutions(one(Term::literal("6", xsd + "decimal")),
                          one(Term::literal("+06.00", xsd + "decimal")))
            .empty());
  CHECK(compare_solutions(one(Term::literal("1.0e6", xsd + "double")),
                          one(Term::literal("1.0E6", xsd + "double")))
            .empty());
  // Another datatype, another value or an invalid form is a difference.
  CHECK(!compare_solutions(one(Term::literal("6", xsd + "decimal")),
                           one(Term::literal("6", xsd + "integer")))
             .empty());
  CHECK(!compare_solutions(one(Term::literal("0.1", xsd + "double")),
                           one(Term::literal("0.10000001", xsd + "double")))
             .empty());
  CHECK(!compare_solutions(one(Term::literal("abc", xsd + "integer")),
                           one(Term::literal("ABC", xsd + "integer")))
             .empty());
  CompareOptions exact;
  exact.numbers_by_value = false;
  CHECK(!compare_solutions(one(Term::literal("6", xsd + "decimal")),
                           one(Term::literal("6.0", xsd + "decimal")), exact)
             .empty());
}

TEST_CASE("W3C comparison under ORDER BY accepts any order of tied rows but not a wrong one",
          "[w3c][engine]") {
  auto expected = table({"k", "v"}, {{Term::literal("1"), Term::literal("a")},
                                     {Term::literal("1"), Term::literal("b")},
                                     {Term::literal("2"), Term::literal("c")}});
  auto tie_swapped = table({"k", "v"}, {{Term::literal("1"), Term::literal("b")},
                                        {Term::literal("1"), Term::literal("a")},
                                        {Term::literal("2"), Term::literal("c")}});
  auto wrong = table({"k", "v"}, {{Term::literal("2"), Term::literal("c")},
                                  {Term::literal("1"), Term::literal("a")},
                                  {Term::literal("1"), Term::literal("b")}});
  CompareOptions by_key;
  by_key.ordered = true;
  by_key.order_keys = std::vector<std::string>{"k"};
  CHECK(compare_solutions(expected, tie_swapped, by_key).empty());
  CHECK(compare_solutions(expected, wrong, by_key).find("wrong order") != std::string::npos);
  CompareOptions whole_rows;
  whole_rows.ordered = true;
  CHECK(!compare_solutions(expected, tie_swapped, whole_rows).empty());
  CHECK(compare_solutions(expected, wrong).empty());  // unordered: a multiset
}

TEST_CASE("W3C comparison under LaxCardinality ignores duplicates", "[w3c][engine]") {
  auto expected = table({"x"}, {{Term::literal("a")}, {Term::literal("a")}, {Term::literal("b")}});
  auto reduced = table({"x"}, {{Term::literal("b")}, {Term::literal("a")}});
  CompareOptions lax;
  lax.lax_cardinality = true;
  CHECK(compare_solutions(expected, reduced, lax).empty());
  CHECK(!compare_solutions(expected, reduced).empty());
}

TEST_CASE("W3C comparison of graphs is isomorphism with blank nodes", "[w3c][engine]") {
  Term p = Term::iri("http://e/p");
  std::vector<rdf::Triple> a = {{Term::blank("x"), p, Term::blank("y")},
                                {Term::blank("y"), p, Term::literal("1")}};
  std::vector<rdf::Triple> b = {{Term::blank("n2"), p, Term::literal("1")},
                                {Term::blank("n1"), p, Term::blank("n2")}};
  std::vector<rdf::Triple> c = {{Term::blank("n1"), p, Term::blank("n2")},
                                {Term::blank("n1"), p, Term::literal("1")}};
  CHECK(compare_graphs(a, b).empty());
  CHECK(!compare_graphs(a, c).empty());
}

TEST_CASE("W3C RDF/XML reader reads the result-set shape of the suite", "[w3c][engine]") {
  const char* text = R"(<?xml version="1.0"?>
<rdf:RDF xmlns:rs="http://www.w3.org/2001/sw/DataAccess/tests/result-set#"
         xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rs:ResultSet>
    <rs:resultVariable>x</rs:resultVariable>
    <rs:solution rdf:parseType="Resource">
      <rs:index rdf:datatype="http://www.w3.org/2001/XMLSchema#integer">1</rs:index>
      <rs:binding rdf:parseType="Resource">
        <rs:variable>x</rs:variable>
        <rs:value rdf:resource="rel"/>
      </rs:binding>
    </rs:solution>
    <rs:solution rdf:parseType="Resource">
      <rs:binding rdf:parseType="Resource">
        <rs:variable>x</rs:variable>
        <rs:value xml:lang="en">a &amp; b</rs:value>
      </rs:binding>
    </rs:solution>
  </rs:ResultSet>
</rdf:RDF>)";
  auto triples = parse_rdfxml(text, "file:///d/result.rdf");
  REQUIRE(triples.size() == 11);
  CHECK(triples[0].predicate.value == "http://www.w3.org/1999/02/22-rdf-syntax-ns#type");
  CHECK(triples[0].object.value ==
        "http://www.w3.org/2001/sw/DataAccess/tests/result-set#ResultSet");
  bool saw_iri = false, saw_literal = false;
  for (const auto& t : triples) {
    if (t.object == Term::iri("file:///d/rel")) saw_iri = true;
    if (t.object == Term::literal("a & b", "", "en")) saw_literal = true;
  }
  CHECK(saw_iri);
  CHECK(saw_literal);
  CHECK_THROWS(parse_rdfxml("<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>",
                            "file:///d/x.rdf"));
}
