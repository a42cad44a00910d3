#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/term_scan.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::sparql;

TEST_CASE("the scan lists declarations and written terms with their positions", "[sparql]") {
  const TermScan scan = scan_terms(
      "BASE <http://base/>\nPREFIX ex: <http://example.org/>\nSELECT * WHERE {\n"
      "  ?s a ex:Singer ; <http://example.org/name> ?n ; up:rank ?r . FILTER(?n != \"x:y\") }");
  CHECK_FALSE(scan.lexical_error);
  REQUIRE(scan.declarations.size() == 1);
  CHECK(scan.declarations[0].prefix == "ex");
  CHECK(scan.declarations[0].iri == "http://example.org/");
  CHECK(scan.declarations[0].at.line == 2);
  REQUIRE(scan.terms.size() == 3);
  CHECK(scan.terms[0].prefixed);
  CHECK(scan.terms[0].prefix == "ex");
  CHECK(scan.terms[0].local == "Singer");
  CHECK(scan.terms[0].at.line == 4);
  CHECK(scan.terms[0].at.column == 8);
  CHECK_FALSE(scan.terms[1].prefixed);
  CHECK(scan.terms[1].iri == "http://example.org/name");
  CHECK(scan.terms[2].prefix == "up");
  CHECK(scan.terms[2].local == "rank");
}

TEST_CASE("a text with a lexical error is scanned up to the error", "[sparql]") {
  const TermScan scan =
      scan_terms("SELECT * WHERE { ?s wdt:P31 wd:Q5 ; rdfs:label \"unterminated }");
  REQUIRE(scan.lexical_error);
  CHECK(scan.lexical_error->span);
  REQUIRE(scan.terms.size() == 3);
  CHECK(scan.terms[2].prefix == "rdfs");
}
