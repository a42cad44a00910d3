#pragma once
// What the engine hands FederatedServices, built from a query text in tests: the first SERVICE
// of a query's algebra and a ServiceRequest for its pattern with given binding rows.

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/engine/service_handler.hpp"
#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::test {

inline const sparql::algebra::Operator* find_service(const sparql::algebra::Operator& op) {
  if (op.kind() == sparql::algebra::OpKind::Service) return &op;
  for (const auto& child : op.children)
    if (const auto* found = find_service(child)) return found;
  return nullptr;
}

// The request for the first SERVICE of `query`, which must outlive it.
inline engine::ServiceRequest service_request(const sparql::Query& query,
                                              std::vector<std::string> binding_vars,
                                              std::vector<engine::ServiceRow> rows) {
  const auto* service = find_service(query.algebra());
  REQUIRE(service != nullptr);
  engine::ServiceRequest r;
  r.endpoint = service->as<sparql::algebra::ServiceOp>().name.term.value;
  r.pattern = &service->operand();
  r.prologue = &query.prologue();
  r.silent = service->as<sparql::algebra::ServiceOp>().silent;
  r.binding_vars = std::move(binding_vars);
  r.binding_rows = std::move(rows);
  r.operator_id = 1;
  return r;
}

}  // namespace sparqlmcp::test
