#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "evaluator_fixture.hpp"
#include "support/error_matchers.hpp"

using namespace evaluator_test;
using sparqlmcp::test::is_error;

namespace {

std::string many_triples(int n) {
  std::string text;
  for (int i = 0; i < n; ++i)
    text += ":s" + std::to_string(i) + " :p " + std::to_string(i) + " .\n";
  return text;
}

// Counts the quads the evaluator reads, to show how much of the data a query touched.
class CountingDataset : public Dataset {
 public:
  explicit CountingDataset(const Dataset& inner) : inner_(inner) {}
  const TermDictionary& dictionary() const override { return inner_.dictionary(); }
  std::unique_ptr<QuadCursor> match(TermId subject, TermId predicate, TermId object,
                                    TermId graph) const override {
    return std::make_unique<Cursor>(inner_.match(subject, predicate, object, graph), read_);
  }
  std::size_t estimate(TermId subject, TermId predicate, TermId object,
                       TermId graph) const override {
    return inner_.estimate(subject, predicate, object, graph);
  }
  std::vector<TermId> named_graphs() const override { return inner_.named_graphs(); }
  std::size_t size() const override { return inner_.size(); }
  std::size_t quads_read() const { return read_; }

 private:
  class Cursor : public QuadCursor {
   public:
    Cursor(std::unique_ptr<QuadCursor> inner, std::atomic<std::size_t>& read)
        : inner_(std::move(inner)), read_(read) {}
    bool next(IdQuad& quad) override {
      if (!inner_->next(quad)) return false;
      ++read_;
      return true;
    }

   private:
    std::unique_ptr<QuadCursor> inner_;
    std::atomic<std::size_t>& read_;
  };
  const Dataset& inner_;
  mutable std::atomic<std::size_t> read_{0};
};

}  // namespace

TEST_CASE("a deadline in the past stops the query with Timeout", "[engine][evaluator][error]") {
  Db db(many_triples(10));
  EvaluationOptions options;
  options.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  CHECK_THROWS_MATCHES(db.run("SELECT * WHERE { ?s ?p ?o }", options), Exception,
                       is_error(ErrorKind::Timeout).with_message_containing("time limit"));
}

TEST_CASE("a cancelled token stops the query", "[engine][evaluator][error]") {
  Db db(many_triples(10));
  EvaluationOptions options;
  options.cancellation = std::make_shared<CancellationToken>();
  options.cancellation->cancel();
  CHECK_THROWS_MATCHES(db.run("SELECT * WHERE { ?s ?p ?o }", options), Exception,
                       is_error(ErrorKind::Cancelled).with_message("the query was cancelled"));
}

TEST_CASE("ORDER BY over more rows than the memory budget fails with LimitExceeded",
          "[engine][evaluator][error]") {
  Db db(many_triples(200));
  EvaluationOptions options;
  options.max_rows_in_memory = 50;
  CHECK_THROWS_MATCHES(
      db.run("SELECT ?s WHERE { ?s :p ?o } ORDER BY ?o", options), Exception,
      is_error(ErrorKind::LimitExceeded).with_message_starting("ORDER BY held more than 50 rows"));
  // Under a LIMIT only the first rows are kept.
  CHECK(db.ordered("SELECT ?s WHERE { ?s :p ?o } ORDER BY DESC(?o) LIMIT 2", options) ==
        Rows{"?s=:s199", "?s=:s198"});
  CHECK(db.ordered("SELECT ?o WHERE { ?s :p ?o } ORDER BY ?o OFFSET 3 LIMIT 2", options) ==
        Rows{"?o=3", "?o=4"});
  // Streaming operators hold nothing.
  CHECK(db.rows("SELECT ?s WHERE { ?s :p ?o }", options).size() == 200);
}

TEST_CASE("a cross product with LIMIT 5 stops early", "[engine][evaluator]") {
  Db db(many_triples(2000));
  CountingDataset counting(db.store);
  auto outcome = evaluate_query(
      sparql::parse_query(std::string(kPrefixes) +
                          "SELECT * WHERE { ?a :p ?x . ?b :p ?y . ?c :p ?z } LIMIT 5"),
      counting);
  CHECK(outcome.results.rows.size() == 5);
  // The whole product is 8e9 rows; five of them need no more than one pass over each pattern.
  CHECK(counting.quads_read() <= 3 * 2000);
}

TEST_CASE("a runaway cross product hits the deadline", "[engine][evaluator][error]") {
  Db db(many_triples(2000));
  EvaluationOptions options;
  options.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
  CHECK_THROWS_MATCHES(
      db.run("SELECT (COUNT(*) AS ?n) WHERE { ?a :p ?x . ?b :p ?y . ?c :p ?z }", options),
      Exception, is_error(ErrorKind::Timeout).with_message_containing("time limit"));
}

TEST_CASE("an unbounded path closure on a big chain respects the memory budget",
          "[engine][evaluator][error]") {
  std::string chain;
  for (int i = 0; i < 500; ++i)
    chain += ":n" + std::to_string(i) + " :next :n" + std::to_string(i + 1) + " .\n";
  Db db(chain);
  EvaluationOptions options;
  options.max_rows_in_memory = 1000;
  CHECK_THROWS_MATCHES(db.run("SELECT * WHERE { ?x :next* ?y }", options), Exception,
                       is_error(ErrorKind::LimitExceeded));
  CHECK(db.rows("SELECT ?y WHERE { :n495 :next* ?y }", options).size() == 6);
}
