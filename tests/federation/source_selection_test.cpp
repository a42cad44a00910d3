// Source selection over fake endpoints: UNIONs of one pattern sent to every endpoint lose the
// branches whose endpoint has no solution, decided by the endpoints' vocabularies where they
// can and by one probe request per endpoint otherwise.

#include "source_selection.hpp"

#include <catch2/catch.hpp>

#include "fake_endpoints.hpp"
#include "sparqlmcp/federation/described_vocabulary.hpp"
#include "sparqlmcp/sparql/parser.hpp"

using namespace sparqlmcp;

namespace {

constexpr const char* kPeople = "@prefix : <http://example.org/> . :alice :name \"Alice\" .";
constexpr const char* kPlaces = "@prefix : <http://example.org/> . :paris :label \"Paris\" .";

struct Fixture {
  test::FakeSender sender;
  std::vector<std::unique_ptr<federation::Source>> sources;
  federation::EndpointMemory memory;
  federation::FederationStats stats;
  federation::FederationSettings settings;

  // Without vocabularies every open question goes to the probes.
  explicit Fixture(bool vocabularies = false) {
    sender.add("http://a/", kPeople);
    sender.add("http://b/", kPlaces);
    sender.add("http://c/", kPlaces);
    for (const char* iri : {"http://a/", "http://b/", "http://c/"}) {
      catalogue::Endpoint e;
      e.id = iri;
      e.endpoint_iri = iri;
      sources.push_back(federation::make_remote_source(e, sender, {}));
      if (!vocabularies) memory.remember_vocabulary(iri, nullptr);
    }
  }
  // The algebra below the projection after pruning, as SSE.
  std::string prune(const std::string& where, federation::PruningReport* report = nullptr) {
    sparql::Query query =
        sparql::parse_query("PREFIX : <http://example.org/> SELECT * { " + where + " }");
    sparql::algebra::Operator op = query.algebra().children[0];
    federation::RequestContext context;
    context.deadline = federation::Clock::now() + std::chrono::seconds(30);
    federation::PruningReport r = federation::prune_sources(
        op, query.prologue(),
        [this](const std::string& iri) -> federation::Source* {
          for (auto& s : sources)
            if (s->endpoint() == iri) return s.get();
          return nullptr;
        },
        context, settings, memory, stats);
    if (report) *report = r;
    return sparql::algebra::to_sse(op);
  }
};

// Two patterns, each sent to every endpoint (a trivial federation).
const std::string kEverywhere =
    "{ SERVICE <http://a/> { ?s :name ?n } } UNION { SERVICE <http://b/> { ?s :name ?n } } "
    "UNION { SERVICE <http://c/> { ?s :name ?n } } "
    "{ SERVICE <http://a/> { ?t :label ?l } } UNION { SERVICE <http://b/> { ?t :label ?l } } "
    "UNION { SERVICE <http://c/> { ?t :label ?l } }";

}  // namespace

TEST_CASE("patterns sent to every endpoint keep only the endpoints that have solutions",
          "[federation]") {
  Fixture f;
  federation::PruningReport report;
  CHECK(f.prune(kEverywhere, &report) ==
        "(join (service <http://a/> (bgp (triple ?s <http://example.org/name> ?n))) (union "
        "(service <http://b/> (bgp (triple ?t <http://example.org/label> ?l))) (service "
        "<http://c/> (bgp (triple ?t <http://example.org/label> ?l)))))");
  CHECK(report.probes == 3);  // one per endpoint for both patterns
  CHECK(report.pruned.size() == 3);
  CHECK(f.sender.requests() == 3);
}

TEST_CASE("an endpoint in one UNION only is not probed: its branch costs no more", "[federation]") {
  Fixture f;
  f.prune("{ SERVICE <http://a/> { ?s :name ?n } } UNION { SERVICE <http://b/> { ?s :name ?n } }");
  CHECK(f.sender.requests() == 0);
}

