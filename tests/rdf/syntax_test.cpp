#include "sparqlmcp/rdf/reader.hpp"

#include <catch2/catch.hpp>

using namespace sparqlmcp::rdf;

TEST_CASE("media types are matched ignoring case, parameters and blanks", "[rdf]") {
  CHECK(rdf_syntax_from_media_type("text/turtle") == RdfSyntax::Turtle);
  CHECK(rdf_syntax_from_media_type("Text/Turtle; charset=UTF-8") == RdfSyntax::Turtle);
  CHECK(rdf_syntax_from_media_type("  application/x-turtle ") == RdfSyntax::Turtle);
  CHECK(rdf_syntax_from_media_type("application/n-triples") == RdfSyntax::NTriples);
  CHECK(rdf_syntax_from_media_type("text/plain;charset=utf-8") == RdfSyntax::NTriples);
  CHECK(rdf_syntax_from_media_type("application/N-Quads") == RdfSyntax::NQuads);
  CHECK(rdf_syntax_from_media_type("application/trig") == RdfSyntax::TriG);
  CHECK_FALSE(rdf_syntax_from_media_type("application/sparql-results+json"));
  CHECK_FALSE(rdf_syntax_from_media_type(""));
}

TEST_CASE("file extensions name the syntax, also under .gz", "[rdf]") {
  CHECK(rdf_syntax_from_path("a/b.ttl") == RdfSyntax::Turtle);
  CHECK(rdf_syntax_from_path("b.TTL.gz") == RdfSyntax::Turtle);
  CHECK(rdf_syntax_from_path("dump.nt") == RdfSyntax::NTriples);
  CHECK(rdf_syntax_from_path("dump.nt.gz") == RdfSyntax::NTriples);
  CHECK(rdf_syntax_from_path("dump.nq.gz") == RdfSyntax::NQuads);
  CHECK(rdf_syntax_from_path("x.trig") == RdfSyntax::TriG);
  CHECK_FALSE(rdf_syntax_from_path("x.gz"));
  CHECK_FALSE(rdf_syntax_from_path("x.rdf"));
  CHECK_FALSE(rdf_syntax_from_path("README"));
}

TEST_CASE("every syntax has a name and a canonical media type that maps back", "[rdf]") {
  for (auto syntax : {RdfSyntax::Turtle, RdfSyntax::NTriples, RdfSyntax::NQuads, RdfSyntax::TriG})
    CHECK(rdf_syntax_from_media_type(media_type(syntax)) == syntax);
  CHECK(std::string(to_string(RdfSyntax::TriG)) == "trig");
}
