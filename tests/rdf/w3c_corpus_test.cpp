#include "sparqlmcp/rdf/reader.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>

#include "sparqlmcp/rdf/writer.hpp"
#include "sparqlmcp/util/error.hpp"
#include "support/shared_data.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::rdf;

namespace {

// Triples with every blank node written as "_:": equal multisets are necessary for isomorphic
// graphs and cheap to compare even for manifests full of rdf:first/rdf:rest chains.
std::map<std::string, int> blank_blind(const std::vector<Triple>& triples) {
  std::map<std::string, int> out;
  auto show = [](const Term& t) { return t.is_blank() ? std::string("_:") : t.to_ntriples(); };
  for (const auto& t : triples)
    ++out[show(t.subject) + " " + show(t.predicate) + " " + show(t.object)];
  return out;
}

}  // namespace

TEST_CASE("every RDF file of the W3C SPARQL test suites parses and round-trips through Turtle",
          "[rdf][w3c]") {
  const std::filesystem::path root = test::shared_data("w3c-sparql-tests");
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || !rdf_syntax_from_path(entry.path())) continue;
    INFO(entry.path().string());
    ++files;
    std::vector<std::pair<std::string, std::string>> prefixes;
    std::vector<Triple> triples;
    REQUIRE_NOTHROW(for_each_rdf_quad(
        entry.path(), std::nullopt,
        [&](const Quad& q) {
          triples.push_back(Triple{q.subject, q.predicate, q.object});
        },
        [&](const std::string& name, const std::string& iri) {
          prefixes.emplace_back(name, iri);
        }));
    const std::string turtle = serialize_turtle(triples, prefixes);
    std::vector<Triple> again;
    for (const auto& q : parse_rdf(turtle, RdfSyntax::Turtle, "", "round-trip"))
      again.push_back(Triple{q.subject, q.predicate, q.object});
    CHECK(again.size() == triples.size());
    CHECK(blank_blind(again) == blank_blind(triples));
  }
  CHECK(files > 500);
}
