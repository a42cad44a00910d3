#pragma once
// The graph patterns of EXISTS and NOT EXISTS live in expressions (FILTER, BIND, OPTIONAL's
// condition, ORDER BY, GROUP BY and aggregates), shared and immutable. The federation's
// rewrites and source selection reach them through this walk, which gives each its own copy.

#include <functional>

#include "sparqlmcp/sparql/algebra.hpp"

namespace sparqlmcp::federation {

// Calls `visit` on the pattern of every EXISTS / NOT EXISTS in the expressions of `op` itself
// (not of its children), after replacing it with a copy that `visit` may change and that lives
// as long as `op` does.
void for_each_exists_pattern(sparql::algebra::Operator& op,
                             const std::function<void(sparql::algebra::Operator&)>& visit);

}  // namespace sparqlmcp::federation
