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
    switch (o.kind) {
      case OpKind::Bgp:
        out_ += "(bgp";
        for (const auto& t : o.triples) {
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
      case OpKind::Path:
        out_ += "(path ";
        node(o.subject);
        out_ += ' ';
        path(o.path);
        out_ += ' ';
        node(o.object);
        out_ += ')';
        return;
      case OpKind::Join:
      case OpKind::Union:
      case OpKind::Minus:
        out_ += o.kind == OpKind::Join ? "(join" : o.kind == OpKind::Union ? "(union" : "(minus";
        child(o.children[0], depth);
        child(o.children[1], depth);
        out_ += ')';
        return;
      case OpKind::LeftJoin:
        out_ += "(leftjoin";
        child(o.children[0], depth);
        child(o.children[1], depth);
        if (!o.exprs.empty()) {
          out_ += ' ';
          exprs(o.exprs);
        }
        out_ += ')';
        return;
      case OpKind::Filter:
        out_ += "(filter ";
        exprs(o.exprs);
        child(o.children[0], depth);
        out_ += ')';
        return;
      case OpKind::Graph:
      case OpKind::Service:
        out_ += o.kind == OpKind::Graph ? "(graph " : "(service ";
        if (o.silent) out_ += "silent ";
        node(o.name);
        child(o.children[0], depth);
        out_ += ')';
        return;
      case OpKind::Extend:
        out_ += "(extend ((?" + o.var + " ";
        expr(o.exprs[0]);
        out_ += "))";
        child(o.children[0], depth);
        out_ += ')';
        return;
      case OpKind::Table:
        if (o.is_unit()) {
          out_ += "(table unit)";
          return;
        }
        out_ += "(table (vars";
        for (const auto& v : o.vars)
          out_ += " ?" + v;
        out_ += ')';
        for (const auto& row : o.rows) {
          out_ += " (row";
          for (std::size_t i = 0; i < row.size() && i < o.vars.size(); ++i) {
            if (!row[i]) continue;
            out_ += " [?" + o.vars[i] + " ";
            term(*row[i]);
            out_ += ']';
          }
          out_ += ')';
        }
        out_ += ')';
        return;
      case OpKind::Group:
        out_ += "(group (";
        for (std::size_t i = 0; i < o.group_keys.size(); ++i) {
          if (i) out_ += ' ';
          if (o.group_keys[i].first.empty()) {
            expr(o.group_keys[i].second);
          } else {
            out_ += "(?" + o.group_keys[i].first + " ";
            expr(o.group_keys[i].second);
            out_ += ')';
          }
        }
        out_ += ") (";
        for (std::size_t i = 0; i < o.aggregates.size(); ++i) {
          if (i) out_ += ' ';
          out_ += "(?" + o.aggregates[i].first + " ";
          expr(o.aggregates[i].second);
          out_ += ')';
        }
        out_ += ')';
        child(o.children[0], depth);
        out_ += ')';
        return;
      case OpKind::OrderBy:
        out_ += "(order (";
        for (std::size_t i = 0; i < o.order.size(); ++i) {
          if (i) out_ += ' ';
          if (o.order[i].second) {
            out_ += "(desc ";
            expr(o.order[i].first);
            out_ += ')';
          } else {
            expr(o.order[i].first);
          }
        }
        out_ += ')';
        child(o.children[0], depth);
        out_ += ')';
        return;
      case OpKind::Project:
        out_ += "(project (";
        for (std::size_t i = 0; i < o.vars.size(); ++i) {
          if (i) out_ += ' ';
          out_ += "?" + o.vars[i];
        }
        out_ += ')';
        child(o.children[0], depth);
        out_ += ')';
        return;
      case OpKind::Distinct:
      case OpKind::Reduced:
      case OpKind::ToMultiSet:
        out_ += o.kind == OpKind::Distinct  ? "(distinct"
                : o.kind == OpKind::Reduced ? "(reduced"
                                            : "(tomultiset";
        child(o.children[0], depth);
        out_ += ')';
        return;
      case OpKind::Slice:
        out_ += "(slice ";
        out_ += o.offset ? std::to_string(*o.offset) : "_";
        out_ += ' ';
        out_ += o.limit ? std::to_string(*o.limit) : "_";
        child(o.children[0], depth);
        out_ += ')';
        return;
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
