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

#include <functional>
#include <string>

#include "sparqlmcp/sparql/algebra.hpp"

namespace sparqlmcp::federation {

struct RewriteOptions {
  // Whether an endpoint evaluates SERVICE clauses nested in what it is sent.
  std::function<bool(const std::string& endpoint_iri)> calls_services;
};

sparql::algebra::Operator rewrite_for_federation(const sparql::algebra::Operator& op,
                                                 const RewriteOptions& options = {});

}  // namespace sparqlmcp::federation
