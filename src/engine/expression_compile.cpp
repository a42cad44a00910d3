// Compiling sparql::Expr trees: variables become slots, constants values, built-in names and
// cast IRIs operators; constant regular expressions are compiled once.
#include <array>
#include <utility>

#include "expression_node.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::engine {

namespace {

using expr::Type;
using expr::Value;

struct BuiltIn {
  std::string_view name;
  Op op;
  std::string_view detail;  // DateTimePart / Hash name
};

constexpr std::array kBuiltIns = {
    BuiltIn{"||", Op::Or, ""},
    BuiltIn{"&&", Op::And, ""},
    BuiltIn{"!", Op::Not, ""},
    BuiltIn{"=", Op::Equal, ""},
    BuiltIn{"!=", Op::NotEqual, ""},
    BuiltIn{"<", Op::Less, ""},
    BuiltIn{">", Op::Greater, ""},
    BuiltIn{"<=", Op::LessEqual, ""},
    BuiltIn{">=", Op::GreaterEqual, ""},
    BuiltIn{"+", Op::Add, ""},
    BuiltIn{"-", Op::Subtract, ""},
    BuiltIn{"*", Op::Multiply, ""},
    BuiltIn{"/", Op::Divide, ""},
    BuiltIn{"uminus", Op::Minus, ""},
    BuiltIn{"uplus", Op::Plus, ""},
    BuiltIn{"in", Op::In, ""},
    BuiltIn{"notin", Op::NotIn, ""},
    BuiltIn{"bound", Op::Bound, ""},
    BuiltIn{"if", Op::If, ""},
    BuiltIn{"coalesce", Op::Coalesce, ""},
    BuiltIn{"sameterm", Op::SameTerm, ""},
    BuiltIn{"isiri", Op::IsIri, ""},
    BuiltIn{"isuri", Op::IsIri, ""},
    BuiltIn{"isblank", Op::IsBlank, ""},
    BuiltIn{"isliteral", Op::IsLiteral, ""},
    BuiltIn{"isnumeric", Op::IsNumeric, ""},
    BuiltIn{"str", Op::Str, ""},
    BuiltIn{"lang", Op::Lang, ""},
    BuiltIn{"datatype", Op::Datatype, ""},
    BuiltIn{"iri", Op::Iri, ""},
    BuiltIn{"uri", Op::Iri, ""},
    BuiltIn{"bnode", Op::Bnode, ""},
    BuiltIn{"strdt", Op::StrDt, ""},
    BuiltIn{"strlang", Op::StrLang, ""},
    BuiltIn{"uuid", Op::Uuid, ""},
    BuiltIn{"struuid", Op::StrUuid, ""},
    BuiltIn{"strlen", Op::StrLen, ""},
    BuiltIn{"substr", Op::SubStr, ""},
    BuiltIn{"ucase", Op::UCase, ""},
    BuiltIn{"lcase", Op::LCase, ""},
    BuiltIn{"strstarts", Op::StrStarts, ""},
    BuiltIn{"strends", Op::StrEnds, ""},
    BuiltIn{"contains", Op::Contains, ""},
    BuiltIn{"strbefore", Op::StrBefore, ""},
    BuiltIn{"strafter", Op::StrAfter, ""},
    BuiltIn{"encode_for_uri", Op::EncodeForUri, ""},
    BuiltIn{"concat", Op::Concat, ""},
    BuiltIn{"langmatches", Op::LangMatches, ""},
    BuiltIn{"regex", Op::Regex, ""},
    BuiltIn{"replace", Op::Replace, ""},
    BuiltIn{"abs", Op::Abs, ""},
    BuiltIn{"round", Op::Round, ""},
    BuiltIn{"ceil", Op::Ceil, ""},
    BuiltIn{"floor", Op::Floor, ""},
    BuiltIn{"rand", Op::Rand, ""},
    BuiltIn{"now", Op::Now, ""},
    BuiltIn{"year", Op::DateTimePart, "year"},
    BuiltIn{"month", Op::DateTimePart, "month"},
    BuiltIn{"day", Op::DateTimePart, "day"},
    BuiltIn{"hours", Op::DateTimePart, "hours"},
    BuiltIn{"minutes", Op::DateTimePart, "minutes"},
    BuiltIn{"seconds", Op::DateTimePart, "seconds"},
    BuiltIn{"timezone", Op::DateTimePart, "timezone"},
    BuiltIn{"tz", Op::DateTimePart, "tz"},
    BuiltIn{"md5", Op::Hash, "md5"},
    BuiltIn{"sha1", Op::Hash, "sha1"},
    BuiltIn{"sha256", Op::Hash, "sha256"},
    BuiltIn{"sha384", Op::Hash, "sha384"},
    BuiltIn{"sha512", Op::Hash, "sha512"},
};

// Arity of the operators whose evaluation reads fixed argument positions; a tree that does
// not satisfy it (only possible when built by hand, the parser checks) compiles to an error.
bool arity_ok(Op op, std::size_t n) {
  switch (op) {
    case Op::Or:
    case Op::And:
    case Op::Equal:
    case Op::NotEqual:
    case Op::Less:
    case Op::Greater:
    case Op::LessEqual:
    case Op::GreaterEqual:
    case Op::Add:
    case Op::Subtract:
    case Op::Multiply:
    case Op::Divide:
    case Op::SameTerm:
    case Op::StrDt:
    case Op::StrLang:
    case Op::StrStarts:
    case Op::StrEnds:
    case Op::Contains:
    case Op::StrBefore:
    case Op::StrAfter:
    case Op::LangMatches:
      return n == 2;
    case Op::Not:
    case Op::Minus:
    case Op::Plus:
    case Op::IsIri:
    case Op::IsBlank:
    case Op::IsLiteral:
    case Op::IsNumeric:
    case Op::Str:
    case Op::Lang:
    case Op::Datatype:
    case Op::Iri:
    case Op::StrLen:
    case Op::UCase:
    case Op::LCase:
    case Op::EncodeForUri:
    case Op::Abs:
    case Op::Round:
    case Op::Ceil:
    case Op::Floor:
    case Op::DateTimePart:
    case Op::Hash:
    case Op::Cast:
      return n == 1;
    case Op::In:
    case Op::NotIn:
      return n >= 1;
    case Op::If:
      return n == 3;
    case Op::SubStr:
      return n == 2 || n == 3;
    case Op::Regex:
      return n == 2 || n == 3;
    case Op::Replace:
      return n == 3 || n == 4;
    case Op::Bnode:
      return n <= 1;
    case Op::Uuid:
    case Op::StrUuid:
    case Op::Rand:
    case Op::Now:
      return n == 0;
    default:
      return true;
  }
}

// The pattern and flags of REGEX/REPLACE when they are constant simple literals: compiled
// once here. An invalid constant pattern makes the whole call an error.
void precompile_regex(CompiledExpression::Node& node, std::size_t pattern_index) {
  const auto& args = node.args;
  auto constant_string = [&](std::size_t i) {
    return i < args.size() && args[i].op == Op::Constant && args[i].constant.type == Type::String;
  };
  bool has_flags = args.size() > pattern_index + 1;
  if (!constant_string(pattern_index) || (has_flags && !constant_string(pattern_index + 1))) return;
  std::string_view flags = has_flags ? args[pattern_index + 1].constant.str.get() : "";
  node.regex = expr::Regex::compile(args[pattern_index].constant.str.get(), flags);
  if (!node.regex) {
    node.op = Op::Error;
    node.args.clear();
  }
}

}  // namespace

