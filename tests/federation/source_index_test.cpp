#include "sparqlmcp/federation/source_index.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/rdf/term.hpp"

using namespace sparqlmcp;
using federation::SourceIndex;
using federation::Vocabulary;
using sparql::VarOrTerm;

namespace {

std::shared_ptr<const Vocabulary> vocabulary(std::set<std::string> predicates,
                                             std::set<std::string> classes = {}) {
  return std::make_shared<const Vocabulary>(Vocabulary{std::move(predicates), std::move(classes)});
}

sparql::algebra::TriplePattern pattern(const std::string& predicate,
                                       const std::string& object_class = "") {
  return {VarOrTerm::variable("s"), VarOrTerm::constant(rdf::Term::iri(predicate)),
          object_class.empty() ? VarOrTerm::variable("o")
                               : VarOrTerm::constant(rdf::Term::iri(object_class))};
}

}  // namespace

TEST_CASE("the source index keeps the endpoints whose vocabulary has the term, and the unknown",
          "[federation]") {
  const std::string type(rdf::kRdfType);
  SourceIndex index({{"http://a/", vocabulary({"http://x/name", type}, {"http://x/City"})},
                     {"http://b/", vocabulary({"http://x/age"})},
                     {"http://c/", nullptr}});
  const std::vector<std::string> all = {"http://a/", "http://b/", "http://c/"};

  sparql::PatternSources name = index.sources(pattern("http://x/name"), all);
  CHECK(name.endpoints == std::vector<std::string>{"http://a/", "http://c/"});
  REQUIRE(name.ruled_out.size() == 1);
  CHECK(name.ruled_out[0] == "<http://b/>: its data has no <http://x/name>");

  sparql::PatternSources city = index.sources(pattern(type, "http://x/City"), all);
  CHECK(city.endpoints == std::vector<std::string>{"http://a/", "http://c/"});
  CHECK(index.sources(pattern(type, "http://x/Town"), all).endpoints ==
        std::vector<std::string>{"http://c/"});

  // A variable predicate needs nothing: every endpoint stays.
  sparql::algebra::TriplePattern any{VarOrTerm::variable("s"), VarOrTerm::variable("p"),
                                     VarOrTerm::variable("o")};
  CHECK(index.sources(any, all).endpoints == all);

  // Among named endpoints, in the order given.
  CHECK(index.sources(pattern("http://x/age"), {"http://c/", "http://b/"}).endpoints ==
        std::vector<std::string>{"http://c/", "http://b/"});
}

TEST_CASE("over a big catalogue the index answers from the holders, naming few and counting many",
          "[federation]") {
  std::vector<SourceIndex::Entry> entries;
  std::vector<std::string> all;
  for (int i = 0; i < 1000; ++i) {
    const std::string iri = "http://e" + std::to_string(i) + "/";
    entries.emplace_back(iri, vocabulary({i % 2 == 0 ? "http://x/even" : "http://x/odd",
                                          i == 7 ? "http://x/rare" : "http://x/common"}));
    all.push_back(iri);
  }
  SourceIndex index(entries);
  CHECK(index.built_from(entries));
  sparql::PatternSources rare = index.sources(pattern("http://x/rare"), all);
  CHECK(rare.endpoints == std::vector<std::string>{"http://e7/"});
  REQUIRE(rare.ruled_out.size() == 1);
  CHECK(rare.ruled_out[0] == "999 endpoints of the catalogue: their data has no <http://x/rare>");
  sparql::PatternSources common = index.sources(pattern("http://x/common"), all);
  CHECK(common.endpoints.size() == 999);
  REQUIRE(common.ruled_out.size() == 1);
  CHECK(common.ruled_out[0] == "<http://e7/>: its data has no <http://x/common>");
  CHECK(index.sources(pattern("http://x/even"), all).endpoints.size() == 500);
  entries[3].second = nullptr;
  CHECK_FALSE(index.built_from(entries));
}
