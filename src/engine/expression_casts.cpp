// The XSD constructor casts of 17.5 (the cast table of 17.5 with the XPath casting rules of
// "XPath and XQuery Functions and Operators" 19).
#include <cmath>

#include "expression_functions.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::engine::expr {

namespace {

// xs:string cast of a double or float (XPath 19.1.2.2): plain decimal notation for magnitudes
// in [1e-6, 1e6), scientific canonical form otherwise.
std::string real_to_string(double value, bool is_float) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "INF" : "-INF";
  if (value == 0) return std::signbit(value) ? "-0" : "0";
  double magnitude = std::fabs(value);
  if (magnitude >= 1e-6 && magnitude < 1e6) {
    // Move the point of the shortest round-trip scientific form ("1.25E0", "-7.875E0").
    std::string text = is_float ? format_float(value) : format_double(value);
    std::size_t e = text.find('E');
    std::string mantissa = text.substr(0, e);
    int exponent = std::stoi(text.substr(e + 1));
    bool negative = mantissa[0] == '-';
    if (negative) mantissa.erase(0, 1);
    std::string digits;
    for (char c : mantissa)
      if (c != '.') digits += c;
    while (digits.size() > 1 && digits.back() == '0')
      digits.pop_back();
    // value = 0.d1d2d3... * 10^(exponent + 1)
    int point = exponent + 1;
    std::string result;
    if (point <= 0) {
      result = "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
    } else if (static_cast<std::size_t>(point) >= digits.size()) {
      result = digits + std::string(static_cast<std::size_t>(point) - digits.size(), '0');
    } else {
      result = digits.substr(0, static_cast<std::size_t>(point)) + "." +
               digits.substr(static_cast<std::size_t>(point));
    }
    return (negative ? "-" : "") + result;
  }
  return is_float ? format_float(value) : format_double(value);
}

std::string to_xsd_string(const Value& v) {
  switch (v.type) {
    case Type::Integer:
      return format_integer(v.integer);
    case Type::Decimal: {
      std::string out = format_decimal(v.decimal);
      if (out.ends_with(".0")) out.resize(out.size() - 2);
      return out;
    }
    case Type::Float:
    case Type::Double:
      return real_to_string(v.real, v.type == Type::Float);
    case Type::Boolean:
      return v.boolean ? "true" : "false";
    case Type::DateTime:
      // dateTimes in canonical form; dates (read from terms) keep their lexical form.
      if (v.str.empty() || v.datatype.empty()) return format_date_time(v.date_time);
      return std::string(v.str.get());
    default:
      return std::string(v.str.get());
  }
}

Value cast_integer(const Value& v, std::string_view datatype) {
  Int result = 0;
  switch (v.type) {
    case Type::String: {
      auto parsed = parse_integer(util::trim_whitespace(v.str.get()));
      if (!parsed) return Value::error();
      result = *parsed;
      break;
    }
    case Type::Integer:
      result = v.integer;
      break;
    case Type::Decimal:
      result = truncate(v.decimal);
      break;
    case Type::Float:
    case Type::Double: {
      double t = std::trunc(v.real);
      if (!std::isfinite(t) || std::fabs(t) >= 1e37) return Value::error();
      Decimal d;
      if (!decimal_from_double(t, d)) return Value::error();
      result = truncate(d);
      break;
    }
    case Type::Boolean:
      result = v.boolean ? 1 : 0;
      break;
    default:
      return Value::error();
  }
  if (!in_integer_range(datatype, result)) return Value::error();
  Value out = Value::of_integer(result);
  if (datatype != kXsdIntegerIri) out.datatype = Text::view(datatype);
  return out;
}

}  // namespace

bool is_cast_target(std::string_view datatype) {
  return datatype == kXsdStringIri || datatype == kXsdBooleanIri || datatype == kXsdDoubleIri ||
         datatype == kXsdFloatIri || datatype == kXsdDecimalIri || datatype == kXsdDateTimeIri ||
         is_integer_type(datatype);
}

Value cast(const Value& v, std::string_view datatype) {
  if (v.is_error() || v.type == Type::Blank) return Value::error();
  if (datatype == kXsdStringIri) {
    if (v.type == Type::Iri) return Value::of_string(v.str);
    if (v.type == Type::String) return Value::of_string(v.str);
    return Value::of_string(Text::own(to_xsd_string(v)));
  }
  if (v.type == Type::Iri || v.type == Type::LangString || v.type == Type::Other)
    return Value::error();
  if (datatype == kXsdBooleanIri) {
    switch (v.type) {
      case Type::String: {
        std::string_view t = util::trim_whitespace(v.str.get());
        if (t == "true" || t == "1") return Value::of_bool(true);
        if (t == "false" || t == "0") return Value::of_bool(false);
        return Value::error();
      }
      case Type::Boolean:
        return Value::of_bool(v.boolean);
      case Type::Integer:
      case Type::Decimal:
      case Type::Float:
      case Type::Double:
        return Value::of_bool(*effective_boolean_value(v));
      default:
        return Value::error();
    }
  }
  if (datatype == kXsdDoubleIri || datatype == kXsdFloatIri) {
    double result = 0;
    if (v.type == Type::String) {
      auto parsed = parse_double(v.str.get());
      if (!parsed) return Value::error();
      result = *parsed;
    } else if (v.is_numeric()) {
      result = to_double(v);
    } else if (v.type == Type::Boolean) {
      result = v.boolean ? 1 : 0;
    } else {
      return Value::error();
    }
    return datatype == kXsdDoubleIri ? Value::of_double(result) : Value::of_float(result);
  }
  if (datatype == kXsdDecimalIri) {
    switch (v.type) {
      case Type::String: {
        auto parsed = parse_decimal(v.str.get());
        if (!parsed) return Value::error();
        return Value::of_decimal(*parsed);
      }
      case Type::Integer:
        return Value::of_decimal(decimal_of(v.integer));
      case Type::Decimal:
        return Value::of_decimal(v.decimal);
      case Type::Float:
      case Type::Double: {
        Decimal d;
        if (!decimal_from_double(v.real, d)) return Value::error();
        return Value::of_decimal(d);
      }
      case Type::Boolean:
        return Value::of_decimal(decimal_of(v.boolean ? 1 : 0));
      default:
        return Value::error();
    }
  }
  if (datatype == kXsdDateTimeIri) {
    if (v.type == Type::DateTime) return Value::of_date_time(v.date_time);
    if (v.type != Type::String) return Value::error();
    auto parsed = parse_date_time(v.str.get());
    if (!parsed) return Value::error();
    return Value::of_date_time(*parsed);
  }
  if (is_integer_type(datatype)) return cast_integer(v, datatype);
  return Value::error();
}

}  // namespace sparqlmcp::engine::expr
