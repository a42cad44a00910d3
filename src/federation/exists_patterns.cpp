#include "exists_patterns.hpp"

#include <memory>

namespace sparqlmcp::federation {
namespace {

using sparql::Expr;
using sparql::algebra::Operator;

void walk(Expr& e, const std::function<void(Operator&)>& visit) {
  if ((e.kind == Expr::Kind::Exists || e.kind == Expr::Kind::NotExists) && e.op) {
    auto copy = std::make_shared<Operator>(*e.op);
    e.op = copy;
    visit(*copy);
  }
  for (Expr& arg : e.args)
    walk(arg, visit);
}

}  // namespace

void for_each_exists_pattern(Operator& op, const std::function<void(Operator&)>& visit) {
  for (Expr& e : op.exprs)
    walk(e, visit);
  for (auto& [var, e] : op.group_keys)
    walk(e, visit);
  for (auto& [var, e] : op.aggregates)
    walk(e, visit);
  for (auto& [e, descending] : op.order)
    walk(e, visit);
}

}  // namespace sparqlmcp::federation
