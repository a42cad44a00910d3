#pragma once
// The state of one query evaluation shared by every operator: the dataset, the query's terms
// and variable slots, the expression context, the graphs in scope and the limits (deadline,
// cancellation, rows held in memory). Private to the engine module.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "sparqlmcp/engine/dataset.hpp"
#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/engine/expression.hpp"
#include "sparqlmcp/engine/solution.hpp"
#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::engine::detail {

struct PlanNode;

// A set of graphs whose RDF merge a triple pattern is matched against: the default graph
// (the store's own, the FROM graphs, or the union with every named graph) or, inside GRAPH,
// one named graph. A triple found in several of the graphs counts once.
struct GraphSet {
  bool include_default = false;  // the store's default graph
  bool all_named = false;        // every named graph
  std::vector<TermId> named;     // these named graphs (sorted, unique), when !all_named

  bool single_source() const {
    return !all_named && (include_default ? named.empty() : named.size() == 1);
  }
};
using GraphScope = std::shared_ptr<const GraphSet>;

class Context {
 public:
  Context(const Dataset& dataset, const EvaluationOptions& options);
  ~Context();  // in plan_build.cpp, where PlanNode is complete
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const Dataset& data;
  const EvaluationOptions& options;
  QueryTerms terms;
  VariableTable vars;
  ExpressionContext expr;

  // The query's prologue: SERVICE patterns are printed with its prefixes.
  const sparql::Prologue* prologue = nullptr;
  int services_planned = 0;           // numbers the SERVICE operators
  std::uint64_t service_answers = 0;  // numbers SERVICE answers (their blank nodes' scope)

  GraphScope default_scope;
  std::vector<TermId> named_graphs;  // what GRAPH ?g ranges over (sorted)
  // The graphs the expression being evaluated sees, for EXISTS inside GRAPH.
  GraphScope active_scope;

  // Plans of EXISTS patterns, keyed by the algebra node the expression points at.
  std::unordered_map<const sparql::algebra::Operator*, std::unique_ptr<PlanNode>> exists_plans;
  // While a FILTER tests a row whose EXISTS patterns were asked for its whole block: their
  // answers for that row (pattern, has a solution). Null otherwise.
  const std::vector<std::pair<const sparql::algebra::Operator*, bool>>* exists_known = nullptr;

  // Called for every unit of work (a quad read, a row produced): checks the deadline and the
  // cancellation token every 1024 calls, so the cost is a counter increment.
  void tick() {
    if ((++ticks_ & 1023u) == 0) check();
  }
  // Throws Timeout / Cancelled when the query must stop.
  void check();

  // Rows held by blocking operators, summed over the query; `what` names the operator for the
  // error message ("ORDER BY", "the hash join", ...).
  void hold(std::size_t rows, const char* what);
  void release(std::size_t rows) { held_ -= rows; }

  // A row of the query's width with nothing bound.
  Row empty_row() const { return Row(vars.size(), kUnbound); }

 private:
  std::size_t ticks_ = 0;
  std::size_t held_ = 0;
  std::chrono::steady_clock::time_point start_;
};

// Counts rows against the context's budget and gives them back when destroyed.
class Held {
 public:
  Held(Context& ctx, const char* what) : ctx_(ctx), what_(what) {}
  ~Held() { ctx_.release(count_); }
  Held(const Held&) = delete;
  Held& operator=(const Held&) = delete;
  void add(std::size_t rows = 1) {
    ctx_.hold(rows, what_);
    count_ += rows;
  }
  void clear() {
    ctx_.release(count_);
    count_ = 0;
  }

 private:
  Context& ctx_;
  const char* what_;
  std::size_t count_ = 0;
};

// Quads matching (s, p, o) in the RDF merge of `graphs`, each triple once. kUnbound is a
// wildcard; a query-local id can match nothing (the dataset does not know it).
std::unique_ptr<QuadCursor> match_in(Context& ctx, const GraphSet& graphs, TermId s, TermId p,
                                     TermId o);
std::size_t estimate_in(const Context& ctx, const GraphSet& graphs, TermId s, TermId p, TermId o);

}  // namespace sparqlmcp::engine::detail
