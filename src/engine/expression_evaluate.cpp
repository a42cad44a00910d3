// Evaluating compiled expressions: the operators of 17.3, the functional forms of 17.4.1 with
// their error rules (17.2), and the dispatch to the function library.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <random>

#include "expression_node.hpp"

namespace sparqlmcp::engine {

namespace {

using expr::Text;
using expr::Type;
using expr::Value;
using Node = CompiledExpression::Node;

// Blank node labels made by BNODE: a random prefix per process keeps them apart from the
// data's labels; BNODE(str) hashes the row serial and the string, so the same string gives
// the same node within one solution only (17.4.2.9).
const std::string& bnode_prefix() {
  static const std::string prefix = [] {
    std::random_device random;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "bn%08x", static_cast<unsigned>(random()));
    return std::string(buffer);
  }();
  return prefix;
}

std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t hash = 1469598103934665603ULL;
  for (char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash;
}

Value blank_node(std::string label) {
  Value v;
  v.type = Type::Blank;
  v.str = Text::own(std::move(label));
  return v;
}

Value eval(const Node& node, RowView row, ExpressionContext& context);

// The fast path of the most common FILTERs: a comparison of two variables or constants that
// are both xsd:integer literals (of up to 18 digits) or both simple literals is decided on the
// dictionary's strings, and = / != with an IRI or blank node on the ids (RDFterm-equal),
// without building values.
struct Quick {
  enum Kind : std::uint8_t {
    None,     // unknown: take the general path
    Integer,  // integer
    String,   // text
    Node,     // an IRI or blank node: id
    Literal,  // some other literal
  } kind = None;
  std::int64_t integer = 0;
  std::string_view text;
  TermId id = kUnbound;
};

Quick quick(const Node& node, RowView row, const QueryTerms& terms) {
  TermId id;
  if (node.op == Op::Var) {
    if (node.slot >= row.size() || row[node.slot] == kUnbound) return {};
    id = row[node.slot];
  } else if (node.op == Op::Constant) {
    // Constants are values already (a String constant is a simple literal: compile()
    // normalises xsd:string).
    const Value& c = node.constant;
    if (c.type == Type::String) return {Quick::String, 0, c.str.get(), kUnbound};
    if (c.type == Type::Integer && c.datatype.empty() && c.integer >= INT64_MIN / 2 &&
        c.integer <= INT64_MAX / 2)
      return {Quick::Integer, static_cast<std::int64_t>(c.integer), {}, kUnbound};
    if (c.type == Type::Iri || c.type == Type::Blank) return {Quick::Node, 0, {}, c.id};
    if (c.is_literal()) return {Quick::Literal, 0, {}, kUnbound};
    return {};
  } else {
    return {};
  }
  TermView t = terms.view(id);
  if (!t.is_literal()) return {Quick::Node, 0, {}, id};
  if (!t.language.empty()) return {Quick::Literal, 0, {}, kUnbound};
  if (t.datatype.empty()) return {Quick::String, 0, t.value, kUnbound};
  if (t.datatype.size() != expr::kXsdIntegerIri.size() || t.datatype != expr::kXsdIntegerIri)
    return {Quick::Literal, 0, {}, kUnbound};
  std::string_view v = t.value;
  std::size_t i = !v.empty() && v[0] == '-' ? 1 : 0;
  if (v.size() > 18 || i == v.size()) return {Quick::Literal, 0, {}, kUnbound};
  std::int64_t value = 0;
  for (; i < v.size(); ++i) {
    if (v[i] < '0' || v[i] > '9') return {Quick::Literal, 0, {}, kUnbound};
    value = value * 10 + (v[i] - '0');
  }
  return {Quick::Integer, v[0] == '-' ? -value : value, {}, kUnbound};
}

// '=' when one side is an IRI or blank node (RDFterm-equal: it equals only itself), or both
// are small integers or simple literals: 0 / 1; -1 unknown.
int quick_equal(const Quick& a, const Quick& b) {
  if (a.kind == Quick::None || b.kind == Quick::None) return -1;
  if (a.kind == Quick::Node || b.kind == Quick::Node) return a.kind == b.kind && a.id == b.id;
  if (a.kind != b.kind || a.kind == Quick::Literal) return -1;
  return a.kind == Quick::Integer ? a.integer == b.integer : a.text == b.text;
}

// -1 unknown (take the general path), else 0 / 1.
int quick_compare(const Node& node, RowView row, ExpressionContext& context) {
  if (node.op < Op::Equal || node.op > Op::GreaterEqual) return -1;
  Quick a = quick(node.args[0], row, *context.terms);
  if (a.kind == Quick::None) return -1;
  Quick b = quick(node.args[1], row, *context.terms);
  if (b.kind == Quick::None) return -1;
  if (a.kind == Quick::Node || b.kind == Quick::Node) {
    // '<' on IRIs and blank nodes is an error, which the general path reports.
    if (node.op != Op::Equal && node.op != Op::NotEqual) return -1;
    int same = quick_equal(a, b);
    return node.op == Op::Equal ? same : !same;
  }
  if (a.kind != b.kind || a.kind == Quick::Literal) return -1;
  int c = a.kind == Quick::Integer ? (a.integer < b.integer ? -1 : a.integer > b.integer)
                                   : a.text.compare(b.text);
  switch (node.op) {
    case Op::Equal:
      return c == 0;
    case Op::NotEqual:
      return c != 0;
    case Op::Less:
      return c < 0;
    case Op::Greater:
      return c > 0;
    case Op::LessEqual:
      return c <= 0;
    default:
      return c >= 0;
  }
}

// The value of `node`: a constant's own value (no copy), else `scratch` filled in.
const Value& value_ref(const Node& node, RowView row, ExpressionContext& context, Value& scratch) {
  if (node.op == Op::Constant) return node.constant;
  scratch = eval(node, row, context);
  return scratch;
}

std::optional<bool> ebv(const Node& node, RowView row, ExpressionContext& context) {
  if (int quick_result = quick_compare(node, row, context); quick_result >= 0)
    return quick_result == 1;
  return expr::effective_boolean_value(eval(node, row, context));
}

Value logical(const Node& node, RowView row, ExpressionContext& context, bool is_or) {
  // 17.2: true || error = true, false && error = false, otherwise the error propagates.
  std::optional<bool> left = ebv(node.args[0], row, context);
  if (left && *left == is_or) return Value::of_bool(is_or);
  std::optional<bool> right = ebv(node.args[1], row, context);
  if (right && *right == is_or) return Value::of_bool(is_or);
  if (!left || !right) return Value::error();
  return Value::of_bool(!is_or);
}

Value comparison(Op op, const Value& a, const Value& b) {
  if (a.is_error() || b.is_error()) return Value::error();
  if (op == Op::Equal || op == Op::NotEqual) {
    std::optional<bool> eq = expr::equal(a, b);
    if (!eq) return Value::error();
    return Value::of_bool(op == Op::Equal ? *eq : !*eq);
  }
  std::optional<int> c = expr::compare_values(a, b);
  if (!c) return Value::error();
  if (*c == expr::kUnordered) return Value::of_bool(false);
  switch (op) {
    case Op::Less:
      return Value::of_bool(*c < 0);
    case Op::Greater:
      return Value::of_bool(*c > 0);
    case Op::LessEqual:
      return Value::of_bool(*c <= 0);
    default:
      return Value::of_bool(*c >= 0);
  }
}

Value membership(const Node& node, RowView row, ExpressionContext& context) {
  // 17.4.1.9/10: IN is true if some member is equal; an error if none is and some comparison
  // failed; NOT IN the negation.
  bool negated = node.op == Op::NotIn;
  Quick quick_left = quick(node.args[0], row, *context.terms);
  Value left;
  if (quick_left.kind == Quick::None) {
    left = eval(node.args[0], row, context);
    if (left.is_error()) return Value::error();
  }
  bool error = false;
  for (std::size_t i = 1; i < node.args.size(); ++i) {
    if (quick_left.kind != Quick::None) {
      int same = quick_equal(quick_left, quick(node.args[i], row, *context.terms));
      if (same == 1) return Value::of_bool(!negated);
      if (same == 0) continue;
      if (left.is_error()) left = eval(node.args[0], row, context);  // not an error: it is bound
    }
    Value scratch;
    std::optional<bool> eq = expr::equal(left, value_ref(node.args[i], row, context, scratch));
    if (!eq) {
      error = true;
    } else if (*eq) {
      return Value::of_bool(!negated);
    }
  }
  if (error) return Value::error();
  return Value::of_bool(negated);
}

Value regex_call(const Node& node, RowView row, ExpressionContext& context) {
  Value text = eval(node.args[0], row, context);
  if (!text.is_string_literal()) return Value::error();
  std::unique_ptr<expr::Regex> compiled;
  const expr::Regex* regex = node.regex.get();
  if (regex == nullptr) {
    Value pattern = eval(node.args[1], row, context);
    Value flags =
        node.args.size() > 2 ? eval(node.args[2], row, context) : Value::of_string(Text::view({}));
    if (pattern.type != Type::String || flags.type != Type::String) return Value::error();
    compiled = expr::Regex::compile(pattern.str.get(), flags.str.get());
    if (!compiled) return Value::error();
    regex = compiled.get();
  }
  std::optional<bool> found = regex->matches(text.str.get());
  if (!found) return Value::error();
  return Value::of_bool(*found);
}

Value replace_call(const Node& node, RowView row, ExpressionContext& context) {
  Value text = eval(node.args[0], row, context);
  if (!text.is_string_literal()) return Value::error();
  Value replacement = eval(node.args[2], row, context);
  if (replacement.type != Type::String) return Value::error();
  std::unique_ptr<expr::Regex> compiled;
  const expr::Regex* regex = node.regex.get();
  if (regex == nullptr) {
    Value pattern = eval(node.args[1], row, context);
    Value flags =
        node.args.size() > 3 ? eval(node.args[3], row, context) : Value::of_string(Text::view({}));
    if (pattern.type != Type::String || flags.type != Type::String) return Value::error();
    compiled = expr::Regex::compile(pattern.str.get(), flags.str.get());
    if (!compiled) return Value::error();
    regex = compiled.get();
  }
  std::optional<std::string> result = regex->replace(text.str.get(), replacement.str.get());
  if (!result) return Value::error();
  return Value::string_like(text, Text::own(std::move(*result)));
}

Value eval(const Node& node, RowView row, ExpressionContext& context) {
  const auto& a = node.args;
  auto arg = [&](std::size_t i) { return eval(a[i], row, context); };
  auto ref = [&](std::size_t i, Value& scratch) -> const Value& {
    return value_ref(a[i], row, context, scratch);
  };
  switch (node.op) {
    case Op::Var:
      if (node.slot >= row.size()) return Value::error();
      return expr::value_of(row[node.slot], *context.terms);
    case Op::Constant:
      return node.constant;
    case Op::Error:
      return Value::error();
    case Op::Or:
      return logical(node, row, context, true);
    case Op::And:
      return logical(node, row, context, false);
    case Op::Not: {
      std::optional<bool> b = ebv(a[0], row, context);
      return b ? Value::of_bool(!*b) : Value::error();
    }
    case Op::Equal:
    case Op::NotEqual:
    case Op::Less:
    case Op::Greater:
    case Op::LessEqual:
    case Op::GreaterEqual: {
      if (int quick_result = quick_compare(node, row, context); quick_result >= 0)
        return Value::of_bool(quick_result == 1);
      Value x, y;
      return comparison(node.op, ref(0, x), ref(1, y));
    }
    case Op::Add: {
      Value x, y;
      return expr::add(ref(0, x), ref(1, y));
    }
    case Op::Subtract: {
      Value x, y;
      return expr::subtract(ref(0, x), ref(1, y));
    }
    case Op::Multiply: {
      Value x, y;
      return expr::multiply(ref(0, x), ref(1, y));
    }
    case Op::Divide: {
      Value x, y;
      return expr::divide(ref(0, x), ref(1, y));
    }
    case Op::Minus:
      return expr::negate(arg(0));
    case Op::Plus: {
      Value v = arg(0);
      return v.is_numeric() ? v : Value::error();
    }
    case Op::In:
    case Op::NotIn:
      return membership(node, row, context);
    case Op::Bound:
      return Value::of_bool(a[0].slot < row.size() && row[a[0].slot] != kUnbound);
    case Op::If: {
      std::optional<bool> condition = ebv(a[0], row, context);
      if (!condition) return Value::error();
      return arg(*condition ? 1 : 2);
    }
    case Op::Coalesce:
      for (const Node& n : a) {
        Value v = eval(n, row, context);
        if (!v.is_error()) return v;
      }
      return Value::error();
    case Op::Exists:
    case Op::NotExists: {
      if (!context.exists) return Value::error();
      bool found = context.exists(*node.pattern, row);
      return Value::of_bool(node.op == Op::Exists ? found : !found);
    }
    case Op::SameTerm: {
      Value x = arg(0), y = arg(1);
      if (x.is_error() || y.is_error()) return Value::error();
      return Value::of_bool(expr::same_term(x, y));
    }
    case Op::IsIri:
    case Op::IsBlank:
    case Op::IsLiteral:
    case Op::IsNumeric: {
      Value v = arg(0);
      if (v.is_error()) return Value::error();
      bool result = node.op == Op::IsIri       ? v.type == Type::Iri
                    : node.op == Op::IsBlank   ? v.type == Type::Blank
                    : node.op == Op::IsLiteral ? v.is_literal()
                                               : v.is_numeric();
      return Value::of_bool(result);
    }
    case Op::Str:
      return expr::fn_str(arg(0));
    case Op::Lang:
      return expr::fn_lang(arg(0));
    case Op::Datatype:
      return expr::fn_datatype(arg(0));
    case Op::Iri:
      return expr::fn_iri(arg(0), context.base_iri);
    case Op::Bnode: {
      if (a.empty()) {
        static std::atomic<std::uint64_t> counter{0};
        return blank_node(bnode_prefix() + "n" + std::to_string(++counter));
      }
      Value v = arg(0);
      if (v.type != Type::String) return Value::error();
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "r%llxh%016llx",
                    static_cast<unsigned long long>(context.row_serial),
                    static_cast<unsigned long long>(fnv1a(v.str.get())));
      return blank_node(bnode_prefix() + buffer);
    }
    case Op::StrDt:
      return expr::fn_strdt(arg(0), arg(1));
    case Op::StrLang:
      return expr::fn_strlang(arg(0), arg(1));
    case Op::Uuid:
      return Value::of_iri(Text::own("urn:uuid:" + expr::random_uuid()));
    case Op::StrUuid:
      return Value::of_string(Text::own(expr::random_uuid()));
    case Op::StrLen:
      return expr::fn_strlen(arg(0));
    case Op::SubStr: {
      Value s = arg(0), start = arg(1);
      if (a.size() == 3) {
        Value length = arg(2);
        return expr::fn_substr(s, start, &length);
      }
      return expr::fn_substr(s, start, nullptr);
    }
    case Op::UCase:
      return expr::fn_ucase(arg(0));
    case Op::LCase:
      return expr::fn_lcase(arg(0));
    case Op::StrStarts:
      return expr::fn_strstarts(arg(0), arg(1));
    case Op::StrEnds:
      return expr::fn_strends(arg(0), arg(1));
    case Op::Contains:
      return expr::fn_contains(arg(0), arg(1));
    case Op::StrBefore:
      return expr::fn_strbefore(arg(0), arg(1));
    case Op::StrAfter:
      return expr::fn_strafter(arg(0), arg(1));
    case Op::EncodeForUri:
      return expr::fn_encode_for_uri(arg(0));
    case Op::Concat: {
      std::vector<Value> values;
      values.reserve(a.size());
      for (const Node& n : a) {
        values.push_back(eval(n, row, context));
        if (values.back().is_error()) return Value::error();
      }
      return expr::fn_concat(values);
    }
    case Op::LangMatches:
      return expr::fn_langmatches(arg(0), arg(1));
    case Op::Regex:
      return regex_call(node, row, context);
    case Op::Replace:
      return replace_call(node, row, context);
    case Op::Abs:
      return expr::fn_abs(arg(0));
    case Op::Round:
      return expr::fn_round(arg(0));
    case Op::Ceil:
      return expr::fn_ceil(arg(0));
    case Op::Floor:
      return expr::fn_floor(arg(0));
    case Op::Rand:
      return expr::fn_rand();
    case Op::Now: {
      auto parsed = expr::parse_date_time(context.now);
      if (!parsed) return Value::error();
      return Value::of_date_time(*parsed);
    }
    case Op::DateTimePart:
      return expr::fn_date_time_part(arg(0), node.name);
    case Op::Hash:
      return expr::fn_hash(arg(0), node.name);
    case Op::Cast:
      return expr::cast(arg(0), node.name);
  }
  return Value::error();
}

}  // namespace

expr::Value evaluate_node(const CompiledExpression::Node& node, RowView row,
                          ExpressionContext& context) {
  return eval(node, row, context);
}

std::optional<bool> evaluate_boolean(const CompiledExpression::Node& node, RowView row,
                                     ExpressionContext& context) {
  return ebv(node, row, context);
}

}  // namespace sparqlmcp::engine
