#include "query_routing.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "sparqlmcp/util/error.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using sparqlmcp::test::is_error;

namespace {

catalogue::Catalogue two_endpoints() {
  catalogue::Catalogue catalogue;
  catalogue::Endpoint people;
  people.id = "people";
  people.endpoint_iri = "http://127.0.0.1:1/people/sparql";
  people.title = "People";
  people.description = "Persons and their birth places.";
  catalogue.add(people);
  catalogue::Endpoint places;
  places.id = "places";
  places.endpoint_iri = "http://127.0.0.1:1/places/sparql";
  places.title = "Places";
  places.description = "Cities and countries.";
  catalogue.add(places);
  return catalogue;
}

Error route_error(const std::string& text, bool allow_any = false) {
  catalogue::Catalogue catalogue = two_endpoints();
  return test::error_of([&] {
    federation::plan_route(sparql::parse_query(text), catalogue, {allow_any, {}});
  });
}

}  // namespace

TEST_CASE("a single SERVICE query is sent to its endpoint without the wrapper", "[federation]") {
  catalogue::Catalogue catalogue = two_endpoints();
  auto route = federation::plan_route(
      sparql::parse_query("SELECT ?s WHERE { SERVICE <http://127.0.0.1:1/people/sparql> "
                          "{ ?s ?p ?o } } ORDER BY ?s LIMIT 3"),
      catalogue, {});
  CHECK(route.endpoint.id == "people");
  CHECK(sparql::serialize_query(route.inner).find("SERVICE") == std::string::npos);
  CHECK(sparql::serialize_query(route.inner).find("LIMIT 3") != std::string::npos);
  // What is sent parses and has the same shape without SERVICE.
  CHECK_NOTHROW(sparql::parse_query(sparql::serialize_query(route.inner)));
}

TEST_CASE("a query without SERVICE goes to every catalogue endpoint, as one merged graph",
          "[federation]") {
  catalogue::Catalogue catalogue = two_endpoints();
  auto route = federation::plan_route(
      sparql::parse_query("SELECT ?name WHERE { ?s <http://x/name> ?name ; <http://x/born> _:b . "
                          "_:b <http://x/in> ?c } ORDER BY ?name"),
      catalogue, {});
  CHECK(route.kind == federation::Route::Kind::Federated);
  REQUIRE(route.endpoints.size() == 2);
  const std::string text = sparql::serialize_query(route.inner);
  // Each pattern is a merge unit over both endpoints: SELECT DISTINCT over a UNION of SERVICEs.
  CHECK(text.find("SELECT DISTINCT") != std::string::npos);
  std::size_t services = 0;
  for (std::size_t at = text.find("SERVICE"); at != std::string::npos;
       at = text.find("SERVICE", at + 1))
    ++services;
  CHECK(services == 6);
  // The blank node joins its two patterns as a variable, never projected.
  CHECK(text.find("?merged_blank_0 <http://x/in>") != std::string::npos);
  CHECK(text.find("SELECT ?name") == 0);
  CHECK(text.find("ORDER BY") != std::string::npos);
}

TEST_CASE("a query without SERVICE over a catalogue of one endpoint goes straight to it",
          "[federation]") {
  catalogue::Catalogue catalogue;
  catalogue::Endpoint people;
  people.id = "people";
  people.endpoint_iri = "http://127.0.0.1:1/people/sparql";
  catalogue.add(people);
  auto route = federation::plan_route(sparql::parse_query("SELECT * WHERE { ?s ?p ?o } LIMIT 3"),
                                      catalogue, {});
  CHECK(route.kind == federation::Route::Kind::Direct);
  CHECK(route.endpoint.id == "people");
}

TEST_CASE("a query without SERVICE and an empty catalogue says so", "[federation][error]") {
  catalogue::Catalogue empty;
  Error error = test::error_of([&] {
    federation::plan_route(sparql::parse_query("SELECT * WHERE { ?s ?p ?o }"), empty, {});
  });
  CHECK_THAT(
      error,
      is_error(ErrorKind::InvalidArgument).with_message_containing("and the catalogue is empty"));
}

