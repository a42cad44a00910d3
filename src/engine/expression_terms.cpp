// The functions on RDF terms of 17.4.2 (STR, LANG, DATATYPE, IRI, STRDT, STRLANG, UUID).
#include <algorithm>
#include <cstdio>
#include <random>

#include "expression_functions.hpp"
#include "sparqlmcp/rdf/iri.hpp"

namespace sparqlmcp::engine::expr {

namespace {

bool valid_language_tag(std::string_view tag) {
  // BCP 47 shape: alpha{1,8} ('-' alphanum{1,8})*
  std::size_t part = 0;
  bool first = true;
  for (char c : tag) {
    if (c == '-') {
      if (part == 0) return false;
      part = 0;
      first = false;
      continue;
    }
    bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    bool digit = c >= '0' && c <= '9';
    if (!(alpha || (digit && !first))) return false;
    if (++part > 8) return false;
  }
  return part != 0;
}

}  // namespace

Value fn_str(const Value& v) {
  if (v.type == Type::Iri) return Value::of_string(v.str);
  if (!v.is_literal()) return Value::error();
  if (!v.str.empty() || v.type == Type::String || v.type == Type::LangString ||
      v.type == Type::Other)
    return Value::of_string(v.str);
  return Value::of_string(Text::own(lexical_form(v)));
}

Value fn_lang(const Value& v) {
  if (!v.is_literal()) return Value::error();
  if (v.type == Type::LangString) return Value::of_string(v.lang);
  return Value::of_string(Text::view({}));
}

Value fn_datatype(const Value& v) {
  if (!v.is_literal()) return Value::error();
  if (v.type == Type::Integer || v.type == Type::DateTime || v.type == Type::Other) {
    if (!v.datatype.empty()) return Value::of_iri(v.datatype);
  }
  return Value::of_iri(Text::view(datatype_of(v)));
}

// 17.4.2.8: the result must be an IRI; a string that does not resolve to an absolute IRI
// (no base and no scheme) or holds characters no IRI may hold (spaces, <>"{}|^`\\) is an error.
Value fn_iri(const Value& v, std::string_view base) {
  if (v.type == Type::Iri) return v;
  if (v.type != Type::String) return Value::error();
  std::string_view text = v.str.get();
  if (!std::all_of(text.begin(), text.end(), rdf::allowed_in_iriref)) return Value::error();
  if (base.empty()) return rdf::is_absolute_iriref(text) ? Value::of_iri(v.str) : Value::error();
  std::string resolved = rdf::resolve_iri(base, text);
  if (!rdf::is_absolute_iriref(resolved)) return Value::error();
  return Value::of_iri(Text::own(std::move(resolved)));
}

Value fn_strdt(const Value& lexical, const Value& datatype) {
  if (lexical.type != Type::String || datatype.type != Type::Iri) return Value::error();
  if (datatype.str.get() == kRdfLangStringIri) return Value::error();
  return typed_literal(lexical.str, datatype.str);
}

Value fn_strlang(const Value& lexical, const Value& lang) {
  if (lexical.type != Type::String || lang.type != Type::String) return Value::error();
  if (!valid_language_tag(lang.str.get())) return Value::error();
  return Value::of_lang_string(lexical.str, lang.str);
}

std::string random_uuid() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  std::uint64_t hi = generator(), lo = generator();
  hi = (hi & 0xFFFFFFFFFFFF0FFFULL) | 0x0000000000004000ULL;  // version 4
  lo = (lo & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;  // variant 10
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%08llx-%04llx-%04llx-%04llx-%012llx",
                static_cast<unsigned long long>(hi >> 32),
                static_cast<unsigned long long>((hi >> 16) & 0xFFFF),
                static_cast<unsigned long long>(hi & 0xFFFF),
                static_cast<unsigned long long>(lo >> 48),
                static_cast<unsigned long long>(lo & 0xFFFFFFFFFFFFULL));
  return buffer;
}

}  // namespace sparqlmcp::engine::expr