CompiledExpression::Node compile_node(const sparql::Expr& e, VariableTable& variables,
                                      QueryTerms& terms) {
  using Kind = sparql::Expr::Kind;
  CompiledExpression::Node node;
  switch (e.kind) {
    case Kind::Var:
      node.op = Op::Var;
      node.slot = variables.slot(e.name);
      return node;
    case Kind::Constant: {
      rdf::Term term = e.term;
      if (term.is_literal() && term.datatype == rdf::kXsdString) term.datatype.clear();
      TermId id = terms.intern(term);
      node.op = Op::Constant;
      node.constant = expr::value_of(id, terms);
      return node;
    }
    case Kind::Aggregate:
      throw_error(ErrorKind::Unsupported,
                  "the aggregate " + e.name +
                      " cannot be evaluated as a plain expression; aggregates belong to GROUP "
                      "BY (the algebra binds them to internal variables)");
    case Kind::Exists:
    case Kind::NotExists:
      node.op = e.kind == Kind::Exists ? Op::Exists : Op::NotExists;
      node.pattern = e.op;
      if (!node.pattern)
        throw_error(ErrorKind::Internal,
                    "EXISTS without its algebra: compile expressions from the algebra of "
                    "sparql::parse_query, not from the syntax tree");
      return node;
    case Kind::Function:
      if (expr::is_cast_target(e.name)) {
        node.op = Op::Cast;
        node.name = e.name;
      } else {
        node.op = Op::Error;  // an unknown function: an error when evaluated (17.6)
        return node;
      }
      break;
    case Kind::Call: {
      const BuiltIn* found = nullptr;
      for (const BuiltIn& b : kBuiltIns) {
        if (b.name == e.name) {
          found = &b;
          break;
        }
      }
      if (found == nullptr) {
        node.op = Op::Error;
        return node;
      }
      node.op = found->op;
      node.name = std::string(found->detail);
      break;
    }
  }
  if (node.op == Op::Bound && (e.args.size() != 1 || e.args[0].kind != Kind::Var)) {
    node.op = Op::Error;
    return node;
  }
  node.args.reserve(e.args.size());
  for (const sparql::Expr& arg : e.args)
    node.args.push_back(compile_node(arg, variables, terms));
  if (!arity_ok(node.op, node.args.size())) {
    node.op = Op::Error;
    node.args.clear();
    return node;
  }
  if (node.op == Op::Regex) precompile_regex(node, 1);
  if (node.op == Op::Replace) {
    // REPLACE(arg, pattern, replacement, flags): flags follow the replacement.
    if (node.args.size() == 4) {
      const auto& args = node.args;
      bool constant = args[1].op == Op::Constant && args[1].constant.type == Type::String &&
                      args[3].op == Op::Constant && args[3].constant.type == Type::String;
      if (constant) {
        node.regex = expr::Regex::compile(args[1].constant.str.get(), args[3].constant.str.get());
        if (!node.regex) {
          node.op = Op::Error;
          node.args.clear();
        }
      }
    } else if (node.args.size() == 3 && node.args[1].op == Op::Constant &&
               node.args[1].constant.type == Type::String) {
      // No flags: args[2] is the replacement, not flags (precompile_regex would take it so).
      node.regex = expr::Regex::compile(node.args[1].constant.str.get(), "");
      if (!node.regex) {
        node.op = Op::Error;
        node.args.clear();
      }
    }
  }
  return node;
}

