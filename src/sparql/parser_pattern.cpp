// Graph patterns, triples, property paths and terms (productions [53]-[109], [129]-[138]).

#include "parser_impl.hpp"

namespace sparqlmcp::sparql::detail {

namespace {
constexpr std::string_view kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
bool is_iri_token(const Token& t) {
  return t.kind == TokenKind::IriRef || t.kind == TokenKind::PnameLn ||
         t.kind == TokenKind::PnameNs;
}
}  // namespace

// [53] GroupGraphPattern ::= '{' ( SubSelect | GroupGraphPatternSub ) '}'
ast::GroupGraphPattern Parser::parse_GroupGraphPattern() {
  DepthGuard guard(*this);
  expect_punct("{", "'{'");
  ast::GroupGraphPattern g;
  if (is_keyword("SELECT")) {
    ast::PatternElement el;
    el.kind = ast::PatternElement::Kind::SubSelect;
    el.span = span_of_token(peek());
    el.subselect = std::make_shared<ast::SelectQuery>(parse_SubSelect());
    g.elements.push_back(std::move(el));
    expect_punct("}", "'}' to close the sub-query (a sub-SELECT must be alone in its group)");
    return g;
  }
  parse_GroupGraphPatternSub(g);
  expect_punct("}", "'}'");
  return g;
}

bool Parser::starts_triples() const {
  const Token& t = peek();
  switch (t.kind) {
    case TokenKind::Var:
    case TokenKind::IriRef:
    case TokenKind::PnameNs:
    case TokenKind::PnameLn:
    case TokenKind::BlankLabel:
    case TokenKind::Anon:
    case TokenKind::Nil:
    case TokenKind::String:
    case TokenKind::Integer:
    case TokenKind::Decimal:
    case TokenKind::Double:
      return true;
    case TokenKind::Name:
      return util::iequals(t.text, "true") || util::iequals(t.text, "false");
    case TokenKind::Punct:
      if (t.text == "(" || t.text == "[") return true;
      if (t.text == "+" || t.text == "-") {
        const Token& n = peek(1);
        return n.offset == t.end && (n.kind == TokenKind::Integer || n.kind == TokenKind::Decimal ||
                                     n.kind == TokenKind::Double);
      }
      return false;
    default:
      return false;
  }
}

// [54] GroupGraphPatternSub ::= TriplesBlock? ( GraphPatternNotTriples '.'? TriplesBlock? )*
void Parser::parse_GroupGraphPatternSub(ast::GroupGraphPattern& g) {
  bool may_start_triples = true;
  // Each element of a group (and each path triple) adds a level to the algebra tree (a chain of
  // Join / LeftJoin / Minus / Extend), so it counts towards the nesting limit.
  ChainGuard chain(*this);
  for (;;) {
    chain.step();
    if (starts_triples()) {
      if (!may_start_triples) fail_expected("'.' or '}' (triple patterns are separated by '.')");
      ast::PatternElement el;
      el.kind = ast::PatternElement::Kind::Triples;
      el.span = span_of_token(peek());
      bool dot = parse_TriplesBlock(el.triples);
      for (const auto& t : el.triples)
        if (t.path) chain.step();  // each path triple is joined in: one more level
      g.elements.push_back(std::move(el));
      may_start_triples = dot;
      continue;
    }
    if (is_punct("}")) return;
    const Token& t = peek();
    if (is_punct("{") || is_keyword("OPTIONAL") || is_keyword("MINUS") || is_keyword("GRAPH") ||
        is_keyword("SERVICE") || is_keyword("FILTER") || is_keyword("BIND") ||
        is_keyword("VALUES")) {
      parse_GraphPatternNotTriples(g);
      accept_punct(".");
      may_start_triples = true;
      continue;
    }
    if (may_start_triples && t.kind == TokenKind::Punct && t.text == ".")
      fail_expected("a triple pattern or a graph pattern before '.'");
    if (!may_start_triples)
      fail_expected("'.', '}' or a graph pattern keyword (OPTIONAL, FILTER, ...)");
    fail_expected(
        "a triple pattern, a graph pattern (OPTIONAL, UNION, MINUS, GRAPH, SERVICE, FILTER, BIND, "
        "VALUES) or '}'");
  }
}

// [55] TriplesBlock ::= TriplesSameSubjectPath ( '.' TriplesBlock? )?
bool Parser::parse_TriplesBlock(std::vector<ast::TriplePath>& out) {
  for (;;) {
    parse_TriplesSameSubjectPath(out);
    if (!accept_punct(".")) return false;
    if (!starts_triples()) return true;
  }
}

// [56] GraphPatternNotTriples
void Parser::parse_GraphPatternNotTriples(ast::GroupGraphPattern& g) {
  using Kind = ast::PatternElement::Kind;
  ast::PatternElement el;
  const Token& t = peek();
  el.span = span_of_token(t);
  if (is_punct("{")) {
    // [67] GroupOrUnionGraphPattern ::= GroupGraphPattern ( 'UNION' GroupGraphPattern )*
    el.groups.push_back(parse_GroupGraphPattern());
    ChainGuard chain(*this);
    while (accept_keyword("UNION")) {
      chain.step();
      if (!is_punct("{")) fail_expected("'{' after UNION");
      el.groups.push_back(parse_GroupGraphPattern());
    }
    el.kind = el.groups.size() == 1 ? Kind::Group : Kind::Union;
  } else if (accept_keyword("OPTIONAL")) {  // [57]
    if (!is_punct("{")) fail_expected("'{' after OPTIONAL");
    el.kind = Kind::Optional;
    el.groups.push_back(parse_GroupGraphPattern());
  } else if (accept_keyword("MINUS")) {  // [66]
    if (!is_punct("{")) fail_expected("'{' after MINUS");
    el.kind = Kind::Minus;
    el.groups.push_back(parse_GroupGraphPattern());
  } else if (accept_keyword("GRAPH")) {  // [58]
    el.kind = Kind::Graph;
    const Token& n = peek();
    if (n.kind == TokenKind::Var) {
      next();
      el.name = VarOrTerm::variable(n.value);
    } else if (is_iri_token(n)) {
      el.name = VarOrTerm::constant(rdf::Term::iri(parse_iri()));
    } else {
      fail_expected("a variable or an IRI after GRAPH");
    }
    if (!is_punct("{")) fail_expected("'{' after the graph name");
    el.groups.push_back(parse_GroupGraphPattern());
  } else if (accept_keyword("SERVICE")) {  // [59]
    el.kind = Kind::Service;
    el.silent = accept_keyword("SILENT");
    const Token& n = peek();
    if (n.kind == TokenKind::Var) {
      next();
      el.name = VarOrTerm::variable(n.value);
    } else if (is_iri_token(n)) {
      el.name = VarOrTerm::constant(rdf::Term::iri(parse_iri()));
    } else {
      fail_expected("an endpoint IRI or a variable after SERVICE");
    }
    if (!is_punct("{")) fail_expected("'{' after the SERVICE endpoint");
    el.groups.push_back(parse_GroupGraphPattern());
  } else if (accept_keyword("FILTER")) {  // [68]
    el.kind = Kind::Filter;
    el.expr = parse_Constraint();
  } else if (accept_keyword("BIND")) {  // [60]
    el.kind = Kind::Bind;
    expect_punct("(", "'(' after BIND");
    el.expr = parse_Expression();
    expect_keyword("AS", "AS in BIND(expression AS ?var)");
    const Token& v = peek();
    if (v.kind != TokenKind::Var) fail_expected("a variable after AS");
    next();
    el.var = v.value;
    expect_punct(")", "')' to close BIND");
  } else if (accept_keyword("VALUES")) {  // [61]
    el.kind = Kind::Values;
    el.values = parse_DataBlock();
  }
  g.elements.push_back(std::move(el));
}

// [81] TriplesSameSubjectPath ::= VarOrTerm PropertyListPathNotEmpty | TriplesNodePath
// PropertyListPath
void Parser::parse_TriplesSameSubjectPath(std::vector<ast::TriplePath>& out) {
  if (is_punct("(") || is_punct("[")) {
    VarOrTerm s = parse_TriplesNodePath(out, path_mode_);
    const Token& t = peek();
    bool more = t.kind == TokenKind::Var || is_iri_token(t) || is_keyword("a") ||
                (path_mode_ && (is_punct("^") || is_punct("!") || is_punct("(")));
    if (more) parse_PropertyListPathNotEmpty(s, out);
    return;
  }
  if (!starts_triples()) fail_expected("a triple pattern subject");
  VarOrTerm s = parse_VarOrTerm();
  parse_PropertyListPathNotEmpty(s, out);
}

// [83] PropertyListPathNotEmpty ::= ( VerbPath | VerbSimple ) ObjectListPath ( ';' ( ( VerbPath
// | VerbSimple ) ObjectListPath )? )*   (and [77] PropertyListNotEmpty in templates)
void Parser::parse_PropertyListPathNotEmpty(const VarOrTerm& subject,
                                            std::vector<ast::TriplePath>& out) {
  DepthGuard guard(*this);
  bool first = true;
  for (;;) {
    const Token& t = peek();
    bool verb_start = t.kind == TokenKind::Var || is_iri_token(t) ||
                      (t.kind == TokenKind::Name && t.text == "a") ||
                      (path_mode_ && (is_punct("^") || is_punct("!") || is_punct("(")));
    if (!verb_start) {
      if (first)
        fail_expected(path_mode_
                          ? "a predicate (an IRI, prefixed name, 'a', variable or property path)"
                          : "a predicate (an IRI, prefixed name, 'a' or variable)");
      return;
    }
    first = false;
    VarOrTerm predicate;
    std::optional<Path> path;
    if (t.kind == TokenKind::Var) {
      next();
      predicate = VarOrTerm::variable(t.value);
    } else if (!path_mode_) {
      if (t.kind == TokenKind::Name) {
        next();
        predicate = VarOrTerm::constant(rdf::Term::iri(std::string(kRdf) + "type"));
      } else {
        predicate = VarOrTerm::constant(rdf::Term::iri(parse_iri()));
      }
    } else {
      Path p = parse_Path();
      if (p.kind == Path::Kind::Link) {
        predicate = VarOrTerm::constant(rdf::Term::iri(p.iri));
      } else {
        path = std::move(p);
      }
    }
    parse_ObjectListPath(subject, predicate, path, out);
    if (!is_punct(";")) return;
    while (accept_punct(";")) {
    }
  }
}

// [86] ObjectListPath ::= ObjectPath ( ',' ObjectPath )*
void Parser::parse_ObjectListPath(const VarOrTerm& s, const VarOrTerm& p,
                                  const std::optional<Path>& path,
                                  std::vector<ast::TriplePath>& out) {
  for (;;) {
    if (!starts_triples())
      fail_expected(
          "a triple pattern object (an IRI, prefixed name, literal, variable or blank node)");
    std::size_t at = out.size();
    VarOrTerm o = parse_GraphNodePath(out, path_mode_);
    // The triple that uses a blank node property list / collection goes before its contents,
    // in reading order.
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), ast::TriplePath{s, p, path, o});
    if (!accept_punct(",")) return;
  }
}

