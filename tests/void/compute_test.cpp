#include "sparqlmcp/void/compute.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <condition_variable>
#include <future>
#include <mutex>

#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/engine/store.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/util/error.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::void_;

namespace {

const char* const kData = R"(
@prefix ex: <http://ex.org/> .
ex:a a ex:Person ; ex:name "Ann" ; ex:knows ex:b ; ex:age 30 ; ex:label "Ann"@en, "Anna"@de .
ex:b a ex:Person , ex:Employee ; ex:name "Bob" ; ex:worksFor ex:acme .
ex:acme a ex:Company ; ex:name "ACME"@en .
ex:c ex:knows ex:a .
)";

const std::string ex = "http://ex.org/";
const std::string rdf_type = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
const std::string xsd = "http://www.w3.org/2001/XMLSchema#";

// Answers with the embedded engine over `store`: an endpoint that answers every query exactly.
QueryRunner engine_runner(const engine::Store& store, std::atomic<int>* calls = nullptr) {
  return [&store, calls](const std::string& text, std::chrono::milliseconds, CancellationTokenPtr) {
    if (calls) ++*calls;
    RunnerAnswer answer;
    answer.results = engine::evaluate_query(sparql::parse_query(text), store).results;
    return answer;
  };
}

ComputeSettings settings_for_tests() {
  ComputeSettings settings;
  settings.concurrency = 2;
  settings.budget = std::chrono::milliseconds(0);
  return settings;
}

const ClassProperty* used(const ClassPartition& cls, const std::string& property) {
  for (const ClassProperty& p : cls.properties)
    if (p.property == property) return &p;
  return nullptr;
}

}  // namespace

TEST_CASE("A computed description has the exact counts of the data", "[void][compute]") {
  engine::Store store;
  store.load_text(kData, rdf::RdfSyntax::Turtle, "", "test");
  std::atomic<int> calls{0};
  const Description d = compute_description("http://ex.org/sparql", "ex",
                                            engine_runner(store, &calls), settings_for_tests());

  CHECK(d.endpoint == "http://ex.org/sparql");
  CHECK(d.id == "ex");
  CHECK(d.triples == 13u);
  CHECK(d.distinct_subjects == 4u);
  CHECK(d.distinct_objects == 12u);
  CHECK(d.class_count == 3u);
  CHECK(d.property_count == 6u);
  CHECK(d.provenance.complete());
  CHECK(d.provenance.origin == Provenance::Origin::Computed);
  CHECK(d.provenance.failed_queries == 0);
  // 3 totals + 3 per class + 1 per property + 2 dataset distincts
  CHECK(d.provenance.queries == static_cast<std::size_t>(3 + 3 * 3 + 6 + 2));
  CHECK(calls == static_cast<int>(d.provenance.queries));

  REQUIRE(d.classes.size() == 3);
  CHECK(d.classes[0].class_iri == ex + "Person");
  CHECK(d.classes[0].entities == 2u);
  CHECK(d.classes[1].class_iri == ex + "Company");  // equal counts: by IRI
  CHECK(d.classes[2].class_iri == ex + "Employee");

  const ClassPartition& person = d.classes[0];
  CHECK(person.properties_known);
  REQUIRE(person.properties.size() == 6);
  CHECK(person.properties[0].property == rdf_type);  // 3 triples, the most used
  const ClassProperty* type = used(person, rdf_type);
  CHECK(type->triples == 3u);
  CHECK(type->distinct_subjects == 2u);
  CHECK(type->distinct_objects == 2u);
  CHECK(type->resource_objects == 3u);
  const ClassProperty* knows = used(person, ex + "knows");
  REQUIRE(knows != nullptr);
  CHECK(knows->triples == 1u);
  CHECK(knows->object_classes ==
        std::map<std::string, std::uint64_t>{{ex + "Employee", 1}, {ex + "Person", 1}});
  CHECK(knows->datatypes.empty());
  CHECK(knows->resource_objects == 1u);
  const ClassProperty* label = used(person, ex + "label");
  REQUIRE(label != nullptr);
  CHECK(label->datatypes == std::map<std::string, std::uint64_t>{{kRdfLangString, 2}});
  CHECK(label->languages == std::map<std::string, std::uint64_t>{{"de", 1}, {"en", 1}});
  CHECK(label->resource_objects == 0u);
  CHECK(used(person, ex + "age")->datatypes ==
        std::map<std::string, std::uint64_t>{{xsd + "integer", 1}});
  CHECK(used(person, ex + "name")->datatypes ==
        std::map<std::string, std::uint64_t>{{xsd + "string", 2}});
  CHECK(used(person, ex + "worksFor")->object_classes ==
        std::map<std::string, std::uint64_t>{{ex + "Company", 1}});

  REQUIRE(d.properties.size() == 6);
  CHECK(d.properties[0].property == rdf_type);
  CHECK(d.properties[0].triples == 4u);
  const PropertyPartition* name = d.find_property(ex + "name");
  CHECK(name->triples == 3u);
  CHECK(name->distinct_subjects == 3u);
  CHECK(name->distinct_objects == 3u);
  const PropertyPartition* knows_all = d.find_property(ex + "knows");
  CHECK(knows_all->distinct_subjects == 2u);
  CHECK(knows_all->distinct_objects == 2u);
}

