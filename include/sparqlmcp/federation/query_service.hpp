#pragma once
// The one front door through which every face answers SPARQL over the catalogue:
// run_sparql_query and submit (tools), the SPARQL 1.1 Protocol endpoint (`/sparql`) and VoID's
// statistics queries. A QueryService routes a query (one SERVICE straight to its endpoint,
// several through the embedded federation engine, or all to --federation-endpoint), makes the
// sources (remote endpoints through a RequestSender, dump-only entries in the embedded engine),
// asks for the rows of a window, and returns one Answer: the rows or triples, one verdict on
// whether they are complete, SERVICE SILENT handled once, what each SERVICE block did, and the
// requests made. A face only renders an Answer; none judges completeness, SILENT or routes on
// its own.
//
// What is learned of endpoints (result caps, refusals, vocabularies, probe answers) and the
// sub-query answers kept across calls live in one QueryService, shared by every face.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/engine/explain.hpp"
#include "sparqlmcp/federation/endpoint_memory.hpp"
#include "sparqlmcp/federation/federated_services.hpp"
#include "sparqlmcp/federation/local_endpoints.hpp"
#include "sparqlmcp/federation/request_sender.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/federation/source_index.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/sparql/query.hpp"
#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::federation {

// What the sources need; what the MCP output needs (rows and characters shown, the page
// cache, advice wording) is the faces' own.
struct QueryServiceSettings {
  std::size_t max_response_bytes = 16 * 1024 * 1024;  // largest endpoint response read
  // A result of exactly this many rows from an endpoint whose catalogue entry declares no
  // smcp:resultCap may have been cut (Virtuoso's ResultSetMaxRows default).
  std::size_t assumed_result_cap = 10000;
  // Rows one answer of the embedded engine (in-process or federated) may have: a window asks
  // for at most this many.
  std::size_t max_answer_rows = 10001;
  // Rows one in-process evaluation or federated query may hold at once.
  std::size_t max_rows_held = 5'000'000;
  bool allow_any_endpoint = false;  // SERVICE may name endpoints outside the catalogue
  // --federation-endpoint: queries that need federation go unchanged to this SPARQL 1.1 engine
  // (one that evaluates SERVICE) instead of the embedded federation engine.
  std::string federation_endpoint;
  FederationSettings federation;  // VALUES block size, row budget, pages per capped sub-query
  // Sub-query answers kept across calls (0 bytes: none, --no-subquery-cache).
  std::size_t subquery_cache_bytes = 64 * 1024 * 1024;
  std::chrono::seconds subquery_cache_ttl{900};
};

enum class RouteKind {
  Direct,     // the SERVICE body sent to the one endpoint
  InProcess,  // the SERVICE body evaluated by the embedded engine over the entry's dumps
  Federated,  // the embedded federation engine over the SERVICE clauses' endpoints
  External,   // the query as written, to the engine of --federation-endpoint
};

// "direct", "in-process", "federated", "external": how results and traces name a route.
std::string_view route_name(RouteKind kind);

// Which rows of a SELECT query's answer to fetch. The query's own OFFSET and LIMIT keep their
// meaning: the window lies inside them.
struct Window {
  std::uint64_t skip = 0;  // rows of the answer to skip (after the query's own OFFSET)
  // Rows wanted; nullopt: every row, as far as the source returns them in one answer. The
  // service asks one row more, to learn whether more follow, and never more than the source
  // returns at once.
  std::optional<std::uint64_t> rows;
  enum class Order {
    AsWritten,  // the query's own ORDER BY, if any
    Total,      // one total order (sparql::with_total_order), so requests for pages agree
    // One order every time: the source's own where it gives one (the embedded engine), else
    // the total order.
    Stable,
  };
  Order order = Order::AsWritten;
};

// Why rows may be missing from an answer.
struct Shortfall {
  enum class Kind {
    ResponseBytes,  // the response was cut at the byte limit
    EngineCap,      // the embedded engine stopped at its row cap
    ResultCap,      // the endpoint returned as many rows as it returns at once
    Service,        // a SERVICE block's answer may lack rows (federated)
  };
  Kind kind = Kind::ResultCap;
  std::string text;  // one sentence, no advice: what happened
};

