#pragma once
// Where the unwrapped query of a run_sparql_query call is answered: a remote SPARQL endpoint
// (over the SPARQL protocol client) or an entry's dumps in the embedded engine. The tool plans
// pages, counts and caching once, above this interface, so both routes behave alike (and so
// will federated answers).

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/engine/store.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::tools {

struct SourceAnswer {
  results::QueryResults solutions;   // SELECT and ASK
  std::vector<rdf::Triple> triples;  // CONSTRUCT and DESCRIBE
  bool body_truncated = false;       // the response was cut at the byte limit
  bool stopped_at_cap = false;       // the source stopped at its own row cap
  int attempts = 1;                  // HTTP exchanges (1 + retries); 1 in-process
};

// What is known about how many rows a source returns per request.
struct RowCap {
  std::size_t rows = 0;
  bool declared = false;  // from the catalogue (smcp:resultCap), not assumed
};

class QuerySource {
 public:
  virtual ~QuerySource() = default;
  // Runs one request. Throws Exception (Remote, Timeout, Cancelled, ...) on failure.
  virtual SourceAnswer run(const sparql::Query& query,
                           std::chrono::steady_clock::time_point deadline,
                           mcp::ToolContext& context) = 0;
  // "direct" (sent to the endpoint) or "in-process" (the embedded engine over dumps).
  virtual std::string route() const = 0;
  // Whether the same query gives its rows in the same order every time, so LIMIT/OFFSET pages
  // are stable without ORDER BY (the embedded engine over an immutable store; not endpoints,
  // which may reorder rows between requests).
  virtual bool stable_order() const = 0;
  virtual RowCap row_cap() const = 0;
};

struct RemoteSourceSettings {
  std::size_t max_response_bytes = 16 * 1024 * 1024;
  std::size_t assumed_result_cap = 10000;
};

// `client` must outlive the source; `endpoint` is copied.
std::unique_ptr<QuerySource> make_remote_source(const catalogue::Endpoint& endpoint,
                                                http::SparqlProtocolClient& client,
                                                RemoteSourceSettings settings);

struct InProcessSettings {
  std::size_t max_result_rows = 10000;
  std::size_t max_rows_in_memory = 5'000'000;
};

// `store` must outlive the source.
std::unique_ptr<QuerySource> make_in_process_source(const engine::Store& store,
                                                    InProcessSettings settings);

}  // namespace sparqlmcp::tools
