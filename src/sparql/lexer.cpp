// Lexer for SPARQL 1.1 terminals (section 19.8) and the codepoint-escape pre-pass (19.2).

#include "lexer.hpp"

#include <cstring>

#include "sparqlmcp/rdf/iri.hpp"
#include "text_hints.hpp"

namespace sparqlmcp::sparql::detail {

namespace {

bool is_ascii_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

}  // namespace

bool is_pn_chars_base(char32_t c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= 0xC0 && c <= 0xD6) ||
         (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x2FF) || (c >= 0x370 && c <= 0x37D) ||
         (c >= 0x37F && c <= 0x1FFF) || (c >= 0x200C && c <= 0x200D) ||
         (c >= 0x2070 && c <= 0x218F) || (c >= 0x2C00 && c <= 0x2FEF) ||
         (c >= 0x3001 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF) ||
         (c >= 0xFDF0 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0xEFFFF);
}
bool is_pn_chars_u(char32_t c) {
  return c == '_' || is_pn_chars_base(c);
}
bool is_pn_chars(char32_t c) {
  return is_pn_chars_u(c) || c == '-' || (c >= '0' && c <= '9') || c == 0xB7 ||
         (c >= 0x300 && c <= 0x36F) || (c >= 0x203F && c <= 0x2040);
}

SourceText::SourceText(std::string_view original) : original_(original) {
  // Section 19.2: \u and \U escapes are replaced before parsing; the replacement text is not
  // scanned again (so "\u005cu0031" yields the two characters '\' 'u0031', not '1').
  std::size_t first = original.find('\\');
  bool any = false;
  for (std::size_t i = first; i != std::string_view::npos && i + 1 < original.size();
       i = original.find('\\', i + 1)) {
    if (original[i + 1] == 'u' || original[i + 1] == 'U') {
      any = true;
      break;
    }
  }
  if (!any) return;
  pre_ = true;
  buffer_.reserve(original.size());
  map_.reserve(original.size() + 1);
  for (std::size_t i = 0; i < original.size();) {
    char c = original[i];
    if (c == '\\' && i + 1 < original.size() &&
        (original[i + 1] == 'u' || original[i + 1] == 'U')) {
      std::size_t digits = original[i + 1] == 'u' ? 4 : 8;
      if (i + 2 + digits <= original.size()) {
        char32_t cp = 0;
        bool ok = true;
        for (std::size_t k = 0; k < digits; ++k) {
          int h = hex_value(original[i + 2 + k]);
          if (h < 0) {
            ok = false;
            break;
          }
          cp = cp * 16 + static_cast<char32_t>(h);
        }
        if (ok) {
          if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
            throw Exception(make_syntax_error(
                "invalid codepoint escape '" + excerpt(original.substr(i, 2 + digits)) +
                    "': surrogates and values above U+10FFFF are not characters",
                util::position_at(original, i)));
          }
          std::size_t before = buffer_.size();
          append_utf8(buffer_, cp);
          for (std::size_t k = before; k < buffer_.size(); ++k)
            map_.push_back(i);
          i += 2 + digits;
          continue;
        }
      }
    }
    buffer_ += c;
    map_.push_back(static_cast<std::uint32_t>(i));
    ++i;
  }
  map_.push_back(static_cast<std::uint32_t>(original.size()));
}

SourceSpan SourceText::position(std::size_t offset) const {
  if (pre_) offset = offset < map_.size() ? map_[offset] : original_.size();
  if (offset > original_.size()) offset = original_.size();
  if (offset >= cached_offset_) {
    cached_span_ = util::position_at(original_, offset, cached_offset_, cached_span_);
    cached_offset_ = offset;
    return cached_span_;
  }
  return util::position_at(original_, offset);
}

void throw_syntax(const SourceText& source, std::size_t offset, std::string message) {
  throw Exception(make_syntax_error(std::move(message), source.position(offset)));
}

std::string excerpt(std::string_view text) {
  return utf8_head(text, 60);
}

std::string describe_token(const Token& t) {
  switch (t.kind) {
    case TokenKind::End:
      return "end of query";
    case TokenKind::IriRef:
      return "IRI <" + excerpt(t.value) + ">";
    case TokenKind::PnameNs:
    case TokenKind::PnameLn:
      return "prefixed name '" + excerpt(t.text) + "'";
    case TokenKind::BlankLabel:
      return "blank node '" + excerpt(t.text) + "'";
    case TokenKind::Var:
      return "variable " + excerpt(t.text);
    case TokenKind::LangTag:
      return "language tag " + excerpt(t.text);
    case TokenKind::Integer:
    case TokenKind::Decimal:
    case TokenKind::Double:
      return "number " + excerpt(t.text);
    case TokenKind::String:
      return "string " + excerpt(t.text);
    case TokenKind::Name:
      return "'" + excerpt(t.text) + "'";
    case TokenKind::Nil:
      return "'()'";
    case TokenKind::Anon:
      return "'[]'";
    case TokenKind::Punct:
      return "'" + excerpt(t.text) + "'";
  }
  return "token";
}

