// In-scope variables (SPARQL 1.1 section 18.2.1).

#include <algorithm>

#include "translate.hpp"

namespace sparqlmcp::sparql::detail {

namespace {

void add(std::vector<std::string>& out, const std::string& v) {
  if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
}

void add(std::vector<std::string>& out, const VarOrTerm& n) {
  if (n.is_var) add(out, n.var);
}

}  // namespace

std::vector<std::string> projected_vars(const ast::SelectQuery& query) {
  std::vector<std::string> out;
  if (query.select_star) {
    in_scope_vars(query.where, out);
    if (query.values)
      for (const auto& v : query.values->vars)
        add(out, v);
    return out;
  }
  for (const auto& p : query.projection)
    add(out, p.var);
  return out;
}

void in_scope_vars(const ast::GroupGraphPattern& group, std::vector<std::string>& out) {
  for (const auto& el : group.elements)
    element_in_scope_vars(el, out);
}

void element_in_scope_vars(const ast::PatternElement& el, std::vector<std::string>& out) {
  using Kind = ast::PatternElement::Kind;
  {
    switch (el.kind) {
      case Kind::Triples:
        for (const auto& t : el.triples) {
          add(out, t.subject);
          if (!t.path) add(out, t.predicate);
          add(out, t.object);
        }
        break;
      case Kind::Filter:
        break;
      case Kind::Optional:
      case Kind::Group:
      case Kind::Union:
        for (const auto& g : el.groups)
          in_scope_vars(g, out);
        break;
      case Kind::Minus:
        break;
      case Kind::Bind:
        add(out, el.var);
        break;
      case Kind::Graph:
      case Kind::Service:
        add(out, el.name);
        in_scope_vars(el.groups[0], out);
        break;
      case Kind::Values:
        for (const auto& v : el.values.vars)
          add(out, v);
        break;
      case Kind::SubSelect:
        for (const auto& v : projected_vars(*el.subselect))
          add(out, v);
        break;
    }
  }
}

bool contains_aggregate(const Expr& expr) {
  if (expr.kind == Expr::Kind::Aggregate) return true;
  for (const auto& a : expr.args)
    if (contains_aggregate(a)) return true;
  return false;
}

}  // namespace sparqlmcp::sparql::detail
