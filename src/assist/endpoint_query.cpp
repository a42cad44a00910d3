#include "sparqlmcp/assist/endpoint_query.hpp"

#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::assist {

std::string sparql_term(const rdf::Term& term) {
  if (term.is_iri()) return "<" + term.value + ">";
  std::string out = "\"" + rdf::escape_string_literal(term.value) + "\"";
  if (!term.language.empty()) return out + "@" + term.language;
  if (!term.datatype.empty()) return out + "^^<" + term.datatype + ">";
  return out;
}

std::string literals_query(const std::vector<std::string>& iris,
                           const std::vector<std::string>& properties, std::size_t limit) {
  std::string query = "SELECT ?t ?p ?l WHERE {\n  VALUES ?t {";
  for (const std::string& iri : iris)
    query += " <" + iri + ">";
  query += " }\n  VALUES ?p {";
  for (const std::string& p : properties)
    query += " <" + p + ">";
  return query + " }\n  ?t ?p ?l .\n  FILTER(isLiteral(?l))\n} LIMIT " + std::to_string(limit);
}

EndpointRows select_at(const federation::QueryService& service, const catalogue::Endpoint& endpoint,
                       const std::string& query, std::chrono::steady_clock::time_point deadline,
                       const CancellationTokenPtr& cancel, const RequestObserver& on_request) {
  EndpointRows out;
  if (std::chrono::steady_clock::now() >= deadline) {
    out.failure = "no time was left to ask it";
    out.bounded = true;
    out.not_asked = true;
    return out;
  }
  try {
    const sparql::Query parsed = sparql::parse_query(query);
    federation::RequestContext context;
    context.deadline = deadline;
    context.cancellation = cancel;
    context.on_request = on_request;
    const federation::Answer answer = service.answer_at(endpoint, parsed, context);
    out.requests = answer.requests;
    out.bounded = !answer.completeness.complete();
    const auto& variables = answer.solutions.variables;
    for (const results::Row& row : answer.solutions.rows) {
      std::map<std::string, rdf::Term> named;
      for (std::size_t i = 0; i < variables.size() && i < row.size(); ++i)
        if (row[i]) named.emplace(variables[i], *row[i]);
      out.rows.push_back(std::move(named));
    }
  } catch (const Exception& e) {
    if (e.error().kind == ErrorKind::Cancelled) throw;
    out.failure = e.error().to_text().substr(0, 400);
    out.bounded = true;
  }
  return out;
}

}  // namespace sparqlmcp::assist