namespace {

class Lexer {
 public:
  explicit Lexer(const SourceText& source) : src_(source), s_(source.text()) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    out.reserve(s_.size() / 4 + 4);
    for (;;) {
      skip_space();
      Token t;
      t.offset = pos_;
      if (pos_ >= s_.size()) {
        t.kind = TokenKind::End;
        t.end = pos_;
        out.push_back(std::move(t));
        return out;
      }
      lex_one(t);
      t.end = pos_;
      t.text = s_.substr(t.offset, pos_ - t.offset);
      out.push_back(std::move(t));
    }
  }

 private:
  [[noreturn]] void fail(std::size_t at, std::string message) {
    throw_syntax(src_, at, std::move(message));
  }

  void skip_space() { pos_ = skip_space_and_comments(s_, pos_); }

  char32_t peek_cp(std::size_t at) const {
    if (at >= s_.size()) return 0;
    std::size_t p = at;
    return decode_utf8(s_, p);
  }
  std::size_t cp_len(std::size_t at) const {
    std::size_t p = at;
    decode_utf8(s_, p);
    return p - at;
  }

  void lex_one(Token& t) {
    char c = s_[pos_];
    switch (c) {
      case '<':
        if (lex_iri(t)) return;
        t.kind = TokenKind::Punct;
        pos_ += (pos_ + 1 < s_.size() && s_[pos_ + 1] == '=') ? 2 : 1;
        return;
      case '?':
      case '$':
        if (lex_var(t)) return;
        if (c == '$') fail(pos_, "'$' must be followed by a variable name");
        t.kind = TokenKind::Punct;
        ++pos_;
        return;
      case '"':
      case '\'':
        lex_string(t);
        return;
      case '@':
        lex_langtag(t);
        return;
      case '_':
        if (pos_ + 1 < s_.size() && s_[pos_ + 1] == ':') {
          lex_blank(t);
          return;
        }
        break;
      case '(':
      case '[': {
        std::size_t start = pos_;
        ++pos_;
        skip_space();
        char close = c == '(' ? ')' : ']';
        if (pos_ < s_.size() && s_[pos_] == close) {
          ++pos_;
          t.kind = c == '(' ? TokenKind::Nil : TokenKind::Anon;
          return;
        }
        pos_ = start + 1;
        t.kind = TokenKind::Punct;
        return;
      }
      case ')':
      case ']':
      case '{':
      case '}':
      case ';':
      case ',':
      case '*':
      case '/':
      case '+':
      case '-':
      case '=':
        t.kind = TokenKind::Punct;
        ++pos_;
        return;
      case '.':
        if (pos_ + 1 < s_.size() && is_digit(s_[pos_ + 1])) {
          lex_number(t);
          return;
        }
        t.kind = TokenKind::Punct;
        ++pos_;
        return;
      case '!':
      case '>':
        t.kind = TokenKind::Punct;
        pos_ += (pos_ + 1 < s_.size() && s_[pos_ + 1] == '=') ? 2 : 1;
        return;
      case '&':
      case '|':
        t.kind = TokenKind::Punct;
        if (pos_ + 1 < s_.size() && s_[pos_ + 1] == c) {
          pos_ += 2;
        } else if (c == '|') {
          ++pos_;
        } else {
          fail(pos_, "unexpected '&', expected '&&'");
        }
        return;
      case '^':
        t.kind = TokenKind::Punct;
        pos_ += (pos_ + 1 < s_.size() && s_[pos_ + 1] == '^') ? 2 : 1;
        return;
      default:
        break;
    }
    if (is_digit(c)) {
      lex_number(t);
      return;
    }
    char32_t cp = peek_cp(pos_);
    if (c == ':' || is_pn_chars_base(cp)) {
      lex_name(t);
      return;
    }
    fail(pos_, unexpected_character_message(s_, pos_));
  }

  bool lex_iri(Token& t) {
    std::size_t p = pos_ + 1;
    while (p < s_.size()) {
      char ch = s_[p];
      if (ch == '>') {
        t.kind = TokenKind::IriRef;
        t.value.assign(s_.substr(pos_ + 1, p - pos_ - 1));
        pos_ = p + 1;
        return true;
      }
      if (!rdf::allowed_in_iriref(ch)) return false;
      ++p;
    }
    return false;
  }

