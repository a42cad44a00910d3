#pragma once
// Evaluates a parsed query (its algebra, section 18) over a Dataset. Evaluation is pipelined
// (pull-based iterators): a LIMIT stops the work below it early, and only operators that must
// see all their input (ORDER BY, GROUP, DISTINCT's seen-set, the build side of a hash join,
// MINUS, property-path closures) hold rows in memory, counted against a budget.
//
// Errors are thrown as Exception: Timeout when the deadline passes, Cancelled when the token
// is cancelled, LimitExceeded when the rows held in memory exceed the budget. SERVICE is an
// operator like any other, answered through EvaluationOptions::service_handler (the engine
// itself never reaches an endpoint); without a handler a query with SERVICE is Unsupported.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/engine/dataset.hpp"
#include "sparqlmcp/engine/explain.hpp"
#include "sparqlmcp/engine/service_handler.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/sparql/query.hpp"
#include "sparqlmcp/util/cancellation.hpp"

namespace sparqlmcp::engine {

struct EvaluationOptions {
  std::optional<std::chrono::steady_clock::time_point> deadline;
  CancellationTokenPtr cancellation;  // may be null
  // Most rows that ORDER BY, GROUP BY, DISTINCT, hash-join build sides, MINUS and path
  // closures may hold at once, summed over the query; beyond it: LimitExceeded.
  std::size_t max_rows_in_memory = 20'000'000;
  // SELECT: stop after this many result rows and set QueryOutcome::truncated.
  std::optional<std::size_t> max_result_rows;
  // The default graph: false = the store's default graph (as the W3C tests define it);
  // true = the RDF merge of the default graph and every named graph (what most public
  // endpoints do). Ignored when the query has FROM / FROM NAMED.
  bool union_default_graph = false;
  // Answers SERVICE clauses; must outlive the evaluation. Null: SERVICE is refused.
  ServiceHandler* service_handler = nullptr;
  // A join whose both sides hold SERVICE clauses first asks for its inner side alone, at most
  // this many rows (beside the outer side's requests): complete, it is hashed; else its
  // requests carry the outer rows as VALUES blocks.
  std::size_t service_probe_rows = 10000;
  // Count rows per operator and return the plan that ran (QueryOutcome::plan).
  bool explain = false;
};

struct QueryOutcome {
  sparql::QueryForm form = sparql::QueryForm::Select;
  // SELECT and ASK: variables (projection order) and rows, or the boolean.
  results::QueryResults results;
  // CONSTRUCT and DESCRIBE: the triples (no duplicates).
  std::vector<rdf::Triple> graph;
  bool truncated = false;           // max_result_rows cut the result
  std::optional<ExplainNode> plan;  // with EvaluationOptions::explain
};

// Throws Exception as described above; never crashes on a well-formed algebra.
QueryOutcome evaluate_query(const sparql::Query& query, const Dataset& dataset,
                            const EvaluationOptions& options = {});

}  // namespace sparqlmcp::engine
