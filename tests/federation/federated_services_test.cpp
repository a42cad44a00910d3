// FederatedServices over fake endpoints: the sub-queries it sends, how answers are joined back
// to binding rows, and what it does when endpoints refuse, cap, fail or send garbage.

#include <catch2/catch.hpp>
#include <set>

#include "fake_endpoints.hpp"
#include "service_requests.hpp"
#include "sparqlmcp/federation/federated_services.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using test::is_error;

namespace {

constexpr const char* kA = "http://a.example/sparql";
constexpr const char* kPeople = R"(
@prefix : <http://example.org/> .
:alice :name "Alice" ; :age 30 .
:bob :name "Bob" ; :age 40 .
:carol :name "Carol" .
:dave :name "Dave" ; :age 50 .
:erin :name "Erin" ; :age 60 .
)";

// One federation over a fake sender, with the SERVICE pattern of a query at hand.
struct Fixture {
  test::FakeSender sender;
  std::vector<std::unique_ptr<federation::Source>> sources;
  federation::FederationSettings settings;
  std::shared_ptr<federation::EndpointMemory> memory =
      std::make_shared<federation::EndpointMemory>();
  std::shared_ptr<federation::SubqueryCache> cache;
  std::optional<sparql::Query> query;
  std::optional<federation::FederatedServices> services;

  catalogue::Endpoint endpoint(const std::string& iri, std::optional<std::size_t> cap = {}) {
    catalogue::Endpoint e;
    e.id = "e" + std::to_string(sources.size());
    e.endpoint_iri = iri;
    e.settings.result_cap = cap;
    return e;
  }
  void remote(const std::string& iri, std::optional<std::size_t> cap = {}) {
    federation::RemoteSourceSettings remote_settings;
    remote_settings.memory = memory;
    sources.push_back(federation::make_remote_source(endpoint(iri, cap), sender, remote_settings));
  }
  federation::FederatedServices& start(const std::string& text) {
    query = sparql::parse_query(text);
    federation::RequestContext context;
    context.deadline = federation::Clock::now() + std::chrono::seconds(30);
    services.emplace(
        [this](const std::string& iri) -> federation::Source* {
          for (auto& s : sources)
            if (s->endpoint() == iri) return s.get();
          return nullptr;
        },
        context, settings, memory, cache);
    return *services;
  }
  engine::ServiceRequest request(std::vector<std::string> binding_vars = {},
                                 std::vector<engine::ServiceRow> rows = {{}}) {
    return test::service_request(*query, std::move(binding_vars), std::move(rows));
  }
};

rdf::Term ex(const std::string& local) {
  return rdf::Term::iri("http://example.org/" + local);
}

// Binding rows of ?p, one person each.
std::vector<engine::ServiceRow> people(std::initializer_list<const char*> names) {
  std::vector<engine::ServiceRow> rows;
  for (const char* name : names)
    rows.push_back({ex(name)});
  return rows;
}

const std::string kAges =
    "PREFIX : <http://example.org/> SELECT * { SERVICE <http://a.example/sparql> { ?p :age ?a } "
    "}";

const std::string kNames =
    "PREFIX : <http://example.org/> SELECT * { SERVICE <http://a.example/sparql> { ?p :name ?n } "
    "}";

// The value of `var` in a row of `answer`.
std::string value_of(const engine::ServiceAnswer& answer, std::size_t row, const std::string& var) {
  auto it = std::find(answer.vars.begin(), answer.vars.end(), var);
  REQUIRE(it != answer.vars.end());
  const auto& value = answer.rows.at(row).at(static_cast<std::size_t>(it - answer.vars.begin()));
  return value ? value->value : "UNDEF";
}

}  // namespace

TEST_CASE("an unbound SERVICE pattern is one request answering all its rows", "[federation]") {
  Fixture f;
  f.sender.add(kA, kPeople);
  f.remote(kA);
  auto& services = f.start(kAges);
  engine::ServiceAnswer answer = services.start(f.request())->wait();
  CHECK(answer.rows.size() == 4);
  CHECK(answer.origin.empty());
  CHECK(answer.complete);
  CHECK(f.sender.requests() == 1);
  CHECK(services.stats().endpoints.at(kA).rows == 4);
  CHECK(services.stats().services.at(1).first_text.find("?a") != std::string::npos);
}

