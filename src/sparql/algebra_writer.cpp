// serialize_algebra: an algebra tree printed as a SPARQL SELECT query. Every operator is
// written so that its translation (section 18.2) gives back an equivalent operator: filters,
// BINDs and MINUS get a group of their own so they cannot capture sibling patterns, and
// solution modifiers become a sub-SELECT.

#include <map>

#include "sparqlmcp/sparql/serializer.hpp"
#include "text_writer.hpp"

namespace sparqlmcp::sparql {

namespace {

using algebra::Operator;
using algebra::OpKind;

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
    switch (op.kind) {
      case OpKind::Bgp: {
        std::vector<ast::TriplePath> ts;
        for (const auto& t : op.triples)
          ts.push_back({t.subject, t.predicate, std::nullopt, t.object});
        w_.triples(ts, indent);
        return;
      }
      case OpKind::Path:
        w_.triples({ast::TriplePath{op.subject, {}, op.path, op.object}}, indent);
        return;
      case OpKind::Join:
        operand(op.children[0], indent);
        operand(op.children[1], indent);
        return;
      case OpKind::LeftJoin:
        operand(op.children[0], indent);
        w_.newline(indent);
        w_.out() += "OPTIONAL {";
        if (op.children[1].kind == OpKind::Filter) {
          // A filter of the optional part itself, not of the LeftJoin: its own group keeps
          // it there when read back (see translate.cpp, OPTIONAL).
          w_.newline(indent + 1);
          group(op.children[1], indent + 1);
        } else {
          pattern(op.children[1], indent + 1);
        }
        filters(op.exprs, indent + 1);
        w_.newline(indent);
        w_.out() += '}';
        return;
      case OpKind::Filter:
        operand(op.children[0], indent);
        filters(op.exprs, indent);
        return;
      case OpKind::Extend:
        operand(op.children[0], indent);
        w_.newline(indent);
        w_.out() += "BIND(";
        w_.expr(op.exprs[0]);
        w_.out() += " AS ?" + op.var + ")";
        return;
      case OpKind::Minus:
        operand(op.children[0], indent);
        w_.newline(indent);
        w_.out() += "MINUS ";
        group(op.children[1], indent);
        return;
      case OpKind::Union:
        w_.newline(indent);
        group(op.children[0], indent);
        w_.out() += " UNION ";
        group(op.children[1], indent);
        return;
      case OpKind::Graph:
      case OpKind::Service:
        w_.newline(indent);
        w_.out() += op.kind == OpKind::Graph ? "GRAPH "
                    : op.silent              ? "SERVICE SILENT "
                                             : "SERVICE ";
        w_.node(op.name);
        w_.out() += ' ';
        group(op.children[0], indent);
        return;
      case OpKind::Table: {
        if (op.is_unit()) return;
        ast::ValuesBlock v{op.vars, op.rows};
        w_.newline(indent);
        w_.values(v);
        return;
      }
      case OpKind::ToMultiSet:
        w_.newline(indent);
        w_.out() += '{';
        w_.newline(indent + 1);
        select(op.children[0], {}, indent + 1);
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
    const Operator* slice = nullptr;
    bool distinct = false, reduced = false;
    const Operator* project = nullptr;
    const Operator* order = nullptr;
    if (op->kind == OpKind::Slice) {
      slice = op;
      op = &op->children[0];
    }
    if (op->kind == OpKind::Distinct || op->kind == OpKind::Reduced) {
      distinct = op->kind == OpKind::Distinct;
      reduced = !distinct;
      op = &op->children[0];
    }
    if (op->kind == OpKind::Project) {
      project = op;
      op = &op->children[0];
    }
    if (op->kind == OpKind::OrderBy) {
      order = op;
      op = &op->children[0];
    }
    // Extends and a HAVING filter above a Group belong to the aggregation.
    std::vector<const Operator*> extends;
    const Operator* having = nullptr;
    const Operator* grp = nullptr;
    {
      const Operator* p = op;
      std::vector<const Operator*> ext;
      while (p->kind == OpKind::Extend) {
        ext.push_back(p);
        p = &p->children[0];
      }
      const Operator* h = nullptr;
      if (p->kind == OpKind::Filter && p->children[0].kind == OpKind::Group) {
        h = p;
        p = &p->children[0];
      }
      if (p->kind == OpKind::Group) {
        grp = p;
        having = h;
        extends = ext;
        op = &p->children[0];
      }
    }
    std::map<std::string, Expr> aggregates;
    if (grp)
      for (const auto& [v, e] : grp->aggregates)
        aggregates.emplace(v, e);
    std::map<std::string, Expr> bound;  // AS variables of the aggregation
    for (const auto* x : extends)
      bound.emplace(x->var, substitute(x->exprs[0], aggregates));

    w_.out() += "SELECT ";
    if (distinct) w_.out() += "DISTINCT ";
    if (reduced) w_.out() += "REDUCED ";
    std::vector<std::string> out_vars = vars;
    if (out_vars.empty() && project) out_vars = project->vars;
    if (out_vars.empty() && grp) {
      for (const auto& [v, e] : grp->group_keys) {
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
    if (grp && !grp->group_keys.empty()) {
      w_.newline(indent);
      w_.out() += "GROUP BY";
      for (const auto& [v, e] : grp->group_keys) {
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
    switch (op.kind) {
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
        operand(op.children[0], indent);
        operand(op.children[1], indent);
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
  for (const auto& t : op.triples) {
    w.reserve_blank_label(t.subject);
    w.reserve_blank_label(t.object);
  }
  w.reserve_blank_label(op.subject);
  w.reserve_blank_label(op.object);
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
