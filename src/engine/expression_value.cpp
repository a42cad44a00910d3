// Terms to values and back, effective boolean value (17.2.2), the comparison operators and
// numeric arithmetic of the operator mapping (17.3).
#include "expression_value.hpp"

#include <cmath>

#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::engine::expr {

namespace {

Value ill_formed(Text lexical, Text datatype) {
  Value v = Value::of_other(std::move(lexical), std::move(datatype));
  v.ill_formed = true;
  return v;
}

constexpr std::string_view kXsdDateIri = "http://www.w3.org/2001/XMLSchema#date";

// xsd:date ("[-]YYYY-MM-DD" and an optional time zone) as the dateTime of its midnight.
std::optional<DateTime> parse_date(std::string_view text) {
  std::size_t pos = !text.empty() && text[0] == '-' ? 1 : 0;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9')
    ++pos;
  pos += 6;  // "-MM-DD"
  if (pos > text.size()) return std::nullopt;
  std::string date_time(text.substr(0, pos));
  date_time += "T00:00:00";
  date_time += text.substr(pos);
  return parse_date_time(date_time);
}

// Dates compare with dates, dateTimes with dateTimes (disjoint value spaces).
bool is_date(const Value& v) {
  return v.type == Type::DateTime && v.datatype.get() == kXsdDateIri;
}

// Dates order as XML Schema says: a date without a time zone is compared under both extreme
// offsets (+14:00, -14:00), and when the two answers differ the order is indeterminate
// (nullopt), e.g. "2006-08-23" against "2006-08-23Z" (W3C open-world date-1/2/3).
std::optional<int> compare_dates(const DateTime& a, const DateTime& b) {
  if (a.has_timezone == b.has_timezone) return compare(a, b);
  auto at = [](DateTime v, int offset) {
    if (!v.has_timezone) {
      v.has_timezone = true;
      v.timezone_minutes = offset;
    }
    return v;
  };
  int east = compare(at(a, 14 * 60), at(b, 14 * 60));
  int west = compare(at(a, -14 * 60), at(b, -14 * 60));
  if (east != west) return std::nullopt;
  return east;
}

}  // namespace

Value typed_literal(Text lexical, Text datatype) {
  std::string_view dt = datatype.get();
  std::string_view lex = lexical.get();
  if (dt.empty() || dt == kXsdStringIri) return Value::of_string(std::move(lexical));
  if (dt.size() > kXsdPrefix.size() && dt.compare(0, kXsdPrefix.size(), kXsdPrefix) == 0) {
    std::string_view local = dt.substr(kXsdPrefix.size());
    Value v;
    if (local == "integer") {
      auto parsed = parse_integer(lex);
      if (!parsed) return ill_formed(std::move(lexical), std::move(datatype));
      v.type = Type::Integer;
      v.integer = *parsed;
    } else if (local == "decimal") {
      auto parsed = parse_decimal(lex);
      if (!parsed) return ill_formed(std::move(lexical), std::move(datatype));
      v.type = Type::Decimal;
      v.decimal = *parsed;
    } else if (local == "double" || local == "float") {
      auto parsed = parse_double(lex);
      if (!parsed) return ill_formed(std::move(lexical), std::move(datatype));
      v.type = local == "double" ? Type::Double : Type::Float;
      v.real = local == "double" ? *parsed : static_cast<float>(*parsed);
    } else if (local == "boolean") {
      std::string_view t = lex;
      v.type = Type::Boolean;
      if (t == "true" || t == "1") {
        v.boolean = true;
      } else if (t == "false" || t == "0") {
        v.boolean = false;
      } else {
        return ill_formed(std::move(lexical), std::move(datatype));
      }
    } else if (is_integer_type(dt)) {
      auto parsed = parse_integer(lex);
      if (!parsed || !in_integer_range(dt, *parsed))
        return ill_formed(std::move(lexical), std::move(datatype));
      v.type = Type::Integer;
      v.integer = *parsed;
      v.datatype = std::move(datatype);
    } else if (local == "dateTime" || local == "dateTimeStamp") {
      auto parsed = parse_date_time(lex);
      if (!parsed || (local == "dateTimeStamp" && !parsed->has_timezone))
        return ill_formed(std::move(lexical), std::move(datatype));
      v = Value::of_date_time(*parsed);
      if (local != "dateTime") v.datatype = std::move(datatype);
    } else if (local == "date") {
      // A DateTime that keeps its datatype: dates compare by value with other dates
      // (W3C open-world date-2/3, mf:XsdDateOperations).
      auto parsed = parse_date(lex);
      if (!parsed) return ill_formed(std::move(lexical), std::move(datatype));
      v = Value::of_date_time(*parsed);
      v.datatype = std::move(datatype);
    } else {
      return Value::of_other(std::move(lexical), std::move(datatype));
    }
    v.str = std::move(lexical);
    return v;
  }
  if (dt == kRdfLangStringIri) return ill_formed(std::move(lexical), std::move(datatype));
  return Value::of_other(std::move(lexical), std::move(datatype));
}