TEST_CASE("binding rows travel as one VALUES block and each answer row names its binding row",
          "[federation]") {
  Fixture f;
  f.sender.add(kA, kPeople);
  f.remote(kA);
  auto& services = f.start(kAges);
  // Row 2 leaves ?p unbound: it matches every person with an age, and its answers must stay
  // apart from those of rows 0 and 1.
  engine::ServiceAnswer answer =
      services.start(f.request({"p"}, {{ex("alice")}, {ex("carol")}, {std::nullopt}}))->wait();
  REQUIRE(f.sender.requests() == 1);
  CHECK(f.sender.at(kA).queries[0].find("VALUES") != std::string::npos);
  std::multiset<std::string> got;
  for (std::size_t i = 0; i < answer.rows.size(); ++i) {
    got.insert(std::to_string(answer.origin.at(i)) + " " + value_of(answer, i, "p"));
  }
  CHECK(got == std::multiset<std::string>{"0 http://example.org/alice",
                                          "2 http://example.org/alice", "2 http://example.org/bob",
                                          "2 http://example.org/dave",
                                          "2 http://example.org/erin"});
}

TEST_CASE("binding rows beyond the block size go in several requests", "[federation]") {
  Fixture f;
  f.sender.add(kA, kPeople);
  f.remote(kA);
  f.settings.block_rows = 2;
  auto& services = f.start(kNames);
  const std::vector<engine::ServiceRow> rows = people({"alice", "bob", "carol", "dave", "erin"});
  engine::ServiceAnswer answer = services.start(f.request({"p"}, rows))->wait();
  CHECK(answer.rows.size() == 5);
  CHECK(f.sender.requests() == 3);
  CHECK(services.stats().services.at(1).binding_rows == 5);
}

TEST_CASE("a VALUES block the endpoint refuses is halved, and the size that worked is remembered",
          "[federation][error]") {
  Fixture f;
  f.sender.add(kA, kPeople).max_values = 2;
  f.remote(kA);
  auto& services = f.start(kNames);
  const std::vector<engine::ServiceRow> rows = people({"alice", "bob", "carol", "dave", "erin"});
  engine::ServiceAnswer answer = services.start(f.request({"p"}, rows))->wait();
  CHECK(answer.rows.size() == 5);
  CHECK(f.memory->block_limit(kA) == std::optional<std::size_t>(2));
  CHECK_FALSE(services.stats().services.at(1).notes.empty());
  // The next request starts with blocks that fit.
  const std::size_t before = f.sender.requests();
  auto& again = f.start(kNames);
  CHECK(again.start(f.request({"p"}, rows))->wait().rows.size() == 5);
  CHECK(f.sender.requests() - before == 3);
}

TEST_CASE("a bad request that no smaller block cures leaves the endpoint's block size alone",
          "[federation][error]") {
  Fixture f;
  // The endpoint rejects the query itself (a function it does not know), at every size.
  f.sender.add(kA, kPeople).refuse_containing = "STRLEN";
  f.remote(kA);
  const std::string rejected =
      "PREFIX : <http://example.org/> SELECT * WHERE { SERVICE <http://a.example/sparql> { ?p "
      ":name ?n FILTER(STRLEN(?n) > 3) } }";
  const std::vector<engine::ServiceRow> rows = people({"alice", "bob", "carol", "dave", "erin"});
  auto& services = f.start(rejected);
  CHECK_THROWS_AS(services.start(f.request({"p"}, rows))->wait(), Exception);
  CHECK_FALSE(f.memory->block_limit(kA).has_value());
  // Another query to the same endpoint still goes in one block.
  const std::size_t before = f.sender.requests();
  auto& again = f.start(kNames);
  CHECK(again.start(f.request({"p"}, rows))->wait().rows.size() == 5);
  CHECK(f.sender.requests() - before == 1);
}

TEST_CASE("a block size learned from a refusal is tried again at full size after a while",
          "[federation][error]") {
  Fixture f;
  f.memory = std::make_shared<federation::EndpointMemory>(std::chrono::seconds(0));
  f.sender.add(kA, kPeople).max_values = 2;
  f.remote(kA);
  const std::vector<engine::ServiceRow> rows = people({"alice", "bob", "carol", "dave", "erin"});
  auto& services = f.start(kNames);
  CHECK(services.start(f.request({"p"}, rows))->wait().rows.size() == 5);
  // With no time to keep it, the next query starts at full size again (and learns again).
  CHECK_FALSE(f.memory->block_limit(kA).has_value());
  const std::size_t before = f.sender.requests();
  auto& again = f.start(kNames);
  CHECK(again.start(f.request({"p"}, rows))->wait().rows.size() == 5);
  CHECK(f.sender.at(kA).queries[before].find("erin") != std::string::npos);
  CHECK(f.sender.requests() - before > 3);
}

