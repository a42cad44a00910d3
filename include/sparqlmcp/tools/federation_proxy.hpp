#pragma once
// The federation proxy: a whole SPARQL query answered as a SPARQL endpoint answers it, for the
// SPARQL 1.1 Protocol endpoint of `--http` (`/sparql`). It routes a query as run_sparql_query
// does (one SERVICE straight to its endpoint, several through the embedded federation engine,
// --federation-endpoint when set; the same catalogue allow-list) over the same sources, but
// returns every row at once instead of pages: a SPARQL client pages with LIMIT/OFFSET itself.
//
// Bounds: at most `QuerySettings::max_rows_limit` rows per answer (more are cut and the answer
// says where, as Virtuoso does with X-SPARQL-MaxRows), the response byte limit of each request,
// and a time limit (the default of run_sparql_query, at most its maximum).

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/sparql/query.hpp"
#include "sparqlmcp/tools/query_sources.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"
#include "sparqlmcp/tools/trace_log.hpp"
#include "sparqlmcp/util/cancellation.hpp"

namespace sparqlmcp::tools {

struct ProxyAnswer {
  bool graph = false;                // CONSTRUCT or DESCRIBE: `triples`; else `solutions`
  results::QueryResults solutions;   // SELECT rows or the ASK boolean
  std::vector<rdf::Triple> triples;  // CONSTRUCT and DESCRIBE, in the source's order
  // The query's PREFIX declarations (name, namespace), for compact Turtle.
  std::vector<std::pair<std::string, std::string>> prefixes;
  // The number of rows at which the answer was cut, by this proxy's cap or by the endpoint's:
  // more rows may exist beyond them.
  std::optional<std::size_t> cut_at;
  bool possibly_incomplete = false;   // cut, or a source's answer may lack rows
  std::vector<std::string> warnings;  // what a caller should know, one sentence each
  std::string route;                  // "direct", "in-process", "federated" or "external"
  std::size_t requests = 0;           // requests sent to endpoints
};

class FederationProxy {
 public:
  // With a `trace`, each query writes a `sparql_query` line and its requests `request` lines of
  // origin "sparql-endpoint", tied by a call id (docs/evaluation.md "Traces").
  FederationProxy(std::shared_ptr<const QuerySources> sources, QuerySettings settings,
                  std::shared_ptr<TraceLog> trace = nullptr);

  // Throws Exception(Syntax) with the position and what was expected, Exception(Unsupported)
  // for SPARQL Update.
  static sparql::Query parse(std::string_view text);

  // Answers `query` within `timeout` (nullopt: the default; larger than the maximum: the
  // maximum). Throws Exception: InvalidArgument or Unsupported when the query cannot be routed
  // (a pattern outside every SERVICE, an endpoint outside the catalogue, FROM), Remote when an
  // endpoint failed (unless SERVICE SILENT), Timeout, Cancelled, LimitExceeded.
  ProxyAnswer answer(const sparql::Query& query, std::optional<std::chrono::milliseconds> timeout,
                     CancellationTokenPtr cancellation) const;

 private:
  ProxyAnswer traced_answer(const sparql::Query& query,
                            std::optional<std::chrono::milliseconds> timeout,
                            CancellationTokenPtr cancellation) const;
  ProxyAnswer answer_with(const sparql::Query& query,
                          std::optional<std::chrono::milliseconds> timeout,
                          CancellationTokenPtr cancellation,
                          std::function<void(const federation::RequestRecord&)> on_request) const;

  std::shared_ptr<const QuerySources> sources_;
  QuerySettings settings_;
  std::shared_ptr<TraceLog> trace_;
  std::string trace_prefix_;  // call ids stay unique when several instances write one trace
  mutable std::atomic<std::size_t> traced_{0};
};

}  // namespace sparqlmcp::tools
