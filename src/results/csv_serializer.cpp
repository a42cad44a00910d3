// SPARQL 1.1 Query Results CSV Format, section 2: CRLF line ends (RFC 4180), fields quoted
// when they contain '"', ',', CR or LF (or would otherwise read back differently), IRIs and
// literals as their bare text, blank nodes as _:label, unbound as an empty field and the
// empty string as "".

#include "serializers.hpp"

namespace sparqlmcp::results::detail {
namespace {

void append_field(std::string& out, std::string_view text, bool force_quotes) {
  // A leading U+FEFF would be read back as a byte order mark (when it opens the document).
  bool quote = force_quotes || text.find_first_of("\",\r\n") != std::string_view::npos ||
               text.substr(0, 3) == "\xEF\xBB\xBF";
  if (!quote) {
    out += text;
    return;
  }
  out += '"';
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

}  // namespace

std::string serialize_csv_results(const QueryResults& results) {
  std::string out;
  if (results.kind == QueryResults::Kind::Boolean) {
    out += "_askResult\r\n";
    out += results.boolean ? "true\r\n" : "false\r\n";
    return out;
  }
  for (std::size_t i = 0; i < results.variables.size(); ++i) {
    if (i) out += ',';
    append_field(out, results.variables[i], false);
  }
  out += "\r\n";
  for (const Row& row : results.rows) {
    for (std::size_t i = 0; i < results.variables.size(); ++i) {
      if (i) out += ',';
      if (i >= row.size() || !row[i]) continue;
      const rdf::Term& term = *row[i];
      if (term.is_blank()) {
        append_field(out, "_:" + term.value, false);  // quoted if the label holds a ','
      } else {
        // An empty literal is quoted so that it is not read back as unbound.
        append_field(out, term.value, term.value.empty());
      }
    }
    out += "\r\n";
  }
  return out;
}

}  // namespace sparqlmcp::results::detail