// [105] GraphNodePath ::= VarOrTerm | TriplesNodePath
VarOrTerm Parser::parse_GraphNodePath(std::vector<ast::TriplePath>& out, bool path_mode) {
  if (is_punct("(") || is_punct("[")) return parse_TriplesNodePath(out, path_mode);
  return parse_VarOrTerm();
}

// [101] TriplesNodePath ::= CollectionPath | BlankNodePropertyListPath
VarOrTerm Parser::parse_TriplesNodePath(std::vector<ast::TriplePath>& out, bool path_mode) {
  DepthGuard guard(*this);
  (void)path_mode;
  if (accept_punct("[")) {
    // [103] BlankNodePropertyListPath ::= '[' PropertyListPathNotEmpty ']'
    VarOrTerm node = fresh_blank();
    parse_PropertyListPathNotEmpty(node, out);
    expect_punct("]", "']' to close the blank node property list");
    return node;
  }
  // [104] CollectionPath ::= '(' GraphNodePath+ ')'
  expect_punct("(", "'('");
  VarOrTerm head;
  VarOrTerm previous;
  bool any = false;
  const VarOrTerm first = VarOrTerm::constant(rdf::Term::iri(std::string(kRdf) + "first"));
  const VarOrTerm rest = VarOrTerm::constant(rdf::Term::iri(std::string(kRdf) + "rest"));
  while (!accept_punct(")")) {
    if (!starts_triples()) fail_expected("a collection member or ')'");
    VarOrTerm cell = fresh_blank();
    if (!any) {
      head = cell;
    } else {
      out.push_back(ast::TriplePath{previous, rest, std::nullopt, cell});
    }
    std::size_t at = out.size();
    VarOrTerm member = parse_GraphNodePath(out, path_mode_);
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(at),
               ast::TriplePath{cell, first, std::nullopt, member});
    previous = cell;
    any = true;
  }
  out.push_back(ast::TriplePath{previous, rest, std::nullopt,
                                VarOrTerm::constant(rdf::Term::iri(std::string(kRdf) + "nil"))});
  return head;
}

