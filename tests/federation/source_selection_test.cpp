// Source selection over fake endpoints: UNIONs of one pattern sent to every endpoint lose the
// branches whose endpoint has no solution, with one probe request per endpoint.

#include "source_selection.hpp"

#include <catch2/catch.hpp>

#include "fake_endpoints.hpp"
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

  Fixture() {
    sender.add("http://a/", kPeople);
    sender.add("http://b/", kPlaces);
    sender.add("http://c/", kPlaces);
    for (const char* iri : {"http://a/", "http://b/", "http://c/"}) {
      catalogue::Endpoint e;
      e.id = iri;
      e.endpoint_iri = iri;
      sources.push_back(federation::make_remote_source(e, sender, {}));
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
        context, memory, stats);
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
