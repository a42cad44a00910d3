// The physical plan's shape (src/engine/plan.hpp): every node carries the payload of its
// operator's kind, and the planner's rewrites (FILTER equalities as seeds, BIND chains as one
// operator, ORDER BY keeping only the rows a LIMIT reads) land in the payloads they belong to.

#include <catch2/catch.hpp>
#include <variant>

#include "evaluator_fixture.hpp"
#include "plan.hpp"

namespace {

using namespace evaluator_test;
using namespace sparqlmcp::engine::detail;

// A query planned over a small store.
struct Planned {
  Db db{":a :p :b . :b :q :c . :a :r 1 ."};
  EvaluationOptions options;
  sparql::Query query;
  Context ctx;
  PlanPtr root;
  explicit Planned(const std::string& text)
      : query(sparql::parse_query(kPrefixes + text)), ctx(db.store, options) {
    root = build_plan(query.algebra(), ctx);
  }
};

// Walks the algebra and the plan together (no BIND chains: those merge into one node).
void check_kinds(const sparql::algebra::Operator& op, const PlanNode& node) {
  CHECK(node.kind() == op.kind());
  REQUIRE(node.children.size() == op.children.size());
  for (std::size_t i = 0; i < op.children.size(); ++i)
    check_kinds(op.children[i], *node.children[i]);
}

}  // namespace

TEST_CASE("Every plan node carries the payload of its algebra operator's kind", "[engine]") {
  Planned p(
      "SELECT DISTINCT ?x ?n WHERE {"
      "  { ?x :p ?y OPTIONAL { ?y :q ?z } MINUS { ?x :r 2 } }"
      "  UNION { GRAPH ?g { ?x :p+ ?y } }"
      "  VALUES ?y { :b } FILTER(?x != :c)"
      "  { SELECT ?x (COUNT(*) AS ?n) WHERE { ?x ?p ?o } GROUP BY ?x }"
      "} ORDER BY ?x LIMIT 3");
  check_kinds(p.query.algebra(), *p.root);
}

TEST_CASE("A FILTER equality over a pattern becomes a seed, other conjuncts early filters",
          "[engine]") {
  Planned p("SELECT * WHERE { ?x :p ?y FILTER(?y = :b) FILTER(?x != :c) }");
  const PlanNode* node = p.root.get();
  while (!node->as<FilterPlan>()) {
    REQUIRE(node->children.size() == 1);
    node = node->children[0].get();
  }
  const auto& filter = std::get<FilterPlan>(node->payload);
  CHECK(filter.seed_bindings.size() == 1);
  CHECK(filter.exprs.empty());
  const auto& bgp = std::get<BgpPlan>(node->children[0]->payload);
  CHECK(bgp.early_filters.size() == 1);
  CHECK(std::get_if<PathPlan>(&node->children[0]->payload) == nullptr);
}

TEST_CASE("A chain of BINDs is one Extend node binding each variable in order", "[engine]") {
  Planned p("SELECT * WHERE { ?x :p ?y BIND(1 AS ?a) BIND(?a + 1 AS ?b) }");
  const PlanNode* node = p.root.get();
  while (!node->as<ExtendPlan>()) {
    REQUIRE(node->children.size() == 1);
    node = node->children[0].get();
  }
  const auto& extend = std::get<ExtendPlan>(node->payload);
  REQUIRE(extend.slots.size() == 2);
  CHECK(extend.slots[0] == *p.ctx.vars.find("a"));
  CHECK(extend.slots[1] == *p.ctx.vars.find("b"));
  CHECK(node->children[0]->kind() == sparql::algebra::OpKind::Bgp);
}

TEST_CASE("ORDER BY under OFFSET and LIMIT keeps only offset + limit rows", "[engine]") {
  Planned p("SELECT ?x WHERE { ?x ?p ?o } ORDER BY ?o LIMIT 2 OFFSET 3");
  const auto& slice = std::get<SlicePlan>(p.root->payload);
  CHECK(slice.offset == 3);
  CHECK(slice.limit == std::optional<std::uint64_t>(2));
  const PlanNode& project = *p.root->children[0];
  REQUIRE(project.as<ProjectPlan>());
  CHECK(std::get<OrderPlan>(project.children[0]->payload).top_k == std::optional<std::uint64_t>(5));
}