// [74] ConstructTriples ::= TriplesSameSubject ( '.' ConstructTriples? )?
void Parser::parse_ConstructTriples(std::vector<ast::TriplePath>& out) {
  path_mode_ = false;
  while (starts_triples()) {
    parse_TriplesSameSubjectPath(out);
    if (!accept_punct(".")) break;
  }
  path_mode_ = true;
}

// [88] Path ::= PathAlternative
Path Parser::parse_Path() {
  DepthGuard guard(*this);
  return parse_PathAlternative();
}

// [89] PathAlternative ::= PathSequence ( '|' PathSequence )*
Path Parser::parse_PathAlternative() {
  Path first = parse_PathSequence();
  if (!is_punct("|")) return first;
  Path alt;
  alt.kind = Path::Kind::Alternative;
  alt.args.push_back(std::move(first));
  while (accept_punct("|"))
    alt.args.push_back(parse_PathSequence());
  return alt;
}

// [90] PathSequence ::= PathEltOrInverse ( '/' PathEltOrInverse )*
Path Parser::parse_PathSequence() {
  Path first = parse_PathEltOrInverse();
  if (!is_punct("/")) return first;
  Path seq;
  seq.kind = Path::Kind::Sequence;
  seq.args.push_back(std::move(first));
  while (accept_punct("/"))
    seq.args.push_back(parse_PathEltOrInverse());
  return seq;
}

