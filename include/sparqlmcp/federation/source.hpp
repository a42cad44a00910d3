#pragma once
// Where a query or a SERVICE pattern is answered: a remote SPARQL endpoint (through a
// RequestSender) or a catalogue entry's dumps in the embedded engine. run_sparql_query's direct
// route and the federation engine's sub-queries both go through this interface, so both kinds
// of endpoint behave alike and can be joined in one federated query.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/engine/explain.hpp"
#include "sparqlmcp/engine/store.hpp"
#include "sparqlmcp/federation/endpoint_memory.hpp"
#include "sparqlmcp/federation/request_sender.hpp"
#include "sparqlmcp/federation/statistics.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::federation {

using Clock = std::chrono::steady_clock;

struct SourceAnswer {
  results::QueryResults solutions;   // SELECT and ASK
  std::vector<rdf::Triple> triples;  // CONSTRUCT and DESCRIBE
  bool body_truncated = false;       // the response was cut at the byte limit
  bool stopped_at_cap = false;       // the source stopped at its own row cap
  // The cap at which the endpoint says it cut this answer (X-SPARQL-MaxRows); nullopt when it
  // said nothing.
  std::optional<std::size_t> announced_cap;
  int attempts = 1;       // HTTP exchanges (1 + retries); 1 in-process
  std::size_t bytes = 0;  // response body bytes (0 in-process)
  // A federated answer: what each SERVICE and endpoint did. Null for other sources.
  std::shared_ptr<const FederationStats> federation;
  std::optional<engine::ExplainNode> plan;  // with RequestContext::explain
};

// What is known about how many rows a source returns per request.
struct RowCap {
  std::size_t rows = 0;
  bool declared = false;   // known, not assumed: from the catalogue or announced
  bool announced = false;  // the endpoint announced it (X-SPARQL-MaxRows), not the catalogue
};

// A request a remote source sent, once it ended, for traces (--trace, docs/tools.md): one per
// query operation, retries included.
struct RequestRecord {
  std::string endpoint;   // as the catalogue names it
  std::string query;      // the text sent
  long status = 0;        // the HTTP status; 0 when no response came (timeout, refused, cancelled)
  std::size_t bytes = 0;  // response body bytes
  std::optional<std::size_t> rows;       // rows (or triples) read; nullopt when none were
  std::chrono::milliseconds elapsed{0};  // send to answer, retry waits included
  int attempts = 0;                      // HTTP exchanges; 0 when not known (a failure)
  std::string error;                     // empty when it succeeded
};

// The limits and observers of one request.
struct RequestContext {
  Clock::time_point deadline;
  CancellationTokenPtr cancellation;  // may be null
  // Told of retries and fallbacks (on the HTTP client's thread). May be empty.
  std::function<void(const http::SparqlNotice&)> on_notice;
  bool explain = false;  // return the plan that ran (SourceAnswer::plan)
  // Told of every request to a remote endpoint when it ends, on the thread that reads its
  // answer (several at once in a federated query). May be empty.
  std::function<void(const RequestRecord&)> on_request;
  // run_sparql_query's `silent: true`: a SERVICE block whose endpoint fails (not a SILENT one)
  // is left out, contributing no rows, and the answer says so, instead of failing the query.
  bool leave_out_failing = false;
};

// A pattern sent as SELECT `vars` WHERE { op } (all in-scope variables when `vars` is empty).
struct PatternQuery {
  sparql::algebra::Operator op;
  const sparql::Prologue* prologue = nullptr;
  std::vector<std::string> vars;
};

class PendingAnswer {
 public:
  virtual ~PendingAnswer() = default;
  // The answer, or throws Exception. Called at most once.
  virtual SourceAnswer wait() = 0;
};

class Source {
 public:
  virtual ~Source() = default;
  // The endpoint IRI as the catalogue names it.
  virtual const std::string& endpoint() const = 0;
  // Runs a whole query (SELECT, ASK, CONSTRUCT or DESCRIBE). Throws Exception on failure.
  virtual SourceAnswer run(const sparql::Query& query, const RequestContext& context) = 0;
  // Starts a pattern query; a remote source sends it at once, so several run in parallel.
  virtual std::unique_ptr<PendingAnswer> start(const PatternQuery& query,
                                               const RequestContext& context) = 0;
  // The text a pattern query is sent as (what explain shows and caches are keyed on).
  virtual std::string text_of(const PatternQuery& query) const = 0;
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
  // Where result caps the endpoint announces are remembered and read back (may be null).
  std::shared_ptr<EndpointMemory> memory;
};

// `sender` must outlive the source; `endpoint` is copied.
std::unique_ptr<Source> make_remote_source(const catalogue::Endpoint& endpoint,
                                           RequestSender& sender, RemoteSourceSettings settings);

struct InProcessSettings {
  std::size_t max_result_rows = 10000;
  std::size_t max_rows_in_memory = 5'000'000;
};

// `store` must outlive the source.
std::unique_ptr<Source> make_in_process_source(const catalogue::Endpoint& endpoint,
                                               const engine::Store& store,
                                               InProcessSettings settings);

}  // namespace sparqlmcp::federation
