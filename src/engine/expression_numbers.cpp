// XSD numbers for expressions: exact decimals, lexical forms and canonical forms (XSD 1.1
// Part 2, 3.3.3 decimal, 3.3.5 double, 3.4.13 integer and the derived integer types).
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "expression_value.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::engine::expr {

namespace {

Int pow10(int n) {
  Int p = 1;
  for (int i = 0; i < n; ++i)
    p *= 10;
  return p;
}

// m * 10^n, false on overflow.
bool scale_up(Int m, int n, Int& out) {
  for (int i = 0; i < n; ++i) {
    if (__builtin_mul_overflow(m, static_cast<Int>(10), &m)) return false;
  }
  out = m;
  return true;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

}  // namespace

Decimal normalize(Decimal d) {
  while (d.scale > 0 && d.m % 10 == 0) {
    d.m /= 10;
    --d.scale;
  }
  if (d.m == 0) d.scale = 0;
  return d;
}

Decimal decimal_of(Int integer) {
  return Decimal{integer, 0};
}

bool add(const Decimal& a, const Decimal& b, Decimal& out) {
  Decimal x = a, y = b;
  for (;;) {
    int scale = std::max(x.scale, y.scale);
    Int u, v, sum;
    if (scale_up(x.m, scale - x.scale, u) && scale_up(y.m, scale - y.scale, v) &&
        !__builtin_add_overflow(u, v, &sum)) {
      out = normalize(Decimal{sum, scale});
      return true;
    }
    // The exact sum does not fit: give up the least significant fractional digit (truncation)
    // while there is one, so a large value plus a long fraction still adds up.
    Decimal& finer = x.scale >= y.scale ? x : y;
    if (finer.scale == 0) return false;
    finer.m /= 10;
    --finer.scale;
  }
}

bool subtract(const Decimal& a, const Decimal& b, Decimal& out) {
  if (b.m == kMinInt) return false;
  return add(a, Decimal{-b.m, b.scale}, out);
}

bool multiply(const Decimal& a, const Decimal& b, Decimal& out) {
  Decimal x = a, y = b;
  Int product;
  while (__builtin_mul_overflow(x.m, y.m, &product)) {
    // The exact product does not fit: drop fractional digits of the more precise operand
    // (truncation; results of divisions carry 24 of them).
    Decimal& finer = x.scale >= y.scale ? x : y;
    if (finer.scale == 0) return false;
    finer.m /= 10;
    --finer.scale;
  }
  Decimal d = normalize(Decimal{product, x.scale + y.scale});
  // Too many fractional digits: drop the least significant ones (truncation).
  while (d.scale > kMaxDecimalScale) {
    d.m /= 10;
    --d.scale;
  }
  out = normalize(d);
  return true;
}

bool divide(const Decimal& a, const Decimal& b, Decimal& out) {
  if (b.m == 0) return false;
  // a/b = (a.m / b.m) * 10^(b.scale - a.scale): long division of the mantissas, digit by digit.
  // The most negative mantissa has no absolute value.
  if (a.m == kMinInt || b.m == kMinInt) return false;
  bool negative = (a.m < 0) != (b.m < 0);
  Int x = a.m < 0 ? -a.m : a.m;
  Int y = b.m < 0 ? -b.m : b.m;
  Int quotient = x / y;
  Int remainder = x % y;
  int digits = 0;
  int shift = b.scale - a.scale;  // result = quotient * 10^shift (before the fraction digits)
  while (remainder != 0 && digits - shift < kDivisionScale + 1) {
    Int r10, q10;
    if (__builtin_mul_overflow(remainder, static_cast<Int>(10), &r10)) break;
    if (__builtin_mul_overflow(quotient, static_cast<Int>(10), &q10)) break;
    quotient = q10 + r10 / y;
    remainder = r10 % y;
    ++digits;
  }
  int scale = digits - shift;
  if (scale < 0) {
    if (!scale_up(quotient, -scale, quotient)) return false;
    scale = 0;
  }
  while (scale > kDivisionScale) {
    quotient /= 10;
    --scale;
  }
  out = normalize(Decimal{negative ? -quotient : quotient, scale});
  return true;
}

int compare(const Decimal& a, const Decimal& b) {
  if ((a.m < 0) != (b.m < 0)) return a.m < 0 ? -1 : 1;
  int scale = std::max(a.scale, b.scale);
  Int x, y;
  if (scale_up(a.m, scale - a.scale, x) && scale_up(b.m, scale - b.scale, y)) {
    return x < y ? -1 : x > y ? 1 : 0;
  }
  // The aligned mantissas do not fit: compare integer parts, then the rest approximately.
  Int ia = a.m / pow10(a.scale), ib = b.m / pow10(b.scale);
  if (ia != ib) return ia < ib ? -1 : 1;
  double da = to_double(a), db = to_double(b);
  return da < db ? -1 : da > db ? 1 : 0;
}

double to_double(const Decimal& d) {
  // Through the decimal text: exact rounding to the nearest double.
  std::string text = format_decimal(d);
  double value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

bool decimal_from_double(double value, Decimal& out) {
  if (!std::isfinite(value) || std::fabs(value) >= 1e37) return false;
  // The shortest decimal text that reads back as the same double.
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  if (result.ec != std::errc()) return false;
  auto parsed = parse_decimal(std::string_view(buffer, result.ptr - buffer));
  if (!parsed) return false;
  out = *parsed;
  return true;
}

Decimal floor(const Decimal& d) {
  if (d.scale == 0) return d;
  Int p = pow10(d.scale);
  Int q = d.m / p;
  if (d.m < 0 && d.m % p != 0) --q;
  return Decimal{q, 0};
}

Decimal ceil(const Decimal& d) {
  if (d.scale == 0) return d;
  Int p = pow10(d.scale);
  Int q = d.m / p;
  if (d.m > 0 && d.m % p != 0) ++q;
  return Decimal{q, 0};
}

Decimal round_half_up(const Decimal& d) {
  if (d.scale == 0) return d;
  // floor(d + 0.5)
  Decimal half{5, 1}, sum;
  if (!add(d, half, sum)) return d;
  return floor(sum);
}

Int truncate(const Decimal& d) {
  return d.m / pow10(d.scale);
}

std::optional<Int> parse_integer(std::string_view text) {
  // Fast path: up to 18 plain digits fit an int64 without overflow checks.
  if (!text.empty() && text.size() <= 18) {
    std::size_t i = text[0] == '-' ? 1 : 0;
    if (i < text.size()) {
      std::int64_t value = 0;
      for (; i < text.size(); ++i) {
        char c = text[i];
        if (c < '0' || c > '9') break;
        value = value * 10 + (c - '0');
      }
      if (i == text.size()) return text[0] == '-' ? -value : value;
    }
  }
  text = util::trim_whitespace(text);
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (text.empty()) return std::nullopt;
  Int value = 0;
  for (char c : text) {
    if (!is_digit(c)) return std::nullopt;
    if (__builtin_mul_overflow(value, static_cast<Int>(10), &value) ||
        __builtin_add_overflow(value, static_cast<Int>(c - '0'), &value))
      return std::nullopt;
  }
  return negative ? -value : value;
}

std::optional<Decimal> parse_decimal(std::string_view text) {
  text = util::trim_whitespace(text);
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  Int m = 0;
  int scale = 0;
  bool point = false, digits = false;
  for (char c : text) {
    if (c == '.') {
      if (point) return std::nullopt;
      point = true;
      continue;
    }
    if (!is_digit(c)) return std::nullopt;
    digits = true;
    if (point && scale >= kMaxDecimalScale) continue;  // beyond the precision kept: truncated
    if (__builtin_mul_overflow(m, static_cast<Int>(10), &m) ||
        __builtin_add_overflow(m, static_cast<Int>(c - '0'), &m))
      return std::nullopt;
    if (point) ++scale;
  }
  if (!digits) return std::nullopt;
  return normalize(Decimal{negative ? -m : m, scale});
}

std::optional<double> parse_double(std::string_view text) {
  text = util::trim_whitespace(text);
  if (text == "INF" || text == "+INF") return HUGE_VAL;
  if (text == "-INF") return -HUGE_VAL;
  if (text == "NaN") return std::nan("");
  // XSD: (+|-)? digits? (. digits?)? ((e|E) (+|-)? digits)?, at least one mantissa digit.
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  std::size_t mantissa_digits = 0;
  while (i < text.size() && is_digit(text[i]))
    ++i, ++mantissa_digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && is_digit(text[i]))
      ++i, ++mantissa_digits;
  }
  if (mantissa_digits == 0) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    std::size_t exponent_digits = 0;
    while (i < text.size() && is_digit(text[i]))
      ++i, ++exponent_digits;
    if (exponent_digits == 0) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  std::string_view number = text[0] == '+' ? text.substr(1) : text;
  double value = 0;
  auto result = std::from_chars(number.data(), number.data() + number.size(), value);
  if (result.ec == std::errc::result_out_of_range) {
    // Overflow gives an infinity, underflow zero (XSD rounds to the nearest value).
    bool negative = number[0] == '-';
    std::size_t e = number.find_first_of("eE");
    bool big = e != std::string_view::npos && number.size() > e + 1 && number[e + 1] != '-';
    return big ? (negative ? -HUGE_VAL : HUGE_VAL) : (negative ? -0.0 : 0.0);
  }
  if (result.ec != std::errc()) return std::nullopt;
  return value;
}

