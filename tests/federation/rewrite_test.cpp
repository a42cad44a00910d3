// The algebra rewrites before federated evaluation, asserted on the SSE of the plan.

#include "rewrite.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/parser.hpp"

using namespace sparqlmcp;

namespace {

std::string rewritten(const std::string& where, federation::RewriteOptions options = {}) {
  sparql::Query query = sparql::parse_query("PREFIX : <http://e/> SELECT * { " + where + " }");
  // Below the projection, which the rewrites leave alone.
  return sparql::algebra::to_sse(
      federation::rewrite_for_federation(query.algebra().children[0], options));
}

}  // namespace

TEST_CASE("joined SERVICE clauses to one endpoint become one request", "[federation]") {
  CHECK(rewritten("SERVICE <http://a/> { ?s :p ?o } SERVICE <http://b/> { ?o :q ?r } "
                  "SERVICE <http://a/> { ?s :r ?t }") ==
        "(join (service <http://a/> (join (bgp (triple ?s <http://e/p> ?o)) (bgp (triple ?s "
        "<http://e/r> ?t)))) (service <http://b/> (bgp (triple ?o <http://e/q> ?r))))");
}

TEST_CASE("SILENT clauses and variable endpoints are never merged", "[federation]") {
  CHECK(rewritten("SERVICE <http://a/> { ?s :p ?o } SERVICE SILENT <http://a/> { ?s :r ?t }") ==
        "(join (service <http://a/> (bgp (triple ?s <http://e/p> ?o))) (service silent "
        "<http://a/> (bgp (triple ?s <http://e/r> ?t))))");
}

TEST_CASE("an OPTIONAL between two blocks of one endpoint travels inside one request",
          "[federation]") {
  CHECK(rewritten("SERVICE <http://a/> { ?s :p ?o } OPTIONAL { SERVICE <http://a/> { ?s :r ?t } "
                  "}") ==
        "(service <http://a/> (leftjoin (bgp (triple ?s <http://e/p> ?o)) (bgp (triple ?s "
        "<http://e/r> ?t))))");
}

TEST_CASE("a filter is copied into the SERVICE that always binds its variables and kept",
          "[federation]") {
  CHECK(rewritten("SERVICE <http://a/> { ?s :p ?o } SERVICE <http://b/> { ?o :q ?r } "
                  "FILTER(?r > 3) FILTER(?s != ?r)") ==
        "(filter (exprlist (> ?r 3) (!= ?s ?r)) (join (service <http://a/> (bgp (triple ?s "
        "<http://e/p> ?o))) (service <http://b/> (filter (> ?r 3) (bgp (triple ?o <http://e/q> "
        "?r))))))");
}

TEST_CASE("a filter is copied into both branches of a UNION of SERVICE clauses", "[federation]") {
  CHECK(rewritten("{ SERVICE <http://a/> { ?s :p ?o } } UNION { SERVICE <http://b/> { ?s :p ?o } "
                  "} FILTER(?o > 3)") ==
        "(filter (> ?o 3) (union (service <http://a/> (filter (> ?o 3) (bgp (triple ?s "
        "<http://e/p> ?o)))) (service <http://b/> (filter (> ?o 3) (bgp (triple ?s <http://e/p> "
        "?o))))))");
}

TEST_CASE("a filter over a variable that is only maybe bound stays outside", "[federation]") {
  CHECK(rewritten("SERVICE <http://a/> { ?s :p ?o OPTIONAL { ?s :q ?r } } FILTER(!BOUND(?r))") ==
        "(filter (! (bound ?r)) (service <http://a/> (leftjoin (bgp (triple ?s <http://e/p> ?o)) "
        "(bgp (triple ?s <http://e/q> ?r)))))");
}

TEST_CASE("a filter that reads the graph or changes on each call stays outside", "[federation]") {
  CHECK(rewritten("SERVICE <http://a/> { ?s :p ?o } FILTER(?o < RAND())") ==
        "(filter (< ?o (rand)) (service <http://a/> (bgp (triple ?s <http://e/p> ?o))))");
}

TEST_CASE("a SERVICE nested in another is federated here unless the outer one calls services",
          "[federation]") {
  const std::string nested =
      "SERVICE <http://a/> { ?s :p ?o OPTIONAL { SERVICE <http://b/> { ?s :q ?r } } }";
  CHECK(rewritten(nested) ==
        "(leftjoin (service <http://a/> (bgp (triple ?s <http://e/p> ?o))) (service <http://b/> "
        "(bgp (triple ?s <http://e/q> ?r))))");
  federation::RewriteOptions passes;
  passes.calls_services = [](const std::string& iri) { return iri == "http://a/"; };
  CHECK(rewritten(nested, passes) ==
        "(service <http://a/> (leftjoin (bgp (triple ?s <http://e/p> ?o)) (service <http://b/> "
        "(bgp (triple ?s <http://e/q> ?r)))))");
}

