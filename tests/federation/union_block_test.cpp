// Bound joins with endpoints that refuse VALUES: the UNION form of a block (union_block.hpp),
// how FederatedServices falls back to it and remembers it, and that its answers equal the
// VALUES form's on the same data.

#include "union_block.hpp"

#include <catch2/catch.hpp>
#include <set>

#include "fake_endpoints.hpp"
#include "service_requests.hpp"
#include "sparqlmcp/federation/federated_services.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;

namespace {

constexpr const char* kA = "http://a.example/sparql";
constexpr const char* kPeople = R"(
@prefix : <http://example.org/> .
:alice :name "Alice" ; :age 30 ; :knows :bob .
:bob :name "Bob" ; :age 40 ; :knows :alice, :carol .
:carol :name "Carol" .
:dave :name "Dave" ; :age 50 .
:erin :name "Erin" ; :age 60 ; :knows :dave .
)";

rdf::Term ex(const std::string& local) {
  return rdf::Term::iri("http://example.org/" + local);
}

rdf::Term text(const std::string& value) {
  return rdf::Term::literal(value);
}

rdf::Term integer(int value) {
  return rdf::Term::literal(std::to_string(value), std::string(rdf::kXsdInteger));
}

// The SERVICE pattern of `query` with binding rows, and an endpoint that answers it: one that
// takes VALUES or one that refuses it, with the same data.
struct Federation {
  test::FakeSender sender;
  std::unique_ptr<federation::Source> source;
  federation::FederationSettings settings;
  std::shared_ptr<federation::EndpointMemory> memory =
      std::make_shared<federation::EndpointMemory>();
  std::shared_ptr<federation::SubqueryCache> cache;
  sparql::Query query;
  std::optional<federation::FederatedServices> services;

  Federation(const std::string& text, std::optional<std::size_t> cap = {})
      : query(sparql::parse_query(text)) {
    sender.add(kA, kPeople).cap = cap;
    catalogue::Endpoint e;
    e.id = "a";
    e.endpoint_iri = kA;
    e.settings.result_cap = cap;
    source = federation::make_remote_source(e, sender, {});
  }
  test::FakeEndpoint& endpoint() { return sender.at(kA); }

  engine::ServiceRequest request(std::vector<std::string> vars,
                                 std::vector<engine::ServiceRow> rows) const {
    return test::service_request(query, std::move(vars), std::move(rows));
  }

  // One evaluation in a new call (what the memory and the cache keep carries over).
  engine::ServiceAnswer run(const engine::ServiceRequest& request) {
    federation::RequestContext context;
    context.deadline = federation::Clock::now() + std::chrono::seconds(30);
    services.emplace([this](const std::string& iri) { return iri == kA ? source.get() : nullptr; },
                     context, settings, memory, cache);
    return services->start(request)->wait();
  }
};

// An answer as a multiset of "origin: var=value ..." lines, comparable between forms.
std::multiset<std::string> rows_of(const engine::ServiceAnswer& answer) {
  std::multiset<std::string> out;
  for (std::size_t i = 0; i < answer.rows.size(); ++i) {
    std::string line = (answer.origin.empty() ? "-" : std::to_string(answer.origin[i])) + ":";
    for (std::size_t c = 0; c < answer.vars.size(); ++c) {
      const auto& value = answer.rows[i][c];
      line += " " + answer.vars[c] + "=" + (value ? value->to_ntriples() : "UNDEF");
    }
    out.insert(line);
  }
  return out;
}

bool any_values(const std::vector<std::string>& queries, std::size_t from = 0) {
  for (std::size_t i = from; i < queries.size(); ++i)
    if (queries[i].find("VALUES") != std::string::npos) return true;
  return false;
}

