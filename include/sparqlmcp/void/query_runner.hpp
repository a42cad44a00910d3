#pragma once
// How the void module asks an endpoint a query. The module sits below the federation (which
// reads its descriptions), so it does not make sources itself: the caller hands it a runner
// that answers a SELECT or ASK query for one endpoint, remote or in-process (tools wires it to
// federation::Source). Computation and discovery send every query through it.

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/util/cancellation.hpp"

namespace sparqlmcp::void_ {

struct RunnerAnswer {
  results::QueryResults results;
  // The answer may lack rows: the endpoint cut it at its result cap (announced, declared or
  // assumed), or the body was cut at the byte limit. Counts read from such an answer are not
  // trusted as complete.
  bool possibly_cut = false;
  std::size_t bytes = 0;  // response body bytes (0 in-process)
};

// Runs `query` within `timeout`; throws Exception (Remote, Timeout, Cancelled, ...) on failure.
// Must be callable from several threads at once.
using QueryRunner = std::function<RunnerAnswer(
    const std::string& query, std::chrono::milliseconds timeout, CancellationTokenPtr cancel)>;

}  // namespace sparqlmcp::void_
