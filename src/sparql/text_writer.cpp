// SPARQL text printing of terms, paths, expressions and parse trees.

#include "text_writer.hpp"

#include <algorithm>
#include <cstring>

#include "lexer.hpp"

namespace sparqlmcp::sparql::detail {

using rdf::kRdfType;

namespace {

// The local part written as PN_LOCAL [169], or false when it would need a PLX escape ('\#',
// '%2F'): such names are valid SPARQL 1.1, but endpoints (Virtuoso) reject them, so the full
// IRI is written instead.
bool to_local_name(std::string_view local, std::string& out) {
  out.clear();
  std::size_t pos = 0;
  bool first = true;
  while (pos < local.size()) {
    std::size_t start = pos;
    char32_t cp = decode_utf8(local, pos);
    bool plain = first ? (is_pn_chars_u(cp) || cp == ':' || (cp >= '0' && cp <= '9'))
                       : (is_pn_chars(cp) || cp == ':');
    if (!plain) return false;
    out.append(local.substr(start, pos - start));
    first = false;
  }
  return true;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> all_prefixes(const Prologue& prologue) {
  auto prefixes = prologue.prefixes;
  for (const auto& p : prologue.implicit_prefixes) {
    bool declared = false;
    for (const auto& d : prefixes)
      declared = declared || d.first == p.first;
    if (!declared) prefixes.push_back(p);
  }
  return prefixes;
}

bool has_bare_form(const rdf::Term& t) {
  static constexpr std::string_view kXsdInteger = "http://www.w3.org/2001/XMLSchema#integer";
  static constexpr std::string_view kXsdDecimal = "http://www.w3.org/2001/XMLSchema#decimal";
  static constexpr std::string_view kXsdDouble = "http://www.w3.org/2001/XMLSchema#double";
  static constexpr std::string_view kXsdBoolean = "http://www.w3.org/2001/XMLSchema#boolean";
  if (!t.is_literal() || !t.language.empty()) return false;
  std::string_view dt = t.datatype;
  auto numeric_ok = [&](bool need_dot, bool need_exp) {
    std::string_view v = t.value;
    if (v.empty()) return false;
    std::size_t i = (v[0] == '+' || v[0] == '-') ? 1 : 0;
    bool digits = false, dot = false, exp = false, frac_digits = false;
    for (; i < v.size(); ++i) {
      char c = v[i];
      if (c >= '0' && c <= '9') {
        digits = true;
        if (dot && !exp) frac_digits = true;
      } else if (c == '.' && !dot && !exp) {
        dot = true;
      } else if ((c == 'e' || c == 'E') && !exp && digits) {
        exp = true;
        if (i + 1 < v.size() && (v[i + 1] == '+' || v[i + 1] == '-')) ++i;
        if (i + 1 >= v.size()) return false;
      } else {
        return false;
      }
    }
    if (!digits || need_exp != exp) return false;
    if (need_dot) return dot && frac_digits;
    if (!need_exp) return !dot;
    return true;
  };
  if (dt == kXsdInteger && numeric_ok(false, false)) {
    return true;
  }
  if (dt == kXsdDecimal && numeric_ok(true, false)) {
    return true;
  }
  if (dt == kXsdDouble && numeric_ok(false, true) && t.value.find('.') != 0) {
    return true;
  }
  if (dt == kXsdBoolean && (t.value == "true" || t.value == "false")) {
    return true;
  }
  return false;
}

TextWriter::TextWriter(const std::vector<std::pair<std::string, std::string>>& prefixes) {
  for (const auto& [p, ns] : prefixes)
    prefixes_.emplace_back(ns, p);
  // Longest namespace first, so the most specific prefix wins.
  std::stable_sort(prefixes_.begin(), prefixes_.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
}

void TextWriter::newline(int indent) {
  out_ += '\n';
  out_.append(static_cast<std::size_t>(indent) * 2, ' ');
}

void TextWriter::iri(const std::string& value) {
  std::string local;
  for (const auto& [ns, prefix] : prefixes_) {
    if (ns.empty() || value.size() < ns.size() || value.compare(0, ns.size(), ns) != 0) continue;
    if (to_local_name(std::string_view(value).substr(ns.size()), local)) {
      out_ += prefix;
      out_ += ':';
      out_ += local;
      return;
    }
  }
  out_ += rdf::Term::iri(value).to_ntriples();
}

std::string TextWriter::blank_label(const std::string& label) {
  if (label.empty() || label[0] != '.') return label;
  auto it = generated_.find(label);
  if (it != generated_.end()) return it->second;
  std::string name;
  do {
    name = std::to_string(next_generated_++);
    name.insert(0, 1, 'b');
  } while (reserved_.count(name) != 0);
  generated_.emplace(label, name);
  return name;
}

namespace {

void reserve_node(const VarOrTerm& n, std::set<std::string>& out) {
  if (!n.is_var && n.term.is_blank() && !n.is_generated_blank()) out.insert(n.term.value);
}

void reserve_group(const ast::GroupGraphPattern& g, std::set<std::string>& out);

void reserve_expr(const Expr& e, std::set<std::string>& out) {
  if (e.pattern) reserve_group(*e.pattern, out);
  for (const auto& a : e.args)
    reserve_expr(a, out);
}

void reserve_triples(const std::vector<ast::TriplePath>& ts, std::set<std::string>& out) {
  for (const auto& t : ts) {
    reserve_node(t.subject, out);
    reserve_node(t.object, out);
  }
}

void reserve_select(const ast::SelectQuery& q, std::set<std::string>& out) {
  reserve_triples(q.construct_template, out);
  reserve_group(q.where, out);
  for (const auto& p : q.projection)
    if (p.expr) reserve_expr(*p.expr, out);
  for (const auto& h : q.having)
    reserve_expr(h, out);
  for (const auto& o : q.order_by)
    reserve_expr(o.expr, out);
}

void reserve_group(const ast::GroupGraphPattern& g, std::set<std::string>& out) {
  for (const auto& el : g.elements) {
    reserve_triples(el.triples, out);
    reserve_expr(el.expr, out);
    for (const auto& sub : el.groups)
      reserve_group(sub, out);
    if (el.subselect) reserve_select(*el.subselect, out);
  }
}

}  // namespace

void TextWriter::reserve_blank_labels(const ast::SelectQuery& q) {
  reserve_select(q, reserved_);
}

void TextWriter::term(const rdf::Term& t) {
  switch (t.kind) {
    case rdf::TermKind::Iri:
      iri(t.value);
      return;
    case rdf::TermKind::BlankNode:
      out_ += "_:" + blank_label(t.value);
      return;
    case rdf::TermKind::Literal:
      break;
  }
  // Not "+1" bare: after a predicate IRI the '+' reads as the path modifier (<p> +1 is <p>+ 1).
  if (has_bare_form(t) && t.value[0] != '+') {
    out_ += t.value;
    return;
  }
  out_ += '"';
  out_ += rdf::escape_string_literal(t.value);
  out_ += '"';
  if (!t.language.empty()) {
    out_ += '@';
    out_ += t.language;
  } else if (!t.datatype.empty()) {
    out_ += "^^";
    iri(t.datatype);
  }
}

void TextWriter::variable(const std::string& name) {
  out_ += '?';
  // Internal variables of the algebra (path variables "?P0", aggregate results ".0") are not
  // valid VARNAMEs; they get a reserved-looking spelling.
  if (!name.empty() && (name[0] == '?' || name[0] == '.')) {
    out_ += name[0] == '?' ? "__path_" : "__agg_";
    out_ += name.substr(1);
    return;
  }
  out_ += name;
}

void TextWriter::node(const VarOrTerm& n) {
  if (n.is_var) {
    variable(n.var);
  } else {
    term(n.term);
  }
}

void TextWriter::predicate(const VarOrTerm& n) {
  if (!n.is_var && n.term.is_iri() && n.term.value == kRdfType) {
    out_ += 'a';
    return;
  }
  node(n);
}

void TextWriter::path_elt(const Path& p) {
  if (p.kind == Path::Kind::Link || p.kind == Path::Kind::Negated) {
    path(p);
  } else {
    out_ += '(';
    path(p);
    out_ += ')';
  }
}

void TextWriter::path(const Path& p) {
  switch (p.kind) {
    case Path::Kind::Link:
      if (p.iri == kRdfType) {
        out_ += 'a';
      } else {
        iri(p.iri);
      }
      return;
    case Path::Kind::Inverse:
      out_ += '^';
      if (p.args[0].kind == Path::Kind::Inverse || p.args[0].kind == Path::Kind::Sequence ||
          p.args[0].kind == Path::Kind::Alternative) {
        out_ += '(';
        path(p.args[0]);
        out_ += ')';
      } else {
        path(p.args[0]);
      }
      return;
    case Path::Kind::Sequence:
    case Path::Kind::Alternative:
      for (std::size_t i = 0; i < p.args.size(); ++i) {
        if (i) out_ += p.kind == Path::Kind::Sequence ? " / " : " | ";
        const Path& a = p.args[i];
        bool wrap = a.kind == Path::Kind::Sequence || a.kind == Path::Kind::Alternative;
        if (wrap) out_ += '(';
        path(a);
        if (wrap) out_ += ')';
      }
      return;
    case Path::Kind::ZeroOrOne:
    case Path::Kind::ZeroOrMore:
    case Path::Kind::OneOrMore:
      path_elt(p.args[0]);
      out_ += p.kind == Path::Kind::ZeroOrOne ? '?' : p.kind == Path::Kind::ZeroOrMore ? '*' : '+';
      return;
    case Path::Kind::Negated:
      out_ += '!';
      out_ += '(';
      for (std::size_t i = 0; i < p.args.size(); ++i) {
        if (i) out_ += " | ";
        path(p.args[i]);
      }
      out_ += ')';
      return;
  }
}

void TextWriter::expr(const Expr& e, bool top) {
  switch (e.kind) {
    case Expr::Kind::Var:
      variable(e.name);
      return;
    case Expr::Kind::Constant:
      term(e.term);
      return;
    case Expr::Kind::Call: {
      static constexpr std::string_view kBinary[] = {"||", "&&", "=", "!=", "<", ">",
                                                     "<=", ">=", "+", "-",  "*", "/"};
      for (auto op : kBinary) {
        if (e.name == op && e.args.size() == 2) {
          if (!top) out_ += '(';
          expr(e.args[0], false);
          out_ += ' ';
          out_ += op;
          out_ += ' ';
          expr(e.args[1], false);
          if (!top) out_ += ')';
          return;
        }
      }
      if (e.name == "!" || e.name == "uminus" || e.name == "uplus") {
        out_ += e.name == "!" ? "!" : e.name == "uminus" ? "-" : "+";
        out_ += '(';
        expr(e.args[0], true);
        out_ += ')';
        return;
      }
      if (e.name == "in" || e.name == "notin") {
        if (!top) out_ += '(';
        expr(e.args[0], false);
        out_ += e.name == "in" ? " IN (" : " NOT IN (";
        for (std::size_t i = 1; i < e.args.size(); ++i) {
          if (i > 1) out_ += ", ";
          expr(e.args[i], true);
        }
        out_ += ')';
        if (!top) out_ += ')';
        return;
      }
      out_ += util::ascii_uppercase(e.name);
      out_ += '(';
      for (std::size_t i = 0; i < e.args.size(); ++i) {
        if (i) out_ += ", ";
        expr(e.args[i], true);
      }
      out_ += ')';
      return;
    }
    case Expr::Kind::Function:
      iri(e.name);
      out_ += '(';
      if (e.distinct) out_ += "DISTINCT ";
      for (std::size_t i = 0; i < e.args.size(); ++i) {
        if (i) out_ += ", ";
        expr(e.args[i], true);
      }
      out_ += ')';
      return;
    case Expr::Kind::Aggregate:
      out_ += util::ascii_uppercase(e.name);
      out_ += '(';
      if (e.distinct) out_ += "DISTINCT ";
      if (e.star) out_ += '*';
      if (!e.args.empty()) expr(e.args[0], true);
      if (e.separator) {
        out_ += "; SEPARATOR = \"";
        out_ += rdf::escape_string_literal(*e.separator);
        out_ += '"';
      }
      out_ += ')';
      return;
    case Expr::Kind::Exists:
    case Expr::Kind::NotExists:
      out_ += e.kind == Expr::Kind::Exists ? "EXISTS " : "NOT EXISTS ";
      if (e.pattern) {
        group(*e.pattern, expr_indent_);
      } else {
        out_ += "{ }";
      }
      return;
  }
}

void TextWriter::triples(const std::vector<ast::TriplePath>& ts, int indent) {
  for (const auto& t : ts) {
    newline(indent);
    node(t.subject);
    out_ += ' ';
    if (t.path) {
      path(*t.path);
    } else {
      predicate(t.predicate);
    }
    out_ += ' ';
    node(t.object);
    out_ += " .";
  }
}

void TextWriter::values(const ast::ValuesBlock& v) {
  out_ += "VALUES (";
  for (std::size_t i = 0; i < v.vars.size(); ++i) {
    if (i) out_ += ' ';
    out_ += '?';
    out_ += v.vars[i];
  }
  out_ += ") {";
  for (const auto& row : v.rows) {
    out_ += " (";
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i) out_ += ' ';
      if (row[i]) {
        term(*row[i]);
      } else {
        out_ += "UNDEF";
      }
    }
    out_ += ')';
  }
  out_ += " }";
}

void TextWriter::group(const ast::GroupGraphPattern& g, int indent) {
  using Kind = ast::PatternElement::Kind;
  out_ += '{';
  for (const auto& el : g.elements) {
    switch (el.kind) {
      case Kind::Triples:
        triples(el.triples, indent + 1);
        continue;
      case Kind::SubSelect:
        newline(indent + 1);
        select(*el.subselect, indent + 1);
        continue;
      default:
        break;
    }
    newline(indent + 1);
    expr_indent_ = indent + 1;
    switch (el.kind) {
      case Kind::Filter:
        out_ += "FILTER(";
        expr(el.expr, true);
        out_ += ')';
        break;
      case Kind::Optional:
        out_ += "OPTIONAL ";
        group(el.groups[0], indent + 1);
        break;
      case Kind::Minus:
        out_ += "MINUS ";
        group(el.groups[0], indent + 1);
        break;
      case Kind::Bind:
        out_ += "BIND(";
        expr(el.expr, true);
        out_ += " AS ?" + el.var + ")";
        break;
      case Kind::Union:
      case Kind::Group:
        for (std::size_t i = 0; i < el.groups.size(); ++i) {
          if (i) out_ += " UNION ";
          group(el.groups[i], indent + 1);
        }
        break;
      case Kind::Graph:
        out_ += "GRAPH ";
        node(el.name);
        out_ += ' ';
        group(el.groups[0], indent + 1);
        break;
      case Kind::Service:
        out_ += el.silent ? "SERVICE SILENT " : "SERVICE ";
        node(el.name);
        out_ += ' ';
        group(el.groups[0], indent + 1);
        break;
      case Kind::Values:
        values(el.values);
        break;
      default:
        break;
    }
  }
  newline(indent);
  out_ += '}';
}

void TextWriter::select(const ast::SelectQuery& q, int indent) {
  switch (q.form) {
    case QueryForm::Select:
      out_ += "SELECT ";
      if (q.distinct) out_ += "DISTINCT ";
      if (q.reduced) out_ += "REDUCED ";
      if (q.select_star) {
        out_ += '*';
      } else {
        for (std::size_t i = 0; i < q.projection.size(); ++i) {
          if (i) out_ += ' ';
          const auto& p = q.projection[i];
          if (p.expr) {
            out_ += '(';
            expr(*p.expr, true);
            out_ += " AS ?" + p.var + ")";
          } else {
            out_ += "?" + p.var;
          }
        }
      }
      break;
    case QueryForm::Construct:
      if (q.construct_short) {
        out_ += "CONSTRUCT";
      } else {
        out_ += "CONSTRUCT {";
        triples(q.construct_template, indent + 1);
        newline(indent);
        out_ += '}';
      }
      break;
    case QueryForm::Ask:
      out_ += "ASK";
      break;
    case QueryForm::Describe:
      out_ += "DESCRIBE";
      if (q.describe_star) out_ += " *";
      for (const auto& t : q.describe_targets) {
        out_ += ' ';
        node(t);
      }
      break;
  }
  for (const auto& f : q.from) {
    newline(indent);
    out_ += "FROM ";
    iri(f);
  }
  for (const auto& f : q.from_named) {
    newline(indent);
    out_ += "FROM NAMED ";
    iri(f);
  }
  if (q.form == QueryForm::Construct && q.construct_short) {
    newline(indent);
    out_ += "WHERE {";
    triples(q.construct_template, indent + 1);
    newline(indent);
    out_ += '}';
  } else if (q.has_where) {
    newline(indent);
    out_ += "WHERE ";
    group(q.where, indent);
  }
  if (!q.group_by.empty()) {
    newline(indent);
    out_ += "GROUP BY";
    for (const auto& g : q.group_by) {
      out_ += ' ';
      if (g.var.empty() && g.expr.kind == Expr::Kind::Var) {
        expr(g.expr, true);
      } else {
        out_ += '(';
        expr(g.expr, true);
        if (!g.var.empty()) out_ += " AS ?" + g.var;
        out_ += ')';
      }
    }
  }
  if (!q.having.empty()) {
    newline(indent);
    out_ += "HAVING";
    for (const auto& h : q.having) {
      out_ += " (";
      expr(h, true);
      out_ += ')';
    }
  }
  if (!q.order_by.empty()) {
    newline(indent);
    out_ += "ORDER BY";
    for (const auto& o : q.order_by) {
      out_ += o.descending ? " DESC(" : " ASC(";
      expr(o.expr, true);
      out_ += ')';
    }
  }
  if (q.limit) {
    newline(indent);
    out_ += "LIMIT " + std::to_string(*q.limit);
  }
  if (q.offset) {
    newline(indent);
    out_ += "OFFSET " + std::to_string(*q.offset);
  }
  if (q.values) {
    newline(indent);
    values(*q.values);
  }
}

}  // namespace sparqlmcp::sparql::detail