// Runs `request` against an endpoint that takes VALUES and one that refuses it; checks that
// the answers are equal and that the refusing one was answered in UNION blocks.
void check_same_answers(const std::string& text, std::vector<std::string> vars,
                        std::vector<engine::ServiceRow> rows, std::size_t expected_rows,
                        std::optional<std::size_t> cap = {}) {
  Federation values(text, cap);
  Federation unions(text, cap);
  unions.endpoint().refuse_values = true;
  const engine::ServiceAnswer expected = values.run(values.request(vars, rows));
  const engine::ServiceAnswer got = unions.run(unions.request(vars, rows));
  CHECK(expected.rows.size() == expected_rows);
  CHECK(rows_of(got) == rows_of(expected));
  CHECK(unions.memory->refuses_values(kA));
  const auto& notes = unions.services->stats().services.at(1).notes;
  CHECK(std::find(notes.begin(), notes.end(),
                  std::string("<") + kA + "> refuses VALUES; sent UNION blocks") != notes.end());
  CHECK_FALSE(values.memory->refuses_values(kA));
}

const char* kNameAge =
    "PREFIX : <http://example.org/> SELECT * { SERVICE <http://a.example/sparql> { ?p :name ?n "
    ". ?p :age ?a } }";

}  // namespace

TEST_CASE("a UNION block renames each copy's variables and substitutes the row's values",
          "[federation]") {
  Federation f(kNameAge);
  engine::ServiceRequest request = f.request(
      {"p", "a"},
      {{ex("alice"), std::nullopt}, {ex("bob"), integer(40)}, {std::nullopt, std::nullopt}});
  const federation::SubQueryShape shape = federation::shape_of(request);
  federation::UnionBlock block = federation::union_block_query(request, shape, 0, 3);
  const std::string sent =
      sparql::serialize_algebra(block.query.op, f.query.prologue(), block.query.vars);
  CHECK(sent.find("VALUES") == std::string::npos);
  CHECK(sent.find("BIND") == std::string::npos);
  CHECK(sent.find(":alice :name ?n__0") != std::string::npos);
  CHECK(sent.find(":bob :age 40") != std::string::npos);
  CHECK(sent.find("?p__2 :name ?n__2") != std::string::npos);
  REQUIRE(block.branches.size() == 3);
  // Row 1 binds ?p and ?a: ?n is left as the marker of its copy.
  CHECK(block.branches[1].marker == "n__1");
  CHECK(block.branches[1].columns == std::vector<std::string>{"", "n__1", ""});
  CHECK(block.query.vars ==
        std::vector<std::string>{"a__0", "n__0", "n__1", "a__2", "n__2", "p__2"});
}

TEST_CASE("renamed variables cannot collide with the pattern's own", "[federation]") {
  Federation f(
      "PREFIX : <http://example.org/> SELECT * { SERVICE <http://a.example/sparql> { ?p :name "
      "?n__1 . ?p :knows [ :name ?q ] } }");
  engine::ServiceRequest request = f.request({"p"}, {{ex("alice")}, {ex("bob")}});
  federation::UnionBlock block =
      federation::union_block_query(request, federation::shape_of(request), 0, 2);
  const std::string sent =
      sparql::serialize_algebra(block.query.op, f.query.prologue(), block.query.vars);
  // "__" occurs in ?n__1, so the separator is "___"; the blank node became a variable per copy.
  CHECK(sent.find("?n__1___0") != std::string::npos);
  CHECK(sent.find("?n__1___1") != std::string::npos);
  CHECK(sent.find("?bnode___0___1") != std::string::npos);
  CHECK(sent.find("_:") == std::string::npos);
}

TEST_CASE("a variable OPTIONAL may leave unbound is tested with a FILTER, not substituted",
          "[federation]") {
  const std::string text =
      "PREFIX : <http://example.org/> SELECT * { SERVICE <http://a.example/sparql> { ?p :name ?n "
      "OPTIONAL { ?p :age ?a } } }";
  Federation f(text);
  engine::ServiceRequest request = f.request({"a"}, {{integer(30)}, {integer(99)}});
  federation::UnionBlock block =
      federation::union_block_query(request, federation::shape_of(request), 0, 2);
  const std::string sent =
      sparql::serialize_algebra(block.query.op, f.query.prologue(), block.query.vars);
  CHECK(sent.find("FILTER(!(BOUND(?a__0)) || SAMETERM(?a__0, 30))") != std::string::npos);
  // Carol has no age: she extends every row, as Join({?a: v}, OPTIONAL) gives.
  check_same_answers(text, {"a"}, {{integer(30)}, {integer(99)}, {std::nullopt}}, 8);
}

