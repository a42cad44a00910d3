#include "exists_patterns.hpp"

#include <memory>

namespace sparqlmcp::federation {
namespace {

using sparql::Expr;
using sparql::algebra::ExtendOp;
using sparql::algebra::FilterOp;
using sparql::algebra::GroupOp;
using sparql::algebra::LeftJoinOp;
using sparql::algebra::Operator;
using sparql::algebra::OrderByOp;

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
  if (auto* filter = op.get_if<FilterOp>()) {
    for (Expr& e : filter->exprs)
      walk(e, visit);
  } else if (auto* left_join = op.get_if<LeftJoinOp>()) {
    for (Expr& e : left_join->exprs)
      walk(e, visit);
  } else if (auto* extend = op.get_if<ExtendOp>()) {
    walk(extend->expr, visit);
  } else if (auto* group = op.get_if<GroupOp>()) {
    for (auto& [var, e] : group->keys)
      walk(e, visit);
    for (auto& [var, e] : group->aggregates)
      walk(e, visit);
  } else if (auto* order_by = op.get_if<OrderByOp>()) {
    for (auto& [e, descending] : order_by->order)
      walk(e, visit);
  }
}

}  // namespace sparqlmcp::federation