TEST_CASE("a VALUES block that times out is halved while the deadline leaves time",
          "[federation][error]") {
  Fixture f;
  f.sender.add(kA, kPeople).slow_values = 2;
  f.remote(kA);
  auto& services = f.start(kNames);
  const std::vector<engine::ServiceRow> rows = people({"alice", "bob", "carol", "dave"});
  engine::ServiceAnswer answer = services.start(f.request({"p"}, rows))->wait();
  CHECK(answer.rows.size() == 4);
  CHECK(f.sender.requests() == 3);  // 4 rows timed out, then 2 and 2
  REQUIRE_FALSE(services.stats().services.at(1).notes.empty());
  CHECK_THAT(services.stats().services.at(1).notes[0],
             Catch::Contains("did not answer a block of 4 rows within half the time left"));
  // One row that times out is the endpoint's answer: the query fails naming it.
  f.sender.at(kA).slow_values = 0;
  auto& again = f.start(kNames);
  auto pending = again.start(f.request({"p"}, {{ex("alice")}}));
  CHECK_THAT(test::error_of([&] { pending->wait(); }),
             is_error(ErrorKind::Timeout).with_message_containing("<http://a.example/sparql>"));
}

TEST_CASE("an answer of exactly the endpoint's cap is fetched again in ordered pages",
          "[federation]") {
  Fixture f;
  f.sender.add(kA, kPeople).cap = 2;
  f.remote(kA, 2);
  auto& services = f.start(kNames);
  engine::ServiceAnswer answer = services.start(f.request())->wait();
  std::set<std::string> names;
  for (std::size_t i = 0; i < answer.rows.size(); ++i)
    names.insert(value_of(answer, i, "n"));
  CHECK(names == std::set<std::string>{"Alice", "Bob", "Carol", "Dave", "Erin"});
  CHECK(answer.rows.size() == 5);
  CHECK(f.sender.at(kA).queries.back().find("ORDER BY") != std::string::npos);
  CHECK_FALSE(services.stats().possibly_incomplete());
}

TEST_CASE("a failing SERVICE SILENT contributes the empty solution and says why",
          "[federation][error]") {
  Fixture f;
  f.sender.add(kA, kPeople).fail_status = 500;
  f.remote(kA);
  auto& services = f.start(
      "PREFIX : <http://example.org/> SELECT * { SERVICE SILENT <http://a.example/sparql> { ?p "
      ":name ?n } }");
  engine::ServiceAnswer answer = services.start(f.request({"p"}, {{ex("a")}, {ex("b")}}))->wait();
  REQUIRE(answer.rows.size() == 2);
  CHECK_FALSE(answer.rows[0][0].has_value());
  CHECK(answer.origin == std::vector<std::uint32_t>{0, 1});
  CHECK(services.stats().services.at(1).silent_failure);
  CHECK(services.stats().services.at(1).failure.find("500") != std::string::npos);
}

TEST_CASE("a failing SERVICE without SILENT fails naming the endpoint and the status",
          "[federation][error]") {
  Fixture f;
  f.sender.add(kA, kPeople).fail_status = 503;
  f.remote(kA);
  auto& services = f.start(kNames);
  auto pending = services.start(f.request());
  Error error = test::error_of([&] { pending->wait(); });
  CHECK(error.kind == ErrorKind::Remote);
  REQUIRE(error.remote);
  CHECK(error.remote->endpoint == kA);
  CHECK(error.remote->http_status == 503);
}

TEST_CASE("an endpoint whose answer is no SPARQL result fails with its endpoint named",
          "[federation][error]") {
  Fixture f;
  f.sender.add(kA, kPeople).body = "{\"head\": {\"vars\": [\"p\"]}, \"results\": {\"bindings\": [";
  f.remote(kA);
  auto& services = f.start(kNames);
  auto pending = services.start(f.request());
  Error error = test::error_of([&] { pending->wait(); });
  CHECK(error.kind == ErrorKind::Remote);
  REQUIRE(error.remote);
  CHECK(error.remote->endpoint == kA);
  CHECK(error.message.find("could not be read") != std::string::npos);
}

TEST_CASE("a SERVICE outside the catalogue is refused without a request", "[federation][error]") {
  Fixture f;
  auto& services = f.start(
      "PREFIX : <http://example.org/> SELECT * { SERVICE <http://nowhere.example/> { ?p :name ?n } "
      "}");
  auto pending = services.start(f.request());
  CHECK_THAT(test::error_of([&] { pending->wait(); }),
             is_error(ErrorKind::InvalidArgument)
                 .with_message_containing("<http://nowhere.example/> is not an endpoint"));
  CHECK(f.sender.requests() == 0);
}

