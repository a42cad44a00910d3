// The limits every query runs under: a deadline, a cancellation token and a budget of rows
// held in memory. Operators call Context::tick() per unit of work and Held::add() per row
// they keep, so a runaway cross product or path closure stops with a clear error instead of
// eating the machine.

#include <algorithm>
#include <string>

#include "plan.hpp"  // PlanNode must be complete where Context is built
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::engine::detail {

Context::Context(const Dataset& dataset, const EvaluationOptions& opts)
    : data(dataset),
      options(opts),
      terms(&dataset.dictionary()),
      start_(std::chrono::steady_clock::now()) {
  expr.terms = &terms;
}

void Context::check() {
  if (options.cancellation && options.cancellation->cancelled())
    throw_error(ErrorKind::Cancelled, "the query was cancelled");
  if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline) {
    auto limit = std::chrono::duration_cast<std::chrono::milliseconds>(*options.deadline - start_);
    // The deadline was set a moment before evaluation started: round to tenths so a 3 s
    // limit reads "3 s", not "2.999 s". Callers add their own advice (the tools do).
    long long tenths = (std::max<long long>(limit.count(), 0) + 50) / 100;
    if (tenths == 0) {
      // A federated query's requests before evaluation (source selection) used the time up.
      throw_error(ErrorKind::Timeout,
                  "the query's time limit ran out as its evaluation began and it was stopped");
    }
    std::string text = std::to_string(tenths / 10);
    if (tenths % 10 != 0) text += "." + std::to_string(tenths % 10);
    throw_error(ErrorKind::Timeout,
                "the query ran longer than its time limit of " + text + " s and was stopped");
  }
}

void Context::hold(std::size_t rows, const char* what) {
  held_ += rows;
  if (held_ > options.max_rows_in_memory) {
    throw_error(ErrorKind::LimitExceeded,
                std::string(what) + " held more than " +
                    std::to_string(options.max_rows_in_memory) +
                    " rows in memory; add LIMIT, narrow the pattern or aggregate less");
  }
}

}  // namespace sparqlmcp::engine::detail
