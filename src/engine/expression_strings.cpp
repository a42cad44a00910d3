// The string functions of 17.4.3 (code-point aware over UTF-8, Unicode case mapping with ICU)
// and the hash functions of 17.4.6 (OpenSSL).
#include <openssl/evp.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

#include <cmath>

#include "expression_functions.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::engine::expr {

namespace {

// Byte offset of the code point after the one starting at `pos` (counted as
// util::code_point_count counts them).
std::size_t next_code_point(std::string_view text, std::size_t pos) {
  ++pos;
  while (pos < text.size() && util::is_utf8_continuation(text[pos]))
    ++pos;
  return pos;
}

// 17.4.3.1.2 argument compatibility: both without tag, both with the same tag, or the first
// with a tag and the second without.
bool compatible(const Value& a, const Value& b) {
  if (!a.is_string_literal() || !b.is_string_literal()) return false;
  if (b.type == Type::String) return true;
  return a.type == Type::LangString && a.lang.get() == b.lang.get();
}

Value case_map(const Value& s, bool upper) {
  if (!s.is_string_literal()) return Value::error();
  icu::UnicodeString text = icu::UnicodeString::fromUTF8(
      icu::StringPiece(s.str.get().data(), static_cast<int32_t>(s.str.get().size())));
  if (upper) {
    text.toUpper(icu::Locale::getRoot());
  } else {
    text.toLower(icu::Locale::getRoot());
  }
  std::string out;
  text.toUTF8String(out);
  return Value::string_like(s, Text::own(std::move(out)));
}

}  // namespace

Value fn_strlen(const Value& s) {
  if (!s.is_string_literal()) return Value::error();
  return Value::of_integer(static_cast<Int>(util::code_point_count(s.str.get())));
}

Value fn_substr(const Value& s, const Value& start, const Value* length) {
  // 17.4.3.3 declares start and length xsd:integer (fn:substring takes doubles and rounds).
  if (!s.is_string_literal() || start.type != Type::Integer) return Value::error();
  if (length != nullptr && length->type != Type::Integer) return Value::error();
  // fn:substring: the characters at positions p with start <= p < start + length, positions
  // counted in code points from 1.
  double first = std::floor(to_double(start) + 0.5);
  double end = length == nullptr ? HUGE_VAL : first + std::floor(to_double(*length) + 0.5);
  std::string_view text = s.str.get();
  std::size_t begin_byte = text.size(), end_byte = text.size();
  double position = 1;
  bool started = false;
  for (std::size_t pos = 0; pos < text.size(); pos = next_code_point(text, pos), ++position) {
    bool inside = position >= first && position < end;  // false for NaN
    if (inside && !started) {
      begin_byte = pos;
      started = true;
    } else if (!inside && started) {
      end_byte = pos;
      break;
    }
  }
  if (!started) return Value::string_like(s, Text::own(std::string()));
  return Value::string_like(s, s.str.slice(begin_byte, end_byte - begin_byte));
}

Value fn_ucase(const Value& s) {
  return case_map(s, true);
}

Value fn_lcase(const Value& s) {
  return case_map(s, false);
}

Value fn_strstarts(const Value& a, const Value& b) {
  if (!compatible(a, b)) return Value::error();
  return Value::of_bool(a.str.get().starts_with(b.str.get()));
}

Value fn_strends(const Value& a, const Value& b) {
  if (!compatible(a, b)) return Value::error();
  return Value::of_bool(a.str.get().ends_with(b.str.get()));
}

Value fn_contains(const Value& a, const Value& b) {
  if (!compatible(a, b)) return Value::error();
  return Value::of_bool(a.str.get().find(b.str.get()) != std::string_view::npos);
}

Value fn_strbefore(const Value& a, const Value& b) {
  if (!compatible(a, b)) return Value::error();
  std::size_t pos = a.str.get().find(b.str.get());
  if (pos == std::string_view::npos) return Value::of_string(Text::own(std::string()));
  return Value::string_like(a, a.str.slice(0, pos));
}

Value fn_strafter(const Value& a, const Value& b) {
  if (!compatible(a, b)) return Value::error();
  std::size_t pos = a.str.get().find(b.str.get());
  if (pos == std::string_view::npos) return Value::of_string(Text::own(std::string()));
  return Value::string_like(a, a.str.slice(pos + b.str.get().size()));
}

Value fn_encode_for_uri(const Value& s) {
  if (!s.is_string_literal()) return Value::error();
  return Value::of_string(Text::own(util::percent_encode(s.str.get())));
}

Value fn_concat(std::span<const Value> args) {
  std::string out;
  bool same_lang = !args.empty();
  for (const Value& v : args) {
    if (!v.is_string_literal()) return Value::error();
    out += v.str.get();
    if (v.type != Type::LangString || v.lang.get() != args[0].lang.get()) same_lang = false;
  }
  if (same_lang) return Value::of_lang_string(Text::own(std::move(out)), args[0].lang);
  return Value::of_string(Text::own(std::move(out)));
}

Value fn_langmatches(const Value& tag, const Value& range) {
  if (tag.type != Type::String || range.type != Type::String) return Value::error();
  std::string_view t = tag.str.get(), r = range.str.get();
  if (r == "*") return Value::of_bool(!t.empty());
  if (r.empty()) return Value::of_bool(t.empty());
  // RFC 4647 basic filtering: equal, or a prefix followed by '-' (case-insensitive).
  if (util::iequals(t, r)) return Value::of_bool(true);
  return Value::of_bool(t.size() > r.size() && t[r.size()] == '-' && util::istarts_with(t, r));
}

Value fn_hash(const Value& s, std::string_view algorithm) {
  if (s.type != Type::String) return Value::error();
  const EVP_MD* md = algorithm == "md5"      ? EVP_md5()
                     : algorithm == "sha1"   ? EVP_sha1()
                     : algorithm == "sha256" ? EVP_sha256()
                     : algorithm == "sha384" ? EVP_sha384()
                                             : EVP_sha512();
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  std::string_view text = s.str.get();
  if (EVP_Digest(text.data(), text.size(), digest, &size, md, nullptr) != 1) return Value::error();
  std::string_view bytes(reinterpret_cast<const char*>(digest), size);
  return Value::of_string(Text::own(util::to_hex(bytes, util::HexCase::Lower)));
}

}  // namespace sparqlmcp::engine::expr
