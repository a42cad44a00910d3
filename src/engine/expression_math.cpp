// The numeric functions of 17.4.4 (fn:abs, fn:round, fn:ceiling, fn:floor and RAND).
#include <cmath>
#include <random>

#include "expression_functions.hpp"

namespace sparqlmcp::engine::expr {

namespace {

Value same_type(const Value& like, double value) {
  return like.type == Type::Float ? Value::of_float(value) : Value::of_double(value);
}

}  // namespace

Value fn_abs(const Value& v) {
  switch (v.type) {
    case Type::Integer:
      if (v.integer == kMinInt) return Value::error();  // |-2^127| does not fit
      return Value::of_integer(v.integer < 0 ? -v.integer : v.integer);
    case Type::Decimal:
      if (v.decimal.m == kMinInt) return Value::error();
      return Value::of_decimal(
          Decimal{v.decimal.m < 0 ? -v.decimal.m : v.decimal.m, v.decimal.scale});
    case Type::Float:
    case Type::Double:
      return same_type(v, std::fabs(v.real));
    default:
      return Value::error();
  }
}

Value fn_round(const Value& v) {
  switch (v.type) {
    case Type::Integer:
      return Value::of_integer(v.integer);
    case Type::Decimal:
      return Value::of_decimal(round_half_up(v.decimal));
    case Type::Float:
    case Type::Double: {
      double x = v.real;
      if (!std::isfinite(x) || x == 0) return same_type(v, x);
      double r = std::floor(x + 0.5);
      // fn:round keeps the sign of a negative argument that rounds to zero.
      if (r == 0 && x < 0) r = -0.0;
      return same_type(v, r);
    }
    default:
      return Value::error();
  }
}

Value fn_ceil(const Value& v) {
  switch (v.type) {
    case Type::Integer:
      return Value::of_integer(v.integer);
    case Type::Decimal:
      return Value::of_decimal(ceil(v.decimal));
    case Type::Float:
    case Type::Double:
      return same_type(v, std::ceil(v.real));
    default:
      return Value::error();
  }
}

Value fn_floor(const Value& v) {
  switch (v.type) {
    case Type::Integer:
      return Value::of_integer(v.integer);
    case Type::Decimal:
      return Value::of_decimal(floor(v.decimal));
    case Type::Float:
    case Type::Double:
      return same_type(v, std::floor(v.real));
    default:
      return Value::error();
  }
}

Value fn_rand() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  return Value::of_double(std::uniform_real_distribution<double>(0.0, 1.0)(generator));
}

}  // namespace sparqlmcp::engine::expr
