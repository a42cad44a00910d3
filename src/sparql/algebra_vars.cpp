// bound_vars: the certain / maybe variable sets of an algebra operator, computed as the engine's
// planner does on slots (certain ⊆ maybe; joins unite, UNION intersects certain, OPTIONAL and
// MINUS keep their left side's certain, projections cut).

#include "sparqlmcp/sparql/algebra_vars.hpp"

#include <algorithm>
#include <iterator>

namespace sparqlmcp::sparql::algebra {
namespace {

using Names = std::vector<std::string>;

void add(Names& set, const std::string& name) {
  auto it = std::lower_bound(set.begin(), set.end(), name);
  if (it == set.end() || *it != name) set.insert(it, name);
}

Names united(const Names& a, const Names& b) {
  Names out;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

Names intersected(const Names& a, const Names& b) {
  Names out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

void add_term(BoundVars& vars, const VarOrTerm& t) {
  if (!t.is_var) return;
  add(vars.certain, t.var);
  add(vars.maybe, t.var);
}

void collect_expression_vars(const Expr& e, Names& out) {
  if (e.kind == Expr::Kind::Var) add(out, e.name);
  if (e.op) {
    for (const std::string& v : bound_vars(*e.op).maybe)
      add(out, v);
  }
  for (const Expr& a : e.args)
    collect_expression_vars(a, out);
}

}  // namespace

BoundVars bound_vars(const Operator& op) {
  BoundVars vars;
  auto child = [&](std::size_t i) { return bound_vars(op.children.at(i)); };
  switch (op.kind()) {
    case OpKind::Bgp:
      for (const TriplePattern& t : op.as<BgpOp>().triples) {
        add_term(vars, t.subject);
        add_term(vars, t.predicate);
        add_term(vars, t.object);
      }
      return vars;
    case OpKind::Path:
      add_term(vars, op.as<PathOp>().subject);
      add_term(vars, op.as<PathOp>().object);
      return vars;
    case OpKind::Join: {
      BoundVars l = child(0), r = child(1);
      return {united(l.certain, r.certain), united(l.maybe, r.maybe)};
    }
    case OpKind::LeftJoin:
    case OpKind::Minus: {
      BoundVars l = child(0);
      if (op.kind() == OpKind::Minus) return l;
      BoundVars r = child(1);
      return {l.certain, united(l.maybe, r.maybe)};
    }
    case OpKind::Union: {
      BoundVars l = child(0), r = child(1);
      return {intersected(l.certain, r.certain), united(l.maybe, r.maybe)};
    }
    case OpKind::Graph:
      vars = child(0);
      add_term(vars, op.as<GraphOp>().name);
      return vars;
    case OpKind::Service:
      vars = child(0);
      add_term(vars, op.as<ServiceOp>().name);
      return vars;
    case OpKind::Extend:
      vars = child(0);
      add(vars.maybe, op.as<ExtendOp>().var);
      return vars;
    case OpKind::Table: {
      const auto& table = op.as<TableOp>();
      for (std::size_t i = 0; i < table.vars.size(); ++i) {
        add(vars.maybe, table.vars[i]);
        bool always = true;
        for (const auto& row : table.rows)
          always = always && i < row.size() && row[i].has_value();
        if (always) add(vars.certain, table.vars[i]);
      }
      return vars;
    }
    case OpKind::Group:
      for (const auto& [var, e] : op.as<GroupOp>().keys) {
        if (!var.empty()) add(vars.maybe, var);
        if (var.empty() && e.kind == Expr::Kind::Var) add(vars.maybe, e.name);
      }
      for (const auto& aggregate : op.as<GroupOp>().aggregates)
        add(vars.maybe, aggregate.first);
      return vars;
    case OpKind::Project: {
      BoundVars c = child(0);
      Names kept;
      for (const std::string& v : op.as<ProjectOp>().vars)
        add(kept, v);
      return {intersected(c.certain, kept), intersected(c.maybe, kept)};
    }
    case OpKind::Filter:
    case OpKind::OrderBy:
    case OpKind::Distinct:
    case OpKind::Reduced:
    case OpKind::Slice:
    case OpKind::ToMultiSet:
      return child(0);
  }
  return vars;
}

std::vector<std::string> expression_vars(const Expr& expr) {
  Names out;
  collect_expression_vars(expr, out);
  return out;
}

bool is_location_dependent(const Expr& expr) {
  if (expr.kind == Expr::Kind::Exists || expr.kind == Expr::Kind::NotExists) return true;
  if (expr.kind == Expr::Kind::Call &&
      (expr.name == "rand" || expr.name == "bnode" || expr.name == "uuid" ||
       expr.name == "struuid" || expr.name == "now"))
    return true;
  return std::any_of(expr.args.begin(), expr.args.end(),
                     [](const Expr& a) { return is_location_dependent(a); });
}

}  // namespace sparqlmcp::sparql::algebra
