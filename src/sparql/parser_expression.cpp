// Expressions, built-in calls and aggregates (productions [69]-[72], [110]-[128]).

#include <array>

#include "parser_impl.hpp"

namespace sparqlmcp::sparql::detail {

namespace {

struct BuiltIn {
  std::string_view name;  // lower case
  int min_args;
  int max_args;  // -1: an ExpressionList of any length
};

// [121] BuiltInCall, except BOUND, EXISTS, NOT EXISTS and the aggregates, which have their own
// syntax.
constexpr std::array kBuiltIns = {
    BuiltIn{"str", 1, 1},
    BuiltIn{"lang", 1, 1},
    BuiltIn{"langmatches", 2, 2},
    BuiltIn{"datatype", 1, 1},
    BuiltIn{"iri", 1, 1},
    BuiltIn{"uri", 1, 1},
    BuiltIn{"bnode", 0, 1},
    BuiltIn{"rand", 0, 0},
    BuiltIn{"abs", 1, 1},
    BuiltIn{"ceil", 1, 1},
    BuiltIn{"floor", 1, 1},
    BuiltIn{"round", 1, 1},
    BuiltIn{"concat", 0, -1},
    BuiltIn{"substr", 2, 3},
    BuiltIn{"strlen", 1, 1},
    BuiltIn{"replace", 3, 4},
    BuiltIn{"ucase", 1, 1},
    BuiltIn{"lcase", 1, 1},
    BuiltIn{"encode_for_uri", 1, 1},
    BuiltIn{"contains", 2, 2},
    BuiltIn{"strstarts", 2, 2},
    BuiltIn{"strends", 2, 2},
    BuiltIn{"strbefore", 2, 2},
    BuiltIn{"strafter", 2, 2},
    BuiltIn{"year", 1, 1},
    BuiltIn{"month", 1, 1},
    BuiltIn{"day", 1, 1},
    BuiltIn{"hours", 1, 1},
    BuiltIn{"minutes", 1, 1},
    BuiltIn{"seconds", 1, 1},
    BuiltIn{"timezone", 1, 1},
    BuiltIn{"tz", 1, 1},
    BuiltIn{"now", 0, 0},
    BuiltIn{"uuid", 0, 0},
    BuiltIn{"struuid", 0, 0},
    BuiltIn{"md5", 1, 1},
    BuiltIn{"sha1", 1, 1},
    BuiltIn{"sha256", 1, 1},
    BuiltIn{"sha384", 1, 1},
    BuiltIn{"sha512", 1, 1},
    BuiltIn{"coalesce", 0, -1},
    BuiltIn{"if", 3, 3},
    BuiltIn{"strlang", 2, 2},
    BuiltIn{"strdt", 2, 2},
    BuiltIn{"sameterm", 2, 2},
    BuiltIn{"isiri", 1, 1},
    BuiltIn{"isuri", 1, 1},
    BuiltIn{"isblank", 1, 1},
    BuiltIn{"isliteral", 1, 1},
    BuiltIn{"isnumeric", 1, 1},
    BuiltIn{"regex", 2, 3},
};

constexpr std::array<std::string_view, 7> kAggregates = {"count", "sum",    "min",         "max",
                                                         "avg",   "sample", "group_concat"};

// Argument vectors are filled by moving: an initializer list would copy the (possibly large)
// left operand on every step of a long chain such as a || b || c || ...
Expr binary(std::string op, Expr left, Expr right) {
  std::vector<Expr> args;
  args.reserve(2);
  args.push_back(std::move(left));
  args.push_back(std::move(right));
  return Expr::call(std::move(op), std::move(args));
}

Expr unary(std::string op, Expr operand) {
  std::vector<Expr> args;
  args.push_back(std::move(operand));
  return Expr::call(std::move(op), std::move(args));
}

}  // namespace

// [110] Expression ::= ConditionalOrExpression
Expr Parser::parse_Expression() {
  DepthGuard guard(*this);
  return parse_ConditionalOrExpression();
}

// [111] ConditionalOrExpression ::= ConditionalAndExpression ( '||' ConditionalAndExpression )*
Expr Parser::parse_ConditionalOrExpression() {
  Expr left = parse_ConditionalAndExpression();
  ChainGuard chain(*this);
  while (accept_punct("||")) {
    chain.step();
    Expr right = parse_ConditionalAndExpression();
    left = binary("||", std::move(left), std::move(right));
  }
  return left;
}

// [112] ConditionalAndExpression ::= ValueLogical ( '&&' ValueLogical )*
Expr Parser::parse_ConditionalAndExpression() {
  Expr left = parse_RelationalExpression();
  ChainGuard chain(*this);
  while (accept_punct("&&")) {
    chain.step();
    Expr right = parse_RelationalExpression();
    left = binary("&&", std::move(left), std::move(right));
  }
  return left;
}

// [114] RelationalExpression ::= NumericExpression ( '=' NumericExpression | '!=' ... | 'IN'
// ExpressionList | 'NOT' 'IN' ExpressionList )?
Expr Parser::parse_RelationalExpression() {
  Expr left = parse_AdditiveExpression();
  static constexpr std::string_view kOps[] = {"=", "!=", "<", ">", "<=", ">="};
  for (auto op : kOps) {
    if (is_punct(op)) {
      next();
      Expr right = parse_AdditiveExpression();
      return binary(std::string(op), std::move(left), std::move(right));
    }
  }
  // '<' directly followed by text that looks like an IRI was lexed as an IRIREF; that is the
  // grammar's own ambiguity (section 19.8), so say how to avoid it.
  if (peek().kind == TokenKind::IriRef)
    fail_expected("an operator; if you meant '<', put spaces around it");
  bool negated = false;
  if (is_keyword("NOT") && is_keyword("IN", 1)) {
    next();
    negated = true;
  }
  if (accept_keyword("IN")) {
    std::vector<Expr> args;
    args.push_back(std::move(left));
    for (auto& e : parse_ExpressionList())
      args.push_back(std::move(e));
    return Expr::call(negated ? "notin" : "in", std::move(args));
  }
  return left;
}

// [116] AdditiveExpression ::= MultiplicativeExpression ( '+' MultiplicativeExpression | '-'
// MultiplicativeExpression | ( NumericLiteralPositive | NumericLiteralNegative ) ( ( '*'
// UnaryExpression ) | ( '/' UnaryExpression ) )* )*
Expr Parser::parse_AdditiveExpression() {
  Expr left = parse_MultiplicativeExpression();
  ChainGuard chain(*this);
  for (;;) {
    std::string op;
    if (is_punct("+")) {
      op = "+";
    } else if (is_punct("-")) {
      op = "-";
    } else {
      return left;
    }
    next();
    chain.step();
    Expr right = parse_MultiplicativeExpression();
    left = binary(op, std::move(left), std::move(right));
  }
}

// [117] MultiplicativeExpression ::= UnaryExpression ( '*' UnaryExpression | '/'
// UnaryExpression )*
Expr Parser::parse_MultiplicativeExpression() {
  Expr left = parse_UnaryExpression();
  ChainGuard chain(*this);
  for (;;) {
    std::string op;
    if (is_punct("*")) {
      op = "*";
    } else if (is_punct("/")) {
      op = "/";
    } else {
      return left;
    }
    next();
    chain.step();
    Expr right = parse_UnaryExpression();
    left = binary(op, std::move(left), std::move(right));
  }
}

std::optional<Expr> Parser::try_signed_number() {
  if (!(is_punct("+") || is_punct("-"))) return std::nullopt;
  const Token& s = peek();
  const Token& n = peek(1);
  if (n.offset != s.end ||
      (n.kind != TokenKind::Integer && n.kind != TokenKind::Decimal && n.kind != TokenKind::Double))
    return std::nullopt;
  return Expr::constant(parse_NumericLiteral());
}

// [118] UnaryExpression ::= '!' PrimaryExpression | '+' PrimaryExpression | '-'
// PrimaryExpression | PrimaryExpression
Expr Parser::parse_UnaryExpression() {
  DepthGuard guard(*this);
  if (auto number = try_signed_number()) return std::move(*number);
  if (accept_punct("!")) return unary("!", parse_PrimaryExpression());
  if (accept_punct("+")) return unary("uplus", parse_PrimaryExpression());
  if (accept_punct("-")) return unary("uminus", parse_PrimaryExpression());
  return parse_PrimaryExpression();
}

// [119] PrimaryExpression ::= BrackettedExpression | BuiltInCall | iriOrFunction | RDFLiteral |
// NumericLiteral | BooleanLiteral | Var
Expr Parser::parse_PrimaryExpression() {
  const Token& t = peek();
  switch (t.kind) {
    case TokenKind::Var:
      next();
      return Expr::variable(t.value);
    case TokenKind::IriRef:
    case TokenKind::PnameLn:
    case TokenKind::PnameNs:
      return parse_iriOrFunction();
    case TokenKind::String:
      return Expr::constant(parse_RDFLiteral());
    case TokenKind::Integer:
    case TokenKind::Decimal:
    case TokenKind::Double:
      return Expr::constant(parse_NumericLiteral());
    case TokenKind::Name:
      if (util::iequals(t.text, "true") || util::iequals(t.text, "false")) {
        next();
        return Expr::constant(rdf::Term::literal(util::iequals(t.text, "true") ? "true" : "false",
                                                 std::string(rdf::kXsd) + "boolean"));
      }
      next();
      return parse_BuiltInCall(t);
    case TokenKind::Punct:
      if (t.text == "(") return parse_BrackettedExpression();
      if (auto number = try_signed_number()) return std::move(*number);
      break;
    default:
      break;
  }
  fail_expected("an expression (a variable, literal, IRI, function call or '(')");
}

// [120] BrackettedExpression ::= '(' Expression ')'
Expr Parser::parse_BrackettedExpression() {
  expect_punct("(", "'('");
  Expr e = parse_Expression();
  expect_punct(")", "')' to close the expression");
  return e;
}

// [69] Constraint ::= BrackettedExpression | BuiltInCall | FunctionCall
Expr Parser::parse_Constraint() {
  const Token& t = peek();
  if (is_punct("(")) return parse_BrackettedExpression();
  if (t.kind == TokenKind::Name && !util::iequals(t.text, "true") &&
      !util::iequals(t.text, "false")) {
    next();
    return parse_BuiltInCall(t);
  }
  if (t.kind == TokenKind::IriRef || t.kind == TokenKind::PnameLn || t.kind == TokenKind::PnameNs) {
    Expr e = parse_iriOrFunction();
    if (e.kind == Expr::Kind::Function) return e;
    fail_at(t, "a FILTER needs a bracketed expression or a function call, not a bare IRI");
  }
  fail_expected("'(' or a function call (a constraint such as FILTER(?x > 1))");
}

// [121] BuiltInCall; `name` has been consumed.
Expr Parser::parse_BuiltInCall(const Token& name) {
  std::string n = util::ascii_lowercase(name.text);
  for (auto agg : kAggregates)
    if (n == agg) return parse_Aggregate(name);
  if (n == "not") {
    if (!is_keyword("EXISTS")) fail_expected("EXISTS or IN after NOT");
    next();
    return parse_ExistsFunc(true);
  }
  if (n == "exists") return parse_ExistsFunc(false);
  if (n == "bound") {
    expect_punct("(", "'(' after BOUND");
    const Token& v = peek();
    if (v.kind != TokenKind::Var) fail_expected("a variable in BOUND(?var)");
    next();
    expect_punct(")", "')' to close BOUND");
    return Expr::call("bound", {Expr::variable(v.value)});
  }
  for (const auto& b : kBuiltIns) {
    if (b.name != n) continue;
    std::vector<Expr> args;
    if (peek().kind == TokenKind::Nil) {
      next();
    } else {
      if (!is_punct("(")) fail_expected("'(' after " + excerpt(name.text));
      next();
      if (b.max_args != 0 && !is_punct(")")) {
        args.push_back(parse_Expression());
        while (accept_punct(","))
          args.push_back(parse_Expression());
      }
      expect_punct(")", b.max_args == 0
                            ? "')': " + excerpt(name.text) + " takes no arguments"
                            : "',' or ')' in the argument list of " + excerpt(name.text));
    }
    int count = static_cast<int>(args.size());
    if (count < b.min_args || (b.max_args >= 0 && count > b.max_args)) {
      std::string expected = b.min_args == b.max_args ? std::to_string(b.min_args)
                             : b.max_args < 0
                                 ? "at least " + std::to_string(b.min_args)
                                 : std::to_string(b.min_args) + " to " + std::to_string(b.max_args);
      fail_at(name, excerpt(name.text) + " takes " + expected + " argument" +
                        (expected == "1" ? "" : "s") + ", not " + std::to_string(count));
    }
    return Expr::call(n, std::move(args));
  }
  fail_at(name, "unknown function or keyword '" + excerpt(name.text) +
                    "'; functions outside the SPARQL built-ins are called by IRI");
}

// [127] Aggregate; `name` has been consumed.
Expr Parser::parse_Aggregate(const Token& name) {
  Expr e;
  e.kind = Expr::Kind::Aggregate;
  e.name = util::ascii_lowercase(name.text);
  expect_punct("(", "'(' after " + excerpt(name.text));
  e.distinct = accept_keyword("DISTINCT");
  if (e.name == "count" && accept_punct("*")) {
    e.star = true;
  } else {
    e.args.push_back(parse_Expression());
  }
  if (e.name == "group_concat" && accept_punct(";")) {
    expect_keyword("SEPARATOR", "SEPARATOR in GROUP_CONCAT(... ; SEPARATOR = \"...\")");
    expect_punct("=", "'=' after SEPARATOR");
    const Token& s = peek();
    if (s.kind != TokenKind::String) fail_expected("a string after SEPARATOR =");
    next();
    e.separator = s.value;
  }
  expect_punct(")", "')' to close " + excerpt(name.text));
  return e;
}

// [125] ExistsFunc ::= 'EXISTS' GroupGraphPattern   [126] NotExistsFunc
Expr Parser::parse_ExistsFunc(bool negated) {
  if (!is_punct("{")) fail_expected("'{' after EXISTS");
  Expr e;
  e.kind = negated ? Expr::Kind::NotExists : Expr::Kind::Exists;
  e.pattern = std::make_shared<ast::GroupGraphPattern>(parse_GroupGraphPattern());
  return e;
}

// [128] iriOrFunction ::= iri ArgList?
Expr Parser::parse_iriOrFunction() {
  std::string iri = parse_iri();
  if (peek().kind != TokenKind::Nil && !is_punct("(")) return Expr::constant(rdf::Term::iri(iri));
  Expr e;
  e.kind = Expr::Kind::Function;
  e.name = std::move(iri);
  e.args = parse_ArgList(e.distinct);
  return e;
}

// [71] ArgList ::= NIL | '(' 'DISTINCT'? Expression ( ',' Expression )* ')'
std::vector<Expr> Parser::parse_ArgList(bool& distinct) {
  std::vector<Expr> args;
  if (peek().kind == TokenKind::Nil) {
    next();
    return args;
  }
  expect_punct("(", "'('");
  distinct = accept_keyword("DISTINCT");
  args.push_back(parse_Expression());
  while (accept_punct(","))
    args.push_back(parse_Expression());
  expect_punct(")", "',' or ')' in the argument list");
  return args;
}

// [72] ExpressionList ::= NIL | '(' Expression ( ',' Expression )* ')'
std::vector<Expr> Parser::parse_ExpressionList() {
  std::vector<Expr> args;
  if (peek().kind == TokenKind::Nil) {
    next();
    return args;
  }
  expect_punct("(", "'(' to start the expression list");
  args.push_back(parse_Expression());
  while (accept_punct(","))
    args.push_back(parse_Expression());
  expect_punct(")", "',' or ')' in the expression list");
  return args;
}

}  // namespace sparqlmcp::sparql::detail
