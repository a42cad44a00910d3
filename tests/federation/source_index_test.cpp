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
  SourceIndex index({{"http://a/", vocabulary({"http://x/name", type}, {"http://x/City"}), nullptr},
                     {"http://b/", vocabulary({"http://x/age"}), nullptr},
                     {"http://c/", nullptr, nullptr}});
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
    entries.push_back({iri,
                       vocabulary({i % 2 == 0 ? "http://x/even" : "http://x/odd",
                                   i == 7 ? "http://x/rare" : "http://x/common"}),
                       nullptr});
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
  entries[3].vocabulary = nullptr;
  CHECK_FALSE(index.built_from(entries));
}

namespace {

sparql::algebra::TriplePattern about(const std::string& subject, const std::string& predicate) {
  return {VarOrTerm::constant(rdf::Term::iri(subject)),
          VarOrTerm::constant(rdf::Term::iri(predicate)), VarOrTerm::variable("o")};
}

}  // namespace

TEST_CASE("a constant subject outside an endpoint's declared URI space rules the endpoint out",
          "[federation]") {
  using federation::UriSpace;
  const std::string name = "http://x/name";
  SourceIndex index(
      {{"http://people/", vocabulary({name}, {"http://x/Person"}),
        UriSpace::make({"http://people.example/id/"}, {})},
       {"http://places/", vocabulary({name}),
        UriSpace::make({}, {"^http://places\\.example/(city|country)/"})},
       {"http://open/", vocabulary({name}), nullptr},
       {"http://unknown/", nullptr, UriSpace::make({"http://unknown.example/"}, {})}});
  const std::vector<std::string> all = {"http://people/", "http://places/", "http://open/",
                                        "http://unknown/"};

  // The endpoint of unknown vocabulary stays: the subject might be one of its own terms.
  sparql::PatternSources person = index.sources(about("http://people.example/id/7", name), all);
  CHECK(person.endpoints ==
        std::vector<std::string>{"http://people/", "http://open/", "http://unknown/"});
  REQUIRE(person.ruled_out.size() == 1);
  CHECK(person.ruled_out[0] ==
        "<http://places/>: <http://people.example/id/7> is outside its URI space "
        "(void:uriRegexPattern \"^http://places\\.example/(city|country)/\")");

  sparql::PatternSources city = index.sources(about("http://places.example/city/Paris", name), all);
  CHECK(city.endpoints ==
        std::vector<std::string>{"http://places/", "http://open/", "http://unknown/"});
  CHECK(city.ruled_out ==
        std::vector<std::string>{"<http://people/>: <http://places.example/city/Paris> is outside "
                                 "its URI space (void:uriSpace \"http://people.example/id/\")"});

  // The pattern's predicate is ruled on first; the subject then.
  sparql::PatternSources age =
      index.sources(about("http://people.example/id/7", "http://x/age"), all);
  CHECK(age.endpoints == std::vector<std::string>{"http://unknown/"});
  CHECK(age.ruled_out.size() == 1);

  // A variable predicate: the subject alone decides.
  sparql::algebra::TriplePattern anything{
      VarOrTerm::constant(rdf::Term::iri("http://unknown.example/a")), VarOrTerm::variable("p"),
      VarOrTerm::variable("o")};
  CHECK(index.sources(anything, all).endpoints ==
        std::vector<std::string>{"http://open/", "http://unknown/"});  // people, places out

  // The dataset's own classes and properties are described there whatever its URI space.
  sparql::algebra::TriplePattern person_class{
      VarOrTerm::constant(rdf::Term::iri("http://x/Person")), VarOrTerm::variable("p"),
      VarOrTerm::variable("o")};
  CHECK(index.sources(person_class, all).endpoints ==
        std::vector<std::string>{"http://people/", "http://open/", "http://unknown/"});

  // A variable or a literal subject rules nothing out.
  CHECK(index.sources(pattern(name), all).endpoints ==
        std::vector<std::string>{"http://people/", "http://places/", "http://open/",
                                 "http://unknown/"});
}

TEST_CASE("a URI space declaration with an invalid pattern rules nothing out", "[federation]") {
  using federation::UriSpace;
  std::vector<std::string> invalid;
  CHECK(UriSpace::make({"http://a/"}, {"^http://(unclosed"}, &invalid) == nullptr);
  CHECK(invalid == std::vector<std::string>{"^http://(unclosed"});
  CHECK(UriSpace::make({}, {}) == nullptr);
  CHECK(UriSpace::make({""}, {}) == nullptr);  // an empty prefix admits everything
  auto space = UriSpace::make({"http://a/"}, {"b\\.example"});
  REQUIRE(space != nullptr);
  CHECK(space->admits("http://a/1"));
  CHECK(space->admits("https://www.b.example/x"));  // matched anywhere, as REGEX does
  CHECK_FALSE(space->admits("http://c/"));
  CHECK(space->describe() == "void:uriSpace \"http://a/\" and 1 more");
}
