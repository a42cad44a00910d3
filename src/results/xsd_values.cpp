// Canonical texts of XSD numeric and boolean values for answer signatures. Numbers compare by
// value across types, as SPARQL's `=` promotes them (SPARQL 1.1 section 17.3, "Operator
// Extensibility", and 17.4.1.7 RDFterm-equal's numeric cases): an integer value is kept exactly
// (so are integer-valued decimals), every other value goes through the nearest double (the
// nearest float for xsd:float) and is written as the shortest decimal that reads back as it
// (std::to_chars). Details and the chosen trade-offs are in docs/results.md.
#include "xsd_values.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <system_error>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::results {

namespace {

// An integer type's bounds as signed decimal texts; empty = unbounded (XSD 1.1 Part 2, 3.4).
struct IntegerType {
  std::string_view local_name, min, max;
};

constexpr std::array<IntegerType, 13> kIntegerTypes{{
    {"integer", "", ""},
    {"nonPositiveInteger", "", "0"},
    {"negativeInteger", "", "-1"},
    {"long", "-9223372036854775808", "9223372036854775807"},
    {"int", "-2147483648", "2147483647"},
    {"short", "-32768", "32767"},
    {"byte", "-128", "127"},
    {"nonNegativeInteger", "0", ""},
    {"unsignedLong", "0", "18446744073709551615"},
    {"unsignedInt", "0", "4294967295"},
    {"unsignedShort", "0", "65535"},
    {"unsignedByte", "0", "255"},
    {"positiveInteger", "1", ""},
}};

// value = ±digits × 10^exponent; `digits` has no leading or trailing zero and is empty for zero
// (which is never negative: -0 and 0 are one value).
struct DecimalText {
  bool negative = false;
  std::string digits;
  std::int64_t exponent = 0;
};

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Reads [+-]? followed by digits, with a fraction ('1.', '.5', '1.5') when `fraction` and an
// exponent ('E-3', 'e+7') when `exponent`: the lexical spaces of integer (3.4.13.1), decimal
// (3.3.3.1) and the finite doubles and floats (3.3.5.1).
std::optional<DecimalText> read_decimal(std::string_view text, bool fraction, bool exponent) {
  std::size_t i = 0, n = text.size();
  DecimalText out;
  if (i < n && (text[i] == '+' || text[i] == '-')) out.negative = text[i++] == '-';
  std::size_t start = i;
  while (i < n && is_digit(text[i]))
    out.digits += text[i++];
  std::size_t integer_digits = i - start;
  std::size_t fraction_digits = 0;
  if (fraction && i < n && text[i] == '.') {
    ++i;
    std::size_t fraction_start = i;
    while (i < n && is_digit(text[i]))
      out.digits += text[i++];
    fraction_digits = i - fraction_start;
  }
  if (integer_digits + fraction_digits == 0) return std::nullopt;
  std::int64_t power = 0;
  if (exponent && i < n && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool negative = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
    if (i == n || !is_digit(text[i])) return std::nullopt;
    // Saturates far beyond any double's range (and any text's length), so the arithmetic
    // below cannot overflow; such values end up as INF or 0 anyway.
    constexpr std::int64_t kSaturated = 1'000'000'000'000;
    for (; i < n && is_digit(text[i]); ++i)
      power = std::min<std::int64_t>(power * 10 + (text[i] - '0'), kSaturated);
    if (negative) power = -power;
  }
  if (i != n) return std::nullopt;
  out.exponent = power - static_cast<std::int64_t>(fraction_digits);
  std::size_t leading = out.digits.find_first_not_of('0');
  if (leading == std::string::npos) return DecimalText{};  // zero
  out.digits.erase(0, leading);
  std::size_t last = out.digits.find_last_not_of('0');
  out.exponent += static_cast<std::int64_t>(out.digits.size() - last - 1);
  out.digits.erase(last + 1);
  return out;
}

// -1, 0 or 1 as a < b, a == b, a > b, for integer values (exponent >= 0).
int compare_integers(const DecimalText& a, const DecimalText& b) {
  if (a.negative != b.negative) return a.negative ? -1 : 1;
  auto length = [](const DecimalText& d) {
    return d.digits.empty() ? 0 : static_cast<std::int64_t>(d.digits.size()) + d.exponent;
  };
  int magnitude = 0;
  if (length(a) != length(b)) {
    magnitude = length(a) < length(b) ? -1 : 1;
  } else {
    // Equal lengths and no trailing zeros: plain lexicographic order is numeric order.
    int c = a.digits.compare(b.digits);
    magnitude = c < 0 ? -1 : c > 0 ? 1 : 0;
  }
  return a.negative ? -magnitude : magnitude;
}

bool within(const DecimalText& value, const IntegerType& type) {
  if (!type.min.empty() && compare_integers(value, *read_decimal(type.min, false, false)) < 0)
    return false;
  if (!type.max.empty() && compare_integers(value, *read_decimal(type.max, false, false)) > 0)
    return false;
  return true;
}

// "number:" and the value in the notation of ECMAScript's Number::toString (ECMA-262,
// 6.1.6.1.20): plain digits while the decimal point stays within 21 places left and 6 places
// right of the digits, otherwise one digit, the rest after a point, and "e+N"/"e-N". It is
// what JSON.stringify writes, and it gives every value exactly one text.
std::string format_number(const DecimalText& d) {
  if (d.digits.empty()) return "number:0";
  std::string out = "number:";
  if (d.negative) out += '-';
  auto k = static_cast<std::int64_t>(d.digits.size());
  std::int64_t n = k + d.exponent;  // digits before the decimal point
  if (k <= n && n <= 21) {
    out += d.digits;
    out.append(static_cast<std::size_t>(n - k), '0');
  } else if (0 < n && n <= 21) {
    out.append(d.digits, 0, static_cast<std::size_t>(n));
    out += '.';
    out.append(d.digits, static_cast<std::size_t>(n));
  } else if (-6 < n && n <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-n), '0');
    out += d.digits;
  } else {
    out += d.digits[0];
    if (k > 1) {
      out += '.';
      out.append(d.digits, 1);
    }
    out += n - 1 >= 0 ? "e+" : "e-";
    out += std::to_string(n - 1 >= 0 ? n - 1 : 1 - n);
  }
  return out;
}