Value value_of(const TermView& term) {
  switch (term.kind) {
    case rdf::TermKind::Iri:
      return Value::of_iri(Text::view(term.value));
    case rdf::TermKind::BlankNode: {
      Value v;
      v.type = Type::Blank;
      v.str = Text::view(term.value);
      return v;
    }
    case rdf::TermKind::Literal:
      break;
  }
  if (!term.language.empty())
    return Value::of_lang_string(Text::view(term.value), Text::view(term.language));
  return typed_literal(Text::view(term.value), Text::view(term.datatype));
}

Value value_of(TermId id, const QueryTerms& terms) {
  if (id == kUnbound) return Value::error();
  Value v = value_of(terms.view(id));
  v.id = id;
  return v;
}

std::string_view datatype_of(const Value& v) {
  switch (v.type) {
    case Type::String:
      return kXsdStringIri;
    case Type::LangString:
      return kRdfLangStringIri;
    case Type::Boolean:
      return kXsdBooleanIri;
    case Type::Integer:
      return v.datatype.empty() ? kXsdIntegerIri : v.datatype.get();
    case Type::Decimal:
      return kXsdDecimalIri;
    case Type::Float:
      return kXsdFloatIri;
    case Type::Double:
      return kXsdDoubleIri;
    case Type::DateTime:
      return v.datatype.empty() ? kXsdDateTimeIri : v.datatype.get();
    case Type::Other:
      return v.datatype.get();
    default:
      return {};
  }
}

std::string lexical_form(const Value& v) {
  if (!v.str.empty() || v.type == Type::String || v.type == Type::LangString ||
      v.type == Type::Other || v.type == Type::Iri || v.type == Type::Blank)
    return std::string(v.str.get());
  switch (v.type) {
    case Type::Boolean:
      return v.boolean ? "true" : "false";
    case Type::Integer:
      return format_integer(v.integer);
    case Type::Decimal:
      return format_decimal(v.decimal);
    case Type::Float:
      return format_float(v.real);
    case Type::Double:
      return format_double(v.real);
    case Type::DateTime:
      return format_date_time(v.date_time);
    default:
      return {};
  }
}

TermId to_term_id(const Value& v, QueryTerms& terms) {
  if (v.id != kUnbound) return v.id;
  switch (v.type) {
    case Type::Error:
      return kUnbound;
    case Type::Iri:
      return terms.intern(TermView{rdf::TermKind::Iri, v.str.get(), {}, {}});
    case Type::Blank:
      return terms.intern(TermView{rdf::TermKind::BlankNode, v.str.get(), {}, {}});
    case Type::String:
      return terms.intern(TermView{rdf::TermKind::Literal, v.str.get(), {}, {}});
    case Type::LangString:
      return terms.intern(TermView{rdf::TermKind::Literal, v.str.get(), {}, v.lang.get()});
    default:
      break;
  }
  std::string lexical = lexical_form(v);
  return terms.intern(TermView{rdf::TermKind::Literal, lexical, datatype_of(v), {}});
}