TEST_CASE("a query with no graph pattern at all says what to write", "[federation][error]") {
  Error error = route_error("SELECT * WHERE { BIND(1 AS ?x) }");
  CHECK_THAT(error, is_error(ErrorKind::InvalidArgument)
                        .with_message_containing("has no graph pattern for an endpoint to match"));
  CHECK_THAT(error.message, Catch::Contains("<http://127.0.0.1:1/people/sparql> (People)"));
}

TEST_CASE("a property path with + outside SERVICE over several endpoints is refused",
          "[federation][error]") {
  Error error = route_error("SELECT * WHERE { ?s <http://x/knows>+ ?o }");
  CHECK_THAT(error, is_error(ErrorKind::InvalidArgument)
                        .with_message_containing("can run across several endpoints"));
  // The path as SPARQL writes it, with the query's prefixes.
  CHECK_THAT(error.message, Catch::Contains("the property path <http://x/knows>+ is outside"));
  Error prefixed =
      route_error("PREFIX x: <http://x/> SELECT * WHERE { ?s (x:knows/^x:likes)* ?o }");
  CHECK_THAT(prefixed.message,
             Catch::Contains("the property path (x:knows / ^x:likes)* is outside"));
}

TEST_CASE("a SERVICE naming an unknown endpoint is refused with the known ones",
          "[federation][error]") {
  Error error = route_error("SELECT * WHERE { SERVICE <http://elsewhere/sparql> { ?s ?p ?o } }");
  CHECK_THAT(error, is_error(ErrorKind::InvalidArgument)
                        .with_message_starting("SERVICE <http://elsewhere/sparql> is not an "
                                               "endpoint of this server's catalogue"));
  CHECK_THAT(error.message, Catch::Contains("<http://127.0.0.1:1/places/sparql> (Places)"));
}

TEST_CASE("an unknown endpoint is let through when any endpoint is allowed", "[federation]") {
  catalogue::Catalogue catalogue = two_endpoints();
  auto route = federation::plan_route(
      sparql::parse_query("ASK { SERVICE <http://elsewhere/sparql> { ?s ?p ?o } }"), catalogue,
      {true, {}});
  CHECK(route.endpoint.endpoint_iri == "http://elsewhere/sparql");
}

TEST_CASE("two SERVICE clauses go to the federation engine with both endpoints", "[federation]") {
  catalogue::Catalogue catalogue = two_endpoints();
  auto route = federation::plan_route(
      sparql::parse_query("SELECT * WHERE { SERVICE <http://127.0.0.1:1/people/sparql> { ?s ?p ?o "
                          "} SERVICE <http://127.0.0.1:1/places/sparql> { ?o ?q ?r } }"),
      catalogue, {});
  CHECK(route.kind == federation::Route::Kind::Federated);
  REQUIRE(route.endpoints.size() == 2);
  CHECK(route.endpoints[0].id == "people");
  CHECK(route.endpoints[1].id == "places");
}

TEST_CASE("with a federation endpoint, federated queries go to it unchanged", "[federation]") {
  catalogue::Catalogue catalogue = two_endpoints();
  auto route = federation::plan_route(
      sparql::parse_query(
          "SELECT * WHERE { SERVICE <http://127.0.0.1:1/people/sparql> { ?s ?p ?o "
          "} OPTIONAL { SERVICE <http://127.0.0.1:1/places/sparql> { ?o ?q ?r } } }"),
      catalogue, {false, "http://127.0.0.1:2/comunica/sparql"});
  CHECK(route.kind == federation::Route::Kind::External);
  CHECK(route.endpoint.endpoint_iri == "http://127.0.0.1:2/comunica/sparql");
  CHECK(sparql::serialize_query(route.inner).find("OPTIONAL") != std::string::npos);
}

TEST_CASE("a SERVICE with a variable endpoint is federated", "[federation]") {
  catalogue::Catalogue catalogue = two_endpoints();
  auto route = federation::plan_route(
      sparql::parse_query("SELECT * WHERE { VALUES ?e { <http://127.0.0.1:1/people/sparql> } "
                          "SERVICE ?e { ?s ?p ?o } }"),
      catalogue, {});
  CHECK(route.kind == federation::Route::Kind::Federated);
}

