#pragma once
// run_sparql_query: parses the agent's query, checks its SERVICE clauses against the catalogue,
// sends a single-SERVICE query straight to its endpoint with the SERVICE wrapper removed (or,
// for an entry answered in-process from its dumps, evaluates it with the embedded engine), and
// returns the results as SPARQL JSON (structuredContent) plus a compact text table. Answers are
// paged: each request asks for a bounded number of rows, the rest of a page's rows wait in a
// result cache for the next-page query, and counts are exact or reported as lower bounds
// (docs/results.md, "Paging").

#include <chrono>

#include <cstddef>
#include <memory>
#include <string>
#include "sparqlmcp/federation/federated_services.hpp"

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/tools/local_endpoints.hpp"

namespace sparqlmcp::tools {

struct QuerySettings {
  // Stays under the 60 s after which common MCP clients give up on a tool call.
  std::chrono::milliseconds default_timeout{45000};
  std::chrono::milliseconds max_timeout{600000};
  std::size_t default_max_rows = 100;  // rows shown in the text table and structuredContent
  std::size_t max_rows_limit = 10000;  // the largest max_rows a caller may ask for
  std::size_t max_text_chars = 20000;  // text block bound: well inside a 25,000-token cap
  std::size_t max_response_bytes = 16 * 1024 * 1024;
  // A result of exactly this many rows from an endpoint without a declared smcp:resultCap is
  // flagged as possibly cut by the server (Virtuoso's ResultSetMaxRows default).
  std::size_t assumed_result_cap = 10000;
  // Rows asked of an endpoint per request (at least max_rows, plus one to learn whether more
  // follow): the rows beyond the page shown are kept for the next pages.
  std::size_t prefetch_rows = 1000;
  // The result cache that serves next pages: bytes held at most, and how long an answer stays.
  std::size_t page_cache_bytes = 64 * 1024 * 1024;
  std::chrono::seconds page_cache_ttl{900};
  bool allow_any_endpoint = false;
  // --federation-endpoint: queries that need federation go unchanged to this SPARQL 1.1 engine
  // (one that evaluates SERVICE) instead of the embedded federation engine.
  std::string federation_endpoint;
  // The embedded federation engine: VALUES block size, row budget, pages per capped sub-query.
  federation::FederationSettings federation;
  // Sub-query answers kept across calls (0 bytes: none, --no-subquery-cache).
  std::size_t subquery_cache_bytes = 64 * 1024 * 1024;
  std::chrono::seconds subquery_cache_ttl{900};
  // How advice names the time limit a caller can raise (`sparql-mcp query` says --timeout).
  std::string timeout_option = "timeout_ms";
  // How advice names the exact count (`sparql-mcp query` says --count).
  std::string count_option = "count: true";
};

// `catalogue` and `client` must outlive the tool. `local` holds the stores of the entries
// answered in-process (may be null when the catalogue has none).
std::unique_ptr<mcp::Tool> make_run_sparql_query_tool(
    const catalogue::Catalogue& catalogue, http::SparqlProtocolClient& client,
    QuerySettings settings, std::shared_ptr<const LocalEndpoints> local = {});

class QuerySources;
// The same over sources shared with other callers (the SPARQL endpoint of `--http`).
std::unique_ptr<mcp::Tool> make_run_sparql_query_tool(std::shared_ptr<const QuerySources> sources,
                                                      QuerySettings settings);

}  // namespace sparqlmcp::tools
