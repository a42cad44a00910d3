// The algebra as an S-expression, in the notation of Jena ARQ's SSE. Canonical: blank nodes are
// renamed by first appearance, so equal algebras print equal strings.

#include <unordered_map>

#include "sparqlmcp/sparql/algebra.hpp"
#include "text_writer.hpp"

namespace sparqlmcp::sparql::algebra {

namespace {

// Operator and built-in names as Jena ARQ's SSE spells them.
std::string_view sse_name(std::string_view name) {
  static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
      {"uminus", "-"},
      {"uplus", "+"},
      {"isiri", "isIRI"},
      {"isuri", "isURI"},
      {"isblank", "isBlank"},
      {"isliteral", "isLiteral"},
      {"isnumeric", "isNumeric"},
      {"sameterm", "sameTerm"},
      {"langmatches", "langMatches"},
  };
  for (const auto& [from, to] : kNames)
    if (name == from) return to;
  return name;
}

class SsePrinter {
 public:
  explicit SsePrinter(bool indented) : indented_(indented) {}
  std::string take() { return std::move(out_); }

  void term(const rdf::Term& t) {
    if (t.is_blank()) {
      auto [it, inserted] = blanks_.emplace(t.value, blanks_.size());
      out_ += "_:b" + std::to_string(it->second);
      return;
    }
    // Numbers and booleans as Jena writes them (1, 2.5, 1e3, true): still canonical, since the
    // bare form is used only when it reads back as the same lexical form and datatype.
    if (detail::has_bare_form(t)) {
      out_ += t.value;
      return;
    }
    out_ += t.to_ntriples();
  }

  void node(const VarOrTerm& n) {
    if (n.is_var) {
      out_ += '?';
      out_ += n.var;
    } else {
      term(n.term);
    }
  }

  void path(const Path& p) {
    switch (p.kind) {
      case Path::Kind::Link:
        out_ += rdf::Term::iri(p.iri).to_ntriples();
        return;
      case Path::Kind::Inverse:
        out_ += "(reverse ";
        path(p.args[0]);
        out_ += ')';
        return;
      case Path::Kind::Sequence:
      case Path::Kind::Alternative:
        out_ += p.kind == Path::Kind::Sequence ? "(seq" : "(alt";
        for (const auto& a : p.args) {
          out_ += ' ';
          path(a);
        }
        out_ += ')';
        return;
      case Path::Kind::ZeroOrOne:
      case Path::Kind::ZeroOrMore:
      case Path::Kind::OneOrMore:
        out_ += p.kind == Path::Kind::ZeroOrOne    ? "(path? "
                : p.kind == Path::Kind::ZeroOrMore ? "(path* "
                                                   : "(path+ ";
        path(p.args[0]);
        out_ += ')';
        return;
      case Path::Kind::Negated:
        out_ += "(notoneof";
        for (const auto& a : p.args) {
          out_ += ' ';
          path(a);
        }
        out_ += ')';
        return;
    }
  }

  void expr(const Expr& e) {
    switch (e.kind) {
      case Expr::Kind::Var:
        out_ += '?';
        out_ += e.name;
        return;
      case Expr::Kind::Constant:
        term(e.term);
        return;
      case Expr::Kind::Call: {
        std::string_view name = sse_name(e.name);
        out_ += '(';
        out_ += name;
        for (const auto& a : e.args) {
          out_ += ' ';
          expr(a);
        }
        out_ += ')';
        return;
      }
      case Expr::Kind::Function:
        out_ += '(';
        out_ += rdf::Term::iri(e.name).to_ntriples();
        if (e.distinct) out_ += " distinct";
        for (const auto& a : e.args) {
          out_ += ' ';
          expr(a);
        }
        out_ += ')';
        return;
      case Expr::Kind::Aggregate:
        out_ += '(';
        out_ += e.name;
        if (e.distinct) out_ += " distinct";
        if (e.separator) {
          out_ += " (separator \"" + rdf::escape_string_literal(*e.separator) + "\")";
        }
        for (const auto& a : e.args) {
          out_ += ' ';
          expr(a);
        }
        out_ += ')';
        return;
      case Expr::Kind::Exists:
      case Expr::Kind::NotExists:
        out_ += e.kind == Expr::Kind::Exists ? "(exists " : "(notexists ";
        if (e.op) {
          op(*e.op, 0);
        } else {
          out_ += "?";
        }
        out_ += ')';
        return;
    }
  }

  void exprs(const std::vector<Expr>& list) {
    if (list.size() == 1) {
      expr(list[0]);
      return;
    }
    out_ += "(exprlist";
    for (const auto& e : list) {
      out_ += ' ';
      expr(e);
    }
    out_ += ')';
  }

  void child(const Operator& c, int depth) {
    if (indented_) {
      out_ += '\n';
      out_.append(static_cast<std::size_t>(depth + 1) * 2, ' ');
    } else {
      out_ += ' ';
    }
    op(c, depth + 1);
  }