// [92] PathEltOrInverse ::= PathElt | '^' PathElt
Path Parser::parse_PathEltOrInverse() {
  if (accept_punct("^")) {
    Path inv;
    inv.kind = Path::Kind::Inverse;
    inv.args.push_back(parse_PathElt());
    return inv;
  }
  return parse_PathElt();
}

// [91] PathElt ::= PathPrimary PathMod?   [93] PathMod ::= '?' | '*' | '+'
Path Parser::parse_PathElt() {
  Path p = parse_PathPrimary();
  Path::Kind mod;
  if (is_punct("?")) {
    mod = Path::Kind::ZeroOrOne;
  } else if (is_punct("*")) {
    mod = Path::Kind::ZeroOrMore;
  } else if (is_punct("+")) {
    mod = Path::Kind::OneOrMore;
  } else {
    return p;
  }
  next();
  Path m;
  m.kind = mod;
  m.args.push_back(std::move(p));
  return m;
}

// [94] PathPrimary ::= iri | 'a' | '!' PathNegatedPropertySet | '(' Path ')'
Path Parser::parse_PathPrimary() {
  const Token& t = peek();
  if (t.kind == TokenKind::Name && t.text == "a") {
    next();
    return Path{Path::Kind::Link, std::string(kRdf) + "type", {}};
  }
  if (is_iri_token(t)) return Path{Path::Kind::Link, parse_iri(), {}};
  if (accept_punct("!")) return parse_PathNegatedPropertySet();
  if (accept_punct("(")) {
    Path p = parse_Path();
    expect_punct(")", "')' to close the property path group");
    return p;
  }
  fail_expected("a property path element (an IRI, 'a', '^', '!' or '(')");
}

// [95] PathNegatedPropertySet ::= PathOneInPropertySet | '(' ( PathOneInPropertySet ( '|'
// PathOneInPropertySet )* )? ')'
Path Parser::parse_PathNegatedPropertySet() {
  Path neg;
  neg.kind = Path::Kind::Negated;
  if (peek().kind == TokenKind::Nil) {
    next();
    return neg;
  }
  if (accept_punct("(")) {
    neg.args.push_back(parse_PathOneInPropertySet());
    while (accept_punct("|"))
      neg.args.push_back(parse_PathOneInPropertySet());
    expect_punct(")", "'|' or ')' in the negated property set");
    return neg;
  }
  neg.args.push_back(parse_PathOneInPropertySet());
  return neg;
}

// [96] PathOneInPropertySet ::= iri | 'a' | '^' ( iri | 'a' )
Path Parser::parse_PathOneInPropertySet() {
  bool inverse = accept_punct("^");
  const Token& t = peek();
  Path link;
  if (t.kind == TokenKind::Name && t.text == "a") {
    next();
    link = Path{Path::Kind::Link, std::string(kRdf) + "type", {}};
  } else if (is_iri_token(t)) {
    link = Path{Path::Kind::Link, parse_iri(), {}};
  } else {
    fail_expected("an IRI or 'a' in the negated property set");
  }
  if (!inverse) return link;
  Path inv;
  inv.kind = Path::Kind::Inverse;
  inv.args.push_back(std::move(link));
  return inv;
}

VarOrTerm Parser::fresh_blank() {
  // (Built with insert rather than "." + to_string: g++ 12 -O2 warns falsely on the latter.)
  std::string label = std::to_string(blank_counter_++);
  label.insert(0, 1, '.');
  return VarOrTerm::constant(rdf::Term::blank(std::move(label)));
}

