#pragma once
// How run_sparql_query and submit read an answer page by page through the QueryService. A
// request asks for the rows a page shows plus a bounded prefetch (and the service one more,
// which tells whether anything follows); the rows after a page wait in a result cache under
// the text of the next-page query, so following the pages gives every row once, even from an
// endpoint that reorders rows, and costs no request while the cache holds them. Counts are
// exact or lower bounds (docs/tools.md "Paging").
//
// A first page is served from what its request brought, in the endpoint's own order: sorting
// a large answer may cost an endpoint far more than the page. Only when a later page needs
// more rows than were fetched is the answer read in one total order
// (sparql::with_total_order), and the rows served already are dropped from it as they come.

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "page_cache.hpp"
#include "query_output.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::tools {

struct PagerSettings {
  // Rows asked of an endpoint per request beyond those shown: kept for the next pages.
  std::size_t prefetch_rows = 1000;
  // The result cache that serves next pages: bytes held at most, and how long an answer stays.
  std::size_t page_cache_bytes = 64 * 1024 * 1024;
  std::chrono::seconds page_cache_ttl{900};
  // How advice names the exact count (`sparql-mcp query` says --count).
  std::string count_option = "count: true";
};

struct PageRequest {
  std::string text;  // as the caller sent it: the result cache's key
  sparql::Query query;
  std::size_t max_rows = 100;      // rows the caller shows at most
  bool count = false;              // also count the rows exactly
  bool explain = false;            // return the plan that ran
  bool leave_out_failing = false;  // silent: true (federation::RequestContext)
  std::string format;              // recorded in the facts
  std::chrono::steady_clock::time_point started;
  std::chrono::steady_clock::time_point deadline;
};

struct Page {
  bool graph = false;
  results::QueryResults solutions;   // SELECT/ASK: the rows at hand from the page's first row
  std::vector<rdf::Triple> triples;  // CONSTRUCT/DESCRIBE: the triples from the part's first
  AnswerFacts facts;
  // The next-page query once the caller decided how many rows (triples) it shows; keeps the
  // rest in the cache under it. Call at most once.
  NextPage next_page;
};

class QueryPager {
 public:
  QueryPager(std::shared_ptr<const federation::QueryService> service, PagerSettings settings);

  // Throws Exception as QueryService::answer does.
  Page page(const PageRequest& request, mcp::ToolContext& context);

  const federation::QueryService& service() const { return *service_; }

 private:
  struct Call;
  Page select(Call& call, mcp::ToolContext& context);
  Page graph(Call& call, mcp::ToolContext& context);
  Page ask(Call& call, mcp::ToolContext& context);
  federation::Answer request(Call& call, const sparql::Query& query,
                             const federation::Window& window, mcp::ToolContext& context);
  void count_rows(Call& call, mcp::ToolContext& context);
  void absorb(Call& call, const federation::Answer& answer, mcp::ToolContext& context);

  std::shared_ptr<const federation::QueryService> service_;
  PagerSettings settings_;
  std::shared_ptr<PageCache> cache_;
};

}  // namespace sparqlmcp::tools