CompiledExpression::CompiledExpression() = default;
CompiledExpression::~CompiledExpression() = default;
CompiledExpression::CompiledExpression(CompiledExpression&&) noexcept = default;
CompiledExpression& CompiledExpression::operator=(CompiledExpression&&) noexcept = default;

CompiledExpression CompiledExpression::compile(const sparql::Expr& expr, VariableTable& variables,
                                               QueryTerms& terms) {
  CompiledExpression compiled;
  compiled.root_ = std::make_unique<Node>(compile_node(expr, variables, terms));
  std::string boolean(expr::kXsdBooleanIri);
  compiled.root_->true_id = terms.intern(rdf::Term::literal("true", boolean));
  compiled.root_->false_id = terms.intern(rdf::Term::literal("false", boolean));
  return compiled;
}

TermId CompiledExpression::evaluate(RowView row, ExpressionContext& context) const {
  if (!root_) return kUnbound;
  Value value = evaluate_node(*root_, row, context);
  if (value.type == Type::Boolean && value.id == kUnbound)
    return value.boolean ? root_->true_id : root_->false_id;
  return expr::to_term_id(value, *context.terms);
}

std::optional<bool> CompiledExpression::effective_boolean_value(RowView row,
                                                                ExpressionContext& context) const {
  if (!root_) return std::nullopt;
  return evaluate_boolean(*root_, row, context);
}

}  // namespace sparqlmcp::engine