TEST_CASE("probe answers are remembered per endpoint and pattern shape, whatever the variables",
          "[federation]") {
  Fixture f;
  f.prune(kEverywhere);
  federation::PruningReport report;
  CHECK(f.prune("{ SERVICE <http://a/> { ?x :name ?y } } UNION { SERVICE <http://b/> { ?x :name "
                "?y } }",
                &report) == "(service <http://a/> (bgp (triple ?x <http://example.org/name> ?y)))");
  CHECK(report.probes == 0);
  CHECK(report.remembered == 2);
  CHECK(f.sender.requests() == 3);
  // What an endpoint answered to the pattern itself is remembered too.
  f.memory.remember_solutions(
      "http://b/",
      federation::pattern_shape(
          sparql::parse_query("PREFIX : <http://example.org/> SELECT * { ?z :knows ?w }")
              .algebra()
              .children[0]),
      false);
  CHECK(f.prune("{ SERVICE <http://a/> { ?s :knows ?o } } UNION { SERVICE <http://b/> { ?s :knows "
                "?o } }") ==
        "(service <http://a/> (bgp (triple ?s <http://example.org/knows> ?o)))");
}

TEST_CASE("a UNION that every endpoint answers, or whose probes fail, is left as it is",
          "[federation]") {
  Fixture f;
  const std::string both =
      "{ SERVICE <http://b/> { ?s :label ?l } } UNION { SERVICE <http://c/> { ?s :label ?l } }";
  const std::string before = f.prune(
      "{ SERVICE <http://b/> { ?s :label ?l } } UNION { SERVICE "
      "<http://c/> { ?s :label ?l } }");
  CHECK(before ==
        "(union (service <http://b/> (bgp (triple ?s <http://example.org/label> ?l))) (service "
        "<http://c/> (bgp (triple ?s <http://example.org/label> ?l))))");
  Fixture failing;
  failing.sender.at("http://b/").fail_status = 500;
  failing.sender.at("http://c/").fail_status = 500;
  CHECK(failing.prune(both) == before);
}

TEST_CASE("no endpoint with solutions leaves an empty table", "[federation]") {
  Fixture f;
  CHECK(f.prune("{ SERVICE <http://a/> { ?s :label ?l } } UNION { SERVICE <http://a/> { ?s :label "
                "?l } } { SERVICE <http://a/> { ?s :label ?l } } UNION { SERVICE <http://a/> { "
                "?s :label ?l } }") == "(join (table (vars)) (table (vars)))");
}

TEST_CASE("SILENT branches and branches of different patterns are never probed", "[federation]") {
  Fixture f;
  const std::string silent =
      "{ SERVICE SILENT <http://a/> { ?s :label ?l } } UNION { SERVICE <http://b/> { ?s :label ?l "
      "} }";
  f.prune(silent);
  f.prune(
      "{ SERVICE <http://a/> { ?s :label ?l } } UNION { SERVICE <http://b/> { ?s :name ?l } "
      "}");
  CHECK(f.sender.requests() == 0);
}

TEST_CASE("endpoints' vocabularies decide one-triple patterns without probes, once",
          "[federation]") {
  Fixture f(true);
  federation::PruningReport report;
  CHECK(f.prune(kEverywhere, &report) ==
        "(join (service <http://a/> (bgp (triple ?s <http://example.org/name> ?n))) (union "
        "(service <http://b/> (bgp (triple ?t <http://example.org/label> ?l))) (service "
        "<http://c/> (bgp (triple ?t <http://example.org/label> ?l)))))");
  CHECK(report.vocabulary_requests == 3);
  CHECK(report.decided_by_vocabulary == 6);
  CHECK(report.probes == 0);
  CHECK(report.pruned.size() == 3);
  CHECK_THAT(report.pruned[0], Catch::Contains("its data has no <http://example.org/"));
  CHECK(f.sender.requests() == 3);
  // Remembered: a different query over the same endpoints costs no request.
  CHECK(f.prune("{ SERVICE <http://a/> { ?x :label ?y } } UNION { SERVICE <http://b/> { ?x :label "
                "?y } } { SERVICE <http://a/> { ?x :name ?z } } UNION { SERVICE <http://b/> { ?x "
                ":name ?z } }",
                &report) ==
        "(join (service <http://b/> (bgp (triple ?x <http://example.org/label> ?y))) (service "
        "<http://a/> (bgp (triple ?x <http://example.org/name> ?z))))");
  CHECK(report.vocabulary_requests == 0);
  CHECK(f.sender.requests() == 3);
  REQUIRE(f.memory.vocabulary("http://a/"));
  REQUIRE(*f.memory.vocabulary("http://a/"));
  CHECK((*f.memory.vocabulary("http://a/"))->predicates ==
        std::set<std::string>{"http://example.org/name"});
}

