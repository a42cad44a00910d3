// evaluate_query: sets up the dataset of the query (FROM / FROM NAMED or the store's graphs),
// plans the algebra, wires EXISTS to the planner, runs the plan and shapes the outcome for the
// query form.

#include "sparqlmcp/engine/evaluator.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "plan.hpp"
#include "query_forms.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::engine {

namespace {

using namespace detail;
using sparql::algebra::Operator;

std::string now_lexical() {
  auto now = std::chrono::system_clock::now();
  std::time_t t = std::chrono::system_clock::to_time_t(now);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()) % 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms.count()));
  return buffer;
}

// 13.2: FROM graphs merge into the default graph, FROM NAMED graphs are the named graphs;
// without either, the store's own graphs (optionally its union as the default graph).
void set_up_dataset(Context& ctx, const sparql::ast::SelectQuery& q) {
  auto scope = std::make_shared<GraphSet>();
  auto ids = [&](const std::vector<std::string>& iris) {
    std::vector<TermId> out;
    for (const auto& iri : iris) {
      TermId id = ctx.data.dictionary().find(TermView{rdf::TermKind::Iri, iri, {}, {}});
      if (id != kUnbound) out.push_back(id);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  };
  if (!q.from.empty() || !q.from_named.empty()) {
    scope->named = ids(q.from);
    ctx.named_graphs = ids(q.from_named);
  } else {
    ctx.named_graphs = ctx.data.named_graphs();
    std::sort(ctx.named_graphs.begin(), ctx.named_graphs.end());
    scope->include_default = true;
    // Without named graphs the union is the default graph: one cursor, no duplicate checks.
    scope->all_named = ctx.options.union_default_graph && !ctx.named_graphs.empty();
  }
  ctx.default_scope = std::move(scope);
}

}  // namespace

const PlanNode& detail::exists_plan(const sparql::algebra::Operator& pattern, Context& ctx) {
  auto it = ctx.exists_plans.find(&pattern);
  if (it == ctx.exists_plans.end())
    it = ctx.exists_plans.emplace(&pattern, build_plan(pattern, ctx, true)).first;
  return *it->second;
}

namespace {

void install_exists(Context& ctx) {
  ctx.expr.exists = [&ctx](const Operator& pattern, RowView row) -> bool {
    if (ctx.exists_known != nullptr) {
      for (const auto& [known, found] : *ctx.exists_known)
        if (known == &pattern) return found;
    }
    const PlanNode& plan = exists_plan(pattern, ctx);
    Row seed(row.begin(), row.end());
    seed.resize(std::max(seed.size(), ctx.vars.size()), kUnbound);
    GraphScope saved = ctx.active_scope;
    GraphScope scope = saved ? saved : ctx.default_scope;
    bool found;
    {
      auto solutions = open(plan, seed, scope, ctx);
      Row out;
      found = solutions->next(out);
    }
    ctx.active_scope = std::move(saved);
    return found;
  };
}

// The projection of a SELECT: the Project under the solution modifiers.
const Operator* find_project(const Operator& op) {
  const Operator* p = &op;
  while (p->kind() == sparql::algebra::OpKind::Slice ||
         p->kind() == sparql::algebra::OpKind::Distinct ||
         p->kind() == sparql::algebra::OpKind::Reduced) {
    if (p->children.empty()) return nullptr;
    p = &p->children[0];
  }
  return p->kind() == sparql::algebra::OpKind::Project ? p : nullptr;
}

}  // namespace

QueryOutcome evaluate_query(const sparql::Query& query, const Dataset& dataset,
                            const EvaluationOptions& options) {
  Context ctx(dataset, options);
  ctx.check();
  set_up_dataset(ctx, query.syntax());
  ctx.expr.now = now_lexical();
  ctx.expr.base_iri = query.prologue().base;
  ctx.prologue = &query.prologue();
  install_exists(ctx);

  PlanPtr root = build_plan(query.algebra(), ctx, query.form() == sparql::QueryForm::Ask);
  QueryOutcome outcome;
  outcome.form = query.form();
  ConstructTemplate construct;
  DescribeTargets describe;
  if (query.form() == sparql::QueryForm::Construct)
    construct = prepare_construct(query.syntax().construct_template, ctx);
  if (query.form() == sparql::QueryForm::Describe)
    describe = prepare_describe(query.syntax(), *root, ctx);

  // Every slot exists now: rows have their final width.
  auto solutions = open(*root, ctx.empty_row(), ctx.default_scope, ctx);
  switch (query.form()) {
    case sparql::QueryForm::Select: {
      std::vector<Slot> slots;
      if (const Operator* project = find_project(query.algebra())) {
        for (const auto& v : project->as<sparql::algebra::ProjectOp>().vars) {
          outcome.results.variables.push_back(v);
          slots.push_back(*ctx.vars.find(v));
        }
      }
      Row row;
      while (solutions->next(row)) {
        if (options.max_result_rows && outcome.results.rows.size() >= *options.max_result_rows) {
          outcome.truncated = true;
          break;
        }
        ctx.tick();
        results::Row out;
        out.reserve(slots.size());
        for (Slot s : slots) {
          if (row[s] == kUnbound) {
            out.emplace_back();
          } else {
            out.emplace_back(ctx.terms.term(row[s]));
          }
        }
        outcome.results.rows.push_back(std::move(out));
      }
      break;
    }
    case sparql::QueryForm::Ask: {
      Row row;
      outcome.results.kind = results::QueryResults::Kind::Boolean;
      outcome.results.boolean = solutions->next(row);
      break;
    }
    case sparql::QueryForm::Construct:
      outcome.graph = run_construct(construct, *solutions, ctx);
      break;
    case sparql::QueryForm::Describe:
      outcome.graph = run_describe(describe, *solutions, ctx);
      break;
  }
  if (options.explain) {
    solutions.reset();  // its counts are final once it is closed
    outcome.plan = explain_plan(*root, ctx);
  }
  return outcome;
}

}  // namespace sparqlmcp::engine