TEST_CASE("a row limit stops an answer early and says it is incomplete", "[federation]") {
  Fixture f;
  f.sender.add(kA, kPeople);
  f.remote(kA);
  auto& services = f.start(kNames);
  engine::ServiceRequest request = f.request();
  request.row_limit = 3;
  engine::ServiceAnswer answer = services.start(request)->wait();
  CHECK(answer.rows.size() == 3);
  CHECK_FALSE(answer.complete);
  CHECK(f.sender.at(kA).queries[0].find("LIMIT 4") != std::string::npos);
}

TEST_CASE("answers past the federation's row budget stop the query naming the SERVICE",
          "[federation][error]") {
  Fixture f;
  f.sender.add(kA, kPeople);
  f.remote(kA);
  f.settings.max_total_rows = 3;
  auto& services = f.start(kNames);
  auto pending = services.start(f.request());
  CHECK_THAT(test::error_of([&] { pending->wait(); }),
             is_error(ErrorKind::LimitExceeded)
                 .with_message_containing("SERVICE <http://a.example/sparql> grew past the limit"));
}

TEST_CASE("answers past the federation's memory budget stop the query naming the SERVICE",
          "[federation][error]") {
  Fixture f;
  f.sender.add(kA, kPeople);
  f.remote(kA);
  f.settings.max_total_bytes = 100;  // less than the four names hold
  auto& services = f.start(kNames);
  auto pending = services.start(f.request());
  CHECK_THAT(test::error_of([&] { pending->wait(); }),
             is_error(ErrorKind::LimitExceeded)
                 .with_message_containing("MiB of rows from its endpoints; SERVICE "
                                          "<http://a.example/sparql> grew past the limit"));
}

TEST_CASE(
    "a sub-query answered before comes from the cache without a request, its endpoint listed "
    "with its rows",
    "[federation]") {
  Fixture f;
  f.sender.add(kA, kPeople);
  f.remote(kA);
  f.cache = std::make_shared<federation::SubqueryCache>(1 << 20, std::chrono::seconds(60));
  const std::string text = kAges;
  CHECK(f.start(text).start(f.request())->wait().rows.size() == 4);
  CHECK(f.sender.requests() == 1);
  auto& again = f.start(text);
  CHECK(again.start(f.request())->wait().rows.size() == 4);
  CHECK(f.sender.requests() == 1);
  CHECK(again.stats().services.at(1).cache_hits == 1);
  // The endpoint still answered, from the cache: listed with its rows and no request.
  CHECK(again.stats().endpoints.at(kA).requests == 0);
  CHECK(again.stats().endpoints.at(kA).rows == 4);
  // Other bindings are another sub-query.
  CHECK(again.start(f.request({"p"}, {{ex("bob")}}))->wait().rows.size() == 1);
  CHECK(f.sender.requests() == 2);
}

TEST_CASE("identical sub-queries of one query share one request, even without the cache",
          "[federation]") {
  Fixture f;
  f.sender.add(kA, kPeople);
  f.remote(kA);
  auto& services = f.start(kAges);
  auto first = services.start(f.request());
  auto second = services.start(f.request());
  CHECK(second->wait().rows.size() == 4);
  CHECK(first->wait().rows.size() == 4);
  CHECK(f.sender.requests() == 1);
  CHECK(services.stats().services.at(1).requests == 1);
  CHECK(services.stats().services.at(1).cache_hits == 1);
  // Once every share is taken the request is forgotten; one dropped unread is forgotten too.
  services.start(f.request()).reset();
  CHECK(services.start(f.request())->wait().rows.size() == 4);
  CHECK(f.sender.requests() == 3);
}

TEST_CASE("a cap the endpoint announces is learned: its answer is paged, later ones too",
          "[federation]") {
  Fixture f;
  f.sender.add(kA, kPeople);
  f.sender.at(kA).cap = 3;
  f.sender.at(kA).announce_cap = true;
  f.remote(kA);  // no cap in the catalogue: 10,000 assumed
  const std::string text = kAges;
  engine::ServiceAnswer answer = f.start(text).start(f.request())->wait();
  CHECK(answer.rows.size() == 4);  // pages of 3 rows, in one order
  CHECK(f.memory->learned_result_cap(kA) == std::optional<std::size_t>(3));
  CHECK(f.sender.at(kA).queries.back().find("ORDER BY") != std::string::npos);
  // A probe the cap cut is no whole answer, even below its row limit.
  auto& again = f.start(text);
  engine::ServiceRequest probe = f.request();
  probe.row_limit = 10;
  CHECK_FALSE(again.start(probe)->wait().complete);
}
