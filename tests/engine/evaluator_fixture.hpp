#pragma once
// A small store loaded from TriG text and helpers that run a query and print its solutions
// compactly (IRIs in http://example.org/ as ":name", other terms in N-Triples, rows sorted),
// so expected results read like the data.

#include <algorithm>
#include <string>
#include <vector>

#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/engine/store.hpp"
#include "sparqlmcp/sparql/parser.hpp"

namespace evaluator_test {

using namespace sparqlmcp;
using namespace sparqlmcp::engine;

inline constexpr const char* kPrefixes =
    "PREFIX : <http://example.org/>\n"
    "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n";

inline std::string show(const rdf::Term& t) {
  const std::string ns = "http://example.org/";
  if (t.is_iri() && t.value.rfind(ns, 0) == 0) return ":" + t.value.substr(ns.size());
  if (t.is_literal() && t.datatype == "http://www.w3.org/2001/XMLSchema#integer") return t.value;
  if (t.is_blank()) return "_:";  // labels are arbitrary
  return t.to_ntriples();
}

struct Db {
  Store store;
  explicit Db(const std::string& trig) {
    store.load_text(std::string("@prefix : <http://example.org/> .\n") + trig, rdf::RdfSyntax::TriG,
                    "http://example.org/", "test.trig");
  }

  QueryOutcome run(const std::string& query, const EvaluationOptions& options = {}) const {
    return evaluate_query(sparql::parse_query(kPrefixes + query), store, options);
  }

  // SELECT rows as "?x=:a ?y=1" (unbound variables left out), sorted.
  std::vector<std::string> rows(const std::string& query,
                                const EvaluationOptions& options = {}) const {
    return rows_of(run(query, options));
  }

  // SELECT rows in the order the query returned them.
  std::vector<std::string> ordered(const std::string& query,
                                   const EvaluationOptions& options = {}) const {
    return lines(run(query, options));
  }

  bool ask(const std::string& query) const { return run(query).results.boolean; }

  // CONSTRUCT / DESCRIBE triples as ":s :p :o", sorted.
  std::vector<std::string> triples(const std::string& query) const {
    std::vector<std::string> out;
    for (const auto& t : run(query).graph)
      out.push_back(show(t.subject) + " " + show(t.predicate) + " " + show(t.object));
    std::sort(out.begin(), out.end());
    return out;
  }

  static std::vector<std::string> lines(const QueryOutcome& outcome) {
    std::vector<std::string> out;
    const auto& r = outcome.results;
    for (const auto& row : r.rows) {
      std::string line;
      for (std::size_t i = 0; i < row.size(); ++i) {
        if (!row[i]) continue;
        if (!line.empty()) line += ' ';
        line += "?" + r.variables[i] + "=" + show(*row[i]);
      }
      out.push_back(line);
    }
    return out;
  }
  static std::vector<std::string> rows_of(const QueryOutcome& outcome) {
    auto out = lines(outcome);
    std::sort(out.begin(), out.end());
    return out;
  }
};

using Rows = std::vector<std::string>;

}  // namespace evaluator_test
