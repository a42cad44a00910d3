#pragma once
// SERVICE in the engine: requests go out through EvaluationOptions::service_handler; answers
// come back as rows of the query's width. Three ways to evaluate a SERVICE side of a join:
// - per seed (open_operator): one request with the seed's bindings;
// - batched (open_batch): one evaluation for a block of seeds, whose SERVICE clauses get all
//   the block's bindings as one VALUES block (a bound join);
// - probed (start_probe): the SERVICE side alone, cut at a row limit, started beside the other
//   side of the join; when it comes back complete the join hashes it instead of binding.

#include <cstddef>
#include <memory>
#include <vector>

#include "plan.hpp"

namespace sparqlmcp::engine::detail {

// Rows of a batched evaluation, each with the index of the seed it extends.
class BatchIterator {
 public:
  virtual ~BatchIterator() = default;
  virtual bool next(Row& row, std::size_t& seed) = 0;
};

// `plan` evaluated once per seed (the rows extend their seed), with SERVICE requests shared
// by the whole block. `plan` must be seedable.
std::unique_ptr<BatchIterator> open_batch(const PlanNode& plan, const std::vector<Row>& seeds,
                                          const GraphScope& scope, Context& ctx);

// Which of `seeds` the plan has a solution for, asked for all of them at once (open_batch):
// the semi-join of EXISTS and MINUS over remote blocks.
std::vector<bool> seeds_with_solutions(const PlanNode& plan, const std::vector<Row>& seeds,
                                       const GraphScope& scope, Context& ctx);

// Whether `plan` can be probed: a SERVICE with a fixed endpoint, or a UNION of such.
bool probeable(const PlanNode& plan);

class Probe {
 public:
  virtual ~Probe() = default;
  // Waits for the answer: its rows (extending the seed) and whether they are all of them.
  virtual bool wait(std::vector<Row>& rows) = 0;
};

std::unique_ptr<Probe> start_probe(const PlanNode& plan, const Row& seed, std::size_t limit,
                                   Context& ctx);

}  // namespace sparqlmcp::engine::detail
