// serialize_algebra: an algebra tree printed as a SPARQL SELECT query. Every operator is
// written so that its translation (section 18.2) gives back an equivalent operator: filters,
// BINDs and MINUS get a group of their own so they cannot capture sibling patterns, and
// solution modifiers become a sub-SELECT.

#include <map>

#include "sparqlmcp/sparql/serializer.hpp"
#include "text_writer.hpp"

namespace sparqlmcp::sparql {

namespace {

using namespace algebra;  // Operator, OpKind and the payload types

Expr substitute(const Expr& e, const std::map<std::string, Expr>& aggregates) {
  if (e.kind == Expr::Kind::Var) {
    auto it = aggregates.find(e.name);
    if (it != aggregates.end()) return it->second;
    return e;
  }
  Expr out = e.without_args();
  for (const auto& a : e.args)
    out.args.push_back(substitute(a, aggregates));
  return out;
}

class AlgebraWriter {
 public:
  explicit AlgebraWriter(detail::TextWriter& w) : w_(w) {}

  void group(const Operator& op, int indent) {
    w_.out() += '{';
    pattern(op, indent + 1);
    w_.newline(indent);
    w_.out() += '}';
  }

  // Writes `op` as the elements of a group that contains nothing else yet.
  void pattern(const Operator& op, int indent) {
    switch (op.kind()) {
      case OpKind::Bgp: {
        std::vector<ast::TriplePath> ts;
        for (const auto& t : op.as<BgpOp>().triples)
          ts.push_back({t.subject, t.predicate, std::nullopt, t.object});
        w_.triples(ts, indent);
        return;
      }
      case OpKind::Path: {
        const auto& path = op.as<PathOp>();
        w_.triples({ast::TriplePath{path.subject, {}, path.path, path.object}}, indent);
        return;
      }
      case OpKind::Join:
        operand(op.left(), indent);
        operand(op.right(), indent);
        return;
      case OpKind::LeftJoin:
        operand(op.left(), indent);
        w_.newline(indent);
        w_.out() += "OPTIONAL {";
        if (op.right().is<FilterOp>()) {
          // A filter of the optional part itself, not of the LeftJoin: its own group keeps
          // it there when read back (see translate.cpp, OPTIONAL).
          w_.newline(indent + 1);
          group(op.right(), indent + 1);
        } else {
          pattern(op.right(), indent + 1);
        }
        filters(op.as<LeftJoinOp>().exprs, indent + 1);
        w_.newline(indent);
        w_.out() += '}';
        return;
      case OpKind::Filter:
        operand(op.operand(), indent);
        filters(op.as<FilterOp>().exprs, indent);
        return;
      case OpKind::Extend:
        operand(op.operand(), indent);
        w_.newline(indent);
        w_.out() += "BIND(";
        w_.expr(op.as<ExtendOp>().expr);
        w_.out() += " AS ?" + op.as<ExtendOp>().var + ")";
        return;
      case OpKind::Minus:
        operand(op.left(), indent);
        w_.newline(indent);
        w_.out() += "MINUS ";
        group(op.right(), indent);
        return;
      case OpKind::Union:
        w_.newline(indent);
        group(op.left(), indent);
        w_.out() += " UNION ";
        group(op.right(), indent);
        return;
      case OpKind::Graph:
        w_.newline(indent);
        w_.out() += "GRAPH ";
        w_.node(op.as<GraphOp>().name);
        w_.out() += ' ';
        group(op.operand(), indent);
        return;
      case OpKind::Service:
        w_.newline(indent);
        w_.out() += op.as<ServiceOp>().silent ? "SERVICE SILENT " : "SERVICE ";
        w_.node(op.as<ServiceOp>().name);
        w_.out() += ' ';
        group(op.operand(), indent);
        return;
      case OpKind::Table: {
        if (op.is_unit()) return;
        ast::ValuesBlock v{op.as<TableOp>().vars, op.as<TableOp>().rows};
        w_.newline(indent);
        w_.values(v);
        return;
      }
      case OpKind::ToMultiSet:
        w_.newline(indent);
        w_.out() += '{';
        w_.newline(indent + 1);
        select(op.operand(), {}, indent + 1);
        w_.newline(indent);
        w_.out() += '}';
        return;
      default:
        w_.newline(indent);
        w_.out() += '{';
        w_.newline(indent + 1);
        select(op, {}, indent + 1);
        w_.newline(indent);
        w_.out() += '}';
        return;
    }
  }