TEST_CASE("values are substituted through OPTIONAL where its left side binds the variable",
          "[federation]") {
  const std::string text =
      "PREFIX : <http://example.org/> SELECT * { SERVICE <http://a.example/sparql> { ?p :name ?n "
      "OPTIONAL { ?p :age ?a FILTER(?a > 35) } } }";
  Federation f(text);
  engine::ServiceRequest request = f.request({"p"}, {{ex("alice")}, {ex("bob")}});
  federation::UnionBlock block =
      federation::union_block_query(request, federation::shape_of(request), 0, 2);
  const std::string sent =
      sparql::serialize_algebra(block.query.op, f.query.prologue(), block.query.vars);
  CHECK(sent.find(":alice :age ?a__0") != std::string::npos);
  CHECK(sent.find("SAMETERM") == std::string::npos);
  check_same_answers(text, {"p"}, {{ex("alice")}, {ex("bob")}, {ex("carol")}, {std::nullopt}}, 8);
}

TEST_CASE("an endpoint that refuses VALUES answers in UNION blocks what VALUES blocks give",
          "[federation][error]") {
  SECTION("UNDEF bindings") {
    check_same_answers(kNameAge, {"p"}, {{ex("alice")}, {std::nullopt}, {ex("carol")}}, 5);
  }
  SECTION("duplicate binding rows") {
    check_same_answers(kNameAge, {"p"}, {{ex("bob")}, {ex("bob")}, {ex("erin")}, {ex("bob")}}, 4);
  }
  SECTION("rows that agree on some variables, and a row binding every variable") {
    check_same_answers(kNameAge, {"p", "n", "a"},
                       {{ex("alice"), std::nullopt, std::nullopt},
                        {ex("alice"), text("Alice"), std::nullopt},
                        {ex("alice"), text("Alice"), integer(30)},
                        {ex("alice"), text("Bob"), std::nullopt},
                        {std::nullopt, text("Bob"), integer(40)}},
                       4);
  }
  SECTION("a pattern that binds no variable in every solution goes one row per block") {
    const std::string text =
        "PREFIX : <http://example.org/> SELECT * { SERVICE <http://a.example/sparql> { OPTIONAL "
        "{ ?p :age ?a } } }";
    check_same_answers(text, {"p"}, {{ex("alice")}, {ex("carol")}, {std::nullopt}}, 5);
  }
  SECTION("a MINUS that shares the binding variable") {
    const std::string text =
        "PREFIX : <http://example.org/> SELECT * { SERVICE <http://a.example/sparql> { ?p :name "
        "?n MINUS { ?p :age 30 } } }";
    check_same_answers(text, {"p"}, {{ex("alice")}, {ex("bob")}, {std::nullopt}}, 5);
  }
  SECTION("more rows than one UNION block") {
    std::vector<engine::ServiceRow> rows;
    for (int i = 0; i < 40; ++i)
      rows.push_back({ex(i % 2 ? "bob" : "nobody" + std::to_string(i))});
    check_same_answers(kNameAge, {"p"}, rows, 20);
  }
}

TEST_CASE("answers at the endpoint's cap are fetched again in halves and pages in UNION form",
          "[federation]") {
  const std::string text =
      "PREFIX : <http://example.org/> SELECT * { SERVICE <http://a.example/sparql> { ?p ?k ?v } "
      "}";
  // Row 2 leaves ?p unbound: all 13 triples, more than the cap of 4, fetched in ordered pages.
  check_same_answers(text, {"p"}, {{ex("alice")}, {ex("bob")}, {std::nullopt}, {ex("dave")}},
                     3 + 4 + 13 + 2, 4);
  Federation f(text, 4);
  f.endpoint().refuse_values = true;
  f.run(f.request({"p"}, {{ex("alice")}, {std::nullopt}}));
  CHECK(f.endpoint().queries.back().find("ORDER BY") != std::string::npos);
  CHECK_FALSE(f.services->stats().possibly_incomplete());
}

