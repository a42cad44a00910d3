#include "sparqlmcp/engine/expression.hpp"

#include <catch2/catch.hpp>

#include "engine/expression_fixture.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::engine;
using sparqlmcp::engine::test::Fixture;

TEST_CASE("term tests, STR, LANG and DATATYPE", "[expression]") {
  Fixture f;
  f.bind("b", rdf::Term::blank("b1"));
  CHECK(f.ev("isIRI(:a)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("isURI(\"a\")") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("isBlank(?b)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("isLiteral(\"a\"@en)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("isLiteral(?unbound)") == "error");
  CHECK(f.ev("isNumeric(1.5e0)") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("STR(:a)") == "\"http://example.org/a\"");
  CHECK(f.ev("STR(\"a\"@en)") == "\"a\"");
  CHECK(f.ev("STR(1 + 1)") == "\"2\"");
  CHECK(f.ev("STR(?b)") == "error");
  CHECK(f.ev("LANG(\"a\"@en-GB)") == "\"en-GB\"");
  CHECK(f.ev("LANG(\"a\")") == "\"\"");
  CHECK(f.ev("LANG(:a)") == "error");
  CHECK(f.ev("DATATYPE(\"a\")") == "<http://www.w3.org/2001/XMLSchema#string>");
  CHECK(f.ev("DATATYPE(\"a\"@en)") == "<http://www.w3.org/1999/02/22-rdf-syntax-ns#langString>");
  CHECK(f.ev("DATATYPE(1)") == "<http://www.w3.org/2001/XMLSchema#integer>");
  CHECK(f.ev("DATATYPE(\"1\"^^xsd:byte)") == "<http://www.w3.org/2001/XMLSchema#byte>");
  CHECK(f.ev("DATATYPE(1/2)") == "<http://www.w3.org/2001/XMLSchema#decimal>");
  CHECK(f.ev("DATATYPE(\"x\"^^:t)") == "<http://example.org/t>");
  CHECK(f.ev("DATATYPE(:a)") == "error");
}

TEST_CASE("IRI resolves against the base, STRDT and STRLANG build literals", "[expression]") {
  Fixture f;
  CHECK(f.ev("IRI(\"http://example.org/x\")") == "<http://example.org/x>");
  CHECK(f.ev("IRI(\"x\")") == "<http://example.org/base/x>");
  CHECK(f.ev("URI(\"../y?q#f\")") == "<http://example.org/y?q#f>");
  CHECK(f.ev("IRI(\"/root\")") == "<http://example.org/root>");
  CHECK(f.ev("IRI(:a)") == "<http://example.org/a>");
  CHECK(f.ev("IRI(\"x\"@en)") == "error");
  CHECK(f.ev("IRI(1)") == "error");
  // The result must be an absolute IRI, with no character an IRI cannot hold.
  CHECK(f.ev("IRI(\"http://example.org/a b\")") == "error");
  CHECK(f.ev("IRI(\"http://example.org/<a>\")") == "error");
  CHECK(f.ev("IRI(\"a{b}\")") == "error");
  CHECK(f.ev("IRI(CONCAT(\"http://example.org/\", ENCODE_FOR_URI(\"a b\")))") ==
        "<http://example.org/a%20b>");
  CHECK(f.ev("IRI(\"urn:isbn:0451450523\")") == "<urn:isbn:0451450523>");
  // No RFC 3986 scheme before the ':' (3.1): relative paths, resolved as BASE resolves them.
  CHECK(f.ev("IRI(\"a_b:c\")") == "<http://example.org/base/a_b:c>");
  CHECK(f.ev("IRI(\"1x:y\")") == "<http://example.org/base/1x:y>");
  f.context.base_iri.clear();
  CHECK(f.ev("IRI(\"x\")") == "error");
  CHECK(f.ev("IRI(\"1x:y\")") == "error");
  CHECK(f.ev("IRI(\"mailto:a@example.org\")") == "<mailto:a@example.org>");
  CHECK(f.ev("STRDT(\"123\", xsd:integer)") == "\"123\"^^xsd:integer");
  CHECK(f.ev("STRDT(\"123\", xsd:integer) + 1") == "\"124\"^^xsd:integer");
  CHECK(f.ev("STRDT(\"x\", :t)") == "\"x\"^^<http://example.org/t>");
  CHECK(f.ev("STRDT(\"x\", xsd:string)") == "\"x\"");
  CHECK(f.ev("STRDT(\"x\"@en, :t)") == "error");
  CHECK(f.ev("STRDT(\"x\", \"t\")") == "error");
  CHECK(f.ev("STRLANG(\"chat\", \"fr\")") == "\"chat\"@fr");
  CHECK(f.ev("STRLANG(\"chat\", \"en-GB\")") == "\"chat\"@en-GB");
  CHECK(f.ev("STRLANG(\"chat\"@en, \"fr\")") == "error");
  CHECK(f.ev("STRLANG(\"chat\", \"\")") == "error");
  CHECK(f.ev("STRLANG(\"chat\", \"not a tag\")") == "error");
}

TEST_CASE("BNODE gives one node per string within a row, new ones across rows", "[expression]") {
  Fixture f;
  sparql::Query query = f.parse("BNODE(\"a\")");
  CompiledExpression same = f.compile(query);
  sparql::Query other_query = f.parse("BNODE(\"b\")");
  CompiledExpression other = f.compile(other_query);
  sparql::Query fresh_query = f.parse("BNODE()");
  CompiledExpression fresh = f.compile(fresh_query);
  f.context.row_serial = 1;
  TermId a1 = same.evaluate(f.row, f.context);
  CHECK(f.terms.view(a1).is_blank());
  CHECK(same.evaluate(f.row, f.context) == a1);
  CHECK(other.evaluate(f.row, f.context) != a1);
  TermId n1 = fresh.evaluate(f.row, f.context);
  CHECK(fresh.evaluate(f.row, f.context) != n1);
  f.context.row_serial = 2;
  CHECK(same.evaluate(f.row, f.context) != a1);
  CHECK(f.ev("BNODE(1)") == "error");
}

TEST_CASE("UUID and STRUUID are fresh version 4 UUIDs", "[expression]") {
  Fixture f;
  auto uuid = f.eval("UUID()");
  REQUIRE(uuid);
  CHECK(uuid->is_iri());
  CHECK(uuid->value.rfind("urn:uuid:", 0) == 0);
  CHECK(uuid->value.size() == 9 + 36);
  CHECK(uuid->value[9 + 14] == '4');
  auto struuid = f.eval("STRUUID()");
  REQUIRE(struuid);
  CHECK(struuid->is_literal());
  CHECK(struuid->value.size() == 36);
  CHECK(f.ev("STRUUID() = STRUUID()") == "\"false\"^^xsd:boolean");
  CHECK(f.ev("REGEX(STRUUID(), "
             "\"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$\")") ==
        "\"true\"^^xsd:boolean");
}

TEST_CASE("date and time functions", "[expression]") {
  Fixture f;
  f.bind("d", rdf::Term::literal("2010-12-21T15:38:02.25-08:00",
                                 "http://www.w3.org/2001/XMLSchema#dateTime"));
  f.bind("z",
         rdf::Term::literal("2010-06-21T11:28:01Z", "http://www.w3.org/2001/XMLSchema#dateTime"));
  f.bind("local",
         rdf::Term::literal("2011-02-01T01:02:03", "http://www.w3.org/2001/XMLSchema#dateTime"));
  CHECK(f.ev("YEAR(?d)") == "\"2010\"^^xsd:integer");
  CHECK(f.ev("MONTH(?d)") == "\"12\"^^xsd:integer");
  CHECK(f.ev("DAY(?d)") == "\"21\"^^xsd:integer");
  CHECK(f.ev("HOURS(?d)") == "\"15\"^^xsd:integer");
  CHECK(f.ev("MINUTES(?d)") == "\"38\"^^xsd:integer");
  CHECK(f.ev("SECONDS(?d)") == "\"2.25\"^^xsd:decimal");
  CHECK(f.ev("SECONDS(?z)") == "\"1.0\"^^xsd:decimal");
  CHECK(f.ev("TIMEZONE(?d)") == "\"-PT8H\"^^xsd:dayTimeDuration");
  CHECK(f.ev("TIMEZONE(?z)") == "\"PT0S\"^^xsd:dayTimeDuration");
  CHECK(f.ev("TIMEZONE(\"2000-01-01T00:00:00+05:30\"^^xsd:dateTime)") ==
        "\"PT5H30M\"^^xsd:dayTimeDuration");
  CHECK(f.ev("TIMEZONE(?local)") == "error");
  CHECK(f.ev("TZ(?d)") == "\"-08:00\"");
  CHECK(f.ev("TZ(?z)") == "\"Z\"");
  CHECK(f.ev("TZ(?local)") == "\"\"");
  CHECK(f.ev("YEAR(\"2010\")") == "error");
  CHECK(f.ev("YEAR(\"bad\"^^xsd:dateTime)") == "error");
  CHECK(f.ev("NOW()") == "\"2024-03-04T05:06:07.5Z\"^^xsd:dateTime");
  CHECK(f.ev("YEAR(NOW())") == "\"2024\"^^xsd:integer");
  CHECK(f.ev("?z < ?d") == "\"true\"^^xsd:boolean");
  CHECK(f.ev("\"2000-01-01T24:00:00Z\"^^xsd:dateTime = \"2000-01-02T00:00:00Z\"^^xsd:dateTime") ==
        "\"true\"^^xsd:boolean");
  CHECK(f.ev("\"-0044-03-15T12:00:00Z\"^^xsd:dateTime < ?z") == "\"true\"^^xsd:boolean");
}

TEST_CASE("date parts of xsd:date values", "[expression]") {
  Fixture f;
  CHECK(f.ev("YEAR(\"2006-08-23Z\"^^xsd:date)") == "\"2006\"^^xsd:integer");
  CHECK(f.ev("DAY(\"2006-08-23\"^^xsd:date)") == "\"23\"^^xsd:integer");
  CHECK(f.ev("TZ(\"2006-08-23Z\"^^xsd:date)") == "\"Z\"");
  CHECK(f.ev("HOURS(\"2006-08-23\"^^xsd:date)") == "error");
  CHECK(f.ev("DATATYPE(\"2006-08-23\"^^xsd:date)") == "<http://www.w3.org/2001/XMLSchema#date>");
}
