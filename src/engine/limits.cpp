// The limits every query runs under: a deadline, a cancellation token and a budget of rows
// held in memory. Operators call Context::tick() per unit of work and Held::add() per row
// they keep, so a runaway cross product or path closure stops with a clear error instead of
// eating the machine.

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
    double seconds = limit.count() > 0 ? static_cast<double>(limit.count()) / 1000.0 : 0.0;
    std::string text = std::to_string(seconds);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.') text.pop_back();
    throw_error(ErrorKind::Timeout, "the query ran longer than its time limit of " + text +
                                        " s; add LIMIT or narrow the pattern");
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
