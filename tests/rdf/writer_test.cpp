#include "sparqlmcp/rdf/writer.hpp"

#include <catch2/catch.hpp>

#include "graph_compare.hpp"
#include "sparqlmcp/rdf/reader.hpp"

using namespace sparqlmcp::rdf;
using sparqlmcp::rdf::testing::isomorphic;
using sparqlmcp::rdf::testing::triples_of;

namespace {

const std::vector<std::pair<std::string, std::string>> kPrefixes = {
    {"ex", "http://example.org/"},
    {"xsd", "http://www.w3.org/2001/XMLSchema#"},
    {"rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"},
};

const char* kRichTurtle = R"(@prefix ex: <http://example.org/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:s a ex:Class ;
  ex:name "tab\there", "quote \" and \\ backslash", "line\nbreak\r", "ümlaut 😀"@de ;
  ex:n 42, -7, 3.14, -0.5, 6.02e23, true, "0042"^^xsd:integer, "1.0E0"^^xsd:double,
       "NaN"^^xsd:double, "x"^^ex:custom, "2024-01-01"^^xsd:date ;
  ex:nested [ ex:deeper [ ex:leaf "v" ] ; ex:other ex:o ] ;
  ex:list (1 "two" ex:three) ;
  ex:shared _:shared .
_:shared ex:back ex:s .
ex:t ex:shared _:shared .
_:loop1 ex:next _:loop2 .
_:loop2 ex:next _:loop1 .
<http://example.org/path/with%20escape> ex:p <http://other.example/a%62> .
ex:a.b ex:p ex:ok .
)";

}  // namespace

TEST_CASE("N-Triples output is one escaped triple per line", "[rdf]") {
  const std::vector<Triple> triples = {
      {Term::iri("http://e/s"), Term::iri("http://e/p"), Term::literal("a\"b\\c\nd")},
      {Term::blank("x"), Term::iri("http://e/p"), Term::literal("5", "http://e/dt")},
      {Term::blank("weird label!"), Term::iri("http://e/p"), Term::literal("hi", "", "en")},
  };
  CHECK(serialize_ntriples(triples) ==
        "<http://e/s> <http://e/p> \"a\\\"b\\\\c\\nd\" .\n"
        "_:x <http://e/p> \"5\"^^<http://e/dt> .\n"
        "_:b1 <http://e/p> \"hi\"@en .\n");
}

TEST_CASE("N-Quads output omits the default graph and names the others", "[rdf]") {
  const std::vector<Quad> quads = {
      {Term::iri("http://e/s"), Term::iri("http://e/p"), Term::iri("http://e/o"), Term::iri("")},
      {Term::iri("http://e/s"), Term::iri("http://e/p"), Term::iri("http://e/o"),
       Term::iri("http://e/g")},
  };
  const std::string text = serialize_nquads(quads);
  CHECK(text ==
        "<http://e/s> <http://e/p> <http://e/o> .\n"
        "<http://e/s> <http://e/p> <http://e/o> <http://e/g> .\n");
  CHECK(parse_rdf(text, RdfSyntax::NQuads, "", "rt") == quads);
}

TEST_CASE("compact Turtle groups subjects and objects and uses prefixes", "[rdf]") {
  const std::vector<Triple> triples = {
      {Term::iri("http://example.org/s"),
       Term::iri("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"),
       Term::iri("http://example.org/C")},
      {Term::iri("http://example.org/s"), Term::iri("http://example.org/p"), Term::literal("a")},
      {Term::iri("http://example.org/s"), Term::iri("http://example.org/p"),
       Term::literal("7", "http://www.w3.org/2001/XMLSchema#integer")},
      {Term::iri("http://example.org/s"), Term::iri("http://example.org/q"),
       Term::iri("http://nowhere.example/x")},
  };
  CHECK(serialize_turtle(triples, kPrefixes) ==
        "@prefix ex: <http://example.org/> .\n"
        "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
        "@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .\n"
        "\n"
        "ex:s\n"
        "    a ex:C ;\n"
        "    ex:p \"a\", 7 ;\n"
        "    ex:q <http://nowhere.example/x> .\n");
}

