#include "sparqlmcp/void/federation_void.hpp"

#include <algorithm>

#include <catch2/catch.hpp>

#include "sparqlmcp/void/turtle.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::void_;

namespace {

std::shared_ptr<const Description> described(const std::string& endpoint,
                                             std::uint64_t name_triples, std::uint64_t people) {
  auto d = std::make_shared<Description>();
  d->endpoint = endpoint;
  d->triples = name_triples + people;
  d->properties.push_back({"http://x/name", Count(name_triples), {}, {}});
  d->properties.push_back(
      {"http://www.w3.org/1999/02/22-rdf-syntax-ns#type", Count(people), {}, {}});
  d->classes.push_back({"http://x/Person", Count(people), {}, false});
  return d;
}

}  // namespace

TEST_CASE("the federation's VoID adds up its members' and lists each as a subset", "[void]") {
  const rdf::Term dataset = rdf::Term::blank("graph");
  const std::vector<rdf::Triple> triples =
      federation_void("http://127.0.0.1:1/sparql",
                      {{"http://a/sparql", "A", described("http://a/sparql", 10, 4)},
                       {"http://b/sparql", "B", described("http://b/sparql", 5, 2)},
                       {"http://c/sparql", "C", nullptr}},
                      dataset);
  // Read back as this endpoint's description: the sums.
  std::optional<Description> federation = read_void(triples, "http://127.0.0.1:1/sparql");
  REQUIRE(federation);
  CHECK(federation->triples == 21);
  const PropertyPartition* name = federation->find_property("http://x/name");
  REQUIRE(name != nullptr);
  CHECK(name->triples == 15);
  const ClassPartition* person = federation->find_class("http://x/Person");
  REQUIRE(person != nullptr);
  CHECK(person->entities == 6);
  // Each member is a subset with its own endpoint; one described member reads back alone.
  const auto subsets = std::count_if(triples.begin(), triples.end(), [&](const rdf::Triple& t) {
    return t.subject == dataset && t.predicate.value == "http://rdfs.org/ns/void#subset";
  });
  CHECK(subsets == 3);
  // A member's own statistics are on its subset node.
  const auto a = std::find_if(triples.begin(), triples.end(), [](const rdf::Triple& t) {
    return t.predicate.value == "http://rdfs.org/ns/void#sparqlEndpoint" &&
           t.object.value == "http://a/sparql";
  });
  REQUIRE(a != triples.end());
  CHECK(std::any_of(triples.begin(), triples.end(), [&](const rdf::Triple& t) {
    return t.subject == a->subject && t.predicate.value == "http://rdfs.org/ns/void#triples" &&
           t.object.value == "14";
  }));
  CHECK(std::any_of(triples.begin(), triples.end(), [](const rdf::Triple& t) {
    return t.predicate.value == "http://rdfs.org/ns/void#sparqlEndpoint" &&
           t.object.value == "http://c/sparql";
  }));
}