std::optional<bool> effective_boolean_value(const Value& v) {
  switch (v.type) {
    case Type::Boolean:
      return v.boolean;
    case Type::String:
    case Type::LangString:
      return !v.str.empty();
    case Type::Integer:
      return v.integer != 0;
    case Type::Decimal:
      return v.decimal.m != 0;
    case Type::Float:
    case Type::Double:
      return !(v.real == 0 || std::isnan(v.real));
    case Type::Other: {
      if (!v.ill_formed) return std::nullopt;
      // A boolean or numeric literal with an invalid lexical form has EBV false.
      std::string_view dt = v.datatype.get();
      if (dt == kXsdBooleanIri || dt == kXsdDecimalIri || dt == kXsdFloatIri ||
          dt == kXsdDoubleIri || is_integer_type(dt))
        return false;
      return std::nullopt;
    }
    default:
      return std::nullopt;
  }
}

double to_double(const Value& v) {
  switch (v.type) {
    case Type::Integer:
      return static_cast<double>(v.integer);
    case Type::Decimal:
      return to_double(v.decimal);
    default:
      return v.real;
  }
}

namespace {

// -1/0/+1 or kUnordered for two numeric values.
int compare_numbers(const Value& a, const Value& b) {
  if (a.type == Type::Integer && b.type == Type::Integer)
    return a.integer < b.integer ? -1 : a.integer > b.integer ? 1 : 0;
  if (a.type <= Type::Decimal && b.type <= Type::Decimal) {
    Decimal x = a.type == Type::Integer ? decimal_of(a.integer) : a.decimal;
    Decimal y = b.type == Type::Integer ? decimal_of(b.integer) : b.decimal;
    return compare(x, y);
  }
  double x = to_double(a), y = to_double(b);
  if (std::isnan(x) || std::isnan(y)) return kUnordered;
  return x < y ? -1 : x > y ? 1 : 0;
}

int compare_strings(std::string_view a, std::string_view b) {
  // UTF-8 byte order is code point order.
  int c = a.compare(b);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

}  // namespace

std::optional<int> compare_values(const Value& a, const Value& b) {
  if (a.is_numeric() && b.is_numeric()) return compare_numbers(a, b);
  if (a.type != b.type) return std::nullopt;
  switch (a.type) {
    case Type::String:
      return compare_strings(a.str.get(), b.str.get());
    case Type::Boolean:
      return a.boolean == b.boolean ? 0 : a.boolean ? 1 : -1;
    case Type::DateTime:
      if (is_date(a) != is_date(b)) return std::nullopt;
      if (is_date(a)) return compare_dates(a.date_time, b.date_time);
      return compare(a.date_time, b.date_time);
    default:
      return std::nullopt;
  }
}

bool same_term(const Value& a, const Value& b) {
  if (a.is_error() || b.is_error()) return false;
  if (a.id != kUnbound && b.id != kUnbound) return a.id == b.id;
  if (a.type == Type::Iri || a.type == Type::Blank || b.type == Type::Iri || b.type == Type::Blank)
    return a.type == b.type && a.str.get() == b.str.get();
  if (a.type == Type::LangString || b.type == Type::LangString)
    return a.type == b.type && a.str.get() == b.str.get() && a.lang.get() == b.lang.get();
  return datatype_of(a) == datatype_of(b) && lexical_form(a) == lexical_form(b);
}

std::optional<bool> equal(const Value& a, const Value& b) {
  if (a.is_error() || b.is_error()) return std::nullopt;
  if (a.is_numeric() && b.is_numeric()) return compare_numbers(a, b) == 0;
  bool a_node = a.type == Type::Iri || a.type == Type::Blank;
  bool b_node = b.type == Type::Iri || b.type == Type::Blank;
  if (a_node || b_node) return a.type == b.type && a.str.get() == b.str.get();
  if (a.type == Type::Other || b.type == Type::Other) {
    // RDFterm-equal: two literals that are not the same term and whose values are not known
    // to differ cannot be compared.
    if (same_term(a, b)) return true;
    // A language-tagged literal is known to differ from any literal of another datatype
    // (W3C open-eq-08/10/11/12, mf:LangTagAwareness).
    if (a.type == Type::LangString || b.type == Type::LangString) return false;
    return std::nullopt;
  }
  if (a.type != b.type) return false;  // known, disjoint value spaces
  switch (a.type) {
    case Type::String:
      return a.str.get() == b.str.get();
    case Type::LangString:
      return a.str.get() == b.str.get() && util::iequals(a.lang.get(), b.lang.get());
    case Type::Boolean:
      return a.boolean == b.boolean;
    case Type::DateTime: {
      if (is_date(a) != is_date(b)) return false;
      if (!is_date(a)) return compare(a.date_time, b.date_time) == 0;
      auto order = compare_dates(a.date_time, b.date_time);
      if (!order) return std::nullopt;
      return *order == 0;
    }
    default:
      return std::nullopt;
  }
}

namespace {

enum class Arith { Add, Subtract, Multiply, Divide };

Value arithmetic(const Value& a, const Value& b, Arith op) {
  if (!a.is_numeric() || !b.is_numeric()) return Value::error();
  Type type = std::max(a.type, b.type);
  if (type == Type::Integer && op != Arith::Divide) {
    Int result;
    bool overflow = op == Arith::Add        ? __builtin_add_overflow(a.integer, b.integer, &result)
                    : op == Arith::Subtract ? __builtin_sub_overflow(a.integer, b.integer, &result)
                                            : __builtin_mul_overflow(a.integer, b.integer, &result);
    if (overflow) return Value::error();
    return Value::of_integer(result);
  }
  if (type <= Type::Decimal) {
    // Integer division gives a decimal (op:numeric-divide).
    Decimal x = a.type == Type::Integer ? decimal_of(a.integer) : a.decimal;
    Decimal y = b.type == Type::Integer ? decimal_of(b.integer) : b.decimal;
    Decimal result;
    bool ok = op == Arith::Add        ? add(x, y, result)
              : op == Arith::Subtract ? subtract(x, y, result)
              : op == Arith::Multiply ? multiply(x, y, result)
                                      : divide(x, y, result);
    if (!ok) return Value::error();
    return Value::of_decimal(result);
  }
  double x = to_double(a), y = to_double(b);
  double result = op == Arith::Add        ? x + y
                  : op == Arith::Subtract ? x - y
                  : op == Arith::Multiply ? x * y
                                          : x / y;
  return type == Type::Float ? Value::of_float(result) : Value::of_double(result);
}

}  // namespace

Value add(const Value& a, const Value& b) {
  return arithmetic(a, b, Arith::Add);
}
Value subtract(const Value& a, const Value& b) {
  return arithmetic(a, b, Arith::Subtract);
}
Value multiply(const Value& a, const Value& b) {
  return arithmetic(a, b, Arith::Multiply);
}
Value divide(const Value& a, const Value& b) {
  return arithmetic(a, b, Arith::Divide);
}

Value negate(const Value& a) {
  switch (a.type) {
    case Type::Integer:
      if (a.integer == kMinInt) return Value::error();  // -(-2^127) does not fit
      return Value::of_integer(-a.integer);
    case Type::Decimal:
      if (a.decimal.m == kMinInt) return Value::error();
      return Value::of_decimal(Decimal{-a.decimal.m, a.decimal.scale});
    case Type::Float:
      return Value::of_float(-a.real);
    case Type::Double:
      return Value::of_double(-a.real);
    default:
      return Value::error();
  }
}

}  // namespace sparqlmcp::engine::expr
