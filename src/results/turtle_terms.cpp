#include "turtle_terms.hpp"

namespace sparqlmcp::results::detail {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

std::size_t skip_digits(std::string_view text, std::size_t i) {
  while (i < text.size() && is_digit(text[i]))
    ++i;
  return i;
}

}  // namespace

std::string_view bare_literal_datatype(std::string_view token) {
  if (token == "true" || token == "false") return kXsdBoolean;
  std::size_t i = 0;
  if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
  std::size_t int_end = skip_digits(token, i);
  bool int_digits = int_end > i;
  i = int_end;
  bool frac_digits = false;
  bool has_dot = false;
  if (i < token.size() && token[i] == '.') {
    has_dot = true;
    std::size_t frac_end = skip_digits(token, i + 1);
    frac_digits = frac_end > i + 1;
    i = frac_end;
  }
  if (!int_digits && !frac_digits) return {};
  if (i == token.size()) {
    if (!has_dot) return kXsdInteger;
    return frac_digits ? kXsdDecimal : std::string_view{};  // "5." is not a DECIMAL
  }
  if (token[i] != 'e' && token[i] != 'E') return {};
  ++i;
  if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
  std::size_t exp_end = skip_digits(token, i);
  if (exp_end == i || exp_end != token.size()) return {};
  return kXsdDouble;
}

bool can_write_bare(const rdf::Term& term) {
  if (!term.is_literal() || !term.language.empty() || term.datatype.empty()) return false;
  std::string_view datatype = bare_literal_datatype(term.value);
  return !datatype.empty() && datatype == term.datatype;
}

std::string to_turtle(const rdf::Term& term) {
  if (can_write_bare(term)) return term.value;
  return term.to_ntriples();
}

}  // namespace sparqlmcp::results::detail