// Whether the rows of an answer are all of the query's rows (within the window), judged once
// here for every face.
struct Completeness {
  // The window ended here and more rows follow: the source returned the one row more that the
  // service asked for (it is in the answer, after the window's rows).
  std::optional<std::size_t> cut_at;
  // The request reached a limit of the source (its result cap, declared, announced or assumed;
  // the response byte limit; the embedded engine's row cap) with this many rows: more rows may
  // exist beyond it.
  std::optional<std::size_t> limit_reached_at;
  // The cap the endpoint announced for this answer (X-SPARQL-MaxRows), when it did.
  std::optional<std::size_t> announced_cap;
  // Why rows may be missing. Empty: nothing may be missing.
  std::vector<Shortfall> shortfalls;

  enum class Verdict { Complete, Cut, PossiblyIncomplete };
  Verdict verdict() const {
    if (!shortfalls.empty()) return Verdict::PossiblyIncomplete;
    return cut_at ? Verdict::Cut : Verdict::Complete;
  }
  bool complete() const { return verdict() == Verdict::Complete; }
  // Rows may follow the ones returned, for a later window (OFFSET) to fetch: the window ended,
  // or the request reached a limit of the source. A SERVICE block's shortfall is none: the
  // answer may lack rows, but no later window brings them.
  bool more_may_follow() const { return cut_at || limit_reached_at; }
  bool possibly_incomplete() const { return !shortfalls.empty(); }
};

// What one endpoint contributed to an answer.
struct EndpointUse {
  std::string endpoint;
  std::size_t requests = 0;    // HTTP requests (retries included); in-process evaluations
  std::size_t rows = 0;        // rows received
  std::size_t cache_hits = 0;  // sub-queries answered by the sub-query cache
};

// What one SERVICE block of a federated query did.
struct ServiceOutcome {
  int id = 0;  // the operator's number in the plan ("SERVICE #id")
  std::string endpoint;
  std::size_t requests = 0;
  std::size_t rows = 0;
  std::size_t binding_rows = 0;  // rows of a bound join sent to it
  std::size_t cache_hits = 0;
  std::optional<std::string> silent_failure;  // the error SERVICE SILENT let pass
  std::optional<std::string> left_out;        // the error it was left out for (silent: true)
};

struct Answer {
  RouteKind route = RouteKind::Direct;
  std::string endpoint;  // direct, in-process and external routes: the endpoint; else empty
  sparql::QueryForm form = sparql::QueryForm::Select;
  // SELECT rows, at most Window::rows plus the one that says more follow (then
  // completeness.cut_at is Window::rows), or the ASK boolean.
  results::QueryResults solutions;
  std::vector<rdf::Triple> triples;  // CONSTRUCT and DESCRIBE, in the source's order
  Completeness completeness;
  // What a caller must know beyond completeness, one sentence each: a failure SERVICE SILENT
  // let pass (for the whole query or one block).
  std::vector<std::string> warnings;
  std::vector<EndpointUse> endpoints;    // every endpoint that answered
  std::vector<ServiceOutcome> services;  // federated: per SERVICE block
  std::size_t requests = 0;              // HTTP requests to endpoints (retries included)
  int attempts = 1;                      // direct: HTTP exchanges of the request (1 + retries)
  std::size_t bytes = 0;                 // response body bytes read (0 in-process)
  bool ordered = false;                  // the rows follow Window::Order::Total
  // The source gives the rows of a query in the same order every time (the embedded engine
  // over an immutable store), so windows agree without an order.
  bool stable_order = false;
  std::optional<engine::ExplainNode> plan;  // with RequestContext::explain
};

// Where a query goes, before anything is sent.
struct RouteSummary {
  RouteKind kind = RouteKind::Direct;
  std::string endpoint;  // direct, in-process and external routes: the endpoint; else empty
};

struct CountAnswer {
  std::size_t rows = 0;      // the count
  std::size_t requests = 0;  // requests it took
};

class QueryService {
 public:
  // `catalogue` must outlive the service; `sender` is its way to endpoints (the HTTP client is
  // bound in app/, tests pass a fake). `local` holds the stores of entries answered in-process
  // (may be null when there are none). `described` gives the vocabularies of endpoints with a
  // complete VoID description, which source selection reads before asking an endpoint (may be
  // empty). `statistics` gives an endpoint's cached description for cardinality estimates and
  // join order (may be empty).
  // `descriptions_generation` grows whenever the descriptions `described` and `statistics`
  // read change (the VoID cache's generation): the source index is then rebuilt at once, and
  // otherwise reused for up to a second (may be empty: rebuilt whenever asked).
  using StatisticsOf =
      std::function<std::shared_ptr<const void_::Description>(const std::string& endpoint_iri)>;
  using Generation = std::function<std::uint64_t()>;
  QueryService(const catalogue::Catalogue& catalogue, std::unique_ptr<RequestSender> sender,
               QueryServiceSettings settings, std::shared_ptr<const LocalEndpoints> local = {},
               EndpointMemory::DescribedVocabularies described = {}, StatisticsOf statistics = {},
               Generation descriptions_generation = {});
  ~QueryService();
  QueryService(const QueryService&) = delete;
  QueryService& operator=(const QueryService&) = delete;

