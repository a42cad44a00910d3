#pragma once
// The one set of byte-level text helpers every module uses (after DuckDB's StringUtil): ASCII
// case, hexadecimal digits, percent-encoding, UTF-8 encoding and decoding, and the positions
// error messages give. Everything here is locale-independent (std::tolower depends on the
// global C locale): protocol keywords, media types, language tags and SPARQL keywords are ASCII.
// Unicode case mapping (LCASE, UCASE) is the engine's business (ICU), not this file's.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::util {

// --- ASCII case --------------------------------------------------------------------------
// Only 'A'-'Z' and 'a'-'z' change; every other byte (UTF-8 sequences included) is kept.

constexpr char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
constexpr char ascii_upper(char c) {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}
std::string ascii_lowercase(std::string_view text);
std::string ascii_uppercase(std::string_view text);

// Equal when compared with ASCII letters folded to one case ("SELECT" and "select"). Inline:
// the parser compares every word with its keywords.
inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}
// Whether `text` begins with `prefix`, ASCII letters folded to one case.
bool istarts_with(std::string_view text, std::string_view prefix);

// `text` without leading and trailing ASCII white space (space, tab, CR, LF): HTTP field values,
// media-type parameters, and XSD's white space "collapse" (4.3.6) of a single-token lexical form.
std::string_view trim_whitespace(std::string_view text);

// The items of a comma-separated list, each trimmed of white space; empty items are dropped
// ("a, b,,c " -> a, b, c).
std::vector<std::string> comma_separated(std::string_view list);

// The media type of a Content-Type value without its parameters, trimmed and in lower case:
// "text/HTML; charset=utf-8" gives "text/html" (RFC 9110 8.3.1: type and subtype are
// case-insensitive).
std::string media_type_essence(std::string_view content_type);

// --- Hexadecimal digits -----------------------------------------------------------------

// The value of the hexadecimal digit `c` (either case), or -1 when `c` is not one.
constexpr int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
constexpr bool is_hex_digit(char c) {
  return hex_value(c) >= 0;
}

enum class HexCase { Upper, Lower };

// Appends `value` in hexadecimal, padded with '0' to at least `min_digits` digits, as printf's
// "%0*X" does ("00E9" for 0xE9 and 4, "1F600" for 0x1F600 and 4: how "U+..." names code points).
void append_hex(std::string& out, std::uint32_t value, std::size_t min_digits,
                HexCase letters = HexCase::Upper);
// Two digits per byte ("d41d8c..." for a digest with HexCase::Lower).
std::string to_hex(std::string_view bytes, HexCase letters = HexCase::Upper);

// RFC 3986 2.1 and 2.3: every byte except the unreserved ALPHA / DIGIT / "-" / "." / "_" / "~"
// becomes "%XX" (upper-case digits, as 2.1 recommends). SPARQL's ENCODE_FOR_URI (17.4.3.11)
// and the SPARQL Protocol's query strings both need exactly this.
std::string percent_encode(std::string_view text);

// RFC 4648 4 (the standard alphabet; '=' padding optional): the bytes `text` encodes, or
// nullopt when it holds another character.
std::optional<std::string> base64_decode(std::string_view text);

// --- UTF-8 (RFC 3629) -------------------------------------------------------------------

constexpr char32_t kReplacementCharacter = 0xFFFD;

// Whether `c` is a continuation byte (10xxxxxx), i.e. not the first byte of a code point.
constexpr bool is_utf8_continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// Appends `cp` encoded as UTF-8. `cp` must be a Unicode scalar value (at most U+10FFFF and not
// a surrogate); callers check escapes before they get here.
void append_utf8(std::string& out, char32_t cp);

// The length of the well-formed UTF-8 sequence at text[pos] (1 to 4), or 0 when the bytes
// there are ill-formed: a stray continuation byte, an overlong form, a surrogate, a value above
// U+10FFFF or a sequence cut short (Unicode 15, table 3-7). `pos` must be < text.size().
std::size_t utf8_sequence_length(std::string_view text, std::size_t pos);

namespace detail {
char32_t decode_utf8_sequence(std::string_view text, std::size_t& pos);
}

// Decodes the code point at text[pos] and moves `pos` past it. Ill-formed bytes decode as
// U+FFFD and advance `pos` by one byte. `pos` must be < text.size(). ASCII is decoded inline:
// the lexer decodes every character of a name.
inline char32_t decode_utf8(std::string_view text, std::size_t& pos) {
  auto byte = static_cast<unsigned char>(text[pos]);
  if (byte < 0x80) {
    ++pos;
    return byte;
  }
  return detail::decode_utf8_sequence(text, pos);
}

// True when all of `text` is well-formed UTF-8.
bool is_valid_utf8(std::string_view text);

// `text` with every ill-formed sequence (a bad byte and the continuation bytes after it)
// replaced by one U+FFFD.
std::string sanitize_utf8(std::string_view text);

// The number of code points of well-formed UTF-8 `text` (bytes that are not continuation
// bytes, so on ill-formed text each stray lead byte counts once).
std::size_t code_point_count(std::string_view text);

// `text` on one line for a message: line breaks and tabs as spaces, runs of spaces as one,
// cut to at most `max_bytes` (UTF-8 safe, "..." marking the cut).
std::string one_line(std::string_view text, std::size_t max_bytes);

// --- Positions ---------------------------------------------------------------------------

// The 1-based line and column of byte `offset` of `text`: '\n' ends a line and the column
// counts code points (bytes that are not UTF-8 continuation bytes), so "é" is one column.
// An offset past the end gives the position just after the last byte.
SourceSpan position_at(std::string_view text, std::size_t offset);

// The same, scanning on from byte `from` (at or before `offset`, the start of a code point)
// whose position is `from_span`: callers asking for increasing offsets stay linear.
SourceSpan position_at(std::string_view text, std::size_t offset, std::size_t from,
                       SourceSpan from_span);

}  // namespace sparqlmcp::util
