#pragma once
// run_sparql_query: parses the agent's query and answers it through the QueryService (which
// routes it: one SERVICE straight to its endpoint or the embedded engine, several through the
// federation), page by page (docs/tools.md "Paging"), as a compact text table and a compact
// structuredContent (docs/results.md). It is a face: routing, completeness and SERVICE SILENT
// are the service's; paging, the shown rows and the advice are its own.

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include "sparqlmcp/assist/labeller.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/tools/query_checks.hpp"

namespace sparqlmcp::tools {

// What the MCP output needs; what the sources need is federation::QueryServiceSettings.
struct QuerySettings {
  // Stays under the 60 s after which common MCP clients give up on a tool call.
  std::chrono::milliseconds default_timeout{45000};
  std::chrono::milliseconds max_timeout{600000};
  std::size_t default_max_rows = 100;  // rows shown in the text table and structuredContent
  std::size_t max_rows_limit = 10000;  // the largest max_rows a caller may ask for
  std::size_t max_text_chars = 20000;  // text block bound: well inside a 25,000-token cap
  // Rows asked of an endpoint per request beyond those shown: kept for the next pages.
  std::size_t prefetch_rows = 1000;
  // The result cache that serves next pages: bytes held at most, and how long an answer stays.
  std::size_t page_cache_bytes = 64 * 1024 * 1024;
  std::chrono::seconds page_cache_ttl{900};
  // How advice names the time limit a caller can raise (`sparql-mcp query` says --timeout).
  std::string timeout_option = "timeout_ms";
  // How advice names the exact count (`sparql-mcp query` says --count).
  std::string count_option = "count: true";
};

// `service` answers every query; shared with the other faces (submit, /sparql, VoID).
// `labeller` (may be null: no labels) gives the labels of the IRIs the table shows; `checks`
// (no validator: none) are made before a query is sent.
std::unique_ptr<mcp::Tool> make_run_sparql_query_tool(
    std::shared_ptr<const federation::QueryService> service, QuerySettings settings,
    std::shared_ptr<assist::Labeller> labeller = nullptr, QueryChecks checks = {});

}  // namespace sparqlmcp::tools