std::string format_integer(Int value) {
  if (value == 0) return "0";
  char buffer[48];
  int pos = sizeof buffer;
  bool negative = value < 0;
  unsigned __int128 u =
      negative ? static_cast<unsigned __int128>(0) - static_cast<unsigned __int128>(value)
               : static_cast<unsigned __int128>(value);
  while (u != 0) {
    buffer[--pos] = static_cast<char>('0' + static_cast<int>(u % 10));
    u /= 10;
  }
  if (negative) buffer[--pos] = '-';
  return std::string(buffer + pos, sizeof buffer - pos);
}

std::string format_decimal(const Decimal& value) {
  Decimal d = normalize(value);
  bool negative = d.m < 0;
  std::string digits = format_integer(d.m);  // handles the most negative mantissa too
  if (negative) digits.erase(0, 1);
  if (static_cast<int>(digits.size()) <= d.scale)
    digits.insert(0, static_cast<std::size_t>(d.scale) + 1 - digits.size(), '0');
  std::string out = negative ? "-" : "";
  if (d.scale == 0) return out + digits + ".0";
  std::size_t point = digits.size() - static_cast<std::size_t>(d.scale);
  return out + digits.substr(0, point) + "." + digits.substr(point);
}

namespace {

// "1.5E0" from the shortest round-trip scientific text of to_chars ("1.5e+00").
std::string canonical_scientific(const char* begin, const char* end) {
  std::string_view text(begin, static_cast<std::size_t>(end - begin));
  std::size_t e = text.find('e');
  std::string mantissa(text.substr(0, e));
  if (mantissa.find('.') == std::string::npos) mantissa += ".0";
  int exponent = 0;
  std::string_view exp_text = text.substr(e + 1);
  if (!exp_text.empty() && exp_text[0] == '+') exp_text.remove_prefix(1);
  std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exponent);
  return mantissa + "E" + std::to_string(exponent);
}

}  // namespace