TEST_CASE("a pattern the vocabulary cannot decide is probed where its predicates are",
          "[federation]") {
  Fixture f(true);
  federation::PruningReport report;
  // :label is at b and c, but neither has the label "Lyon": the vocabularies drop a, the probes
  // drop b and c.
  CHECK(f.prune("{ SERVICE <http://a/> { ?s :label \"Lyon\" } } UNION { SERVICE <http://b/> { ?s "
                ":label \"Lyon\" } } UNION { SERVICE <http://c/> { ?s :label \"Lyon\" } } "
                "{ SERVICE <http://a/> { ?s :label ?l FILTER(?l != \"Paris\") } } UNION "
                "{ SERVICE <http://b/> { ?s :label ?l FILTER(?l != \"Paris\") } } UNION "
                "{ SERVICE <http://c/> { ?s :label ?l FILTER(?l != \"Paris\") } }",
                &report) == "(join (table (vars)) (table (vars)))");
  CHECK(report.vocabulary_requests == 3);
  CHECK(report.decided_by_vocabulary == 2);
  CHECK(report.probes == 2);
  // What is required only inside OPTIONAL does not prune: a has :name but no :label.
  CHECK(f.prune("{ SERVICE <http://a/> { ?s :name ?n OPTIONAL { ?s :label ?l } } } UNION "
                "{ SERVICE <http://b/> { ?s :name ?n OPTIONAL { ?s :label ?l } } } "
                "{ SERVICE <http://a/> { ?s :name ?m } } UNION { SERVICE <http://b/> { ?s :name "
                "?m } }",
                &report) ==
        "(join (service <http://a/> (leftjoin (bgp (triple ?s <http://example.org/name> ?n)) "
        "(bgp (triple ?s <http://example.org/label> ?l)))) (service <http://a/> (bgp (triple ?s "
        "<http://example.org/name> ?m))))");
}

TEST_CASE("a vocabulary cut by a result cap is not trusted: probes decide", "[federation]") {
  Fixture f(true);
  f.sender.at("http://b/").cap = 1;  // the vocabulary answer has 3 rows
  federation::PruningReport report;
  f.prune(kEverywhere, &report);
  CHECK(report.vocabulary_requests == 3);
  CHECK(report.probes == 1);  // b only
  REQUIRE(f.memory.vocabulary("http://b/"));
  CHECK(*f.memory.vocabulary("http://b/") == nullptr);
  CHECK(report.pruned.size() == 3);
}

TEST_CASE("UNIONs inside FILTER NOT EXISTS are pruned as well", "[federation]") {
  Fixture f(true);
  CHECK(f.prune("{ SERVICE <http://a/> { ?s :name ?n } } UNION { SERVICE <http://b/> { ?s :name ?n "
                "} } FILTER NOT EXISTS { { SERVICE <http://a/> { ?s :label ?l } } UNION { SERVICE "
                "<http://b/> { ?s :label ?l } } }") ==
        "(filter (notexists (service <http://b/> (bgp (triple ?s <http://example.org/label> ?l)))) "
        "(service <http://a/> (bgp (triple ?s <http://example.org/name> ?n))))");
  CHECK(f.sender.requests() == 2);  // the vocabularies of a and b
}

