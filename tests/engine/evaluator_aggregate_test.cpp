#include <catch2/catch.hpp>

#include "evaluator_fixture.hpp"

using namespace evaluator_test;

namespace {

const char* kSales = R"(
:s1 :shop :north ; :amount 10 .
:s2 :shop :north ; :amount 20 .
:s3 :shop :south ; :amount 5 .
)";

}  // namespace

TEST_CASE("GROUP BY with aggregates", "[engine][evaluator][aggregate]") {
  Db db(kSales);
  CHECK(db.rows("SELECT ?shop (SUM(?a) AS ?total) (COUNT(*) AS ?n) WHERE { ?s :shop ?shop ; "
                ":amount ?a } GROUP BY ?shop") ==
        Rows{"?shop=:north ?total=30 ?n=2", "?shop=:south ?total=5 ?n=1"});
  CHECK(db.rows("SELECT ?shop WHERE { ?s :shop ?shop ; :amount ?a } GROUP BY ?shop HAVING "
                "(SUM(?a) > 10)") == Rows{"?shop=:north"});
  CHECK(db.ordered("SELECT ?shop (MAX(?a) AS ?m) WHERE { ?s :shop ?shop ; :amount ?a } GROUP "
                   "BY ?shop ORDER BY DESC(?m)") ==
        Rows{"?shop=:north ?m=20", "?shop=:south ?m=5"});
}

TEST_CASE("aggregates without GROUP BY form one group, even over no rows",
          "[engine][evaluator][aggregate]") {
  Db db(kSales);
  CHECK(db.rows("SELECT (COUNT(*) AS ?n) WHERE { ?s :amount ?a }") == Rows{"?n=3"});
  CHECK(db.rows("SELECT (COUNT(*) AS ?n) WHERE { ?s :nothing ?a }") == Rows{"?n=0"});
  CHECK(db.rows("SELECT (MAX(?a) AS ?m) WHERE { ?s :nothing ?a }") == Rows{""});
  // With GROUP BY, no rows means no groups.
  CHECK(db.rows("SELECT ?s (COUNT(*) AS ?n) WHERE { ?s :nothing ?a } GROUP BY ?s").empty());
}

TEST_CASE("GROUP BY an expression with AS and COUNT DISTINCT", "[engine][evaluator][aggregate]") {
  Db db(kSales);
  CHECK(db.rows("SELECT ?big (COUNT(DISTINCT ?shop) AS ?n) WHERE { ?s :shop ?shop ; :amount ?a "
                "} GROUP BY (?a > 8 AS ?big)") ==
        Rows{"?big=\"false\"^^<http://www.w3.org/2001/XMLSchema#boolean> ?n=1",
             "?big=\"true\"^^<http://www.w3.org/2001/XMLSchema#boolean> ?n=1"});
}

TEST_CASE("aggregates in a sub-select", "[engine][evaluator][aggregate]") {
  Db db(kSales);
  CHECK(db.rows("SELECT ?s WHERE { ?s :amount ?a { SELECT (MAX(?x) AS ?a) WHERE { ?t :amount "
                "?x } } }") == Rows{"?s=:s2"});
}