namespace {

// The whole algebra after LIMIT pushdown; endpoint <http://capped/> has a cap of 100 rows.
std::string limited(const std::string& query_text) {
  sparql::Query query = sparql::parse_query("PREFIX : <http://e/> " + query_text);
  sparql::algebra::Operator op = query.algebra();
  federation::LimitOptions options;
  options.row_cap = [](const std::string& iri) -> std::uint64_t {
    return iri == "http://capped/" ? 100 : 0;
  };
  federation::push_limits_into_services(op, options);
  return sparql::algebra::to_sse(op);
}

}  // namespace

TEST_CASE("a LIMIT reaches the SERVICE clauses of a UNION and an OPTIONAL's left side",
          "[federation]") {
  CHECK(limited("SELECT ?s { { SERVICE <http://a/> { ?s :p ?o } } UNION { SERVICE <http://b/> { "
                "?s :q ?o } OPTIONAL { SERVICE <http://c/> { ?s :r ?x } } } } LIMIT 10 OFFSET "
                "5") ==
        "(slice 5 10 (project (?s) (union (service <http://a/> (tomultiset (slice _ 15 (project "
        "(?o ?s) (bgp (triple ?s <http://e/p> ?o)))))) (leftjoin (service <http://b/> "
        "(tomultiset (slice _ 15 (project (?o ?s) (bgp (triple ?s <http://e/q> ?o)))))) "
        "(service <http://c/> (bgp (triple ?s <http://e/r> ?x)))))))");
}

TEST_CASE("a LIMIT stays above joins, filters, DISTINCT, ORDER BY and an endpoint's cap",
          "[federation]") {
  for (const char* query : {
           "SELECT * { SERVICE <http://a/> { ?s :p ?o } SERVICE <http://b/> { ?s :q ?x } } "
           "LIMIT 10",
           "SELECT * { SERVICE <http://a/> { ?s :p ?o } FILTER(?o > 3) } LIMIT 10",
           "SELECT DISTINCT ?s { SERVICE <http://a/> { ?s :p ?o } } LIMIT 10",
           "SELECT * { SERVICE <http://a/> { ?s :p ?o } } ORDER BY ?o LIMIT 10",
           "SELECT * { SERVICE <http://capped/> { ?s :p ?o } } LIMIT 100",
       }) {
    INFO(query);
    CHECK(limited(query).find("tomultiset") == std::string::npos);
  }
  CHECK(
      limited("SELECT * { SERVICE <http://capped/> { ?s :p ?o } } LIMIT 99").find("(slice _ 99") !=
      std::string::npos);
}

TEST_CASE("a LIMIT reaches the branches of a merge unit of plain patterns, not a projection of one",
          "[federation]") {
  // Each branch's first rows are distinct triples, so they hold the unit's first distinct rows.
  const std::string unit =
      "{ SELECT DISTINCT * { { SERVICE <http://a/> { ?s :p ?o } } UNION { SERVICE <http://b/> "
      "{ ?s :p ?o } } } }";
  const std::string pushed = limited("SELECT * { " + unit + " } LIMIT 3");
  INFO(pushed);
  CHECK(pushed.find("(service <http://a/> (tomultiset (slice _ 3") != std::string::npos);
  CHECK(pushed.find("(service <http://b/> (tomultiset (slice _ 3") != std::string::npos);
  // A DISTINCT that drops ?o would see one triple's ?s repeat: no LIMIT below it.
  CHECK(limited("SELECT * { { SELECT DISTINCT ?s { { SERVICE <http://a/> { ?s :p ?o } } UNION { "
                "SERVICE <http://b/> { ?s :p ?o } } } } } LIMIT 3")
            .find("tomultiset (slice") == std::string::npos);
  // Two patterns in one block may repeat a row of the projection too.
  CHECK(limited("SELECT * { { SELECT DISTINCT * { { SERVICE <http://a/> { ?s :p ?o . ?o :q ?x } } "
                "UNION { SERVICE <http://b/> { ?s :p ?o . ?o :q ?x } } } } } LIMIT 3")
            .find("tomultiset (slice") == std::string::npos);
}

TEST_CASE("a FILTER reaches the branches of a merge unit of plain patterns", "[federation]") {
  const std::string text = rewritten(
      "{ SELECT DISTINCT * { { SERVICE <http://a/> { ?s :p ?o } } UNION { SERVICE <http://b/> { "
      "?s :p ?o } } } } FILTER(LANG(?o) = \"en\")");
  INFO(text);
  CHECK(text.find("(service <http://a/> (filter (= (lang ?o) \"en\")") != std::string::npos);
  CHECK(text.find("(service <http://b/> (filter (= (lang ?o) \"en\")") != std::string::npos);
  // Not into a sub-select that does not project the variable (another ?o), nor below a LIMIT.
  for (const char* query :
       {"{ SELECT ?s { SERVICE <http://a/> { ?s :p ?o } } } FILTER(BOUND(?o))",
        "{ SELECT * { SERVICE <http://a/> { ?s :p ?o } } LIMIT 3 } FILTER(?o > 1)"}) {
    INFO(query);
    CHECK(rewritten(query).find("(service <http://a/> (filter") == std::string::npos);
  }
}
