// A dump-only catalogue entry answered by the embedded engine over its loaded store. Queries and
// patterns are evaluated as the algebra they already are: nothing is printed or parsed again.

#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/sparql/algebra_vars.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

namespace sparqlmcp::federation {
namespace {

// Evaluated when waited for: the engine runs on the caller's thread.
class PendingInProcess final : public PendingAnswer {
 public:
  explicit PendingInProcess(std::function<SourceAnswer()> run) : run_(std::move(run)) {}
  SourceAnswer wait() override { return run_(); }

 private:
  std::function<SourceAnswer()> run_;
};

class InProcessSource final : public Source {
 public:
  InProcessSource(const catalogue::Endpoint& endpoint, const engine::Store& store,
                  InProcessSettings settings)
      : endpoint_(endpoint.endpoint_iri), store_(store), settings_(settings) {}

  const std::string& endpoint() const override { return endpoint_; }

  SourceAnswer run(const sparql::Query& query, const RequestContext& context) override {
    engine::QueryOutcome outcome = engine::evaluate_query(query, store_, options_for(context));
    SourceAnswer answer;
    if (outcome.plan) {
      engine::ExplainNode root{"in-process",
                               "<" + endpoint_ + "> the embedded engine over its dumps",
                               outcome.plan->rows,
                               1,
                               {}};
      root.children.push_back(std::move(*outcome.plan));
      answer.plan = std::move(root);
    }
    answer.stopped_at_cap = outcome.truncated;
    answer.solutions = std::move(outcome.results);
    answer.triples = std::move(outcome.graph);
    return answer;
  }

  std::unique_ptr<PendingAnswer> start(const PatternQuery& query,
                                       const RequestContext& context) override {
    sparql::algebra::Operator project(
        sparql::algebra::ProjectOp{query.vars.empty() ? sparql::algebra::bound_vars(query.op).maybe
                                                      : query.vars},
        {query.op});
    auto select = std::make_shared<sparql::Query>(*query.prologue, sparql::ast::SelectQuery{},
                                                  std::move(project));
    return std::make_unique<PendingInProcess>(
        [this, select, context] { return run(*select, context); });
  }

  std::string text_of(const PatternQuery& query) const override {
    return sparql::serialize_algebra(query.op, *query.prologue, query.vars);
  }

  std::string route() const override { return "in-process"; }
  bool stable_order() const override { return true; }
  RowCap row_cap() const override { return {settings_.max_result_rows, true}; }

 private:
  engine::EvaluationOptions options_for(const RequestContext& context) const {
    engine::EvaluationOptions options;
    options.deadline = context.deadline;
    options.cancellation = context.cancellation;
    options.max_result_rows = settings_.max_result_rows;
    // Several calls may run at once on the worker pool: a runaway ORDER BY or GROUP BY stops
    // at a few hundred MiB instead of the engine's default budget.
    options.max_rows_in_memory = settings_.max_rows_in_memory;
    // Dumps of named graphs are queried like a public endpoint: the default graph is the
    // merge of all graphs, GRAPH still selects one.
    options.union_default_graph = true;
    options.explain = context.explain;
    return options;
  }

  std::string endpoint_;
  const engine::Store& store_;
  InProcessSettings settings_;
};

}  // namespace

std::unique_ptr<Source> make_in_process_source(const catalogue::Endpoint& endpoint,
                                               const engine::Store& store,
                                               InProcessSettings settings) {
  return std::make_unique<InProcessSource>(endpoint, store, settings);
}

}  // namespace sparqlmcp::federation
