#pragma once
// Turns what an endpoint answered into the tool result an agent reads: bounded rows, a compact
// text block, SPARQL JSON as structuredContent, and the flags that say what was left out.

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/assist/validation.hpp"
#include "sparqlmcp/engine/explain.hpp"
#include "sparqlmcp/federation/query_service.hpp"
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
  std::string endpoint;  // empty for a federated answer (see endpoints_used)
  federation::RouteKind route = federation::RouteKind::Direct;
  // Every endpoint whose data made the answer: requests, rows and sub-queries from the cache.
  std::vector<federation::EndpointUse> endpoints_used;
  std::size_t subqueries_from_cache = 0;  // federated: sub-queries the cache answered
  std::chrono::milliseconds elapsed{0};
  int attempts = 1;  // HTTP exchanges of the last request (1 + retries)
  int requests = 1;  // requests made for this call (0 when served from the result cache)
  bool from_cache = false;
  std::string format;  // as requested: json, xml, csv, tsv, turtle, ntriples
  // The exact number of rows (triples) the query returns, when known. Otherwise the rows at
  // hand are a lower bound.
  std::optional<std::size_t> exact_count;
  // The source may have cut the answer (a row cap, the byte limit): the rows at hand may not be
  // followed by the rest even on the next page.
  bool possibly_incomplete = false;
  // How the caller asks for the exact count ("count: true", "--count"), named after a lower
  // bound; empty when the count was asked for already.
  std::string count_option;
  std::vector<std::string> warnings;
  std::vector<std::pair<std::string, std::string>> prefixes;  // for compact IRIs
  std::optional<engine::ExplainNode> plan;                    // explain: the plan that ran
  // IRI -> label of the IRIs shown, from their endpoints: the text table writes them
  // "label (prefix:local)", structuredContent has them as `labels`, per column and row.
  std::map<std::string, std::string> labels;
  // What the checks before sending found (docs/validation.md), and the PREFIX declarations
  // they added to the query.
  std::vector<assist::Finding> findings;
  std::vector<assist::AddedPrefix> prefixes_added;
  // Why an empty answer is empty (diagnose: true): structuredContent.diagnosis, and its lines.
  std::optional<nlohmann::json> diagnosis;
  std::string diagnosis_text;
};

// Appends `text` to a list of warnings unless it is there already.
void add_unique(std::vector<std::string>& list, const std::string& text);

// The next-page query for a page that showed `shown` rows (triples) of those at hand, or
// nullopt when nothing follows. Called once, after the rows shown are decided.
using NextPage = std::function<std::optional<std::string>(std::size_t shown)>;

// SELECT and ASK: `results` holds the rows at hand from the first row of this page.
mcp::ToolResult render_solutions(results::QueryResults results, const AnswerFacts& facts,
                                 const OutputLimits& limits, const NextPage& next_page);

// CONSTRUCT and DESCRIBE: `triples` from the first triple of this part.
mcp::ToolResult render_graph(const std::vector<rdf::Triple>& triples, const AnswerFacts& facts,
                             const OutputLimits& limits, const NextPage& next_page);

// The outputSchema of run_sparql_query.
nlohmann::json query_output_schema();

}  // namespace sparqlmcp::tools
