#pragma once
// Turns what an endpoint answered into the tool result an agent reads: bounded rows, a compact
// text block, SPARQL JSON as structuredContent, and the flags that say what was left out.

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::tools {

struct OutputLimits {
  std::size_t max_rows = 100;
  std::size_t max_text_chars = 20000;
};

// What is known about the answer besides its rows.
struct AnswerFacts {
  std::string endpoint;
  std::string route = "direct";  // "direct" (sent to the endpoint) or "in-process" (dumps)
  std::chrono::milliseconds elapsed{0};
  int attempts = 1;
  std::string format;                     // as requested: json, xml, csv, tsv, turtle, ntriples
  bool body_truncated = false;            // the response hit the byte limit
  std::optional<std::size_t> result_cap;  // the endpoint's known row cap
  std::vector<std::string> warnings;
  std::vector<std::pair<std::string, std::string>> prefixes;  // for compact IRIs
};

// SELECT and ASK. `query` is the agent's original query (for the next-page query).
mcp::ToolResult render_solutions(const sparql::Query& query, results::QueryResults results,
                                 const AnswerFacts& facts, const OutputLimits& limits);

// CONSTRUCT and DESCRIBE.
mcp::ToolResult render_graph(const std::vector<rdf::Triple>& triples, const AnswerFacts& facts,
                             const OutputLimits& limits);

// The outputSchema of run_sparql_query.
nlohmann::json query_output_schema();

}  // namespace sparqlmcp::tools
