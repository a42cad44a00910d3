#include "sparqlmcp/sparql/service_analysis.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::sparql;

TEST_CASE("SERVICE clauses are found everywhere, in textual order", "[sparql]") {
  Query q = parse_query(
      "SELECT ?s (EXISTS { SERVICE <http://a/> { ?s ?p 1 } } AS ?e) WHERE {\n"
      "  SERVICE SILENT <http://b/> { ?s ?p ?o SERVICE ?ep { ?o ?q ?r } }\n"
      "  { SELECT ?s { SERVICE <http://c/> { ?s ?x ?y } } }\n"
      "  FILTER NOT EXISTS { SERVICE <http://d/> { ?s ?z ?w } }\n"
      "}");
  auto clauses = find_service_clauses(q);
  REQUIRE(clauses.size() == 5);
  CHECK(clauses[0].endpoint == "http://a/");
  CHECK(clauses[0].span.line == 1);
  CHECK(clauses[0].span.column == 21);
  CHECK(clauses[1].endpoint == "http://b/");
  CHECK(clauses[1].silent);
  CHECK(clauses[1].span.line == 2);
  CHECK(clauses[1].span.column == 3);
  CHECK(clauses[2].endpoint.empty());
  CHECK(clauses[2].variable == "ep");
  CHECK(clauses[3].endpoint == "http://c/");
  CHECK(clauses[4].endpoint == "http://d/");
  CHECK(clauses[4].span.line == 4);
}

TEST_CASE("a query that is one SERVICE is unwrapped with its modifiers and filters", "[sparql]") {
  Query q = parse_query(
      "PREFIX wdt: <http://www.wikidata.org/prop/direct/>\n"
      "SELECT DISTINCT ?item (COUNT(?x) AS ?n) WHERE {\n"
      "  SERVICE <https://query.wikidata.org/sparql> { ?item wdt:P31 ?x OPTIONAL { ?x wdt:P1 ?y } "
      "}\n"
      "  FILTER(?x != wdt:Q5)\n"
      "} GROUP BY ?item ORDER BY DESC(?n) LIMIT 10 VALUES ?item { <http://a> }");
  auto direct = unwrap_single_service(q);
  REQUIRE(direct);
  CHECK(direct->endpoint == "https://query.wikidata.org/sparql");
  CHECK_FALSE(direct->silent);
  CHECK(direct->query.form() == QueryForm::Select);
  const std::string text = serialize_query(direct->query);
  CHECK(text.rfind("PREFIX wdt: <http://www.wikidata.org/prop/direct/>\n", 0) == 0);
  CHECK(text.find("SERVICE") == std::string::npos);
  Query expected = parse_query(
      "PREFIX wdt: <http://www.wikidata.org/prop/direct/>\n"
      "SELECT DISTINCT ?item (COUNT(?x) AS ?n) WHERE { ?item wdt:P31 ?x OPTIONAL { ?x wdt:P1 ?y } "
      "FILTER(?x != wdt:Q5) } GROUP BY ?item ORDER BY DESC(?n) LIMIT 10 VALUES ?item { <http://a> "
      "}");
  CHECK(to_sse(direct->query) == to_sse(expected));
  // What is sent prints and parses back to the same algebra.
  CHECK(to_sse(parse_query(text)) == to_sse(expected));
}

TEST_CASE("unwrapping keeps ASK, CONSTRUCT and DESCRIBE forms and SILENT", "[sparql]") {
  auto ask = unwrap_single_service(parse_query("ASK { SERVICE SILENT <http://e/> { ?s ?p ?o } }"));
  REQUIRE(ask);
  CHECK(ask->silent);
  CHECK(ask->query.form() == QueryForm::Ask);
  CHECK(to_sse(ask->query) == "(bgp (triple ?s ?p ?o))");
  auto construct = unwrap_single_service(
      parse_query("CONSTRUCT { ?s ?p ?o } WHERE { SERVICE <http://e/> { ?s ?p ?o } } LIMIT 5"));
  REQUIRE(construct);
  CHECK(construct->query.form() == QueryForm::Construct);
  CHECK(construct->query.syntax().construct_template.size() == 1);
  auto sub = unwrap_single_service(parse_query(
      "SELECT * { SERVICE <http://e/> { SELECT ?s { ?s ?p ?o } LIMIT 1 } FILTER(isIRI(?s)) }"));
  REQUIRE(sub);
  CHECK(to_sse(sub->query) ==
        "(project (?s) (filter (isIRI ?s) (tomultiset (slice _ 1 (project (?s) (bgp (triple ?s ?p "
        "?o)))))))");
}

TEST_CASE("queries that are not a single SERVICE are not unwrapped", "[sparql]") {
  const char* queries[] = {
      "SELECT * { ?s ?p ?o }",
      "SELECT * { SERVICE ?ep { ?s ?p ?o } }",
      "SELECT * { SERVICE <http://a/> { ?s ?p ?o } SERVICE <http://b/> { ?o ?q ?r } }",
      "SELECT * { SERVICE <http://a/> { ?s ?p ?o SERVICE <http://b/> { ?o ?q ?r } } }",
      "SELECT * { ?x ?y ?z SERVICE <http://a/> { ?s ?p ?o } }",
      "SELECT * { OPTIONAL { SERVICE <http://a/> { ?s ?p ?o } } }",
      "SELECT * { SERVICE <http://a/> { ?s ?p ?o } BIND(1 AS ?one) }",
      "SELECT * FROM <http://g> { SERVICE <http://a/> { ?s ?p ?o } }",
      "SELECT * { SERVICE <http://a/> { ?s ?p ?o } FILTER EXISTS { SERVICE <http://b/> { ?s ?q "
      "?r } } }",
  };
  for (const char* q : queries) {
    INFO(q);
    CHECK_FALSE(unwrap_single_service(parse_query(q)));
  }
}

TEST_CASE("Wikidata's label service inside the SERVICE does not prevent unwrapping", "[sparql]") {
  Query q = parse_query(
      "PREFIX wikibase: <http://wikiba.se/ontology#> PREFIX bd: <http://www.bigdata.com/rdf#> "
      "PREFIX wdt: <http://www.wikidata.org/prop/direct/> PREFIX wd: "
      "<http://www.wikidata.org/entity/> "
      "SELECT ?item ?itemLabel WHERE { SERVICE <https://query.wikidata.org/sparql> { ?item wdt:P31 "
      "wd:Q146 . SERVICE wikibase:label { bd:serviceParam wikibase:language \"en\" } } } LIMIT 3");
  CHECK(find_service_clauses(q).size() == 2);
  auto direct = unwrap_single_service(q);
  REQUIRE(direct);
  CHECK(direct->endpoint == "https://query.wikidata.org/sparql");
  CHECK(serialize_query(direct->query).find("SERVICE wikibase:label") != std::string::npos);
  // At the top level, next to the endpoint's SERVICE, it is a second service.
  Query outside = parse_query(
      "SELECT * { SERVICE <https://query.wikidata.org/sparql> { ?s ?p ?o } SERVICE "
      "<http://wikiba.se/ontology#label> { ?s ?q ?r } }");
  CHECK_FALSE(unwrap_single_service(outside));
}
