// The adaptive join of two SERVICE sides through the whole federated source: the inner side is
// asked alone beside the outer side's request, both in flight at once; a complete inner answer
// is hashed, one cut at the probe's row limit falls back to a bound join.

#include <catch2/catch.hpp>
#include <set>

#include "fake_endpoints.hpp"
#include "sparqlmcp/federation/federated_source.hpp"
#include "sparqlmcp/sparql/parser.hpp"

using namespace sparqlmcp;

namespace {

constexpr const char* kNames = "http://names.example/sparql";
constexpr const char* kAges = "http://ages.example/sparql";

// Who has a name at one endpoint and an age at the other: five names, four ages.
struct Federation {
  test::FakeSender sender;
  std::vector<std::unique_ptr<federation::Source>> sources;
  federation::FederatedSourceSettings settings;

  Federation() {
    sender.add(kNames, R"(@prefix : <http://example.org/> .
      :alice :name "Alice" . :bob :name "Bob" . :carol :name "Carol" . :dave :name "Dave" .
      :erin :name "Erin" .)");
    sender.add(kAges, R"(@prefix : <http://example.org/> .
      :alice :age 30 . :bob :age 40 . :dave :age 50 . :frank :age 70 .)");
    for (const char* iri : {kNames, kAges}) {
      catalogue::Endpoint endpoint;
      endpoint.id = iri;
      endpoint.endpoint_iri = iri;
      sources.push_back(federation::make_remote_source(endpoint, sender, {}));
    }
  }

  federation::SourceAnswer run() {
    auto source = federation::make_federated_source(
        [this](const std::string& iri) -> federation::Source* {
          for (auto& s : sources)
            if (s->endpoint() == iri) return s.get();
          return nullptr;
        },
        settings, std::make_shared<federation::EndpointMemory>(), nullptr);
    federation::RequestContext context;
    context.deadline = federation::Clock::now() + std::chrono::seconds(60);
    context.explain = true;
    return source->run(
        sparql::parse_query(std::string("PREFIX : <http://example.org/> SELECT ?p ?n ?a WHERE { "
                                        "SERVICE <") +
                            kNames + "> { ?p :name ?n } SERVICE <" + kAges + "> { ?p :age ?a } }"),
        context);
  }
};

std::set<std::string> people(const federation::SourceAnswer& answer) {
  std::set<std::string> out;
  for (const results::Row& row : answer.solutions.rows)
    out.insert(row[0]->value + " " + row[2]->value);
  return out;
}

// The outcome the plan reports for the join of the two SERVICE sides.
std::string join_outcome(const engine::ExplainNode& node) {
  if (node.detail.find("bound join") != std::string::npos ||
      node.detail.find("hashed the inner side") != std::string::npos)
    return node.detail;
  for (const engine::ExplainNode& child : node.children) {
    std::string found = join_outcome(child);
    if (!found.empty()) return found;
  }
  return {};
}

const std::set<std::string> kJoined = {"http://example.org/alice 30", "http://example.org/bob 40",
                                       "http://example.org/dave 50"};

}  // namespace

TEST_CASE("an adaptive join sends both sides at once and hashes a complete inner answer",
          "[federation]") {
  Federation f;
  // No answer comes until both requests are in flight: a join that waited for the outer side
  // before asking for the inner one would see one request at a time.
  f.sender.answer_asynchronously(2);
  federation::SourceAnswer answer = f.run();
  CHECK(people(answer) == kJoined);
  CHECK(f.sender.most_in_flight() >= 2);
  CHECK(f.sender.at(kAges).queries.size() == 1);
  CHECK(f.sender.at(kAges).queries[0].find("VALUES") == std::string::npos);
  REQUIRE(answer.plan);
  CHECK(join_outcome(*answer.plan).find("hashed the inner side, complete in 4 rows") !=
        std::string::npos);
}

TEST_CASE(
    "an adaptive join whose inner answer reaches the probe's limit falls back to a bound "
    "join",
    "[federation]") {
  Federation f;
  f.settings.federation.probe_rows = 2;
  f.sender.answer_asynchronously(2);
  federation::SourceAnswer answer = f.run();
  CHECK(people(answer) == kJoined);
  REQUIRE(answer.plan);
  CHECK(join_outcome(*answer.plan).find("more rows than the probe took; bound join") !=
        std::string::npos);
  // The probe, then the names as VALUES bindings.
  const std::vector<std::string>& asked = f.sender.at(kAges).queries;
  REQUIRE(asked.size() == 2);
  CHECK(asked[0].find("LIMIT 3") != std::string::npos);
  CHECK(asked[1].find("VALUES") != std::string::npos);
  CHECK(asked[1].find("erin") != std::string::npos);
  CHECK(asked[1].find("frank") == std::string::npos);
}
