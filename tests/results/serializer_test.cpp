#include "sparqlmcp/results/serializer.hpp"

#include <catch2/catch.hpp>

using namespace sparqlmcp;
using namespace sparqlmcp::results;

namespace {

QueryResults small() {
  QueryResults r;
  r.variables = {"x", "y"};
  r.rows.push_back({rdf::Term::iri("http://e/a"),
                    rdf::Term::literal("5", "http://www.w3.org/2001/XMLSchema#integer")});
  r.rows.push_back({rdf::Term::blank("b"), rdf::Term::literal("a \"q\", <t>\tx", "", "en")});
  r.rows.push_back({std::nullopt, rdf::Term::literal("")});
  return r;
}

}  // namespace

TEST_CASE("JSON serialization follows the SPARQL 1.1 JSON results format", "[results]") {
  CHECK(serialize_results(small(), ResultsFormat::Json) ==
        R"({"head":{"vars":["x","y"]},"results":{"bindings":[)"
        R"({"x":{"type":"uri","value":"http://e/a"},"y":{"type":"literal","value":"5",)"
        R"("datatype":"http://www.w3.org/2001/XMLSchema#integer"}},)"
        R"({"x":{"type":"bnode","value":"b"},"y":{"type":"literal","value":"a \"q\", <t>\tx",)"
        R"("xml:lang":"en"}},{"y":{"type":"literal","value":""}}]}})");
  QueryResults ask;
  ask.kind = QueryResults::Kind::Boolean;
  ask.boolean = true;
  CHECK(serialize_results(ask, ResultsFormat::Json) == R"({"head":{},"boolean":true})");
  CHECK(to_json(ask) == nlohmann::json::parse(R"({"head":{},"boolean":true})"));
}

TEST_CASE("to_json produces the same object the JSON serializer writes", "[results]") {
  CHECK(to_json(small()) == nlohmann::json::parse(serialize_results(small(), ResultsFormat::Json)));
}

TEST_CASE("XML serialization escapes text and attributes", "[results]") {
  CHECK(serialize_results(small(), ResultsFormat::Xml) ==
        "<?xml version=\"1.0\"?>\n"
        "<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">\n"
        "  <head>\n"
        "    <variable name=\"x\"/>\n"
        "    <variable name=\"y\"/>\n"
        "  </head>\n"
        "  <results>\n"
        "    <result>\n"
        "      <binding name=\"x\"><uri>http://e/a</uri></binding>\n"
        "      <binding name=\"y\"><literal "
        "datatype=\"http://www.w3.org/2001/XMLSchema#integer\">5</literal></binding>\n"
        "    </result>\n"
        "    <result>\n"
        "      <binding name=\"x\"><bnode>b</bnode></binding>\n"
        "      <binding name=\"y\"><literal xml:lang=\"en\">a \"q\", "
        "&lt;t&gt;\tx</literal></binding>\n"
        "    </result>\n"
        "    <result>\n"
        "      <binding name=\"y\"><literal></literal></binding>\n"
        "    </result>\n"
        "  </results>\n"
        "</sparql>\n");
}

TEST_CASE("CSV serialization uses CRLF and RFC 4180 quoting", "[results]") {
  CHECK(serialize_results(small(), ResultsFormat::Csv) ==
        "x,y\r\n"
        "http://e/a,5\r\n"
        "_:b,\"a \"\"q\"\", <t>\tx\"\r\n"
        ",\"\"\r\n");
}

TEST_CASE("TSV serialization writes terms in SPARQL syntax", "[results]") {
  CHECK(serialize_results(small(), ResultsFormat::Tsv) ==
        "?x\t?y\n"
        "<http://e/a>\t5\n"
        "_:b\t\"a \\\"q\\\", <t>\\tx\"@en\n"
        "\t\"\"\n");
}
