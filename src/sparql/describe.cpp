// describe_query: the report printed by `sparql-mcp parse FILE`.

#include "sparqlmcp/sparql/describe.hpp"

#include "sparqlmcp/sparql/service_analysis.hpp"

namespace sparqlmcp::sparql {

std::string describe_query(const Query& query) {
  std::string out;
  out += "form: ";
  out += to_string(query.form());
  out += '\n';
  const Prologue& p = query.prologue();
  if (!p.base.empty()) out += "base: <" + p.base + ">\n";
  for (const auto& [prefix, ns] : p.prefixes)
    out += "prefix " + prefix + ": <" + ns + ">\n";
  for (const auto& [prefix, ns] : p.implicit_prefixes)
    out += "prefix " + prefix + ": <" + ns + "> (not declared; default)\n";
  out += "algebra:\n";
  out += algebra::to_sse(query.algebra(), true);
  out += '\n';
  auto services = find_service_clauses(query);
  if (services.empty()) {
    out += "SERVICE clauses: none\n";
  } else {
    out += "SERVICE clauses: " + std::to_string(services.size()) + "\n";
    for (const auto& s : services) {
      out += "  " + std::to_string(s.span.line) + ":" + std::to_string(s.span.column) + " ";
      out += s.variable.empty() ? "<" + s.endpoint + ">" : "?" + s.variable;
      if (s.silent) out += " SILENT";
      out += '\n';
    }
  }
  if (auto direct = unwrap_single_service(query))
    out += "single SERVICE: the query body can be sent directly to <" + direct->endpoint + ">\n";
  return out;
}

}  // namespace sparqlmcp::sparql