TEST_CASE(
    "complete VoID descriptions give the vocabularies: no request, and a lacking endpoint "
    "is not asked",
    "[federation]") {
  Fixture f(true);
  auto describe = [](const std::string& endpoint, std::vector<std::string> predicates) {
    void_::Description d;
    d.endpoint = endpoint;
    for (std::string& p : predicates) {
      void_::PropertyPartition partition;
      partition.property = std::move(p);
      d.properties.push_back(std::move(partition));
    }
    d.property_count = d.properties.size();
    d.class_count = 0;
    return d;
  };
  std::map<std::string, std::shared_ptr<const federation::Vocabulary>> described;
  described["http://a/"] =
      federation::described_vocabulary(describe("http://a/", {"http://example.org/name"}));
  described["http://b/"] =
      federation::described_vocabulary(describe("http://b/", {"http://example.org/label"}));
  // c's description is partial: not trusted, so c's vocabulary is asked for.
  void_::Description partial = describe("http://c/", {"http://example.org/label"});
  partial.provenance.missing.push_back({"properties", "", "timeout"});
  described["http://c/"] = federation::described_vocabulary(partial);
  CHECK(described["http://c/"] == nullptr);
  f.memory.set_described_vocabularies([&](const std::string& endpoint) {
    auto found = described.find(endpoint);
    return found == described.end() ? nullptr : found->second;
  });
  federation::PruningReport report;
  CHECK(f.prune(kEverywhere, &report) ==
        "(join (service <http://a/> (bgp (triple ?s <http://example.org/name> ?n))) (union "
        "(service <http://b/> (bgp (triple ?t <http://example.org/label> ?l))) (service "
        "<http://c/> (bgp (triple ?t <http://example.org/label> ?l)))))");
  CHECK(report.vocabulary_requests == 1);  // c only
  CHECK(f.sender.requests() == 1);
  CHECK(report.probes == 0);
}

TEST_CASE("a description whose listings are cut or miss parts gives no vocabulary",
          "[federation]") {
  void_::Description d;
  d.properties.resize(2);
  d.properties[0].property = "http://x/p";
  d.properties[1].property = "http://x/q";
  d.property_count = 2;
  d.class_count = 0;
  CHECK(federation::described_vocabulary(d) != nullptr);
  d.property_count = 3;  // a third property not listed
  CHECK(federation::described_vocabulary(d) == nullptr);
  d.property_count.reset();  // unknown
  CHECK(federation::described_vocabulary(d) == nullptr);
  d.property_count = 2;
  d.class_count = 1;  // a class not listed
  CHECK(federation::described_vocabulary(d) == nullptr);
}

TEST_CASE(
    "patterns that differ in a constant never share a remembered answer, even with '?' in "
    "their IRIs and literals",
    "[federation]") {
  auto shape = [](const std::string& where) {
    return federation::pattern_shape(
        sparql::parse_query("SELECT * WHERE { " + where + " }").algebra().children[0]);
  };
  CHECK(shape("?s <http://x/p> <http://x/?id=1>") != shape("?s <http://x/p> <http://x/?id=2>"));
  CHECK(shape("?s <http://x/p> \"what?\"") != shape("?s <http://x/p> \"why?\""));
  CHECK(shape("?s <http://x/p> \"say \\\"a?\\\" \"") !=
        shape("?s <http://x/p> \"say \\\"b?\\\" \""));
  // Variables are renamed, so the same pattern over other variables shares its answer.
  CHECK(shape("?s <http://x/p> ?o") == shape("?a <http://x/p> ?b"));
  CHECK(shape("?s <http://x/p> ?o") != shape("?s <http://x/p> ?s"));

  // An endpoint that has no solution for one IRI is still asked about another.
  Fixture f;
  f.memory.remember_solutions("http://b/", shape("?s <http://x/p> <http://x/?id=1>"), false);
  CHECK_FALSE(
      f.memory.has_solutions("http://b/", shape("?s <http://x/p> <http://x/?id=2>")).has_value());
}
