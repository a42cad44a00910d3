// The ORDER BY order of 15.1, made total: unbound < blank nodes < IRIs < literals; literals
// by category (numbers, booleans, dateTimes, dates, strings, language-tagged strings, others), by
// value within a category ('<' of 17.3), and terms of equal value by datatype, lexical form and
// language, so that it is a strict weak order std::sort can rely on.
#include <cmath>
#include <cstdint>

#include "expression_value.hpp"
#include "sparqlmcp/engine/expression.hpp"

namespace sparqlmcp::engine {

namespace {

using expr::Type;
using expr::Value;

int sign(int c) {
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

bool is_date(const Value& v) {
  return v.type == Type::DateTime && v.datatype.get() == "http://www.w3.org/2001/XMLSchema#date";
}

int category(const Value& v) {
  if (v.is_numeric()) return 0;
  switch (v.type) {
    case Type::Boolean:
      return 1;
    case Type::DateTime:
      return is_date(v) ? 3 : 2;
    case Type::String:
      return 4;
    case Type::LangString:
      return 5;
    default:
      return 6;
  }
}

// An xsd:integer of up to 18 digits, parsed without building a value.
bool small_integer(const TermView& t, std::int64_t& out) {
  if (t.datatype != expr::kXsdIntegerIri) return false;
  std::string_view v = t.value;
  std::size_t i = !v.empty() && v[0] == '-' ? 1 : 0;
  if (v.size() > 18 || i == v.size()) return false;
  std::int64_t value = 0;
  for (; i < v.size(); ++i) {
    if (v[i] < '0' || v[i] > '9') return false;
    value = value * 10 + (v[i] - '0');
  }
  out = v[0] == '-' ? -value : value;
  return true;
}

int compare_literals(const TermView& x, const TermView& y) {
  // Fast paths giving the same answer as the general one below: two simple literals, two
  // small xsd:integers, two literals of the same numeric or dateTime datatype.
  if (x.datatype.empty() && y.datatype.empty() && x.language.empty() && y.language.empty())
    return sign(x.value.compare(y.value));
  std::int64_t i, j;
  if (small_integer(x, i) && small_integer(y, j)) {
    if (i != j) return i < j ? -1 : 1;
    return sign(x.value.compare(y.value));
  }
  // Two literals of the same decimal, double, float or dateTime datatype: their values, then
  // (equal values) the lexical forms.
  if (x.datatype == y.datatype && !x.datatype.empty()) {
    std::string_view dt = x.datatype;
    int c = 2;  // not decided
    if (dt == expr::kXsdDecimalIri) {
      auto a = expr::parse_decimal(x.value), b = expr::parse_decimal(y.value);
      if (a && b) c = expr::compare(*a, *b);
    } else if (dt == expr::kXsdDoubleIri || dt == expr::kXsdFloatIri) {
      auto a = expr::parse_double(x.value), b = expr::parse_double(y.value);
      if (a && b) {
        double u = *a, v = *b;
        if (dt == expr::kXsdFloatIri) {
          u = static_cast<float>(u);
          v = static_cast<float>(v);
        }
        bool nan_u = std::isnan(u), nan_v = std::isnan(v);
        c = nan_u != nan_v ? (nan_u ? -1 : 1) : nan_u ? 0 : u < v ? -1 : u > v ? 1 : 0;
      }
    } else if (dt == expr::kXsdDateTimeIri) {
      auto a = expr::parse_date_time(x.value), b = expr::parse_date_time(y.value);
      if (a && b) c = expr::compare(*a, *b);
    }
    if (c != 2) return c != 0 ? c : sign(x.value.compare(y.value));
  }
  Value u = expr::value_of(x), v = expr::value_of(y);
  int cu = category(u), cv = category(v);
  if (cu != cv) return cu < cv ? -1 : 1;
  if (cu == 0) {
    bool nan_u = (u.type == Type::Float || u.type == Type::Double) && std::isnan(u.real);
    bool nan_v = (v.type == Type::Float || v.type == Type::Double) && std::isnan(v.real);
    if (nan_u != nan_v) return nan_u ? -1 : 1;
  }
  if (cu == 2 || cu == 3) {
    // On the time line, a value without a time zone taken as UTC: a total order, where '<'
    // of dates can be indeterminate.
    if (int c = expr::compare(u.date_time, v.date_time); c != 0) return c;
  } else if (cu <= 4) {
    std::optional<int> c = expr::compare_values(u, v);
    if (c && *c != 0 && *c != expr::kUnordered) return *c;
  }
  if (int c = sign(x.datatype.compare(y.datatype)); c != 0) return c;
  if (int c = sign(x.value.compare(y.value)); c != 0) return c;
  return sign(x.language.compare(y.language));
}

}  // namespace

int compare_for_order(TermId a, TermId b, const QueryTerms& terms) {
  if (a == b) return 0;
  if (a == kUnbound) return -1;
  if (b == kUnbound) return 1;
  TermView x = terms.view(a), y = terms.view(b);
  auto rank = [](const TermView& t) { return t.is_blank() ? 0 : t.is_iri() ? 1 : 2; };
  int rx = rank(x), ry = rank(y);
  if (rx != ry) return rx < ry ? -1 : 1;
  if (rx < 2) return sign(x.value.compare(y.value));
  return compare_literals(x, y);
}

}  // namespace sparqlmcp::engine