  void op(const Operator& o, int depth) {
    switch (o.kind()) {
      case OpKind::Bgp:
        out_ += "(bgp";
        for (const auto& t : o.as<BgpOp>().triples) {
          out_ += " (triple ";
          node(t.subject);
          out_ += ' ';
          node(t.predicate);
          out_ += ' ';
          node(t.object);
          out_ += ')';
        }
        out_ += ')';
        return;
      case OpKind::Path: {
        const auto& p = o.as<PathOp>();
        out_ += "(path ";
        node(p.subject);
        out_ += ' ';
        path(p.path);
        out_ += ' ';
        node(p.object);
        out_ += ')';
        return;
      }
      case OpKind::Join:
      case OpKind::Union:
      case OpKind::Minus:
        out_ += o.is<JoinOp>() ? "(join" : o.is<UnionOp>() ? "(union" : "(minus";
        child(o.left(), depth);
        child(o.right(), depth);
        out_ += ')';
        return;
      case OpKind::LeftJoin: {
        const auto& filter = o.as<LeftJoinOp>().exprs;
        out_ += "(leftjoin";
        child(o.left(), depth);
        child(o.right(), depth);
        if (!filter.empty()) {
          out_ += ' ';
          exprs(filter);
        }
        out_ += ')';
        return;
      }
      case OpKind::Filter:
        out_ += "(filter ";
        exprs(o.as<FilterOp>().exprs);
        child(o.operand(), depth);
        out_ += ')';
        return;
      case OpKind::Graph:
        out_ += "(graph ";
        node(o.as<GraphOp>().name);
        child(o.operand(), depth);
        out_ += ')';
        return;
      case OpKind::Service: {
        const auto& service = o.as<ServiceOp>();
        out_ += "(service ";
        if (service.silent) out_ += "silent ";
        node(service.name);
        child(o.operand(), depth);
        out_ += ')';
        return;
      }
      case OpKind::Extend: {
        const auto& extend = o.as<ExtendOp>();
        out_ += "(extend ((?" + extend.var + " ";
        expr(extend.expr);
        out_ += "))";
        child(o.operand(), depth);
        out_ += ')';
        return;
      }
      case OpKind::Table: {
        if (o.is_unit()) {
          out_ += "(table unit)";
          return;
        }
        const auto& table = o.as<TableOp>();
        out_ += "(table (vars";
        for (const auto& v : table.vars)
          out_ += " ?" + v;
        out_ += ')';
        for (const auto& row : table.rows) {
          out_ += " (row";
          for (std::size_t i = 0; i < row.size() && i < table.vars.size(); ++i) {
            if (!row[i]) continue;
            out_ += " [?" + table.vars[i] + " ";
            term(*row[i]);
            out_ += ']';
          }
          out_ += ')';
        }
        out_ += ')';
        return;
      }
      case OpKind::Group: {
        const auto& group = o.as<GroupOp>();
        out_ += "(group (";
        for (std::size_t i = 0; i < group.keys.size(); ++i) {
          if (i) out_ += ' ';
          if (group.keys[i].first.empty()) {
            expr(group.keys[i].second);
          } else {
            out_ += "(?" + group.keys[i].first + " ";
            expr(group.keys[i].second);
            out_ += ')';
          }
        }
        out_ += ") (";
        for (std::size_t i = 0; i < group.aggregates.size(); ++i) {
          if (i) out_ += ' ';
          out_ += "(?" + group.aggregates[i].first + " ";
          expr(group.aggregates[i].second);
          out_ += ')';
        }
        out_ += ')';
        child(o.operand(), depth);
        out_ += ')';
        return;
      }
      case OpKind::OrderBy: {
        const auto& order = o.as<OrderByOp>().order;
        out_ += "(order (";
        for (std::size_t i = 0; i < order.size(); ++i) {
          if (i) out_ += ' ';
          if (order[i].second) {
            out_ += "(desc ";
            expr(order[i].first);
            out_ += ')';
          } else {
            expr(order[i].first);
          }
        }
        out_ += ')';
        child(o.operand(), depth);
        out_ += ')';
        return;
      }
      case OpKind::Project: {
        const auto& vars = o.as<ProjectOp>().vars;
        out_ += "(project (";
        for (std::size_t i = 0; i < vars.size(); ++i) {
          if (i) out_ += ' ';
          out_ += "?" + vars[i];
        }
        out_ += ')';
        child(o.operand(), depth);
        out_ += ')';
        return;
      }
      case OpKind::Distinct:
      case OpKind::Reduced:
      case OpKind::ToMultiSet:
        out_ += o.is<DistinctOp>() ? "(distinct" : o.is<ReducedOp>() ? "(reduced" : "(tomultiset";
        child(o.operand(), depth);
        out_ += ')';
        return;
      case OpKind::Slice: {
        const auto& slice = o.as<SliceOp>();
        out_ += "(slice ";
        out_ += slice.offset ? std::to_string(*slice.offset) : "_";
        out_ += ' ';
        out_ += slice.limit ? std::to_string(*slice.limit) : "_";
        child(o.operand(), depth);
        out_ += ')';
        return;
      }
    }
  }

 private:
  bool indented_;
  std::string out_;
  std::unordered_map<std::string, std::size_t> blanks_;
};

}  // namespace

std::string to_sse(const Operator& op, bool indented) {
  SsePrinter p(indented);
  p.op(op, 0);
  return p.take();
}

std::string to_sse(const Expr& expr) {
  SsePrinter p(false);
  p.expr(expr);
  return p.take();
}

std::string to_sse(const Path& path) {
  SsePrinter p(false);
  p.path(path);
  return p.take();
}

}  // namespace sparqlmcp::sparql::algebra
