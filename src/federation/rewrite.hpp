#pragma once
// The algebra rewrites that run before a federated query is evaluated. Each keeps the answer
// the specification gives (assuming endpoints answer their patterns correctly):
// - a SERVICE nested in another is federated locally: the outer SERVICE is distributed over
//   the operators around the inner one, unless the outer endpoint is known to call services
//   itself (then the whole block is passed through);
// - SERVICE clauses to the same endpoint that are joined become one request (FedX's exclusive
//   groups), also across OPTIONAL;
// - FILTER conjuncts are copied into the SERVICE whose pattern binds all their variables in
//   every solution (into both branches of a UNION), so endpoints return fewer rows; the filter
//   stays here too, since endpoints differ from the specification on type errors (Virtuoso
//   takes every string as greater than every number).
// SILENT services are never merged, distributed or given filters: their failure semantics
// (the empty solution) would change.

#include <cstdint>
#include <functional>
#include <string>

#include "sparqlmcp/sparql/algebra.hpp"

namespace sparqlmcp::federation {

struct RewriteOptions {
  // Whether an endpoint evaluates SERVICE clauses nested in what it is sent.
  std::function<bool(const std::string& endpoint_iri)> calls_services;
};

struct LimitOptions {
  // The result cap of an endpoint (0: none known).
  std::function<std::uint64_t(const std::string& endpoint_iri)> row_cap;
};

// LIMIT pushdown, after the rewrites and source selection: a SERVICE whose rows reach the
// result only through projections, BIND, UNION branches or the left side of OPTIONAL below a
// LIMIT n (OFFSET m) is sent as a sub-select with LIMIT n+m, when that is below the endpoint's
// result cap.
void push_limits_into_services(sparql::algebra::Operator& op, const LimitOptions& options);

sparql::algebra::Operator rewrite_for_federation(const sparql::algebra::Operator& op,
                                                 const RewriteOptions& options = {});

}  // namespace sparqlmcp::federation
