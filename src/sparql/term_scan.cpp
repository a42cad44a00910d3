#include "sparqlmcp/sparql/term_scan.hpp"

#include <algorithm>
#include <cctype>

#include "lexer.hpp"

namespace sparqlmcp::sparql {
namespace {

using detail::Token;
using detail::TokenKind;

bool is_keyword(const Token& token, std::string_view keyword) {
  return token.kind == TokenKind::Name && token.text.size() == keyword.size() &&
         std::equal(token.text.begin(), token.text.end(), keyword.begin(), [](char a, char b) {
           return std::toupper(static_cast<unsigned char>(a)) == b;
         });
}

// The byte offset of a 1-based line and code point column of `text`.
std::size_t offset_of(std::string_view text, SourceSpan at) {
  std::size_t offset = 0;
  for (std::size_t line = 1; line < at.line && offset < text.size(); ++offset)
    if (text[offset] == '\n') ++line;
  for (std::size_t column = 1; column < at.column && offset < text.size(); ++column) {
    ++offset;
    while (offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80)
      ++offset;
  }
  return offset;
}

void scan(const detail::SourceText& source, const std::vector<Token>& tokens, TermScan& out) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& token = tokens[i];
    if (is_keyword(token, "PREFIX") && i + 2 < tokens.size() &&
        tokens[i + 1].kind == TokenKind::PnameNs && tokens[i + 2].kind == TokenKind::IriRef) {
      out.declarations.push_back(
          {std::string(tokens[i + 1].prefix), tokens[i + 2].value, source.position(token.offset)});
      i += 2;
    } else if (token.kind == TokenKind::PnameLn || token.kind == TokenKind::PnameNs) {
      WrittenTerm term;
      term.prefixed = true;
      term.prefix = std::string(token.prefix);
      if (token.kind == TokenKind::PnameLn) term.local = token.value;
      term.at = source.position(token.offset);
      out.terms.push_back(std::move(term));
    } else if (token.kind == TokenKind::IriRef) {
      // BASE <...> declares, it does not use.
      if (i > 0 && is_keyword(tokens[i - 1], "BASE")) continue;
      WrittenTerm term;
      term.iri = token.value;
      term.at = source.position(token.offset);
      out.terms.push_back(std::move(term));
    }
  }
}

}  // namespace

TermScan scan_terms(std::string_view text) {
  TermScan out;
  try {
    const detail::SourceText source(text);
    scan(source, detail::tokenize(source), out);
  } catch (const Exception& exception) {
    out.lexical_error = exception.error();
    if (!exception.error().span) return out;
    const std::string_view before = text.substr(0, offset_of(text, *exception.error().span));
    try {
      const detail::SourceText source(before);
      scan(source, detail::tokenize(source), out);
    } catch (const Exception&) {
      // The text before a lexical error lexes; a pre-pass error has no text before it to use.
    }
  }
  return out;
}

}  // namespace sparqlmcp::sparql
