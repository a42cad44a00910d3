#include "sparqlmcp/rdf/term.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace sparqlmcp::rdf {

std::string escape_string_literal(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out;
}

bool allowed_in_iriref(char c) {
  auto u = static_cast<unsigned char>(c);
  return !(u <= 0x20 || c == '<' || c == '>' || c == '"' || c == '{' || c == '}' || c == '|' ||
           c == '^' || c == '`' || c == '\\');
}

bool is_absolute_iriref(std::string_view iri) {
  // scheme ::= ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
  std::size_t colon = iri.find(':');
  if (colon == std::string_view::npos || colon == 0 ||
      !std::isalpha(static_cast<unsigned char>(iri[0])))
    return false;
  for (std::size_t i = 1; i < colon; ++i) {
    char c = iri[i];
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.')
      return false;
  }
  return std::all_of(iri.begin(), iri.end(), allowed_in_iriref);
}

std::string escape_iri(std::string_view iri) {
  std::string out;
  out.reserve(iri.size());
  for (char c : iri) {
    auto u = static_cast<unsigned char>(c);
    if (!allowed_in_iriref(c)) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(u));
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

std::string Term::to_ntriples() const {
  switch (kind) {
    case TermKind::Iri:
      return "<" + escape_iri(value) + ">";
    case TermKind::BlankNode:
      return "_:" + value;
    case TermKind::Literal: {
      std::string out = "\"" + escape_string_literal(value) + "\"";
      if (!language.empty()) {
        out += "@" + language;
      } else if (!datatype.empty()) {
        out += "^^<" + escape_iri(datatype) + ">";
      }
      return out;
    }
  }
  return {};
}

}  // namespace sparqlmcp::rdf
