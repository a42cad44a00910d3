// Hints for query text mangled on its way to the parser (see text_hints.hpp).

#include "text_hints.hpp"

#include "lexer.hpp"

namespace sparqlmcp::sparql::detail {
namespace {

// What a named character looks like to a reader, which decides the advice.
enum class Looks { Space, LineBreak, Nothing, DoubleQuote, SingleQuote, Dash, Replacement };

struct NamedCharacter {
  char32_t code;
  std::string_view name;  // the Unicode character name (control characters: their alias)
  Looks looks;
};

// The characters that reach queries through word processors, web pages, chat clients and
// editors and that no SPARQL token may start with. Sorted by code point.
constexpr NamedCharacter kNamed[] = {
    {0x0000, "NULL", Looks::Nothing},
    {0x000B, "LINE TABULATION", Looks::Space},
    {0x000C, "FORM FEED", Looks::Space},
    {0x007F, "DELETE", Looks::Nothing},
    {0x0085, "NEXT LINE", Looks::LineBreak},
    {0x00A0, "NO-BREAK SPACE", Looks::Space},
    {0x00AD, "SOFT HYPHEN", Looks::Nothing},
    {0x061C, "ARABIC LETTER MARK", Looks::Nothing},
    {0x1680, "OGHAM SPACE MARK", Looks::Space},
    {0x180E, "MONGOLIAN VOWEL SEPARATOR", Looks::Nothing},
    {0x2000, "EN QUAD", Looks::Space},
    {0x2001, "EM QUAD", Looks::Space},
    {0x2002, "EN SPACE", Looks::Space},
    {0x2003, "EM SPACE", Looks::Space},
    {0x2004, "THREE-PER-EM SPACE", Looks::Space},
    {0x2005, "FOUR-PER-EM SPACE", Looks::Space},
    {0x2006, "SIX-PER-EM SPACE", Looks::Space},
    {0x2007, "FIGURE SPACE", Looks::Space},
    {0x2008, "PUNCTUATION SPACE", Looks::Space},
    {0x2009, "THIN SPACE", Looks::Space},
    {0x200A, "HAIR SPACE", Looks::Space},
    {0x200B, "ZERO WIDTH SPACE", Looks::Nothing},
    {0x200C, "ZERO WIDTH NON-JOINER", Looks::Nothing},
    {0x200D, "ZERO WIDTH JOINER", Looks::Nothing},
    {0x200E, "LEFT-TO-RIGHT MARK", Looks::Nothing},
    {0x200F, "RIGHT-TO-LEFT MARK", Looks::Nothing},
    {0x2013, "EN DASH", Looks::Dash},
    {0x2014, "EM DASH", Looks::Dash},
    {0x2018, "LEFT SINGLE QUOTATION MARK", Looks::SingleQuote},
    {0x2019, "RIGHT SINGLE QUOTATION MARK", Looks::SingleQuote},
    {0x201C, "LEFT DOUBLE QUOTATION MARK", Looks::DoubleQuote},
    {0x201D, "RIGHT DOUBLE QUOTATION MARK", Looks::DoubleQuote},
    {0x2028, "LINE SEPARATOR", Looks::LineBreak},
    {0x2029, "PARAGRAPH SEPARATOR", Looks::LineBreak},
    {0x202A, "LEFT-TO-RIGHT EMBEDDING", Looks::Nothing},
    {0x202B, "RIGHT-TO-LEFT EMBEDDING", Looks::Nothing},
    {0x202C, "POP DIRECTIONAL FORMATTING", Looks::Nothing},
    {0x202D, "LEFT-TO-RIGHT OVERRIDE", Looks::Nothing},
    {0x202E, "RIGHT-TO-LEFT OVERRIDE", Looks::Nothing},
    {0x202F, "NARROW NO-BREAK SPACE", Looks::Space},
    {0x205F, "MEDIUM MATHEMATICAL SPACE", Looks::Space},
    {0x2060, "WORD JOINER", Looks::Nothing},
    {0x2066, "LEFT-TO-RIGHT ISOLATE", Looks::Nothing},
    {0x3000, "IDEOGRAPHIC SPACE", Looks::Space},
    {0xFEFF, "ZERO WIDTH NO-BREAK SPACE", Looks::Nothing},
    {0xFFFD, "REPLACEMENT CHARACTER", Looks::Replacement},
};

const NamedCharacter* find_named(char32_t code) {
  for (const NamedCharacter& named : kNamed)
    if (named.code == code) return &named;
  return nullptr;
}

std::string code_point(char32_t code) {
  std::string out = "U+";
  util::append_hex(out, code, 4);
  return out;
}

std::string quoted(char32_t code) {
  std::string out = "'";
  append_utf8(out, code);
  return out + "'";
}

bool is_utf8_at(std::string_view text, std::size_t pos) {
  return util::utf8_sequence_length(text, pos) != 0;
}

bool fence_line_at(std::string_view text, std::size_t pos) {
  std::size_t indent = 0;
  while (indent < 3 && pos < text.size() && text[pos] == ' ') {
    ++pos;
    ++indent;
  }
  return text.substr(pos, 3) == "```";
}

}  // namespace

std::string unexpected_character_message(std::string_view text, std::size_t pos) {
  if (!is_utf8_at(text, pos)) {
    std::string message = "unexpected byte 0x";
    util::append_hex(message, static_cast<unsigned char>(text[pos]), 2);
    return message + ", which is not UTF-8: send the query as UTF-8 text";
  }
  std::size_t end = pos;
  const char32_t code = decode_utf8(text, end);
  if (const NamedCharacter* named = find_named(code)) {
    const std::string name = code_point(code) + " " + std::string(named->name);
    switch (named->looks) {
      case Looks::Space:
        return "unexpected character " + name +
               ", which looks like a space: replace it with an ordinary space";
      case Looks::LineBreak:
        return "unexpected character " + name +
               ", which looks like a line break: replace it with an ordinary line break";
      case Looks::Nothing:
        return "unexpected invisible character " + name +
               (code == 0xFEFF ? " (a byte order mark)" : "") + ": delete it";
      case Looks::DoubleQuote:
        return "unexpected character " + quoted(code) + " (" + name +
               "): write strings between straight quotes \"...\"";
      case Looks::SingleQuote:
        return "unexpected character " + quoted(code) + " (" + name +
               "): write strings between straight quotes '...'";
      case Looks::Dash:
        return "unexpected character " + quoted(code) + " (" + name +
               "): use the ASCII minus sign '-'";
      case Looks::Replacement:
        return "unexpected character " + name +
               ", which stands for a character lost when the text was converted: restore the "
               "original character";
    }
  }
  if (code < 0x20 || (code >= 0x80 && code < 0xA0))
    return "unexpected control character " + code_point(code) + ": delete it";
  if (code >= 0x80) return "unexpected character " + quoted(code) + " (" + code_point(code) + ")";
  return "unexpected character " + quoted(code);
}

std::string query_text_hints(std::string_view text) {
  const bool has_line_break = text.find('\n') != std::string_view::npos;
  bool fence = false;
  bool backtick = false;
  bool escaped_break = false;
  bool escaped_tab = false;
  bool escaped_quote = false;
  enum class State { Code, Comment, Short, Long } state = State::Code;
  char quote = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (state != State::Long && (i == 0 || text[i - 1] == '\n'))
      fence = fence || fence_line_at(text, i);
    switch (state) {
      case State::Code:
        if (c == '#') {
          state = State::Comment;
        } else if (c == '"' || c == '\'') {
          quote = c;
          const bool long_form = i + 2 < text.size() && next == c && text[i + 2] == c;
          state = long_form ? State::Long : State::Short;
          if (long_form) i += 2;
        } else if (c == '`') {
          backtick = true;
        } else if (c == '\\') {
          // Outside strings a backslash starts nothing but a PN_LOCAL escape (ex:a\#b), whose
          // characters never include n, t, r or quotes.
          escaped_break = escaped_break || next == 'n' || next == 'r';
          escaped_tab = escaped_tab || next == 't';
          escaped_quote = escaped_quote || next == '"' || next == '\'';
          ++i;
        }
        break;
      case State::Comment:
        if (c == '\n') {
          state = State::Code;
        } else if (c == '\\' && !has_line_break && (next == 'n' || next == 'r')) {
          // A text without a single real line break whose comment holds "\n": the comment
          // swallowed the rest of the query.
          escaped_break = true;
        }
        break;
      case State::Short:
        if (c == '\\') {
          ++i;
        } else if (c == quote || c == '\n') {
          state = State::Code;
        }
        break;
      case State::Long:
        if (c == '\\') {
          ++i;
        } else if (c == quote && next == quote && i + 2 < text.size() && text[i + 2] == quote) {
          state = State::Code;
          i += 2;
        }
        break;
    }
    ++i;
  }
  std::string hints;
  if (fence) {
    hints +=
        "; the query is wrapped in a Markdown code fence: remove the ``` lines and send only "
        "the SPARQL text";
  } else if (backtick) {
    hints +=
        "; the query contains Markdown backticks (`): remove them and send only the SPARQL "
        "text";
  }
  if (escaped_break) {
    hints +=
        "; the query contains the two characters \\ and n where a line break was meant (the "
        "text was escaped twice): send real line breaks";
  } else if (escaped_tab) {
    hints +=
        "; the query contains the two characters \\ and t where a tab was meant (the text "
        "was escaped twice): send real tabs or spaces";
  }
  if (escaped_quote) {
    hints +=
        "; the query contains a backslash before a quote (\\\" or \\') where a plain quote "
        "was meant (the text was escaped twice): send the quotes without backslashes";
  }
  return hints;
}

}  // namespace sparqlmcp::sparql::detail
