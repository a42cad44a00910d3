#include "sparqlmcp/federation/federated_source.hpp"

#include <algorithm>

#include "join_order.hpp"
#include "rewrite.hpp"
#include "source_selection.hpp"
#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

namespace sparqlmcp::federation {
namespace {

class FederatedSource final : public Source {
 public:
  FederatedSource(SourceLookup lookup, FederatedSourceSettings settings,
                  std::shared_ptr<EndpointMemory> memory, std::shared_ptr<SubqueryCache> cache)
      : lookup_(std::move(lookup)),
        settings_(std::move(settings)),
        memory_(std::move(memory)),
        cache_(std::move(cache)) {}

  const std::string& endpoint() const override { return name_; }

  SourceAnswer run(const sparql::Query& query, const RequestContext& context) override {
    FederatedServices services(lookup_, context, settings_.federation, memory_, cache_);
    engine::EvaluationOptions options;
    options.deadline = context.deadline;
    options.cancellation = context.cancellation;
    options.max_result_rows = settings_.max_result_rows;
    options.max_rows_in_memory = settings_.max_rows_in_memory;
    options.service_handler = &services;
    options.service_probe_rows = settings_.federation.probe_rows;
    options.explain = context.explain;
    services.set_candidate_endpoints(settings_.variable_endpoints);
    SourceAnswer answer;
    RewriteOptions rewrite_options;
    rewrite_options.calls_services = [this](const std::string& iri) {
      const auto& calling = settings_.endpoints_calling_services;
      return std::find(calling.begin(), calling.end(), iri) != calling.end();
    };
    sparql::algebra::Operator algebra = rewrite_for_federation(query.algebra(), rewrite_options);
    FederationStats selection;
    PruningReport pruning = prune_sources(algebra, query.prologue(), lookup_, context,
                                          settings_.federation, *memory_, selection);
    // Pruned UNIONs may leave joined blocks of one endpoint: merge them.
    if (!pruning.pruned.empty()) algebra = rewrite_for_federation(algebra, rewrite_options);
    const RowsSeen seen = [this](const std::string& endpoint, const sparql::algebra::Operator& p) {
      return memory_->rows_seen(endpoint, pattern_shape(p));
    };
    const std::size_t reordered = order_joins_by_estimates(algebra, settings_.statistics, seen);
    LimitOptions limit_options;
    limit_options.row_cap = [this](const std::string& iri) -> std::uint64_t {
      Source* source = lookup_ ? lookup_(iri) : nullptr;
      return source ? source->row_cap().rows : 0;
    };
    push_limits_into_services(algebra, limit_options);
    const sparql::Query rewritten(query.prologue(), query.syntax(), std::move(algebra));
    // Patterns outside SERVICE match this empty default graph: routing refuses them first.
    engine::QueryOutcome outcome = engine::evaluate_query(rewritten, empty_, options);
    answer.stopped_at_cap = outcome.truncated;
    answer.solutions = std::move(outcome.results);
    answer.triples = std::move(outcome.graph);
    auto stats = std::make_shared<FederationStats>(services.stats());
    for (const auto& [endpoint, use] : selection.endpoints) {
      stats->endpoints[endpoint].requests += use.requests;
      stats->endpoints[endpoint].bytes += use.bytes;
    }
    stats->probe_requests = pruning.probes;
    stats->probes_remembered = pruning.remembered;
    stats->pruned = pruning.pruned;
    answer.attempts = static_cast<int>(stats->requests());
    answer.federation = stats;
    if (outcome.plan) {
      engine::ExplainNode root{
          "federation",
          "source selection: " + std::to_string(pruning.vocabulary_requests) +
              " vocabulary requests, " + std::to_string(pruning.decided_by_vocabulary) +
              " branches decided by vocabularies, " + std::to_string(pruning.probes) +
              " probe requests, " + std::to_string(pruning.remembered) + " answers remembered, " +
              std::to_string(pruning.pruned.size()) + " branches pruned; " +
              std::to_string(reordered) + " joins ordered by estimates",
          outcome.plan->rows,
          1,
          {}};
      for (const std::string& pruned : pruning.pruned)
        root.children.push_back({"pruned", pruned, 0, 0, {}});
      root.children.push_back(std::move(*outcome.plan));
      answer.plan = std::move(root);
    }
    return answer;
  }

  std::unique_ptr<PendingAnswer> start(const PatternQuery&, const RequestContext&) override {
    throw_error(ErrorKind::Internal, "a federated source answers whole queries only");
  }
  std::string text_of(const PatternQuery& query) const override {
    return sparql::serialize_algebra(query.op, *query.prologue, query.vars);
  }
  std::string route() const override { return "federated"; }
  bool stable_order() const override { return false; }
  RowCap row_cap() const override { return {settings_.max_result_rows, true}; }

 private:
  SourceLookup lookup_;
  FederatedSourceSettings settings_;
  std::shared_ptr<EndpointMemory> memory_;
  std::shared_ptr<SubqueryCache> cache_;
  engine::Store empty_;
  std::string name_ = "federation";
};

}  // namespace

std::unique_ptr<Source> make_federated_source(SourceLookup lookup, FederatedSourceSettings settings,
                                              std::shared_ptr<EndpointMemory> memory,
                                              std::shared_ptr<SubqueryCache> cache) {
  return std::make_unique<FederatedSource>(std::move(lookup), std::move(settings),
                                           std::move(memory), std::move(cache));
}

}  // namespace sparqlmcp::federation