TEST_CASE("plain patterns beside a SERVICE go to the catalogue, the SERVICE where it says",
          "[federation]") {
  catalogue::Catalogue catalogue = two_endpoints();
  auto route = federation::plan_route(
      sparql::parse_query(
          "SELECT * WHERE { ?x ?y ?z SERVICE <http://127.0.0.1:1/people/sparql> { ?s ?p ?o } }"),
      catalogue, {});
  CHECK(route.kind == federation::Route::Kind::Federated);
  CHECK(route.endpoints.size() == 2);
}

TEST_CASE("a triple pattern inside EXISTS goes to the catalogue as well", "[federation]") {
  catalogue::Catalogue catalogue = two_endpoints();
  auto route = federation::plan_route(
      sparql::parse_query(
          "SELECT * WHERE { SERVICE <http://127.0.0.1:1/people/sparql> { ?s ?p ?o } "
          "SERVICE <http://127.0.0.1:1/places/sparql> { ?o ?q ?r } "
          "FILTER NOT EXISTS { ?x ?y ?z } }"),
      catalogue, {});
  const std::string text = sparql::serialize_query(route.inner);
  const std::size_t exists = text.find("NOT EXISTS");
  REQUIRE(exists != std::string::npos);
  INFO(text);
  // A merge unit over both endpoints inside NOT EXISTS.
  CHECK(text.find("SELECT DISTINCT", exists) != std::string::npos);
  CHECK(text.find("?x ?y ?z", exists) != std::string::npos);
}

TEST_CASE("an endpoint-internal SERVICE inside the one SERVICE travels with the query",
          "[federation]") {
  catalogue::Catalogue catalogue = two_endpoints();
  auto route = federation::plan_route(
      sparql::parse_query(
          "PREFIX wikibase: <http://wikiba.se/ontology#> PREFIX bd: <http://www.bigdata.com/rdf#> "
          "SELECT ?s ?sLabel WHERE { SERVICE <http://127.0.0.1:1/people/sparql> { ?s ?p ?o "
          "SERVICE wikibase:label { bd:serviceParam wikibase:language \"en\" } } }"),
      catalogue, {});
  CHECK(route.endpoint.id == "people");
  CHECK(sparql::serialize_query(route.inner).find("SERVICE") != std::string::npos);
  CHECK(sparql::serialize_query(route.inner).find("127.0.0.1:1/people") == std::string::npos);
}

TEST_CASE(
    "a SERVICE that is no http(s) URL is refused in the query's terms under "
    "--allow-any-endpoint",
    "[federation][error]") {
  for (const char* iri : {"ftp://example.org/sparql", "urn:example:endpoint", "http:///sparql"}) {
    INFO(iri);
    Error error =
        route_error(std::string("ASK { SERVICE <") + iri + "> { ?s ?p ?o } }", /*allow_any=*/true);
    CHECK(error.kind == ErrorKind::InvalidArgument);
    CHECK(error.message ==
          std::string("SERVICE <") + iri +
              "> cannot be queried: only http:// and https:// URLs with a host name can be sent "
              "a query, and <" +
              iri +
              "> is neither such a URL nor an endpoint of this server's catalogue. Name the "
              "http(s) URL of a SPARQL endpoint, or an endpoint IRI exactly as listed by "
              "list_endpoints. Known endpoints: <http://127.0.0.1:1/people/sparql> (People), "
              "<http://127.0.0.1:1/places/sparql> (Places).");
    CHECK(error.message.find("--endpoint") == std::string::npos);
  }
  // The same check applies to each SERVICE of a query that needs federation.
  Error federated = route_error(
      "SELECT * WHERE { SERVICE <http://127.0.0.1:1/people/sparql> { ?s ?p ?o } "
      "SERVICE <urn:x> { ?s ?p ?o } }",
      true);
  CHECK_THAT(federated.message, Catch::StartsWith("SERVICE <urn:x> cannot be queried"));
}
