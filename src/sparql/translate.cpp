// Translation of the parse tree to the SPARQL algebra, following section 18.2 step by step:
// 18.2.2 graph patterns (paths 18.2.2.4, BGPs 18.2.2.5, groups 18.2.2.6 with filter collection,
// simplification 18.2.2.8), 18.2.4 aggregates and select expressions, 18.2.5 modifiers.

#include <algorithm>
#include <map>

#include "translate.hpp"

namespace sparqlmcp::sparql::detail {

namespace {

using namespace algebra;  // the payload types

template <class Payload>
Operator unary(Payload payload, Operator child) {
  std::vector<Operator> operands;
  operands.push_back(std::move(child));
  return Operator(std::move(payload), std::move(operands));
}

template <class Payload>
Operator binary(Payload payload, Operator left, Operator right) {
  std::vector<Operator> operands;
  operands.push_back(std::move(left));
  operands.push_back(std::move(right));
  return Operator(std::move(payload), std::move(operands));
}

// Join with the simplification of 18.2.2.8: Join(Z, A) = A and Join(A, Z) = A.
Operator join(Operator left, Operator right) {
  if (left.is_unit()) return right;
  if (right.is_unit()) return left;
  return binary(JoinOp{}, std::move(left), std::move(right));
}

Operator table(const ast::ValuesBlock& values) {
  return Operator(TableOp{values.vars, values.rows});
}

class Translator {
 public:
  Operator translate_select(const ast::SelectQuery& q, bool top_level);

 private:
  Operator translate_group(const ast::GroupGraphPattern& g);
  Operator translate_triples(const std::vector<ast::TriplePath>& triples);
  void translate_path(const VarOrTerm& s, const Path& p, const VarOrTerm& o,
                      std::vector<Operator>& out);
  Expr translate_expr(const Expr& e);
  Expr replace_aggregates(const Expr& e, std::vector<std::pair<std::string, Expr>>& aggs);
  VarOrTerm fresh_var() { return VarOrTerm::variable("?P" + std::to_string(path_vars_++)); }

