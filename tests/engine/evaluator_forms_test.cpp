#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

#include "evaluator_fixture.hpp"
#include "support/error_matchers.hpp"

using namespace evaluator_test;
using sparqlmcp::test::is_error;

TEST_CASE("ASK answers whether a solution exists", "[engine][evaluator]") {
  Db db(":a :p 1 .");
  CHECK(db.ask("ASK { :a :p 1 }"));
  CHECK(!db.ask("ASK { :a :p 2 }"));
  auto outcome = db.run("ASK { ?s ?p ?o }");
  CHECK(outcome.form == sparql::QueryForm::Ask);
  CHECK(outcome.results.kind == results::QueryResults::Kind::Boolean);
}

TEST_CASE("CONSTRUCT instantiates the template per solution", "[engine][evaluator]") {
  Db db(":a :knows :b . :b :knows :c . :a :name \"A\" .");
  CHECK(db.triples("CONSTRUCT { ?y :knownBy ?x } WHERE { ?x :knows ?y }") ==
        Rows{":b :knownBy :a", ":c :knownBy :b"});
  // Unbound parts and literal subjects are skipped, duplicates removed.
  CHECK(db.triples("CONSTRUCT { ?n :of ?x . ?x :has ?n . :k :v 1 } WHERE { ?x :knows ?y "
                   "OPTIONAL { ?x :name ?n } }") == Rows{":a :has \"A\"", ":k :v 1"});
  // Fresh blank nodes per solution.
  auto g = db.run("CONSTRUCT { _:e :from ?x ; :to ?y } WHERE { ?x :knows ?y }").graph;
  REQUIRE(g.size() == 4);
  CHECK(g[0].subject.is_blank());
  CHECK(g[0].subject == g[1].subject);
  CHECK(g[0].subject != g[2].subject);
  CHECK(db.triples("CONSTRUCT WHERE { ?x :knows :c }") == Rows{":b :knows :c"});
}

TEST_CASE("DESCRIBE returns concise bounded descriptions", "[engine][evaluator]") {
  Db db(":a :p :b ; :q [ :r 1 ; :s [ :t 2 ] ] . :b :p :c . :c :p :a .");
  CHECK(db.triples("DESCRIBE :a") ==
        Rows{":a :p :b", ":a :q _:", "_: :r 1", "_: :s _:", "_: :t 2"});
  CHECK(db.triples("DESCRIBE ?x WHERE { :a :p ?x }") == Rows{":b :p :c"});
  CHECK(db.triples("DESCRIBE :nothing").empty());
}

TEST_CASE("FROM and FROM NAMED define the dataset", "[engine][evaluator]") {
  Db db(":a :p 0 . :g1 { :a :p 1 . :x :p 9 } :g2 { :a :p 2 . :x :p 9 }");
  CHECK(db.rows("SELECT ?v FROM :g1 WHERE { :a :p ?v }") == Rows{"?v=1"});
  // The merge of two FROM graphs counts a shared triple once.
  CHECK(db.rows("SELECT ?s ?v FROM :g1 FROM :g2 WHERE { ?s :p ?v }") ==
        Rows{"?s=:a ?v=1", "?s=:a ?v=2", "?s=:x ?v=9"});
  CHECK(db.rows("SELECT ?g ?v FROM NAMED :g2 WHERE { GRAPH ?g { :a :p ?v } }") ==
        Rows{"?g=:g2 ?v=2"});
  // FROM NAMED only: the default graph is empty.
  CHECK(db.rows("SELECT ?v FROM NAMED :g2 WHERE { :a :p ?v }").empty());
  CHECK(db.rows("SELECT ?v FROM :nograph WHERE { :a :p ?v }").empty());
}

TEST_CASE("the union default graph merges every graph without duplicates", "[engine][evaluator]") {
  Db db(":a :p 0 . :x :p 9 . :g1 { :a :p 1 . :x :p 9 } :g2 { :a :p 2 . :x :p 9 }");
  EvaluationOptions options;
  options.union_default_graph = true;
  CHECK(db.rows("SELECT ?s ?v WHERE { ?s :p ?v }", options) ==
        Rows{"?s=:a ?v=0", "?s=:a ?v=1", "?s=:a ?v=2", "?s=:x ?v=9"});
  CHECK(db.rows("SELECT ?g WHERE { GRAPH ?g { :a :p ?v } }", options) == Rows{"?g=:g1", "?g=:g2"});
  Db named_only(":g1 { :a :p 1 . :x :p 9 } :g2 { :a :p 2 . :x :p 9 }");
  CHECK(named_only.rows("SELECT ?s ?v WHERE { ?s :p ?v }", options) ==
        Rows{"?s=:a ?v=1", "?s=:a ?v=2", "?s=:x ?v=9"});
}

TEST_CASE("SERVICE is refused with a pointer to the federation layer",
          "[engine][evaluator][error]") {
  Db db(":a :p 1 .");
  CHECK_THROWS_MATCHES(
      db.run("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }"), Exception,
      is_error(ErrorKind::Unsupported).with_message_containing("federation layer"));
}

TEST_CASE("max_result_rows cuts the result and says so", "[engine][evaluator]") {
  Db db(":a :p 1 , 2 , 3 .");
  EvaluationOptions options;
  options.max_result_rows = 2;
  auto outcome = db.run("SELECT ?v WHERE { :a :p ?v }", options);
  CHECK(outcome.results.rows.size() == 2);
  CHECK(outcome.truncated);
  options.max_result_rows = 3;
  CHECK(!db.run("SELECT ?v WHERE { :a :p ?v }", options).truncated);
}

TEST_CASE("several threads evaluate queries on one store at once", "[engine][evaluator]") {
  std::string data;
  for (int i = 0; i < 300; ++i)
    data += ":n" + std::to_string(i) + " :next :n" + std::to_string((i + 1) % 300) + " ; :v " +
            std::to_string(i) + " .\n";
  Db db(data);
  std::vector<std::thread> threads;
  std::atomic<int> good{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int round = 0; round < 5; ++round) {
        auto a = db.rows("SELECT (COUNT(*) AS ?n) WHERE { :n0 :next+ ?y }");
        auto b = db.rows("SELECT ?x WHERE { ?x :v ?v FILTER(?v > 297) BIND(STR(?v) AS ?s) }");
        if (a == Rows{"?n=300"} && b == Rows{"?x=:n298", "?x=:n299"}) ++good;
      }
    });
  }
  for (auto& t : threads)
    t.join();
  CHECK(good == 20);
}