std::string format_double(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "INF" : "-INF";
  if (value == 0) return std::signbit(value) ? "-0.0E0" : "0.0E0";
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  return canonical_scientific(buffer, result.ptr);
}

std::string format_float(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "INF" : "-INF";
  if (value == 0) return std::signbit(value) ? "-0.0E0" : "0.0E0";
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, static_cast<float>(value),
                              std::chars_format::scientific);
  return canonical_scientific(buffer, result.ptr);
}

namespace {

struct IntegerType {
  std::string_view local;
  bool has_min, has_max;
  Int min, max;
};

constexpr Int kNoLimit = 0;
const std::array<IntegerType, 13> kIntegerTypes = {{
    {"integer", false, false, kNoLimit, kNoLimit},
    {"long", true, true, static_cast<Int>(INT64_MIN), static_cast<Int>(INT64_MAX)},
    {"int", true, true, INT32_MIN, INT32_MAX},
    {"short", true, true, INT16_MIN, INT16_MAX},
    {"byte", true, true, INT8_MIN, INT8_MAX},
    {"nonNegativeInteger", true, false, 0, kNoLimit},
    {"positiveInteger", true, false, 1, kNoLimit},
    {"nonPositiveInteger", false, true, kNoLimit, 0},
    {"negativeInteger", false, true, kNoLimit, -1},
    {"unsignedLong", true, true, 0, static_cast<Int>(UINT64_MAX)},
    {"unsignedInt", true, true, 0, UINT32_MAX},
    {"unsignedShort", true, true, 0, UINT16_MAX},
    {"unsignedByte", true, true, 0, UINT8_MAX},
}};

const IntegerType* integer_type(std::string_view datatype) {
  if (datatype.size() <= kXsdPrefix.size() || datatype.substr(0, kXsdPrefix.size()) != kXsdPrefix)
    return nullptr;
  std::string_view local = datatype.substr(kXsdPrefix.size());
  for (const IntegerType& t : kIntegerTypes)
    if (t.local == local) return &t;
  return nullptr;
}

}  // namespace

bool is_integer_type(std::string_view datatype) {
  return integer_type(datatype) != nullptr;
}

bool in_integer_range(std::string_view datatype, Int value) {
  const IntegerType* t = integer_type(datatype);
  if (t == nullptr) return false;
  return (!t->has_min || value >= t->min) && (!t->has_max || value <= t->max);
}

}  // namespace sparqlmcp::engine::expr