  std::size_t path_vars_ = 0;
};

void add_triple(std::vector<Operator>& out, algebra::TriplePattern t) {
  if (out.empty() || !out.back().is<BgpOp>()) out.emplace_back(BgpOp{});
  out.back().as<BgpOp>().triples.push_back(std::move(t));
}

// 18.2.2.4 Translate property path expressions.
void Translator::translate_path(const VarOrTerm& s, const Path& p, const VarOrTerm& o,
                                std::vector<Operator>& out) {
  switch (p.kind) {
    case Path::Kind::Link:
      add_triple(out, {s, VarOrTerm::constant(rdf::Term::iri(p.iri)), o});
      return;
    case Path::Kind::Inverse:
      translate_path(o, p.args[0], s, out);
      return;
    case Path::Kind::Sequence: {
      VarOrTerm from = s;
      for (std::size_t i = 0; i < p.args.size(); ++i) {
        VarOrTerm to = i + 1 == p.args.size() ? o : fresh_var();
        translate_path(from, p.args[i], to, out);
        from = to;
      }
      return;
    }
    default: {
      out.emplace_back(PathOp{s, p, o});
      return;
    }
  }
}

// 18.2.2.5 Translate basic graph patterns: adjacent triple patterns form one BGP.
Operator Translator::translate_triples(const std::vector<ast::TriplePath>& triples) {
  std::vector<Operator> parts;
  for (const auto& t : triples) {
    if (t.path) {
      translate_path(t.subject, *t.path, t.object, parts);
    } else {
      add_triple(parts, {t.subject, t.predicate, t.object});
    }
  }
  Operator result = Operator::unit();
  for (auto& part : parts)
    result = join(std::move(result), std::move(part));
  if (parts.empty()) return Operator(BgpOp{});
  return result;
}

Expr Translator::translate_expr(const Expr& e) {
  Expr out = e.without_args();
  if ((e.kind == Expr::Kind::Exists || e.kind == Expr::Kind::NotExists) && e.pattern) {
    out.op = std::make_shared<const Operator>(translate_group(*e.pattern));
  }
  for (const auto& a : e.args)
    out.args.push_back(translate_expr(a));
  return out;
}

// 18.2.2.6 Translate graph patterns.
Operator Translator::translate_group(const ast::GroupGraphPattern& g) {
  using Kind = ast::PatternElement::Kind;
  Operator G = Operator::unit();
  std::vector<Expr> filters;
  // A basic graph pattern is a sequence of triple patterns "possibly interrupted by filters"
  // (sections 5.1.1 and 4.1.4): triples blocks separated only by FILTERs form one BGP.
  std::vector<ast::TriplePath> pending;
  auto flush = [&] {
    if (pending.empty()) return;
    G = join(std::move(G), translate_triples(pending));
    pending.clear();
  };
  for (const auto& el : g.elements) {
    if (el.kind != Kind::Triples && el.kind != Kind::Filter) flush();
    switch (el.kind) {
      case Kind::Triples:
        pending.insert(pending.end(), el.triples.begin(), el.triples.end());
        break;
      case Kind::Filter:
        filters.push_back(translate_expr(el.expr));
        break;
      case Kind::Optional: {
        Operator A = translate_group(el.groups[0]);
        // Only the OPTIONAL group's own FILTERs become the LeftJoin's condition: a filter of a
        // nested group { { P FILTER(F) } } stays inside, because 18.2.2.8 simplifies Join(Z, A)
        // only after translation (W3C dawg-optional-filter-005-not-simplified).
        bool own_filter =
            std::any_of(el.groups[0].elements.begin(), el.groups[0].elements.end(),
                        [](const ast::PatternElement& e) { return e.kind == Kind::Filter; });
        if (A.is<FilterOp>() && own_filter) {
          G = binary(LeftJoinOp{std::move(A.as<FilterOp>().exprs)}, std::move(G),
                     std::move(A.operand()));
        } else {
          G = binary(LeftJoinOp{}, std::move(G), std::move(A));
        }
        break;
      }
      case Kind::Minus: {
        G = binary(MinusOp{}, std::move(G), translate_group(el.groups[0]));
        break;
      }
      case Kind::Bind: {
        G = unary(ExtendOp{el.var, translate_expr(el.expr)}, std::move(G));
        break;
      }
      case Kind::Union: {
        Operator u = translate_group(el.groups[0]);
        for (std::size_t i = 1; i < el.groups.size(); ++i) {
          u = binary(UnionOp{}, std::move(u), translate_group(el.groups[i]));
        }
        G = join(std::move(G), std::move(u));
        break;
      }
      case Kind::Group: {
        // A nested group is its own operand, even when empty: {} is Z and joins away.
        G = join(std::move(G), translate_group(el.groups[0]));
        break;
      }
      case Kind::Graph: {
        G = join(std::move(G), unary(GraphOp{el.name}, translate_group(el.groups[0])));
        break;
      }
      case Kind::Service: {
        G = join(std::move(G), unary(ServiceOp{el.name, el.silent}, translate_group(el.groups[0])));
        break;
      }
      case Kind::Values:
        G = join(std::move(G), table(el.values));
        break;
      case Kind::SubSelect:
        G = join(std::move(G), unary(ToMultiSetOp{}, translate_select(*el.subselect, false)));
        break;
    }
  }
  flush();
  if (!filters.empty()) {
    G = unary(FilterOp{std::move(filters)}, std::move(G));
  }
  return G;
}

Expr Translator::replace_aggregates(const Expr& e,
                                    std::vector<std::pair<std::string, Expr>>& aggs) {
  if (e.kind == Expr::Kind::Aggregate) {
    Expr agg = translate_expr(e);
    std::string key = algebra::to_sse(agg);
    for (const auto& [var, existing] : aggs)
      if (algebra::to_sse(existing) == key) return Expr::variable(var);
    std::string var = std::to_string(aggs.size());
    var.insert(0, 1, '.');
    aggs.emplace_back(var, std::move(agg));
    return Expr::variable(var);
  }
  Expr out = e.without_args();
  if ((e.kind == Expr::Kind::Exists || e.kind == Expr::Kind::NotExists) && e.pattern)
    out.op = std::make_shared<const Operator>(translate_group(*e.pattern));
  for (const auto& a : e.args)
    out.args.push_back(replace_aggregates(a, aggs));
  return out;
}

// 18.2.4 and 18.2.5: grouping, aggregates, HAVING, VALUES, select expressions, ORDER BY,
// projection, DISTINCT, REDUCED, slice.
Operator Translator::translate_select(const ast::SelectQuery& q, bool top_level) {
  (void)top_level;
  Operator G = q.has_where ? translate_group(q.where) : Operator::unit();

  bool aggregated = !q.group_by.empty();
  for (const auto& p : q.projection)
    if (p.expr && contains_aggregate(*p.expr)) aggregated = true;
  for (const auto& h : q.having)
    if (contains_aggregate(h)) aggregated = true;
  for (const auto& o : q.order_by)
    if (contains_aggregate(o.expr)) aggregated = true;

  std::vector<std::pair<std::string, Expr>> aggs;
  std::vector<Expr> projection_exprs;
  std::vector<Expr> having;
  std::vector<std::pair<Expr, bool>> order;
  for (const auto& p : q.projection)
    projection_exprs.push_back(p.expr ? replace_aggregates(*p.expr, aggs) : Expr{});
  for (const auto& h : q.having)
    having.push_back(replace_aggregates(h, aggs));
  for (const auto& o : q.order_by)
    order.emplace_back(replace_aggregates(o.expr, aggs), o.descending);

  if (aggregated) {
    GroupOp group;
    for (const auto& g : q.group_by)
      group.keys.emplace_back(g.var, translate_expr(g.expr));
    group.aggregates = std::move(aggs);
    G = unary(std::move(group), std::move(G));
  }
  if (!having.empty()) {
    G = unary(FilterOp{std::move(having)}, std::move(G));
  }
  if (q.values) G = join(std::move(G), table(*q.values));
  for (std::size_t i = 0; i < q.projection.size(); ++i) {
    if (!q.projection[i].expr) continue;
    G = unary(ExtendOp{q.projection[i].var, std::move(projection_exprs[i])}, std::move(G));
  }
  if (!order.empty()) {
    G = unary(OrderByOp{std::move(order)}, std::move(G));
  }
  if (q.form == QueryForm::Select) {
    G = unary(ProjectOp{projected_vars(q)}, std::move(G));
  }
  if (q.distinct) G = unary(DistinctOp{}, std::move(G));
  if (q.reduced) G = unary(ReducedOp{}, std::move(G));
  if (q.limit || q.offset) {
    G = unary(SliceOp{q.offset, q.limit}, std::move(G));
  }
  return G;
}

}  // namespace

algebra::Operator translate_query(const ast::SelectQuery& query) {
  return Translator().translate_select(query, true);
}

}  // namespace sparqlmcp::sparql::detail