  // VARNAME ::= ( PN_CHARS_U | [0-9] ) ( PN_CHARS_U | [0-9] | #x00B7 | [#x0300-#x036F] |
  // [#x203F-#x2040] )*   [166]
  static bool varname_start(char32_t c) { return is_pn_chars_u(c) || (c >= '0' && c <= '9'); }
  static bool varname_char(char32_t c) {
    return varname_start(c) || c == 0xB7 || (c >= 0x300 && c <= 0x36F) ||
           (c >= 0x203F && c <= 0x2040);
  }

  bool lex_var(Token& t) {
    std::size_t p = pos_ + 1;
    if (p >= s_.size() || !varname_start(peek_cp(p))) return false;
    while (p < s_.size() && varname_char(peek_cp(p)))
      p += cp_len(p);
    t.kind = TokenKind::Var;
    t.value.assign(s_.substr(pos_ + 1, p - pos_ - 1));
    pos_ = p;
    return true;
  }

  void lex_langtag(Token& t) {
    std::size_t p = pos_ + 1;
    while (p < s_.size() && is_ascii_alpha(s_[p]))
      ++p;
    if (p == pos_ + 1) fail(pos_, "a language tag must follow '@'");
    while (p + 1 < s_.size() && s_[p] == '-' &&
           (is_ascii_alpha(s_[p + 1]) || is_digit(s_[p + 1]))) {
      ++p;
      while (p < s_.size() && (is_ascii_alpha(s_[p]) || is_digit(s_[p])))
        ++p;
    }
    t.kind = TokenKind::LangTag;
    t.value.assign(s_.substr(pos_ + 1, p - pos_ - 1));
    pos_ = p;
  }

  // BLANK_NODE_LABEL ::= '_:' ( PN_CHARS_U | [0-9] ) ((PN_CHARS|'.')* PN_CHARS)?   [142]
  void lex_blank(Token& t) {
    std::size_t p = pos_ + 2;
    char32_t first = peek_cp(p);
    if (p >= s_.size() || !(is_pn_chars_u(first) || (first >= '0' && first <= '9')))
      fail(pos_, "a blank node label must follow '_:'");
    p += cp_len(p);
    std::size_t last_good = p;
    while (p < s_.size()) {
      char32_t c = peek_cp(p);
      if (c == '.') {
        ++p;
      } else if (is_pn_chars(c)) {
        p += cp_len(p);
        last_good = p;
      } else {
        break;
      }
    }
    t.kind = TokenKind::BlankLabel;
    t.value.assign(s_.substr(pos_ + 2, last_good - pos_ - 2));
    pos_ = last_good;
  }

  void lex_number(Token& t) {
    std::size_t p = pos_;
    while (p < s_.size() && is_digit(s_[p]))
      ++p;
    bool has_int = p > pos_;
    t.kind = TokenKind::Integer;
    if (p < s_.size() && s_[p] == '.') {
      std::size_t q = p + 1;
      while (q < s_.size() && is_digit(s_[q]))
        ++q;
      bool frac = q > p + 1;
      if (frac || (has_int && exponent_at(q))) {
        t.kind = TokenKind::Decimal;
        p = q;
      }
    }
    if (exponent_at(p) && (has_int || t.kind == TokenKind::Decimal)) {
      t.kind = TokenKind::Double;
      p = exponent_end(p);
    }
    pos_ = p;
  }
  bool exponent_at(std::size_t p) const {
    if (p >= s_.size() || (s_[p] != 'e' && s_[p] != 'E')) return false;
    ++p;
    if (p < s_.size() && (s_[p] == '+' || s_[p] == '-')) ++p;
    return p < s_.size() && is_digit(s_[p]);
  }
  std::size_t exponent_end(std::size_t p) const {
    ++p;
    if (s_[p] == '+' || s_[p] == '-') ++p;
    while (p < s_.size() && is_digit(s_[p]))
      ++p;
    return p;
  }