TEST_CASE("Failed queries leave their parts missing and keep everything else",
          "[void][compute][error]") {
  engine::Store store;
  store.load_text(kData, rdf::RdfSyntax::Turtle, "", "test");
  const QueryRunner exact = engine_runner(store);
  // The endpoint times out on the literals of Person, fails the dataset's distinct objects with
  // an HTTP error, and answers an aggregate with no row (an unfinished answer).
  const QueryRunner flaky = [&](const std::string& text, std::chrono::milliseconds timeout,
                                CancellationTokenPtr cancel) {
    if (text.find("isLiteral") != std::string::npos && text.find("Person") != std::string::npos)
      throw Exception(make_error(ErrorKind::Timeout, "timed out"));
    if (text.find("COUNT(DISTINCT ?o) AS ?n") != std::string::npos)
      throw Exception(make_remote_error("HTTP 500", "http://ex.org/sparql", 500, 0, "boom"));
    if (text.find("COUNT(DISTINCT ?s) AS ?n") != std::string::npos) {
      RunnerAnswer empty;
      empty.results.variables = {"n"};
      return empty;
    }
    return exact(text, timeout, cancel);
  };
  ComputeSettings settings = settings_for_tests();
  settings.query_timeout = std::chrono::milliseconds(1500);
  const Description d = compute_description("http://ex.org/sparql", "ex", flaky, settings);

  CHECK_FALSE(d.provenance.complete());
  CHECK(d.provenance.failed_queries == 3);
  REQUIRE(d.provenance.missing.size() == 3);
  std::map<std::string, MissingPart> by_part;
  for (const MissingPart& part : d.provenance.missing)
    by_part[part.part] = part;
  CHECK(by_part.at("literals of class").subject == ex + "Person");
  CHECK(by_part.at("literals of class").reason == "timeout after 1500 ms");
  CHECK_THAT(by_part.at("distinct objects").reason, Catch::Contains("HTTP 500"));
  CHECK_THAT(by_part.at("distinct subjects").reason, Catch::Contains("0 rows instead of one"));
  CHECK_FALSE(d.distinct_objects);
  CHECK_FALSE(d.distinct_subjects);
  CHECK(d.triples == 13u);
  const ClassProperty* label = used(*d.find_class(ex + "Person"), ex + "label");
  REQUIRE(label != nullptr);
  CHECK(label->triples == 2u);
  CHECK(label->datatypes.empty());
  CHECK_FALSE(label->resource_objects);  // unknown without the literals
  // Other classes are whole.
  CHECK(used(*d.find_class(ex + "Company"), ex + "name")->languages.count("en") == 1);
}

