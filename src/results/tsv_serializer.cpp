// SPARQL 1.1 Query Results TSV Format, section 3: "?var" header, terms in Turtle syntax
// (tabs and newlines inside literals escaped), unbound as an empty field, LF line ends.

#include "serializers.hpp"
#include "turtle_terms.hpp"

namespace sparqlmcp::results::detail {

std::string serialize_tsv_results(const QueryResults& results) {
  std::string out;
  if (results.kind == QueryResults::Kind::Boolean) {
    out += "?_askResult\n";
    out += results.boolean ? "true\n" : "false\n";
    return out;
  }
  for (std::size_t i = 0; i < results.variables.size(); ++i) {
    if (i) out += '\t';
    out += '?';
    out += results.variables[i];
  }
  out += '\n';
  for (const Row& row : results.rows) {
    for (std::size_t i = 0; i < results.variables.size(); ++i) {
      if (i) out += '\t';
      if (i < row.size() && row[i]) out += to_turtle(*row[i]);
    }
    out += '\n';
  }
  return out;
}

}  // namespace sparqlmcp::results::detail