  // Answers `query` (SELECT rows within `window`; ASK, CONSTRUCT and DESCRIBE whole) within
  // the context's deadline. Throws Exception: InvalidArgument or Unsupported when the query
  // cannot be routed (a pattern outside every SERVICE, an endpoint outside the catalogue,
  // FROM), Remote when an endpoint failed (unless SERVICE SILENT) or broke the protocol (more
  // rows or other columns than asked for), Timeout, Cancelled, LimitExceeded.
  Answer answer(const sparql::Query& query, const Window& window,
                const RequestContext& context) const;

  // Where `query` would go. Throws as answer() does when it cannot be routed.
  RouteSummary route_of(const sparql::Query& query) const;

  // The exact number of rows a SELECT query returns (its own DISTINCT, OFFSET and LIMIT
  // included), by one COUNT query on the query's route. Throws as answer() does (SERVICE
  // SILENT lets no failure pass here), and Remote when the answer is no count.
  CountAnswer count(const sparql::Query& query, const RequestContext& context) const;

  // Answers a query on one endpoint as it is (no routing, no SERVICE): VoID's statistics and
  // discovery queries. A SELECT is asked whole, as far as the endpoint returns it. The entry is
  // copied, so a caller may add headers (a User-Agent that names the work).
  Answer answer_at(const catalogue::Endpoint& endpoint, const sparql::Query& query,
                   const RequestContext& context) const;

  // "Known endpoints: <iri> (title), ..." for error messages, bounded in length.
  std::string known_endpoints_hint() const;

  // Which catalogue endpoints may hold a triple pattern's triples, from what their VoID
  // descriptions and earlier answers tell (for sparql::spread_plain_patterns). Plain patterns
  // without named endpoints use it in routing already.
  sparql::SourcesOf sources_of() const;

  const catalogue::Catalogue& catalogue() const { return catalogue_; }
  const QueryServiceSettings& settings() const { return settings_; }

 private:
  struct Routed;
  Routed route(const sparql::Query& query) const;
  std::unique_ptr<Source> endpoint_source(const catalogue::Endpoint& endpoint) const;
  std::unique_ptr<Source> federated_source(std::vector<catalogue::Endpoint> named) const;
  Answer run(Routed& routed, const Window& window, const RequestContext& context) const;

  const catalogue::Catalogue& catalogue_;
  std::unique_ptr<RequestSender> sender_;
  QueryServiceSettings settings_;
  std::shared_ptr<const LocalEndpoints> local_;
  std::shared_ptr<EndpointMemory> memory_ = std::make_shared<EndpointMemory>();
  std::shared_ptr<SubqueryCache> subquery_cache_;
  // The index over the catalogue's current vocabularies (rebuilt when one changed).
  std::shared_ptr<const SourceIndex> source_index() const;

  StatisticsOf statistics_;
  // The source index over the catalogue, rebuilt when a vocabulary changes.
  mutable std::mutex index_mutex_;
  mutable std::shared_ptr<const SourceIndex> index_;
  // What index_ was built from and when: gathering every endpoint's vocabulary and URI space
  // costs two cache lookups per catalogue endpoint, too much to pay on every query.
  Generation descriptions_generation_;
  mutable std::pair<std::uint64_t, std::uint64_t> index_generations_{0, 0};
  mutable std::chrono::steady_clock::time_point index_built_;
  // The URI space of an endpoint's entities: its catalogue entry's declaration, else its cached
  // description's; compiled once per description (the index compares them by pointer).
  std::shared_ptr<const UriSpace> uri_space_of(const catalogue::Endpoint& endpoint) const;
  struct DeclaredSpace {
    std::shared_ptr<const void_::Description> description;  // what it was compiled from
    std::shared_ptr<const UriSpace> space;
  };
  mutable std::map<std::string, DeclaredSpace> uri_spaces_;  // by endpoint IRI; index_mutex_
};

}  // namespace sparqlmcp::federation