TEST_CASE("A listing at its limit or possibly cut by a result cap is counted separately",
          "[void][compute]") {
  engine::Store store;
  store.load_text(kData, rdf::RdfSyntax::Turtle, "", "test");
  const QueryRunner exact = engine_runner(store);
  std::atomic<bool> counted_classes{false};
  // Every answer is flagged as possibly cut (as one at an announced cap would be).
  const QueryRunner capped = [&](const std::string& text, std::chrono::milliseconds timeout,
                                 CancellationTokenPtr cancel) {
    if (text.find("COUNT(DISTINCT ?c)") != std::string::npos) counted_classes = true;
    RunnerAnswer answer = exact(text, timeout, cancel);
    answer.possibly_cut = text.find("GROUP BY") != std::string::npos;
    return answer;
  };
  ComputeSettings settings = settings_for_tests();
  settings.max_listed = 2;  // fewer than the 3 classes and 6 properties
  settings.class_budget = 1;
  settings.property_budget = 1;
  const Description d = compute_description("http://ex.org/sparql", "ex", capped, settings);
  CHECK(counted_classes);
  CHECK(d.class_count == 3u);     // counted, not taken from the 2 rows listed
  CHECK(d.property_count == 6u);  //
  CHECK(d.classes.size() == 2);
  CHECK(d.properties.size() == 2);
  // The class budget: only the biggest class has its properties computed, and their listing
  // is cut at its LIMIT of 2 rows, so they are not known whole.
  CHECK_FALSE(d.classes[0].properties_known);
  CHECK_FALSE(d.classes[1].properties_known);
  // Literals possibly cut: no resource count is derived from them.
  for (const ClassProperty& p : d.classes[0].properties)
    CHECK_FALSE(p.resource_objects);
  // The totals' listings are counted apart; the class's cut listings are missing parts.
  REQUIRE(d.provenance.missing.size() == 3);
  for (const MissingPart& part : d.provenance.missing) {
    CHECK(part.subject == ex + "Person");
    CHECK(part.reason == "cut at the query's LIMIT of 2 rows: the most used are listed");
  }
}

TEST_CASE("A class's listing cut at its LIMIT keeps the most used rows and is recorded as missing",
          "[void][compute]") {
  // Regression: the properties, object classes and literals of a class were taken whole when
  // their answer stopped at the LIMIT (classes with more than 1,000 (property, object class)
  // pairs on Virtuoso, e2e void_virtuoso), so a description lacking many passed for complete.
  engine::Store store;
  store.load_text(kData, rdf::RdfSyntax::Turtle, "", "test");
  const QueryRunner exact = engine_runner(store);
  std::map<std::string, std::string> reasons;  // "part subject" -> reason

  SECTION("at the LIMIT") {
    ComputeSettings settings = settings_for_tests();
    settings.max_listed = 3;
    const Description d = compute_description("http://ex.org/sparql", "ex", exact, settings);
    for (const MissingPart& part : d.provenance.missing)
      reasons[part.part + " " + part.subject] = part.reason;
    const std::string at_limit = "cut at the query's LIMIT of 3 rows: the most used are listed";
    // Person: 6 properties, 3 (property, class) links and 4 (property, datatype, language)
    // rows; Employee: 3 properties. Company's listings are whole.
    CHECK(reasons == std::map<std::string, std::string>{
                         {"properties of class " + ex + "Person", at_limit},
                         {"object classes of class " + ex + "Person", at_limit},
                         {"literals of class " + ex + "Person", at_limit},
                         {"properties of class " + ex + "Employee", at_limit},
                     });
    CHECK(d.provenance.failed_queries == 0);
    const ClassPartition& person = *d.find_class(ex + "Person");
    CHECK_FALSE(person.properties_known);
    // What is listed has its true counts: rdf:type, the most used, 3 triples of 2 subjects.
    const ClassProperty* type = used(person, rdf_type);
    REQUIRE(type != nullptr);
    CHECK(type->triples == 3u);
    CHECK(type->distinct_subjects == 2u);
    CHECK_FALSE(d.find_class(ex + "Employee")->properties_known);
    const ClassPartition& company = *d.find_class(ex + "Company");
    CHECK(company.properties_known);
    CHECK(used(company, ex + "name")->languages == std::map<std::string, std::uint64_t>{{"en", 1}});
  }

  SECTION("possibly cut by a result cap below the LIMIT") {
    const QueryRunner capped = [&](const std::string& text, std::chrono::milliseconds timeout,
                                   CancellationTokenPtr cancel) {
      RunnerAnswer answer = exact(text, timeout, cancel);
      answer.possibly_cut =
          text.find("isLiteral") != std::string::npos && text.find("Company") != std::string::npos;
      return answer;
    };
    const Description d =
        compute_description("http://ex.org/sparql", "ex", capped, settings_for_tests());
    REQUIRE(d.provenance.missing.size() == 1);
    CHECK(d.provenance.missing[0] ==
          MissingPart{
              "literals of class", ex + "Company",
              "possibly cut by the endpoint's result cap at 1 row: the most used are listed"});
    CHECK(d.find_class(ex + "Company")->properties_known);
    CHECK_FALSE(used(*d.find_class(ex + "Company"), ex + "name")->resource_objects);
  }
}

