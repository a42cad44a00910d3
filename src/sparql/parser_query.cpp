// Prologue, query forms, dataset clauses, solution modifiers and VALUES (productions [1]-[28],
// [60]-[65]) and the recognition of SPARQL Update requests.

#include <charconv>

#include "parser_impl.hpp"
#include "update_detection.hpp"

namespace sparqlmcp::sparql::detail {

Parser::Parser(const SourceText& source, std::vector<Token> tokens, const ParseOptions& options)
    : source_(source), tokens_(std::move(tokens)), options_(options) {
  prologue_.base = options.base_iri;
}

bool Parser::is_keyword(std::string_view kw, std::size_t ahead) const {
  const Token& t = peek(ahead);
  return t.kind == TokenKind::Name && util::iequals(t.text, kw);
}

bool Parser::accept_punct(std::string_view p) {
  if (!is_punct(p)) return false;
  next();
  return true;
}

bool Parser::accept_keyword(std::string_view kw) {
  if (!is_keyword(kw)) return false;
  next();
  return true;
}

void Parser::expect_punct(std::string_view p, std::string_view what) {
  if (!accept_punct(p)) fail_expected(what);
}

void Parser::expect_keyword(std::string_view kw, std::string_view what) {
  if (!accept_keyword(kw)) fail_expected(what);
}

void Parser::fail_expected(std::string_view what) const {
  const Token& t = peek();
  fail_at(t, "unexpected " + describe_token(t) + ", expected " + std::string(what));
}

void Parser::fail_at(const Token& t, std::string message) const {
  throw_syntax(source_, t.offset, std::move(message));
}

void Parser::fail_at(std::size_t offset, std::string message) const {
  throw_syntax(source_, offset, std::move(message));
}

void Parser::enter() {
  if (++depth_ > options_.max_depth)
    fail_at(peek(), "the query is nested too deeply (more than " +
                        std::to_string(options_.max_depth) +
                        " levels of nesting or operators in a row); simplify it, e.g. use IN (...) "
                        "instead of long || chains");
}

void Parser::refuse_update(const Token& t) {
  // Name the operation the way the SPARQL 1.1 Update grammar does.
  auto op = detect_update(source_.text().substr(t.offset));
  throw_update_refused(op ? op->name : std::string(t.text), span_of_token(t));
}

// [1] QueryUnit ::= Query ; [2] Query ::= Prologue ( SelectQuery | ConstructQuery |
// DescribeQuery | AskQuery ) ValuesClause
ast::SelectQuery Parser::parse_QueryUnit() {
  parse_Prologue();
  ast::SelectQuery q;
  const Token& t = peek();
  q.span = span_of_token(t);
  if (is_keyword("SELECT")) {
    q.form = QueryForm::Select;
    parse_SelectClause(q);
    parse_DatasetClause(q);
    parse_WhereClause(q);
    parse_SolutionModifier(q);
  } else if (is_keyword("CONSTRUCT")) {
    parse_ConstructQuery(q);
  } else if (is_keyword("DESCRIBE")) {
    parse_DescribeQuery(q);
  } else if (is_keyword("ASK")) {
    next();
    q.form = QueryForm::Ask;
    parse_DatasetClause(q);
    parse_WhereClause(q);
    parse_SolutionModifier(q);
  } else {
    static constexpr std::string_view kUpdate[] = {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE",
                                                   "DROP",   "COPY",   "MOVE", "ADD",   "WITH"};
    for (auto kw : kUpdate)
      if (is_keyword(kw)) refuse_update(t);
    fail_expected("SELECT, CONSTRUCT, DESCRIBE or ASK");
  }
  parse_ValuesClause(q);
  if (peek().kind != TokenKind::End) {
    const Token& extra = peek();
    static constexpr std::string_view kUpdate[] = {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE",
                                                   "DROP",   "COPY",   "MOVE", "ADD",   "WITH"};
    if (is_punct(";"))
      fail_at(extra, "unexpected ';' after the query: a query request contains exactly one query");
    for (auto kw : kUpdate)
      if (is_keyword(kw)) refuse_update(extra);
    for (auto kw : {"GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET"})
      if (is_keyword(kw))
        fail_expected(
            "the end of the query (solution modifiers must come in the order GROUP BY, HAVING, "
            "ORDER BY, LIMIT/OFFSET, each at most once)");
    fail_expected("the end of the query");
  }
  return q;
}

// [4] Prologue ::= ( BaseDecl | PrefixDecl )*   [5] BaseDecl   [6] PrefixDecl
void Parser::parse_Prologue() {
  for (;;) {
    if (accept_keyword("BASE")) {
      const Token& t = peek();
      if (t.kind != TokenKind::IriRef) fail_expected("an IRI in angle brackets after BASE");
      next();
      prologue_.base = resolve(t.value);
      prologue_.has_base_decl = true;
    } else if (accept_keyword("PREFIX")) {
      const Token& p = peek();
      if (p.kind != TokenKind::PnameNs)
        fail_expected(
            "a prefix name ending in ':' after PREFIX (e.g. PREFIX ex: <http://example.org/>)");
      next();
      const Token& iri = peek();
      if (iri.kind != TokenKind::IriRef)
        fail_expected("an IRI in angle brackets after PREFIX " + excerpt(p.text));
      next();
      std::string ns = resolve(iri.value);
      std::string name(p.prefix);
      prefix_map_[name] = ns;
      bool replaced = false;
      for (auto& entry : prologue_.prefixes) {
        if (entry.first == name) {
          entry.second = ns;
          replaced = true;
        }
      }
      if (!replaced) prologue_.prefixes.emplace_back(name, ns);
    } else {
      return;
    }
  }
}

// [7] SelectQuery / [9] SelectClause ::= 'SELECT' ( 'DISTINCT' | 'REDUCED' )? ( ( Var | ( '('
// Expression 'AS' Var ')' ) )+ | '*' )
void Parser::parse_SelectClause(ast::SelectQuery& q) {
  expect_keyword("SELECT", "SELECT");
  if (accept_keyword("DISTINCT")) {
    q.distinct = true;
  } else if (accept_keyword("REDUCED")) {
    q.reduced = true;
  }
  if (accept_punct("*")) {
    q.select_star = true;
    return;
  }
  for (;;) {
    const Token& t = peek();
    if (t.kind == TokenKind::Var) {
      next();
      q.projection.push_back({t.value, std::nullopt});
    } else if (is_punct("(")) {
      next();
      Expr e = parse_Expression();
      expect_keyword("AS", "AS after the expression in the SELECT clause, e.g. (COUNT(*) AS ?n)");
      const Token& v = peek();
      if (v.kind != TokenKind::Var) fail_expected("a variable after AS");
      next();
      expect_punct(")", "')' to close (expression AS ?var)");
      q.projection.push_back({v.value, std::move(e)});
    } else {
      if (q.projection.empty())
        fail_expected("a variable, '(expression AS ?var)' or '*' after SELECT");
      if (is_punct(","))
        fail_at(t,
                "unexpected ',' in the SELECT clause: variables are separated by spaces, not "
                "commas");
      return;
    }
  }
}

// [8] SubSelect ::= SelectClause WhereClause SolutionModifier ValuesClause
ast::SelectQuery Parser::parse_SubSelect() {
  ast::SelectQuery q;
  q.span = span_of_token(peek());
  parse_SelectClause(q);
  parse_WhereClause(q);
  parse_SolutionModifier(q);
  parse_ValuesClause(q);
  return q;
}

// [10] ConstructQuery ::= 'CONSTRUCT' ( ConstructTemplate DatasetClause* WhereClause
// SolutionModifier | DatasetClause* 'WHERE' '{' TriplesTemplate? '}' SolutionModifier )
void Parser::parse_ConstructQuery(ast::SelectQuery& q) {
  next();
  q.form = QueryForm::Construct;
  if (accept_punct("{")) {
    parse_ConstructTriples(q.construct_template);
    expect_punct("}", "'}' to close the CONSTRUCT template");
    parse_DatasetClause(q);
    parse_WhereClause(q);
  } else {
    parse_DatasetClause(q);
    expect_keyword("WHERE", "'{' (a CONSTRUCT template) or WHERE");
    const Token& open = peek();
    expect_punct("{", "'{' after CONSTRUCT WHERE");
    q.construct_short = true;
    ast::PatternElement el;
    el.kind = ast::PatternElement::Kind::Triples;
    el.span = span_of_token(open);
    parse_ConstructTriples(el.triples);
    expect_punct("}", "'}' to close CONSTRUCT WHERE { ... } (only triples are allowed there)");
    q.construct_template = el.triples;
    if (!el.triples.empty()) q.where.elements.push_back(std::move(el));
  }
  parse_SolutionModifier(q);
}

// [11] DescribeQuery ::= 'DESCRIBE' ( VarOrIri+ | '*' ) DatasetClause* WhereClause?
// SolutionModifier
void Parser::parse_DescribeQuery(ast::SelectQuery& q) {
  next();
  q.form = QueryForm::Describe;
  if (accept_punct("*")) {
    q.describe_star = true;
  } else {
    for (;;) {
      const Token& t = peek();
      if (t.kind == TokenKind::Var) {
        next();
        q.describe_targets.push_back(VarOrTerm::variable(t.value));
      } else if (t.kind == TokenKind::IriRef || t.kind == TokenKind::PnameLn ||
                 t.kind == TokenKind::PnameNs) {
        q.describe_targets.push_back(VarOrTerm::constant(rdf::Term::iri(parse_iri())));
      } else {
        break;
      }
    }
    if (q.describe_targets.empty()) fail_expected("a variable, an IRI or '*' after DESCRIBE");
  }
  parse_DatasetClause(q);
  if (is_keyword("WHERE") || is_punct("{")) {
    parse_WhereClause(q);
  } else {
    q.has_where = false;
  }
  parse_SolutionModifier(q);
}

// [13] DatasetClause ::= 'FROM' ( DefaultGraphClause | NamedGraphClause )
void Parser::parse_DatasetClause(ast::SelectQuery& q) {
  while (accept_keyword("FROM")) {
    if (accept_keyword("NAMED")) {
      q.from_named.push_back(parse_iri());
    } else {
      q.from.push_back(parse_iri());
    }
  }
}

// [17] WhereClause ::= 'WHERE'? GroupGraphPattern
void Parser::parse_WhereClause(ast::SelectQuery& q) {
  bool had_where = accept_keyword("WHERE");
  if (!is_punct("{")) fail_expected(had_where ? "'{' to start the WHERE clause" : "WHERE or '{'");
  q.where = parse_GroupGraphPattern();
}

// [18] SolutionModifier ::= GroupClause? HavingClause? OrderClause? LimitOffsetClauses?
void Parser::parse_SolutionModifier(ast::SelectQuery& q) {
  // [19] GroupClause ::= 'GROUP' 'BY' GroupCondition+
  if (accept_keyword("GROUP")) {
    expect_keyword("BY", "BY after GROUP");
    for (;;) {
      // [20] GroupCondition ::= BuiltInCall | FunctionCall | '(' Expression ( 'AS' Var )? ')'
      // | Var
      const Token& t = peek();
      if (t.kind == TokenKind::Var) {
        next();
        q.group_by.push_back({Expr::variable(t.value), {}});
      } else if (is_punct("(")) {
        next();
        Expr e = parse_Expression();
        std::string var;
        if (accept_keyword("AS")) {
          const Token& v = peek();
          if (v.kind != TokenKind::Var) fail_expected("a variable after AS");
          next();
          var = v.value;
        }
        expect_punct(")", "')' to close the GROUP BY expression");
        q.group_by.push_back({std::move(e), var});
      } else if (t.kind == TokenKind::Name && !is_keyword("HAVING") && !is_keyword("ORDER") &&
                 !is_keyword("LIMIT") && !is_keyword("OFFSET") && !is_keyword("VALUES")) {
        next();
        q.group_by.push_back({parse_BuiltInCall(t), {}});
      } else if (t.kind == TokenKind::IriRef || t.kind == TokenKind::PnameLn ||
                 t.kind == TokenKind::PnameNs) {
        Expr e = parse_iriOrFunction();
        if (e.kind != Expr::Kind::Function)
          fail_at(
              t,
              "GROUP BY needs a variable, a function call or a bracketed expression, not an IRI");
        q.group_by.push_back({std::move(e), {}});
      } else {
        if (q.group_by.empty())
          fail_expected("a variable, a function call or '(expression)' after GROUP BY");
        break;
      }
    }
  }
  // [21] HavingClause ::= 'HAVING' HavingCondition+
  if (accept_keyword("HAVING")) {
    do {
      q.having.push_back(parse_Constraint());
    } while (is_punct("(") ||
             (peek().kind == TokenKind::Name && !is_keyword("ORDER") && !is_keyword("LIMIT") &&
              !is_keyword("OFFSET") && !is_keyword("VALUES")) ||
             peek().kind == TokenKind::IriRef || peek().kind == TokenKind::PnameLn);
  }
  // [23] OrderClause ::= 'ORDER' 'BY' OrderCondition+
  if (accept_keyword("ORDER")) {
    expect_keyword("BY", "BY after ORDER");
    for (;;) {
      // [24] OrderCondition ::= ( ( 'ASC' | 'DESC' ) BrackettedExpression ) | ( Constraint |
      // Var )
      const Token& t = peek();
      if (is_keyword("ASC") || is_keyword("DESC")) {
        bool desc = is_keyword("DESC");
        next();
        if (!is_punct("(")) fail_expected("'(' after " + std::string(desc ? "DESC" : "ASC"));
        q.order_by.push_back({parse_BrackettedExpression(), desc});
      } else if (t.kind == TokenKind::Var) {
        next();
        q.order_by.push_back({Expr::variable(t.value), false});
      } else if (is_punct("(") ||
                 (t.kind == TokenKind::Name && !is_keyword("LIMIT") && !is_keyword("OFFSET") &&
                  !is_keyword("VALUES")) ||
                 t.kind == TokenKind::IriRef || t.kind == TokenKind::PnameLn ||
                 t.kind == TokenKind::PnameNs) {
        q.order_by.push_back({parse_Constraint(), false});
      } else {
        if (q.order_by.empty()) fail_expected("an ordering condition after ORDER BY");
        break;
      }
    }
  }
  // [25] LimitOffsetClauses ::= LimitClause OffsetClause? | OffsetClause LimitClause?
  auto read_count = [&](const char* what) -> std::uint64_t {
    const Token& t = peek();
    if (t.kind != TokenKind::Integer)
      fail_expected(std::string("a non-negative integer after ") + what);
    next();
    std::uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
    if (ec != std::errc()) fail_at(t, std::string(what) + " value is too large");
    return v;
  };
  for (int i = 0; i < 2; ++i) {
    if (!q.limit && accept_keyword("LIMIT")) {
      q.limit = read_count("LIMIT");
    } else if (!q.offset && accept_keyword("OFFSET")) {
      q.offset = read_count("OFFSET");
    }
  }
}

// [28] ValuesClause ::= ( 'VALUES' DataBlock )?
void Parser::parse_ValuesClause(ast::SelectQuery& q) {
  if (accept_keyword("VALUES")) q.values = parse_DataBlock();
}

// [62] DataBlock ::= InlineDataOneVar | InlineDataFull
ast::ValuesBlock Parser::parse_DataBlock() {
  ast::ValuesBlock block;
  const Token& t = peek();
  if (t.kind == TokenKind::Var) {
    // [63] InlineDataOneVar ::= Var '{' DataBlockValue* '}'
    next();
    block.vars.push_back(t.value);
    expect_punct("{", "'{' after the VALUES variable");
    while (!is_punct("}")) {
      block.rows.push_back({parse_DataBlockValue()});
    }
    next();
    return block;
  }
  // [64] InlineDataFull ::= ( NIL | '(' Var* ')' ) '{' ( '(' DataBlockValue* ')' | NIL )* '}'
  if (t.kind == TokenKind::Nil) {
    next();
  } else {
    expect_punct("(", "a variable or '(' after VALUES");
    while (peek().kind == TokenKind::Var) {
      block.vars.push_back(next().value);
    }
    expect_punct(")", "a variable or ')' in the VALUES variable list");
  }
  expect_punct("{", "'{' to start the VALUES data");
  for (;;) {
    const Token& row_start = peek();
    if (row_start.kind == TokenKind::Nil) {
      next();
      if (!block.vars.empty())
        fail_at(row_start, "a VALUES row has 0 values but " + std::to_string(block.vars.size()) +
                               " variables were declared");
      block.rows.emplace_back();
      continue;
    }
    if (!accept_punct("(")) break;
    std::vector<std::optional<rdf::Term>> row;
    while (!is_punct(")")) {
      if (peek().kind == TokenKind::End) fail_expected("')' to close the VALUES row");
      row.push_back(parse_DataBlockValue());
    }
    next();
    if (row.size() != block.vars.size())
      fail_at(row_start, "a VALUES row has " + std::to_string(row.size()) + " values but " +
                             std::to_string(block.vars.size()) + " variables were declared");
    block.rows.push_back(std::move(row));
  }
  expect_punct("}", "'(' to start a VALUES row or '}'");
  return block;
}

// [65] DataBlockValue ::= iri | RDFLiteral | NumericLiteral | BooleanLiteral | 'UNDEF'
std::optional<rdf::Term> Parser::parse_DataBlockValue() {
  const Token& t = peek();
  if (accept_keyword("UNDEF")) return std::nullopt;
  if (t.kind == TokenKind::IriRef || t.kind == TokenKind::PnameLn || t.kind == TokenKind::PnameNs)
    return rdf::Term::iri(parse_iri());
  if (t.kind == TokenKind::String) return parse_RDFLiteral();
  if (t.kind == TokenKind::Integer || t.kind == TokenKind::Decimal || t.kind == TokenKind::Double ||
      is_punct("+") || is_punct("-"))
    return parse_NumericLiteral();
  if (is_keyword("true") || is_keyword("false")) {
    next();
    return rdf::Term::literal(util::iequals(t.text, "true") ? "true" : "false",
                              std::string(rdf::kXsd) + "boolean");
  }
  fail_expected("a VALUES entry (an IRI, a literal or UNDEF)");
}

}  // namespace sparqlmcp::sparql::detail
