#include <catch2/catch.hpp>

#include "evaluator_fixture.hpp"

using namespace evaluator_test;

namespace {

// a -> b -> c -> a (a cycle), c -> d, and an inverse-only link e.
const char* kGraph = R"(
:a :next :b . :b :next :c . :c :next :a . :c :next :d .
:e :prev :a .
:a :label "A" .
)";

}  // namespace

TEST_CASE("sequence, alternative and inverse paths", "[engine][evaluator][path]") {
  Db db(kGraph);
  CHECK(db.rows("SELECT ?y WHERE { :a :next/:next ?y }") == Rows{"?y=:c"});
  CHECK(db.rows("SELECT ?y WHERE { :a :next/:next/:next ?y }") == Rows{"?y=:a", "?y=:d"});
  CHECK(db.rows("SELECT ?x WHERE { ?x ^:next :c }") == Rows{"?x=:a", "?x=:d"});
  CHECK(db.rows("SELECT ?y WHERE { :a :next|^:prev ?y }") == Rows{"?y=:b", "?y=:e"});
  CHECK(db.rows("SELECT ?y WHERE { :a :next|^:prev|^:next ?y }") ==
        Rows{"?y=:b", "?y=:c", "?y=:e"});
  CHECK(db.rows("SELECT ?x ?y WHERE { ?x :next/:label ?y }") == Rows{"?x=:c ?y=\"A\""});
}

TEST_CASE("closures terminate on cycles and give each node once", "[engine][evaluator][path]") {
  Db db(kGraph);
  CHECK(db.rows("SELECT ?y WHERE { :a :next+ ?y }") == Rows{"?y=:a", "?y=:b", "?y=:c", "?y=:d"});
  CHECK(db.rows("SELECT ?y WHERE { :a :next* ?y }") == Rows{"?y=:a", "?y=:b", "?y=:c", "?y=:d"});
  CHECK(db.rows("SELECT ?y WHERE { :d :next+ ?y }").empty());
  CHECK(db.rows("SELECT ?y WHERE { :d :next* ?y }") == Rows{"?y=:d"});
  CHECK(db.rows("SELECT ?x WHERE { ?x :next+ :d }") == Rows{"?x=:a", "?x=:b", "?x=:c"});
  CHECK(db.rows("SELECT ?y WHERE { :a :next? ?y }") == Rows{"?y=:a", "?y=:b"});
  CHECK(db.ask("ASK { :a :next+ :a }"));
  CHECK(!db.ask("ASK { :d :next+ :d }"));
  CHECK(db.ask("ASK { :d :next* :d }"));
}

TEST_CASE("zero-length paths with both ends variable match every node to itself",
          "[engine][evaluator][path]") {
  Db db(":a :p :b .");
  CHECK(db.rows("SELECT ?x ?y WHERE { ?x :p* ?y }") ==
        Rows{"?x=:a ?y=:a", "?x=:a ?y=:b", "?x=:b ?y=:b"});
  CHECK(db.rows("SELECT ?x WHERE { ?x :p? ?x }") == Rows{"?x=:a", "?x=:b"});
  // A constant end the data lacks still matches itself with zero steps.
  CHECK(db.rows("SELECT ?y WHERE { :zzz :p* ?y }") == Rows{"?y=:zzz"});
  // A value joined in from elsewhere is not a constant: only graph nodes match with zero
  // steps, however the join is evaluated.
  CHECK(db.rows("SELECT ?v WHERE { VALUES ?v { 1 :a } ?v :p? ?v }") == Rows{"?v=:a"});
  CHECK(db.rows("SELECT ?v ?y WHERE { VALUES ?v { :zzz } ?v :p* ?y }").empty());
}

TEST_CASE("the same variable at both ends of a closure", "[engine][evaluator][path]") {
  Db db(kGraph);
  CHECK(db.rows("SELECT ?x WHERE { ?x :next+ ?x }") == Rows{"?x=:a", "?x=:b", "?x=:c"});
}

TEST_CASE("negated property sets", "[engine][evaluator][path]") {
  Db db(kGraph);
  CHECK(db.rows("SELECT ?y WHERE { :a !:next ?y }") == Rows{"?y=\"A\""});
  CHECK(db.rows("SELECT ?y WHERE { :a !(:next|:label) ?y }").empty());
  CHECK(db.rows("SELECT ?y WHERE { :a !^:next ?y }") == Rows{"?y=:e"});
  CHECK(db.rows("SELECT ?y WHERE { :a !(^:next|^:prev) ?y }").empty());
  CHECK(db.rows("SELECT ?y WHERE { :a !(:label|^:prev) ?y }") == Rows{"?y=:b", "?y=:c"});
}

TEST_CASE("paths joined with triple patterns and inside GRAPH", "[engine][evaluator][path]") {
  Db db(":g { :a :p :b . :b :p :c } :x :start :a .");
  CHECK(db.rows("SELECT ?y WHERE { GRAPH :g { :a :p+ ?y } }") == Rows{"?y=:b", "?y=:c"});
  CHECK(db.rows("SELECT ?y WHERE { :a :p+ ?y }").empty());
  CHECK(db.rows("SELECT ?g ?y WHERE { GRAPH ?g { ?s :p* ?y FILTER(?s = :b) } }") ==
        Rows{"?g=:g ?y=:b", "?g=:g ?y=:c"});
}

TEST_CASE("a path after a triple pattern starts from its bindings", "[engine][evaluator][path]") {
  Db db(kGraph);
  CHECK(db.rows("SELECT ?y WHERE { ?s :label \"A\" . ?s :next+ ?y . ?y :next :d }") ==
        Rows{"?y=:c"});
}

TEST_CASE("a closure with both ends unbound stops early under LIMIT", "[engine][evaluator][path]") {
  std::string chain;
  for (int i = 0; i < 1000; ++i)
    chain += ":n" + std::to_string(i) + " :next :n" + std::to_string(i + 1) + " .\n";
  Db db(chain);
  EvaluationOptions options;
  options.max_rows_in_memory = 20000;  // far less than the 500,000 pairs of the closure
  CHECK(db.rows("SELECT * WHERE { ?x :next+ ?y } LIMIT 10", options).size() == 10);
  CHECK(db.rows("SELECT * WHERE { ?x :next* ?y } LIMIT 10", options).size() == 10);
  CHECK(db.rows("SELECT ?x WHERE { ?x :next+ ?x }", options).empty());
}

TEST_CASE("a long closure switches to reading its edges whole with the same result",
          "[engine][evaluator][path]") {
  std::string ring;
  for (int i = 0; i < 3000; ++i)
    ring += ":n" + std::to_string(i) + " :next :n" + std::to_string((i + 1) % 3000) + " .\n";
  ring += ":n5 :side :s0 . :s0 :next :s1 .\n";
  Db db(ring);
  CHECK(db.rows("SELECT (COUNT(*) AS ?n) WHERE { :n0 :next+ ?y }") == Rows{"?n=3000"});
  CHECK(db.rows("SELECT (COUNT(*) AS ?n) WHERE { ?x :next* :n5 }") == Rows{"?n=3000"});
  CHECK(db.rows("SELECT (COUNT(*) AS ?n) WHERE { :n0 (:next|:side)+ ?y }") == Rows{"?n=3002"});
  CHECK(db.rows("SELECT (COUNT(*) AS ?n) WHERE { :s1 (^:next|^:side)* ?y }") == Rows{"?n=3002"});
  CHECK(db.ask("ASK { :n1 :next+ :n0 }"));
  CHECK(!db.ask("ASK { :s0 :next+ :n0 }"));
}
