#include <catch2/catch.hpp>

#include "sparqlmcp/assist/shacl_examples.hpp"
#include "sparqlmcp/rdf/reader.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::assist;

TEST_CASE(
    "SHACL examples are read with their prefixes; a malformed one is reported and the "
    "rest kept",
    "[assist]") {
  const std::string turtle = R"(
@prefix sh: <http://www.w3.org/ns/shacl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix schema: <https://schema.org/> .
@prefix ex: <http://example.org/examples/> .

ex:prefixes sh:declare [ sh:prefix "up" ; sh:namespace "http://purl.uniprot.org/core/"^^<http://www.w3.org/2001/XMLSchema#anyURI> ] .

ex:1 a sh:SPARQLExecutable, sh:SPARQLSelectExecutable ;
  rdfs:comment "Select all human proteins"@en ;
  sh:prefixes ex:prefixes ;
  sh:select "SELECT ?p WHERE { ?p a up:Protein }" ;
  schema:target <https://sparql.uniprot.org/sparql> .

ex:2 a sh:SPARQLExecutable ;
  rdfs:label "Is there a protein?" ;
  sh:ask "ASK { ?p a <http://purl.uniprot.org/core/Protein> }" .

ex:broken a sh:SPARQLExecutable ;
  rdfs:comment "Broken" ;
  sh:select "SELECT ?p WHERE { ?p a up:Protein " .
)";
  const auto quads = rdf::parse_rdf(turtle, rdf::RdfSyntax::Turtle, "", "test");
  const ExampleSet set = read_shacl_examples(quads, "test", "http://default/sparql");
  REQUIRE(set.examples.size() == 2);
  REQUIRE(set.problems.size() == 1);
  CHECK(set.problems[0].find("examples/broken") != std::string::npos);
  CHECK(set.problems[0].find("does not parse") != std::string::npos);

  const Example* select = nullptr;
  const Example* ask = nullptr;
  for (const Example& e : set.examples)
    (e.question.rfind("Select", 0) == 0 ? select : ask) = &e;
  REQUIRE(select);
  REQUIRE(ask);
  CHECK(select->query ==
        "PREFIX up: <http://purl.uniprot.org/core/>\nSELECT ?p WHERE { ?p a up:Protein }");
  CHECK(select->endpoints == std::vector<std::string>{"https://sparql.uniprot.org/sparql"});
  CHECK(select->term_words == "protein");
  CHECK(select->iris == std::vector<std::string>{"http://purl.uniprot.org/core/Protein"});
  CHECK(ask->question == "Is there a protein?");
  CHECK(ask->endpoints == std::vector<std::string>{"http://default/sparql"});
}

TEST_CASE("the IRIs of a query expand its prefixed names", "[assist]") {
  CHECK(query_iris("SELECT ?s { ?s ex:birthPlace <http://y/City> ; a ex:Person ; un:known ?x }",
                   {{"ex", "http://x/"}}) ==
        std::vector<std::string>{"http://x/birthPlace", "http://y/City", "http://x/Person"});
}

TEST_CASE("the words of a query's terms skip its strings and comments", "[assist]") {
  CHECK(query_term_words("PREFIX ex: <http://x/>\n# a comment: ex:ignored\n"
                         "SELECT ?s { ?s ex:birthPlace \"ex:notThis\" ; <http://y/hasName> ?n }") ==
        "birth place has name");
}
