#include "join_order.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/parser.hpp"

using namespace sparqlmcp;
using sparql::VarOrTerm;

namespace {

const std::string kType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

std::shared_ptr<const void_::Description> description() {
  auto d = std::make_shared<void_::Description>();
  d->triples = 10000;
  d->distinct_subjects = 1000;
  d->distinct_objects = 5000;
  d->properties.push_back({"http://e/name", 1000, 1000, 900});
  d->properties.push_back({"http://e/knows", 4000, 800, 800});
  d->properties.push_back({kType, 1200, 1000, 3});
  d->classes.push_back({"http://e/Person", 80, {}, false});
  return d;
}

sparql::algebra::TriplePattern triple(const std::string& s, const std::string& p,
                                      const std::string& o) {
  auto term = [](const std::string& t) {
    return t[0] == '?' ? VarOrTerm::variable(t.substr(1)) : VarOrTerm::constant(rdf::Term::iri(t));
  };
  return {term(s), term(p), term(o)};
}

}  // namespace

TEST_CASE("triple pattern estimates follow the VoID formulas", "[federation]") {
  const auto d = description();
  CHECK(*federation::estimate_triple(*d, triple("?s", kType, "http://e/Person")) == 80);
  CHECK(*federation::estimate_triple(*d, triple("?s", kType, "http://e/Robot")) == 0);
  CHECK(*federation::estimate_triple(*d, triple("?s", "http://e/knows", "?o")) == 4000);
  CHECK(*federation::estimate_triple(*d, triple("http://e/a", "http://e/knows", "?o")) == 5);
  CHECK(*federation::estimate_triple(*d, triple("?s", "http://e/knows", "http://e/b")) == 5);
  CHECK(*federation::estimate_triple(*d, triple("?s", "http://e/unknown", "?o")) == 0);
  CHECK(*federation::estimate_triple(*d, triple("?s", "?p", "?o")) == 10000);
  CHECK(*federation::estimate_triple(*d, triple("http://e/a", "?p", "?o")) == 10);
  CHECK(*federation::estimate_triple(*d, triple("?s", "?p", "http://e/b")) == 2);
}

TEST_CASE("joined SERVICE blocks are ordered smallest first, connected, when all are estimated",
          "[federation]") {
  const auto d = description();
  federation::StatisticsOf statistics = [&](const std::string& iri) {
    return iri == "http://a/" ? d : nullptr;
  };
  // Written: knows (4000), name (1000), Person (80): the Person block goes first, then the
  // block sharing ?s with it (name), then knows.
  sparql::Query q = sparql::parse_query(
      "SELECT * { SERVICE <http://a/> { ?s <http://e/knows> ?o } SERVICE <http://a/> { ?s "
      "<http://e/name> ?n } SERVICE <http://a/> { ?s a <http://e/Person> } }");
  sparql::algebra::Operator op = q.algebra().operand();
  CHECK(federation::order_joins_by_estimates(op, statistics) == 1);
  CHECK(sparql::algebra::to_sse(op) ==
        "(join (join (service <http://a/> (bgp (triple ?s "
        "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://e/Person>))) (service "
        "<http://a/> (bgp (triple ?s <http://e/name> ?n)))) (service <http://a/> (bgp (triple ?s "
        "<http://e/knows> ?o))))");
  CHECK(op.left().left().as<sparql::algebra::ServiceOp>().estimated_rows == 80u);

  // A block without a description leaves the group as written.
  sparql::Query mixed = sparql::parse_query(
      "SELECT * { SERVICE <http://a/> { ?s <http://e/knows> ?o } SERVICE <http://b/> { ?s "
      "<http://e/name> ?n } }");
  sparql::algebra::Operator kept = mixed.algebra().operand();
  const std::string before = sparql::algebra::to_sse(kept);
  CHECK(federation::order_joins_by_estimates(kept, statistics) == 0);
  CHECK(sparql::algebra::to_sse(kept) == before);
}

TEST_CASE("a connected operand goes before a smaller one that would make a cross product",
          "[federation]") {
  const auto d = description();
  federation::StatisticsOf statistics = [&](const std::string&) { return d; };
  sparql::Query q = sparql::parse_query(
      "SELECT * { SERVICE <http://a/> { ?s <http://e/name> ?n } SERVICE <http://b/> { ?s "
      "<http://e/knows> ?o } SERVICE <http://c/> { ?x a <http://e/Person> } }");
  sparql::algebra::Operator op = q.algebra().operand();
  federation::order_joins_by_estimates(op, statistics);
  // Person (80) first; nothing connects to it, so name (1000), then knows joined on ?s.
  const std::string sse = sparql::algebra::to_sse(op);
  CHECK(sse.find("<http://c/>") < sse.find("<http://a/>"));
  CHECK(sse.find("<http://a/>") < sse.find("<http://b/>"));
}

TEST_CASE("rows an earlier answer showed correct the estimate, also without a description",
          "[federation]") {
  const auto d = description();
  federation::StatisticsOf statistics = [&](const std::string& iri) {
    return iri == "http://a/" ? d : nullptr;
  };
  // knows at <a> was seen to have 3 rows (VoID says 4,000); name at <b> has no description but
  // was seen with 50: both estimated, so the group is ordered, knows first.
  federation::RowsSeen seen = [](const std::string& iri,
                                 const sparql::algebra::Operator&) -> std::optional<std::uint64_t> {
    if (iri == "http://a/") return 3;
    if (iri == "http://b/") return 50;
    return std::nullopt;
  };
  sparql::Query q = sparql::parse_query(
      "SELECT * { SERVICE <http://b/> { ?s <http://e/name> ?n } SERVICE <http://a/> { ?s "
      "<http://e/knows> ?o } }");
  sparql::algebra::Operator op = q.algebra().operand();
  CHECK(federation::order_joins_by_estimates(op, statistics, seen) == 1);
  CHECK(op.left().as<sparql::algebra::ServiceOp>().estimated_rows == 3u);
  CHECK(op.right().as<sparql::algebra::ServiceOp>().estimated_rows == 50u);
}

TEST_CASE("an estimated order that starts barely smaller keeps the order written", "[federation]") {
  const auto d = description();
  federation::StatisticsOf statistics = [&](const std::string&) { return d; };
  // name (1,000) is written first; knows (4,000) and name: nothing 10x smaller to start with.
  sparql::Query q = sparql::parse_query(
      "SELECT * { SERVICE <http://a/> { ?s <http://e/knows> ?o } SERVICE <http://b/> { ?s "
      "<http://e/name> ?n } }");
  sparql::algebra::Operator op = q.algebra().operand();
  CHECK(federation::order_joins_by_estimates(op, statistics) == 0);
  CHECK(op.left().as<sparql::algebra::ServiceOp>().name.term.value == "http://a/");
}