  // A full SELECT for `op` (modifiers peeled off the top).
  void select(const Operator& top, const std::vector<std::string>& vars, int indent) {
    const Operator* op = &top;
    const SliceOp* slice = op->get_if<SliceOp>();
    if (slice) op = &op->operand();
    const bool distinct = op->is<DistinctOp>(), reduced = op->is<ReducedOp>();
    if (distinct || reduced) op = &op->operand();
    const ProjectOp* project = op->get_if<ProjectOp>();
    if (project) op = &op->operand();
    const OrderByOp* order = op->get_if<OrderByOp>();
    if (order) op = &op->operand();
    // Extends and a HAVING filter above a Group belong to the aggregation.
    std::vector<const ExtendOp*> extends;
    const FilterOp* having = nullptr;
    const GroupOp* grp = nullptr;
    {
      const Operator* p = op;
      std::vector<const ExtendOp*> ext;
      while (const auto* extend = p->get_if<ExtendOp>()) {
        ext.push_back(extend);
        p = &p->operand();
      }
      const FilterOp* h = nullptr;
      if (p->is<FilterOp>() && p->operand().is<GroupOp>()) {
        h = &p->as<FilterOp>();
        p = &p->operand();
      }
      if (const auto* group = p->get_if<GroupOp>()) {
        grp = group;
        having = h;
        extends = ext;
        op = &p->operand();
      }
    }
    std::map<std::string, Expr> aggregates;
    if (grp)
      for (const auto& [v, e] : grp->aggregates)
        aggregates.emplace(v, e);
    std::map<std::string, Expr> bound;  // AS variables of the aggregation
    for (const auto* x : extends)
      bound.emplace(x->var, substitute(x->expr, aggregates));

    w_.out() += "SELECT ";
    if (distinct) w_.out() += "DISTINCT ";
    if (reduced) w_.out() += "REDUCED ";
    std::vector<std::string> out_vars = vars;
    if (out_vars.empty() && project) out_vars = project->vars;
    if (out_vars.empty() && grp) {
      for (const auto& [v, e] : grp->keys) {
        if (!v.empty())
          out_vars.push_back(v);
        else if (e.kind == Expr::Kind::Var)
          out_vars.push_back(e.name);
      }
      for (auto it = extends.rbegin(); it != extends.rend(); ++it)
        out_vars.push_back((*it)->var);
    }
    if (out_vars.empty()) {
      w_.out() += '*';
    } else {
      for (std::size_t i = 0; i < out_vars.size(); ++i) {
        if (i) w_.out() += ' ';
        auto it = bound.find(out_vars[i]);
        if (it != bound.end()) {
          w_.out() += '(';
          w_.expr(it->second);
          w_.out() += " AS ?" + out_vars[i] + ")";
        } else {
          w_.out() += "?" + out_vars[i];
        }
      }
    }
    w_.newline(indent);
    w_.out() += "WHERE ";
    group(*op, indent);
    if (grp && !grp->keys.empty()) {
      w_.newline(indent);
      w_.out() += "GROUP BY";
      for (const auto& [v, e] : grp->keys) {
        w_.out() += ' ';
        if (v.empty() && e.kind == Expr::Kind::Var) {
          w_.expr(e);
        } else {
          w_.out() += '(';
          w_.expr(e);
          if (!v.empty()) w_.out() += " AS ?" + v;
          w_.out() += ')';
        }
      }
    }
    if (having) {
      w_.newline(indent);
      w_.out() += "HAVING";
      for (const auto& e : having->exprs) {
        w_.out() += " (";
        w_.expr(substitute(e, aggregates));
        w_.out() += ')';
      }
    }
    if (order) {
      w_.newline(indent);
      w_.out() += "ORDER BY";
      for (const auto& [e, desc] : order->order) {
        w_.out() += desc ? " DESC(" : " ASC(";
        w_.expr(substitute(e, aggregates));
        w_.out() += ')';
      }
    }
    if (slice && slice->limit) {
      w_.newline(indent);
      w_.out() += "LIMIT " + std::to_string(*slice->limit);
    }
    if (slice && slice->offset) {
      w_.newline(indent);
      w_.out() += "OFFSET " + std::to_string(*slice->offset);
    }
  }

 private:
  // A child of a group-level operator: patterns that keep their meaning inline (triples,
  // paths, joins of those, GRAPH, SERVICE, UNION, VALUES) are written inline; anything whose
  // meaning depends on the rest of the group (filters, BIND, OPTIONAL, MINUS) gets its own group.
  void operand(const Operator& op, int indent) {
    switch (op.kind()) {
      case OpKind::Bgp:
      case OpKind::Path:
      case OpKind::Graph:
      case OpKind::Service:
      case OpKind::Union:
      case OpKind::Table:
      case OpKind::ToMultiSet:
        pattern(op, indent);
        return;
      case OpKind::Join:
        operand(op.left(), indent);
        operand(op.right(), indent);
        return;
      default:
        w_.newline(indent);
        group(op, indent);
        return;
    }
  }

  void filters(const std::vector<Expr>& exprs, int indent) {
    for (const auto& e : exprs) {
      w_.newline(indent);
      w_.out() += "FILTER(";
      w_.expr(e);
      w_.out() += ')';
    }
  }

  detail::TextWriter& w_;
};

void reserve_labels(const Operator& op, detail::TextWriter& w) {
  if (const auto* bgp = op.get_if<BgpOp>()) {
    for (const auto& t : bgp->triples) {
      w.reserve_blank_label(t.subject);
      w.reserve_blank_label(t.object);
    }
  }
  if (const auto* path = op.get_if<PathOp>()) {
    w.reserve_blank_label(path->subject);
    w.reserve_blank_label(path->object);
  }
  for (const auto& c : op.children)
    reserve_labels(c, w);
}

}  // namespace

std::string serialize_algebra(const algebra::Operator& op, const Prologue& prologue,
                              const std::vector<std::string>& vars) {
  auto prefixes = prologue.prefixes;
  for (const auto& p : prologue.implicit_prefixes)
    prefixes.push_back(p);
  detail::TextWriter w(prefixes);
  reserve_labels(op, w);
  for (const auto& [p, ns] : prefixes)
    w.out() += "PREFIX " + p + ": " + rdf::Term::iri(ns).to_ntriples() + "\n";
  AlgebraWriter(w).select(op, vars, 0);
  w.out() += '\n';
  return std::move(w.out());
}

}  // namespace sparqlmcp::sparql
