#pragma once
// Single-pass lexer for the terminals of the SPARQL 1.1 grammar (section 19.8). The whole text
// is tokenized up front into a vector (the parser needs two tokens of look-ahead for signed
// numbers); tokens point into the text and decode only strings and escaped local names.
// Codepoint escapes (\uXXXX, \UXXXXXXXX) are replaced by a pre-pass (section 19.2) that keeps
// an offset map so positions still refer to the original text.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::sparql::detail {

enum class TokenKind {
  End,
  IriRef,      // value: IRI text without <>
  PnameNs,     // prefix: text before ':'
  PnameLn,     // prefix, value: unescaped local name
  BlankLabel,  // value: label without "_:"
  Var,         // value: name without '?'/'$'
  LangTag,     // value: tag without '@'
  Integer,
  Decimal,
  Double,
  String,  // value: decoded
  Name,    // a bare word: keyword, 'a', true/false, function names
  Nil,     // ( WS* )
  Anon,    // [ WS* ]
  Punct,   // text: the operator or punctuation
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string_view text;  // raw slice of the (pre-passed) text
  std::string value;
  std::string_view prefix;
  std::size_t offset = 0;  // byte offset in the pre-passed text
  std::size_t end = 0;     // byte offset after the token
};

// Text after the codepoint-escape pre-pass with a map back to the original offsets.
class SourceText {
 public:
  explicit SourceText(std::string_view original);
  std::string_view text() const { return pre_ ? std::string_view(buffer_) : original_; }
  // 1-based line and code point column of a byte offset of text().
  SourceSpan position(std::size_t offset) const;

 private:
  std::string_view original_;
  bool pre_ = false;
  std::string buffer_;
  std::vector<std::uint32_t> map_;  // offset in buffer_ -> offset in original_
  // The parser asks for positions in increasing order; scanning on from the last answer keeps
  // that linear in the query length.
  mutable std::size_t cached_offset_ = 0;
  mutable SourceSpan cached_span_{1, 1};
};

std::vector<Token> tokenize(const SourceText& source);

// The position of the first character at or after `pos` that is neither white space nor part
// of a '#' comment (grammar section 19.4). Shared by the lexer and the Update pre-scan.
std::size_t skip_space_and_comments(std::string_view text, std::size_t pos);

// Human-readable description of a token for error messages: "'}'", "end of query",
// "variable ?x", "IRI <http://...>".
std::string describe_token(const Token& token);

// A token's text as an error message quotes it: at most a short excerpt, so that a malformed
// query of megabytes gets an error of a line, not of megabytes.
std::string excerpt(std::string_view text);

// Character classes of the grammar (code points).
bool is_pn_chars_base(char32_t c);
bool is_pn_chars_u(char32_t c);
bool is_pn_chars(char32_t c);
// UTF-8 and hexadecimal digits are util's (sparqlmcp/util/text.hpp): decode_utf8 gives
// U+FFFD for an ill-formed byte and advances one byte.
using util::append_utf8;
using util::decode_utf8;
using util::hex_value;

[[noreturn]] void throw_syntax(const SourceText& source, std::size_t offset, std::string message);

}  // namespace sparqlmcp::sparql::detail
