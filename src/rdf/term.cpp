#include "sparqlmcp/rdf/term.hpp"

#include "sparqlmcp/rdf/iri.hpp"
#include "sparqlmcp/util/text.hpp"

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
          out += "\\u";
          util::append_hex(out, static_cast<unsigned char>(c), 4);
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string escape_iri(std::string_view iri) {
  std::string out;
  out.reserve(iri.size());
  for (char c : iri) {
    if (!allowed_in_iriref(c)) {
      out += "\\u";
      util::append_hex(out, static_cast<unsigned char>(c), 4);
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