// [106] VarOrTerm ::= Var | GraphTerm
VarOrTerm Parser::parse_VarOrTerm() {
  const Token& t = peek();
  if (t.kind == TokenKind::Var) {
    next();
    return VarOrTerm::variable(t.value);
  }
  return parse_GraphTerm();
}

// [109] GraphTerm ::= iri | RDFLiteral | NumericLiteral | BooleanLiteral | BlankNode | NIL
VarOrTerm Parser::parse_GraphTerm() {
  const Token& t = peek();
  switch (t.kind) {
    case TokenKind::IriRef:
    case TokenKind::PnameLn:
    case TokenKind::PnameNs:
      return VarOrTerm::constant(rdf::Term::iri(parse_iri()));
    case TokenKind::String:
      return VarOrTerm::constant(parse_RDFLiteral());
    case TokenKind::Integer:
    case TokenKind::Decimal:
    case TokenKind::Double:
      return VarOrTerm::constant(parse_NumericLiteral());
    case TokenKind::BlankLabel:
      next();
      return VarOrTerm::constant(rdf::Term::blank(t.value));
    case TokenKind::Anon:
      next();
      return fresh_blank();
    case TokenKind::Nil:
      next();
      return VarOrTerm::constant(rdf::Term::iri(std::string(kRdf) + "nil"));
    case TokenKind::Name:
      if (util::iequals(t.text, "true") || util::iequals(t.text, "false")) {
        next();
        return VarOrTerm::constant(rdf::Term::literal(
            util::iequals(t.text, "true") ? "true" : "false", std::string(rdf::kXsd) + "boolean"));
      }
      break;
    case TokenKind::Punct:
      if (t.text == "+" || t.text == "-") return VarOrTerm::constant(parse_NumericLiteral());
      break;
    default:
      break;
  }
  fail_expected("an RDF term (an IRI, prefixed name, literal, variable or blank node)");
}

std::string Parser::resolve(std::string_view reference) const {
  if (!rdf::is_absolute_iriref(prologue_.base)) return std::string(reference);
  return rdf::resolve_iri(prologue_.base, reference);
}

// [136] iri ::= IRIREF | PrefixedName   [137] PrefixedName ::= PNAME_LN | PNAME_NS
std::string Parser::parse_iri() {
  const Token& t = peek();
  if (t.kind == TokenKind::IriRef) {
    next();
    return resolve(t.value);
  }
  if (t.kind == TokenKind::PnameLn || t.kind == TokenKind::PnameNs) {
    next();
    std::string prefix(t.prefix);
    auto it = prefix_map_.find(prefix);
    if (it == prefix_map_.end()) {
      for (const auto& [name, ns] : options_.default_prefixes) {
        if (name == prefix) {
          std::string resolved = resolve(ns);
          prologue_.implicit_prefixes.emplace_back(name, resolved);
          it = prefix_map_.emplace(name, resolved).first;
          break;
        }
      }
    }
    if (it == prefix_map_.end())
      fail_at(t, "prefix '" + excerpt(prefix) + ":' is not declared; add PREFIX " +
                     excerpt(prefix) + ": <...> to the query");
    return it->second + (t.kind == TokenKind::PnameLn ? t.value : std::string());
  }
  fail_expected("an IRI or a prefixed name");
}

// [129] RDFLiteral ::= String ( LANGTAG | ( '^^' iri ) )?
rdf::Term Parser::parse_RDFLiteral() {
  const Token& t = next();
  if (peek().kind == TokenKind::LangTag) return rdf::Term::literal(t.value, {}, next().value);
  if (accept_punct("^^")) return rdf::Term::literal(t.value, parse_iri());
  return rdf::Term::literal(t.value);
}

// [130] NumericLiteral (with the signed forms [132] [133] — the sign must touch the number)
rdf::Term Parser::parse_NumericLiteral() {
  std::string sign;
  if (is_punct("+") || is_punct("-")) {
    const Token& s = next();
    const Token& n = peek();
    if (n.offset != s.end || (n.kind != TokenKind::Integer && n.kind != TokenKind::Decimal &&
                              n.kind != TokenKind::Double))
      fail_expected("a number directly after the sign");
    sign = std::string(s.text);
  }
  const Token& n = next();
  const char* type = n.kind == TokenKind::Integer   ? "integer"
                     : n.kind == TokenKind::Decimal ? "decimal"
                                                    : "double";
  return rdf::Term::literal(sign + std::string(n.text), std::string(rdf::kXsd) + type);
}

}  // namespace sparqlmcp::sparql::detail
