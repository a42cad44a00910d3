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

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/sparql/query.hpp"
#include "sparqlmcp/tools/query_sources.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"
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
  FederationProxy(std::shared_ptr<const QuerySources> sources, QuerySettings settings);

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
  std::shared_ptr<const QuerySources> sources_;
  QuerySettings settings_;
};

}  // namespace sparqlmcp::tools
