// The errors the specification defines beyond the grammar: BIND and SELECT-expression scoping
// (18.2.1), grouping rules and aggregate placement (18.2.4.1, 11.4), and blank node labels
// shared between basic graph patterns (4.1.4).

#include <algorithm>
#include <map>

#include "translate.hpp"

namespace sparqlmcp::sparql::detail {

namespace {

[[noreturn]] void fail(const SourceSpan& span, std::string message) {
  throw Exception(make_syntax_error(std::move(message), span));
}

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Variables used outside aggregates (the ones a grouped query must group by).
void vars_outside_aggregates(const Expr& e, std::vector<std::string>& out) {
  if (e.kind == Expr::Kind::Var) {
    if (!has(out, e.name)) out.push_back(e.name);
    return;
  }
  if (e.kind == Expr::Kind::Aggregate) return;
  for (const auto& a : e.args)
    vars_outside_aggregates(a, out);
}

void check_no_nested_aggregate(const Expr& e, const SourceSpan& span) {
  if (e.kind == Expr::Kind::Aggregate) {
    for (const auto& a : e.args)
      if (contains_aggregate(a))
        fail(span, "aggregates cannot be nested (an aggregate inside " + e.name + "(...))");
    return;
  }
  for (const auto& a : e.args)
    check_no_nested_aggregate(a, span);
}

class Checker {
 public:
  void check_select(const ast::SelectQuery& q) {
    check_group(q.where);
    bool aggregated = !q.group_by.empty();
    for (const auto& p : q.projection)
      if (p.expr && contains_aggregate(*p.expr)) aggregated = true;
    for (const auto& h : q.having)
      if (contains_aggregate(h)) aggregated = true;
    for (const auto& o : q.order_by)
      if (contains_aggregate(o.expr)) aggregated = true;
    for (const auto& g : q.group_by)
      if (contains_aggregate(g.expr)) fail(q.span, "aggregates are not allowed in GROUP BY");
    for (const auto& p : q.projection)
      if (p.expr) check_no_nested_aggregate(*p.expr, q.span);
    for (const auto& h : q.having)
      check_no_nested_aggregate(h, q.span);
    for (const auto& o : q.order_by)
      check_no_nested_aggregate(o.expr, q.span);
    for (const auto& g : q.group_by)
      check_exists_patterns(g.expr);
    for (const auto& h : q.having)
      check_exists_patterns(h);
    for (const auto& o : q.order_by)
      check_exists_patterns(o.expr);

    if (q.select_star && aggregated && q.form == QueryForm::Select)
      fail(q.span,
           "SELECT * cannot be used with GROUP BY or aggregates; list the grouped variables "
           "and aggregates to return");

    std::vector<std::string> in_scope;
    in_scope_vars(q.where, in_scope);
    std::vector<std::string> group_vars;
    for (const auto& g : q.group_by) {
      if (!g.var.empty()) {
        group_vars.push_back(g.var);
        in_scope.push_back(g.var);
      } else if (g.expr.kind == Expr::Kind::Var) {
        group_vars.push_back(g.expr.name);
      }
    }
    std::vector<std::string> projected;
    for (const auto& p : q.projection) {
      if (p.expr) {
        check_exists_patterns(*p.expr);
        if (has(in_scope, p.var) || has(projected, p.var))
          fail(q.span, "the variable ?" + p.var + " of (expression AS ?" + p.var +
                           ") is already in scope; choose a new variable name");
        if (aggregated) {
          std::vector<std::string> used;
          vars_outside_aggregates(*p.expr, used);
          for (const auto& v : used)
            if (!has(group_vars, v) && !has(projected, v))
              fail(q.span, "the variable ?" + v +
                               " is used in SELECT outside an aggregate but is not grouped; add it "
                               "to GROUP BY or wrap it in an aggregate such as SAMPLE(?" +
                               v + ")");
        }
      } else if (aggregated && !has(group_vars, p.var) && !has(projected, p.var)) {
        fail(q.span, "the variable ?" + p.var +
                         " is selected but is neither grouped nor aggregated; add it to GROUP BY "
                         "or use an aggregate such as (SAMPLE(?" +
                         p.var + ") AS ?" + p.var + "_)");
      }
      projected.push_back(p.var);
    }
  }

 private:
  void check_exists_patterns(const Expr& e) {
    if ((e.kind == Expr::Kind::Exists || e.kind == Expr::Kind::NotExists) && e.pattern)
      check_group(*e.pattern);
    for (const auto& a : e.args)
      check_exists_patterns(a);
  }

  void check_where_expr(const Expr& e, const SourceSpan& span, const char* where) {
    if (contains_aggregate(e))
      fail(span, std::string("aggregates are not allowed in ") + where +
                     "; they may appear only in SELECT, HAVING and ORDER BY");
    check_exists_patterns(e);
  }

  void use_blank(const std::string& label, const SourceSpan& span) {
    if (!label.empty() && label[0] == '.') return;  // generated, unique anyway
    auto [it, inserted] = blank_scope_.emplace(label, scope_id_);
    if (!inserted && it->second != scope_id_)
      fail(span, "the blank node label _:" + label +
                     " is used in two different basic graph patterns; use a variable instead");
  }

  void check_group(const ast::GroupGraphPattern& g) {
    using Kind = ast::PatternElement::Kind;
    std::vector<std::string> before;  // in scope of the elements read so far
    bool in_bgp = false;
    for (std::size_t i = 0; i < g.elements.size(); ++i) {
      const auto& el = g.elements[i];
      if (el.kind == Kind::Triples) {
        if (!in_bgp) ++scope_id_;
        in_bgp = true;
        for (const auto& t : el.triples) {
          if (t.subject.term.is_blank() && !t.subject.is_var)
            use_blank(t.subject.term.value, el.span);
          if (t.object.term.is_blank() && !t.object.is_var) use_blank(t.object.term.value, el.span);
        }
      } else if (el.kind != Kind::Filter) {
        in_bgp = false;
      }
      switch (el.kind) {
        case Kind::Filter:
          check_where_expr(el.expr, el.span, "FILTER");
          break;
        case Kind::Bind:
          check_where_expr(el.expr, el.span, "BIND");
          if (has(before, el.var))
            fail(el.span, "BIND(... AS ?" + el.var + "): the variable ?" + el.var +
                              " is already used earlier in the group; choose a new variable name");
          break;
        case Kind::SubSelect:
          check_select(*el.subselect);
          break;
        default:
          for (const auto& sub : el.groups)
            check_group(sub);
          break;
      }
      element_in_scope_vars(el, before);
    }
  }

  std::map<std::string, int> blank_scope_;
  int scope_id_ = 0;
};

}  // namespace

void check_query(const ast::SelectQuery& query) {
  Checker().check_select(query);
}

}  // namespace sparqlmcp::sparql::detail