  void lex_string(Token& t) {
    char q = s_[pos_];
    bool long_form = pos_ + 2 < s_.size() && s_[pos_ + 1] == q && s_[pos_ + 2] == q;
    std::size_t p = pos_ + (long_form ? 3 : 1);
    t.kind = TokenKind::String;
    for (;;) {
      if (p >= s_.size())
        fail(pos_, "unterminated string: missing closing " + std::string(long_form ? 3 : 1, q));
      char c = s_[p];
      if (c == q) {
        if (!long_form) {
          ++p;
          break;
        }
        if (p + 2 < s_.size() && s_[p + 1] == q && s_[p + 2] == q) {
          // A long string may end with up to two extra quotes: '''a'''' is "a'".
          while (p + 3 < s_.size() && s_[p + 3] == q) {
            t.value += q;
            ++p;
          }
          p += 3;
          break;
        }
        t.value += c;
        ++p;
        continue;
      }
      if (c == '\\') {
        if (p + 1 >= s_.size()) fail(p, "unterminated escape sequence");
        char e = s_[p + 1];
        switch (e) {
          case 't':
            t.value += '\t';
            break;
          case 'b':
            t.value += '\b';
            break;
          case 'n':
            t.value += '\n';
            break;
          case 'r':
            t.value += '\r';
            break;
          case 'f':
            t.value += '\f';
            break;
          case '"':
            t.value += '"';
            break;
          case '\'':
            t.value += '\'';
            break;
          case '\\':
            t.value += '\\';
            break;
          default:
            fail(p, "invalid escape sequence '\\" + std::string(1, e) +
                        "' in a string; use \\t \\b \\n \\r \\f \\\" \\' \\\\ or \\uXXXX");
        }
        p += 2;
        continue;
      }
      if (!long_form && (c == '\n' || c == '\r'))
        fail(p, "line break in a string; use \\n or a long string (\"\"\"...\"\"\")");
      t.value += c;
      ++p;
    }
    pos_ = p;
  }

  // PN_PREFIX [168], PN_LOCAL [169] with PLX [170]; bare words become Name tokens.
  void lex_name(Token& t) {
    std::size_t start = pos_;
    std::size_t p = pos_;
    std::size_t last_good = p;
    if (s_[p] != ':') {
      p += cp_len(p);
      last_good = p;
      while (p < s_.size()) {
        char32_t c = peek_cp(p);
        if (c == '.') {
          ++p;
        } else if (is_pn_chars(c)) {
          p += cp_len(p);
          last_good = p;
        } else {
          break;
        }
      }
    }
    if (last_good < s_.size() && s_[last_good] == ':') {
      t.prefix = s_.substr(start, last_good - start);
      pos_ = last_good + 1;
      lex_local(t);
      return;
    }
    // A bare word: keywords, 'a', true/false and built-in names are ASCII letters, digits, '_'.
    std::size_t q = start;
    while (q < s_.size() && (is_ascii_alpha(s_[q]) || is_digit(s_[q]) || s_[q] == '_'))
      ++q;
    t.kind = TokenKind::Name;
    pos_ = q;
    // PN_CHARS_BASE holds characters no bare word has (U+FEFF, U+200D, letters beyond ASCII).
    if (q == start) fail(start, unexpected_character_message(s_, start));
  }

  void lex_local(Token& t) {
    std::size_t p = pos_;
    std::string local;
    std::size_t good_len = 0;  // length of `local` up to the last char that may end a name
    std::size_t good_pos = p;
    bool first = true;
    while (p < s_.size()) {
      char c = s_[p];
      if (c == '%') {
        if (p + 2 < s_.size() && hex_value(s_[p + 1]) >= 0 && hex_value(s_[p + 2]) >= 0) {
          local.append(s_.substr(p, 3));
          p += 3;
        } else {
          fail(p, "'%' in a local name must be followed by two hexadecimal digits");
        }
      } else if (c == '\\') {
        static constexpr const char* kEscapable = "_~.-!$&'()*+,;=/?#@%";
        if (p + 1 < s_.size() && std::strchr(kEscapable, s_[p + 1]) != nullptr &&
            s_[p + 1] != '\0') {
          local += s_[p + 1];
          p += 2;
        } else {
          fail(p,
               "invalid escape in a local name; only \\ followed by one of _~.-!$&'()*+,;=/?#@% is "
               "allowed");
        }
      } else {
        char32_t cp = peek_cp(p);
        bool ok = first ? (is_pn_chars_u(cp) || cp == ':' || (cp >= '0' && cp <= '9'))
                        : (is_pn_chars(cp) || cp == ':' || cp == '.');
        if (!ok) break;
        std::size_t n = cp_len(p);
        local.append(s_.substr(p, n));
        p += n;
        if (cp == '.') {
          first = false;
          continue;
        }
      }
      first = false;
      good_len = local.size();
      good_pos = p;
    }
    local.resize(good_len);
    t.kind = good_len == 0 ? TokenKind::PnameNs : TokenKind::PnameLn;
    t.value = std::move(local);
    pos_ = good_pos;
  }

  const SourceText& src_;
  std::string_view s_;
  std::size_t pos_ = 0;
};

}  // namespace

std::vector<Token> tokenize(const SourceText& source) {
  return Lexer(source).run();
}

std::size_t skip_space_and_comments(std::string_view text, std::size_t pos) {
  while (pos < text.size()) {
    char c = text[pos];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++pos;
    } else if (c == '#') {
      while (pos < text.size() && text[pos] != '\n')
        ++pos;
    } else {
      break;
    }
  }
  return pos;
}

}  // namespace sparqlmcp::sparql::detail