// The value rounded to the nearest Float, written as its shortest round-trip decimal.
template <class Float>
std::string format_floating(const DecimalText& d) {
  if (d.digits.empty()) return "number:0";
  std::string text = d.digits + "e" + std::to_string(d.exponent);
  Float value{};
  auto parsed = std::from_chars(text.data(), text.data() + text.size(), value);
  if (parsed.ec == std::errc::result_out_of_range) {
    // Beyond the type's range: ±INF when too large, 0 when too small (XSD 1.1, 3.3.5.2).
    bool large = static_cast<std::int64_t>(d.digits.size()) + d.exponent > 0;
    if (!large) return "number:0";
    return d.negative ? "number:-INF" : "number:INF";
  }
  if (value == 0) return "number:0";
  char buffer[64];
  auto written = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest round trip
  DecimalText shortest = *read_decimal(std::string_view(buffer, written.ptr - buffer), true, true);
  shortest.negative = d.negative;
  return format_number(shortest);
}

// The special values of double and float (3.3.5.1; "+INF" is XSD 1.1).
std::optional<std::string> special_floating(std::string_view text) {
  if (text == "NaN") return "number:NaN";
  if (text == "INF" || text == "+INF") return "number:INF";
  if (text == "-INF") return "number:-INF";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> canonical_number(std::string_view lexical, std::string_view datatype) {
  if (!datatype.starts_with(rdf::kXsd)) return std::nullopt;
  std::string_view local = datatype.substr(rdf::kXsd.size());
  // XSD white space "collapse" (4.3.6) of a single token.
  std::string_view text = util::trim_whitespace(lexical);
  if (local == "decimal") {
    auto value = read_decimal(text, true, false);
    if (!value) return std::nullopt;
    // An integer value stays exact, as xsd:integer's does; a fraction goes through the double
    // (SPARQL compares a decimal with a double as doubles).
    return value->exponent >= 0 ? format_number(*value) : format_floating<double>(*value);
  }
  if (local == "double" || local == "float") {
    if (auto special = special_floating(text)) return special;
    auto value = read_decimal(text, true, true);
    if (!value) return std::nullopt;
    return local == "double" ? format_floating<double>(*value) : format_floating<float>(*value);
  }
  for (const IntegerType& type : kIntegerTypes) {
    if (local != type.local_name) continue;
    auto value = read_decimal(text, false, false);
    if (!value || !within(*value, type)) return std::nullopt;
    return format_number(*value);
  }
  return std::nullopt;
}

std::optional<bool> xsd_boolean_value(std::string_view lexical) {
  std::string_view text = util::trim_whitespace(lexical);
  if (text == "true" || text == "1") return true;
  if (text == "false" || text == "0") return false;
  return std::nullopt;
}

}  // namespace sparqlmcp::results
