// SPARQL Query Results XML Format, sections 2.1-2.3. Characters that XML 1.0 cannot carry
// literally are written as character references: CR (a parser would turn a raw CR into LF)
// and the other C0 controls (not allowed in XML 1.0 at all; our reader accepts them back).

#include <cstdio>

#include "serializers.hpp"

namespace sparqlmcp::results::detail {
namespace {

void append_escaped(std::string& out, std::string_view text, bool attribute) {
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        if (attribute) {
          out += "&quot;";
        } else {
          out += c;
        }
        break;
      case '\t':
      case '\n':
        if (attribute) {
          out += c == '\t' ? "&#9;" : "&#10;";
        } else {
          out += c;
        }
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[12];
          std::snprintf(buf, sizeof buf, "&#%u;", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
}

}  // namespace

std::string serialize_xml_results(const QueryResults& results) {
  std::string out =
      "<?xml version=\"1.0\"?>\n"
      "<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">\n"
      "  <head>\n";
  if (results.kind == QueryResults::Kind::Bindings) {
    for (const auto& variable : results.variables) {
      out += "    <variable name=\"";
      append_escaped(out, variable, true);
      out += "\"/>\n";
    }
  }
  for (const auto& link : results.links) {
    out += "    <link href=\"";
    append_escaped(out, link, true);
    out += "\"/>\n";
  }
  out += "  </head>\n";
  if (results.kind == QueryResults::Kind::Boolean) {
    out += results.boolean ? "  <boolean>true</boolean>\n" : "  <boolean>false</boolean>\n";
    out += "</sparql>\n";
    return out;
  }
  out += "  <results>\n";
  for (const Row& row : results.rows) {
    out += "    <result>\n";
    for (std::size_t i = 0; i < row.size() && i < results.variables.size(); ++i) {
      if (!row[i]) continue;
      const rdf::Term& term = *row[i];
      out += "      <binding name=\"";
      append_escaped(out, results.variables[i], true);
      out += "\">";
      switch (term.kind) {
        case rdf::TermKind::Iri:
          out += "<uri>";
          append_escaped(out, term.value, false);
          out += "</uri>";
          break;
        case rdf::TermKind::BlankNode:
          out += "<bnode>";
          append_escaped(out, term.value, false);
          out += "</bnode>";
          break;
        case rdf::TermKind::Literal:
          out += "<literal";
          if (!term.language.empty()) {
            out += " xml:lang=\"";
            append_escaped(out, term.language, true);
            out += '"';
          } else if (!term.datatype.empty()) {
            out += " datatype=\"";
            append_escaped(out, term.datatype, true);
            out += '"';
          }
          out += '>';
          append_escaped(out, term.value, false);
          out += "</literal>";
          break;
      }
      out += "</binding>\n";
    }
    out += "    </result>\n";
  }
  out += "  </results>\n</sparql>\n";
  return out;
}

}  // namespace sparqlmcp::results::detail
