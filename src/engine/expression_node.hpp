#pragma once
// Private to the engine: the compiled form of an expression, a tree of nodes whose variables
// are slots and whose constants are already values, and its evaluation.

#include <memory>
#include <string>
#include <vector>

#include "expression_functions.hpp"
#include "expression_value.hpp"
#include "sparqlmcp/engine/expression.hpp"

namespace sparqlmcp::engine {

enum class Op : std::uint8_t {
  Var,
  Constant,
  Error,  // always an error (an unknown function, an invalid constant regex)
  Or,
  And,
  Not,
  Equal,
  NotEqual,
  Less,
  Greater,
  LessEqual,
  GreaterEqual,
  Add,
  Subtract,
  Multiply,
  Divide,
  Minus,
  Plus,
  In,
  NotIn,
  Bound,
  If,
  Coalesce,
  Exists,
  NotExists,
  SameTerm,
  IsIri,
  IsBlank,
  IsLiteral,
  IsNumeric,
  Str,
  Lang,
  Datatype,
  Iri,
  Bnode,
  StrDt,
  StrLang,
  Uuid,
  StrUuid,
  StrLen,
  SubStr,
  UCase,
  LCase,
  StrStarts,
  StrEnds,
  Contains,
  StrBefore,
  StrAfter,
  EncodeForUri,
  Concat,
  LangMatches,
  Regex,
  Replace,
  Abs,
  Round,
  Ceil,
  Floor,
  Rand,
  Now,
  DateTimePart,  // name: "year", ..., "tz"
  Hash,          // name: "md5", ...
  Cast,          // name: the target datatype IRI
};

struct CompiledExpression::Node {
  Op op = Op::Error;
  std::vector<Node> args;
  Slot slot = 0;                                             // Var
  expr::Value constant;                                      // Constant
  std::string name;                                          // DateTimePart, Hash, Cast
  std::shared_ptr<const sparql::algebra::Operator> pattern;  // Exists, NotExists
  std::unique_ptr<expr::Regex> regex;  // Regex, Replace with constant pattern and flags
  // The root caches the ids of true and false, what FILTERs and comparisons produce.
  TermId true_id = kUnbound, false_id = kUnbound;
};

// Compiles one expression tree (aggregates are refused with Exception(Unsupported)).
CompiledExpression::Node compile_node(const sparql::Expr& expr, VariableTable& variables,
                                      QueryTerms& terms);
// Evaluates a node; errors are Value::error().
expr::Value evaluate_node(const CompiledExpression::Node& node, RowView row,
                          ExpressionContext& context);
// The effective boolean value of a node (with a fast path for simple comparisons).
std::optional<bool> evaluate_boolean(const CompiledExpression::Node& node, RowView row,
                                     ExpressionContext& context);

}  // namespace sparqlmcp::engine