TEST_CASE("Turtle round trip: parse, serialize, parse gives the same graph", "[rdf]") {
  const auto original = triples_of(parse_rdf(kRichTurtle, RdfSyntax::Turtle, "", "rich.ttl"));
  REQUIRE(original.size() > 25);
  const std::string turtle = serialize_turtle(original, kPrefixes);
  INFO(turtle);
  CHECK_THAT(turtle, Catch::Contains("ex:list ( 1 \"two\" ex:three )"));
  CHECK_THAT(turtle, Catch::Contains("ex:deeper [\n"));
  const auto again = triples_of(parse_rdf(turtle, RdfSyntax::Turtle, "", "again.ttl"));
  CHECK(again.size() == original.size());
  CHECK(isomorphic(original, again));
  // and without any prefix
  const auto bare =
      triples_of(parse_rdf(serialize_turtle(original, {}), RdfSyntax::Turtle, "", "bare.ttl"));
  CHECK(isomorphic(original, bare));
}

TEST_CASE("N-Triples round trip: parse, serialize, parse gives the same graph", "[rdf]") {
  const auto original = triples_of(parse_rdf(kRichTurtle, RdfSyntax::Turtle, "", "rich.ttl"));
  const std::string nt = serialize_ntriples(original);
  const auto again = triples_of(parse_rdf(nt, RdfSyntax::NTriples, "", "again.nt"));
  CHECK(isomorphic(original, again));
}

TEST_CASE("Turtle output keeps IRIs that are unsafe as prefixed names in full", "[rdf]") {
  const std::vector<Triple> triples = {
      {Term::iri("http://example.org/a/b"), Term::iri("http://example.org/p"),
       Term::iri("http://example.org/trailing.")},
      {Term::iri("http://example.org/x#y"), Term::iri("http://example.org/p"),
       Term::iri("http://example.org/caf\xC3\xA9")},
  };
  const std::string text = serialize_turtle(triples, kPrefixes);
  CHECK_THAT(text, Catch::Contains("<http://example.org/a/b>"));
  CHECK_THAT(text, Catch::Contains("<http://example.org/trailing.>"));
  CHECK_THAT(text, Catch::Contains("<http://example.org/x#y>"));
  CHECK(isomorphic(triples_of(parse_rdf(text, RdfSyntax::Turtle, "", "t")), triples));
}

TEST_CASE("a blank node cycle is written with labels and loses no triple", "[rdf]") {
  const std::vector<Triple> triples = {
      {Term::blank("a"), Term::iri("http://e/p"), Term::blank("b")},
      {Term::blank("b"), Term::iri("http://e/p"), Term::blank("a")},
  };
  const std::string text = serialize_turtle(triples, {});
  const auto again = triples_of(parse_rdf(text, RdfSyntax::Turtle, "", "cycle"));
  CHECK(again.size() == 2);
  CHECK(isomorphic(again, triples));
}

TEST_CASE("nested and empty collections are written as ( ... ) and round-trip", "[rdf]") {
  const auto original = triples_of(parse_rdf(
      "<http://e/a> <http://e/b> (1 (2 3) [ <http://e/c> () ]), () .\n"
      "<http://e/z> <http://e/y> _:l . _:l <http://www.w3.org/1999/02/22-rdf-syntax-ns#first> 1 .",
      RdfSyntax::Turtle, "", "lists"));
  const std::string text = serialize_turtle(original, {});
  CHECK_THAT(text, Catch::Contains("<http://e/b> ( 1 ( 2 3 ) [\n"));
  CHECK_THAT(text, Catch::Contains("<http://e/c> ()"));
  // an incomplete list node (no rdf:rest) stays a plain blank node
  CHECK_THAT(text, Catch::Contains("<http://www.w3.org/1999/02/22-rdf-syntax-ns#first> 1"));
  CHECK(isomorphic(triples_of(parse_rdf(text, RdfSyntax::Turtle, "", "again")), original));
}

TEST_CASE("an empty graph serializes to prefixes only", "[rdf]") {
  CHECK(serialize_turtle({}, {{"ex", "http://e/"}}) == "@prefix ex: <http://e/> .\n");
  CHECK(serialize_ntriples({}).empty());
}