TEST_CASE("once an endpoint refused VALUES, later calls send no VALUES at all", "[federation]") {
  Federation f(kNameAge);
  f.endpoint().refuse_values = true;
  std::vector<engine::ServiceRow> rows;
  for (const char* p : {"alice", "bob", "carol", "dave", "erin"})
    rows.push_back({ex(p)});
  f.settings.block_rows = 4;
  CHECK(f.run(f.request({"p"}, rows)).rows.size() == 4);
  // The first call learned it: a block of 4 refused, halved to 1, then the UNION form.
  CHECK(any_values(f.endpoint().queries));
  const std::size_t before = f.endpoint().queries.size();
  CHECK(f.run(f.request({"p"}, rows)).rows.size() == 4);
  CHECK(f.endpoint().queries.size() == before + 1);
  CHECK_FALSE(any_values(f.endpoint().queries, before));
  CHECK(f.endpoint().queries.back().find("UNION") != std::string::npos);
  const auto& notes = f.services->stats().services.at(1).notes;
  CHECK(notes ==
        std::vector<std::string>{std::string("<") + kA + "> refuses VALUES; sent UNION blocks"});
}

TEST_CASE("an answer without the row-number column is fetched again in UNION form",
          "[federation][error]") {
  Federation f(kNameAge);
  f.endpoint().drop_row_column = true;
  engine::ServiceAnswer answer = f.run(f.request({"p"}, {{ex("alice")}, {ex("bob")}}));
  CHECK(rows_of(answer) ==
        std::multiset<std::string>{"0: a=\"30\"^^<http://www.w3.org/2001/XMLSchema#integer> "
                                   "n=\"Alice\" p=<http://example.org/alice>",
                                   "1: a=\"40\"^^<http://www.w3.org/2001/XMLSchema#integer> "
                                   "n=\"Bob\" p=<http://example.org/bob>"});
  CHECK(f.memory->refuses_values(kA));
  CHECK(f.endpoint().queries.size() == 2);
}

TEST_CASE("UNION blocks come from the sub-query cache on the next call", "[federation]") {
  Federation f(kNameAge);
  f.endpoint().refuse_values = true;
  f.cache = std::make_shared<federation::SubqueryCache>(1 << 20, std::chrono::seconds(60));
  const auto request = f.request({"p"}, {{ex("alice")}, {ex("bob")}});
  // The first call learns that VALUES is refused (its blocks end up halved); the second sends
  // one UNION block, which the third finds in the cache.
  const auto first = rows_of(f.run(request));
  CHECK(rows_of(f.run(request)) == first);
  const std::size_t before = f.endpoint().queries.size();
  CHECK(rows_of(f.run(request)) == first);
  CHECK(f.endpoint().queries.size() == before);
  CHECK(f.services->stats().services.at(1).cache_hits == 1);
}

TEST_CASE("a block refused in UNION form too fails with both errors and the endpoint named",
          "[federation][error]") {
  Federation f(kNameAge);
  f.endpoint().fail_status = 400;
  const auto request = f.request({"p"}, {{ex("alice")}});
  Error error = test::error_of([&] { f.run(request); });
  CHECK(error.kind == ErrorKind::Remote);
  REQUIRE(error.remote);
  CHECK(error.remote->endpoint == kA);
  CHECK(error.remote->http_status == 400);
  CHECK(error.message ==
        std::string("SERVICE #1 <") + kA +
            "> failed: the endpoint answered HTTP 400; sent without VALUES (as a UNION of the "
            "pattern per binding row) it failed too: the endpoint answered HTTP 400. Add SILENT "
            "(SERVICE SILENT <...>) to go on without this block");
  CHECK_FALSE(f.memory->refuses_values(kA));
  CHECK(f.endpoint().queries.size() == 2);
}

TEST_CASE("SERVICE SILENT still answers the empty solution when both forms fail",
          "[federation][error]") {
  Federation f(
      "PREFIX : <http://example.org/> SELECT * { SERVICE SILENT <http://a.example/sparql> { ?p "
      ":name ?n } }");
  f.endpoint().fail_status = 400;
  engine::ServiceAnswer answer = f.run(f.request({"p"}, {{ex("alice")}}));
  REQUIRE(answer.rows.size() == 1);
  CHECK(answer.origin == std::vector<std::uint32_t>{0});
  CHECK(f.services->stats().services.at(1).silent_failure);
}