TEST_CASE("A cancelled computation stops and keeps what it had", "[void][compute]") {
  engine::Store store;
  store.load_text(kData, rdf::RdfSyntax::Turtle, "", "test");
  const QueryRunner exact = engine_runner(store);
  std::mutex mutex;
  std::condition_variable changed;
  bool blocked = false;
  // The per-class queries wait for the cancellation (an endpoint that never answers).
  const QueryRunner stuck = [&](const std::string& text, std::chrono::milliseconds timeout,
                                CancellationTokenPtr cancel) {
    if (text.find("GROUP BY ?p ?d") == std::string::npos) return exact(text, timeout, cancel);
    std::unique_lock lock(mutex);
    blocked = true;
    changed.notify_all();
    auto token = cancel;
    CancellationSubscription wake(token, [&] {
      std::lock_guard inner(mutex);
      changed.notify_all();
    });
    changed.wait(lock, [&] { return cancel->cancelled(); });
    throw Exception(make_error(ErrorKind::Cancelled, "cancelled"));
  };
  ComputeSettings settings = settings_for_tests();
  settings.concurrency = 1;
  auto computation = Computation::start("http://ex.org/sparql", "ex", stuck, settings);
  {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return blocked; });
  }
  const Description during = computation->snapshot();
  CHECK(during.triples == 13u);
  REQUIRE_FALSE(during.provenance.missing.empty());
  CHECK(during.provenance.missing.back().part == "not computed yet");
  CHECK_FALSE(computation->finished());
  // A caller that stops waiting (its own call was cancelled) leaves the computation running.
  auto stop = std::make_shared<CancellationToken>();
  stop->cancel();
  CHECK_FALSE(computation->wait_for(std::chrono::hours(1), stop));
  CHECK_FALSE(computation->finished());
  computation->cancel();
  computation->wait();
  const Description after = computation->snapshot();
  CHECK(after.triples == 13u);
  CHECK_FALSE(after.provenance.complete());
  for (const MissingPart& part : after.provenance.missing)
    CHECK(part.reason == "cancelled");
  CHECK(computation->progress().done == computation->progress().planned);
}

TEST_CASE("on_finished gets the final description before wait() returns", "[void][compute]") {
  engine::Store store;
  store.load_text(kData, rdf::RdfSyntax::Turtle, "", "test");
  std::optional<Description> stored;
  std::shared_ptr<Computation> keep;
  // The queries wait until the listener is in place.
  std::promise<void> listening;
  std::shared_future<void> gate = listening.get_future().share();
  const QueryRunner exact = engine_runner(store);
  const QueryRunner gated = [&, gate](const std::string& text, std::chrono::milliseconds timeout,
                                      CancellationTokenPtr cancel) {
    gate.wait();
    return exact(text, timeout, cancel);
  };
  keep = Computation::start("http://ex.org/sparql", "ex", gated, settings_for_tests(),
                            [&](const Description& d) { stored = d; });
  std::atomic<std::size_t> heard{0};
  const std::size_t listener = keep->add_listener([&](const ComputeProgress&) { ++heard; });
  listening.set_value();
  keep->wait();
  keep->remove_listener(listener);
  CHECK(heard > 0);
  CHECK(heard == keep->progress().done);
  REQUIRE(stored);
  CHECK(stored->triples == 13u);
  CHECK(stored->provenance.complete());
  CHECK(keep->progress().done == stored->provenance.queries);
  CHECK(keep->progress().planned == stored->provenance.queries);
}
