#include "sparqlmcp/federation/query_service.hpp"

#include <algorithm>
#include <charconv>
#include <map>

#include <spdlog/spdlog.h>

#include "completeness.hpp"
#include "query_routing.hpp"
#include "sparqlmcp/federation/federated_source.hpp"
#include "sparqlmcp/sparql/query_shape.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::federation {
namespace {

// A SERVICE ?variable that no solution binds is sent to at most this many catalogue endpoints.
constexpr std::size_t kMaxVariableEndpoints = 20;

// What SERVICE SILENT makes of a failed endpoint for a SELECT or ASK query: the single empty
// solution (SPARQL 1.1 Federated Query, section 4): one row with every projected variable
// unbound, or true.
results::QueryResults silent_solutions(const sparql::Query& query) {
  results::QueryResults empty;
  if (query.form() == sparql::QueryForm::Ask) {
    empty.kind = results::QueryResults::Kind::Boolean;
    empty.boolean = true;
  } else {
    empty.variables = sparql::projected_variables(query);
    empty.rows.emplace_back(empty.variables.size());
  }
  return empty;
}

EndpointUse& use_of(std::vector<EndpointUse>& uses, const std::string& endpoint) {
  auto it = std::find_if(uses.begin(), uses.end(),
                         [&](const EndpointUse& use) { return use.endpoint == endpoint; });
  if (it != uses.end()) return *it;
  uses.push_back({endpoint, 0, 0, 0});
  return uses.back();
}

// Counts one source answer into `out`: its requests, what each endpoint and SERVICE block did,
// and the plan.
// The endpoints routing left out of plain patterns, at the head of the plan `explain` shows.
void add_ruled_out(const std::vector<std::string>& ruled_out, Answer& out) {
  if (!out.plan || ruled_out.empty()) return;
  std::vector<engine::ExplainNode> lines;
  for (const std::string& line : ruled_out)
    lines.push_back({"ruled out", line, 0, 0, {}});
  out.plan->children.insert(out.plan->children.begin(), lines.begin(), lines.end());
}

void absorb(const SourceAnswer& got, const std::string& endpoint, Answer& out) {
  if (got.plan && !out.plan) out.plan = got.plan;
  if (!got.federation) {
    ++out.requests;
    out.attempts = got.attempts;
    out.bytes += got.bytes;
    EndpointUse& use = use_of(out.endpoints, endpoint);
    use.requests += static_cast<std::size_t>(std::max(got.attempts, 1));
    use.rows += got.triples.empty() ? got.solutions.rows.size() : got.triples.size();
    return;
  }
  const FederationStats& stats = *got.federation;
  out.requests += stats.requests();
  for (const auto& [iri, endpoint_stats] : stats.endpoints) {
    EndpointUse& use = use_of(out.endpoints, iri);
    use.requests += endpoint_stats.requests;
    use.rows += endpoint_stats.rows;
    out.bytes += endpoint_stats.bytes;
  }
  for (const auto& [id, service] : stats.services) {
    use_of(out.endpoints, service.endpoint).cache_hits += service.cache_hits;
    ServiceOutcome outcome;
    outcome.id = id;
    outcome.endpoint = service.endpoint;
    outcome.requests = service.requests;
    outcome.rows = service.rows;
    outcome.binding_rows = service.binding_rows;
    outcome.cache_hits = service.cache_hits;
    if (service.silent_failure) outcome.silent_failure = service.failure;
    if (service.left_out) outcome.left_out = service.failure;
    out.services.push_back(std::move(outcome));
  }
  add_service_verdicts(stats, out.completeness, out.warnings);
}

}  // namespace

std::string_view route_name(RouteKind kind) {
  switch (kind) {
    case RouteKind::Direct:
      return "direct";
    case RouteKind::InProcess:
      return "in-process";
    case RouteKind::Federated:
      return "federated";
    case RouteKind::External:
      return "external";
  }
  return "direct";
}

struct QueryService::Routed {
  RouteKind kind = RouteKind::Direct;
  sparql::Query inner;  // what the source is asked
  std::unique_ptr<Source> source;
  std::string endpoint;                // direct, in-process and external routes
  bool silent = false;                 // the direct route's SERVICE SILENT
  std::vector<std::string> ruled_out;  // plain patterns: endpoints left out of the catalogue's
  std::vector<std::string> unmatched;  // plain patterns no endpoint can match: warnings
};

QueryService::QueryService(const catalogue::Catalogue& catalogue,
                           std::unique_ptr<RequestSender> sender, QueryServiceSettings settings,
                           std::shared_ptr<const LocalEndpoints> local,
                           EndpointMemory::DescribedVocabularies described, StatisticsOf statistics,
                           Generation descriptions_generation)
    : catalogue_(catalogue),
      sender_(std::move(sender)),
      settings_(std::move(settings)),
      local_(std::move(local)),
      statistics_(std::move(statistics)),
      descriptions_generation_(std::move(descriptions_generation)) {
  if (described) memory_->set_described_vocabularies(std::move(described));
  if (settings_.subquery_cache_bytes > 0) {
    subquery_cache_ = std::make_shared<SubqueryCache>(settings_.subquery_cache_bytes,
                                                      settings_.subquery_cache_ttl);
  }
}

QueryService::~QueryService() = default;

std::string QueryService::known_endpoints_hint() const {
  return federation::known_endpoints_hint(catalogue_);
}

std::unique_ptr<Source> QueryService::endpoint_source(const catalogue::Endpoint& endpoint) const {
  if (!endpoint.answered_locally) {
    return make_remote_source(
        endpoint, *sender_, {settings_.max_response_bytes, settings_.assumed_result_cap, memory_});
  }
  const engine::Store* store = local_ ? local_->find(endpoint) : nullptr;
  if (store == nullptr) {
    throw_error(ErrorKind::Internal, "catalogue entry '" + endpoint.id +
                                         "' should be answered in-process but its dumps "
                                         "were not loaded at start-up");
  }
  // A window asks for at most max_answer_rows; the engine's cap guards queries without one.
  return make_in_process_source(
      endpoint, *store,
      {std::max(settings_.assumed_result_cap, settings_.max_answer_rows), settings_.max_rows_held});
}

std::unique_ptr<Source> QueryService::federated_source(
    std::vector<catalogue::Endpoint> named) const {
  auto sources = std::make_shared<std::map<std::string, std::unique_ptr<Source>>>();
  auto lookup = [this, sources, named = std::move(named)](const std::string& iri) -> Source* {
    auto it = sources->find(iri);
    if (it != sources->end()) return it->second.get();
    const catalogue::Endpoint* found = catalogue_.find_by_iri(iri);
    for (const catalogue::Endpoint& e : named)
      if (found == nullptr && e.endpoint_iri == iri) found = &e;
    if (found == nullptr) return nullptr;
    return sources->emplace(iri, endpoint_source(*found)).first->second.get();
  };
  FederatedSourceSettings settings;
  settings.federation = settings_.federation;
  settings.max_result_rows = std::max(settings_.assumed_result_cap, settings_.max_answer_rows);
  settings.max_rows_in_memory = settings_.max_rows_held;
  settings.statistics = statistics_;
  // SERVICE ?variable unbound ranges over the catalogue, bounded.
  for (const catalogue::Endpoint& entry : catalogue_.endpoints()) {
    if (entry.settings.calls_services.value_or(false))
      settings.endpoints_calling_services.push_back(entry.endpoint_iri);
    if (settings.variable_endpoints.size() < kMaxVariableEndpoints)
      settings.variable_endpoints.push_back(entry.endpoint_iri);
  }
  return make_federated_source(std::move(lookup), settings, memory_, subquery_cache_);
}

QueryService::Routed QueryService::route(const sparql::Query& query) const {
  Route planned =
      plan_route(query, catalogue_,
                 {settings_.allow_any_endpoint, settings_.federation_endpoint, sources_of()});
  Routed routed;
  routed.ruled_out = std::move(planned.ruled_out);
  routed.unmatched = std::move(planned.unmatched);
  routed.inner = std::move(planned.inner);
  routed.endpoint = planned.endpoint.endpoint_iri;
  switch (planned.kind) {
    case Route::Kind::Direct:
      routed.kind = planned.endpoint.answered_locally ? RouteKind::InProcess : RouteKind::Direct;
      routed.source = endpoint_source(planned.endpoint);
      routed.silent = planned.silent;
      break;
    case Route::Kind::External:
      routed.kind = RouteKind::External;
      routed.source = endpoint_source(planned.endpoint);
      break;
    case Route::Kind::Federated:
      routed.kind = RouteKind::Federated;
      routed.source = federated_source(std::move(planned.endpoints));
      break;
  }
  return routed;
}

sparql::SourcesOf QueryService::sources_of() const {
  // Built on the first pattern asked: routing passes this for every query, and most have no
  // plain pattern, so none of them pays for gathering the catalogue's vocabularies.
  return [this, index = std::shared_ptr<const SourceIndex>()](
             const sparql::algebra::TriplePattern& pattern,
             const std::vector<std::string>& endpoints) mutable {
    if (!index) index = source_index();
    return index->sources(pattern, endpoints);
  };
}

std::shared_ptr<const SourceIndex> QueryService::source_index() const {
  // Reused while neither the descriptions nor the learned vocabularies changed here, for up to
  // a second (what another instance writes to a shared cache folder shows within it).
  const auto now = std::chrono::steady_clock::now();
  const std::pair<std::uint64_t, std::uint64_t> generations{
      descriptions_generation_ ? descriptions_generation_() : 0, memory_->vocabulary_generation()};
  if (descriptions_generation_) {
    std::lock_guard lock(index_mutex_);
    if (index_ && index_generations_ == generations && now - index_built_ < std::chrono::seconds(1))
      return index_;
  }
  std::vector<SourceIndex::Entry> entries;
  entries.reserve(catalogue_.endpoints().size());
  for (const catalogue::Endpoint& endpoint : catalogue_.endpoints())
    entries.push_back({endpoint.endpoint_iri,
                       memory_->vocabulary(endpoint.endpoint_iri).value_or(nullptr),
                       uri_space_of(endpoint)});
  std::shared_ptr<const SourceIndex> index;
  {
    std::lock_guard lock(index_mutex_);
    if (!index_ || !index_->built_from(entries))
      index_ = std::make_shared<const SourceIndex>(std::move(entries));
    index_generations_ = generations;
    index_built_ = now;
    index = index_;
  }
  return index;
}

std::shared_ptr<const UriSpace> QueryService::uri_space_of(
    const catalogue::Endpoint& endpoint) const {
  std::shared_ptr<const void_::Description> description;
  const bool declared_here = !endpoint.uri_spaces.empty() || !endpoint.uri_patterns.empty();
  if (!declared_here && statistics_) description = statistics_(endpoint.endpoint_iri);
  std::lock_guard lock(index_mutex_);
  auto [at, added] = uri_spaces_.try_emplace(endpoint.endpoint_iri);
  DeclaredSpace& known = at->second;
  if (!added && known.description == description) return known.space;
  known.description = description;
  std::vector<std::string> invalid;
  if (declared_here) {
    known.space = UriSpace::make(endpoint.uri_spaces, endpoint.uri_patterns, &invalid);
  } else if (description) {
    known.space = UriSpace::make(description->uri_spaces, description->uri_patterns, &invalid);
  } else {
    known.space = nullptr;
  }
  for (const std::string& pattern : invalid)
    spdlog::warn(
        "{}: void:uriRegexPattern \"{}\" is not a valid regular expression; its URI "
        "space rules nothing out",
        endpoint.id, pattern);
  return known.space;
}

RouteSummary QueryService::route_of(const sparql::Query& query) const {
  Routed routed = route(query);
  return {routed.kind, routed.endpoint};
}

Answer QueryService::answer(const sparql::Query& query, const Window& window,
                            const RequestContext& context) const {
  Routed routed = route(query);
  return run(routed, window, context);
}

Answer QueryService::answer_at(const catalogue::Endpoint& endpoint, const sparql::Query& query,
                               const RequestContext& context) const {
  Routed routed;
  routed.kind = endpoint.answered_locally ? RouteKind::InProcess : RouteKind::Direct;
  routed.inner = query;
  routed.source = endpoint_source(endpoint);
  routed.endpoint = endpoint.endpoint_iri;
  return run(routed, Window{}, context);
}

Answer QueryService::run(Routed& routed, const Window& window,
                         const RequestContext& context) const {
  const sparql::Query& inner = routed.inner;
  Source& source = *routed.source;
  Answer out;
  out.route = routed.kind;
  out.endpoint = routed.endpoint;
  out.form = inner.form();
  out.stable_order = source.stable_order();
  out.warnings = routed.unmatched;
  const bool graph = sparql::is_graph_form(inner.form());
  try {
    if (graph || inner.form() == sparql::QueryForm::Ask) {
      SourceAnswer got = source.run(inner, context);
      absorb(got, routed.endpoint, out);
      add_ruled_out(routed.ruled_out, out);
      const std::size_t received = graph ? got.triples.size() : 0;
      Completeness verdict =
          judge_answer(got, received, {}, source, true, settings_.max_response_bytes);
      verdict.shortfalls.insert(verdict.shortfalls.end(), out.completeness.shortfalls.begin(),
                                out.completeness.shortfalls.end());
      out.completeness = std::move(verdict);
      out.solutions = std::move(got.solutions);
      out.triples = std::move(got.triples);
      return out;
    }
    // SELECT: the window lies inside the query's own OFFSET and LIMIT.
    const sparql::SliceBounds own = sparql::outer_slice(inner);
    std::optional<std::uint64_t> own_rows;
    if (own.limit) own_rows = *own.limit > window.skip ? *own.limit - window.skip : 0;
    const RowRequest request =
        plan_row_request(window.rows, own_rows, window.rows ? source.row_cap().rows : 0);
    const std::uint64_t offset = own.offset.value_or(0) + window.skip;
    const bool total = window.order == Window::Order::Total ||
                       (window.order == Window::Order::Stable && !source.stable_order());
    const bool rewrite = total || offset != own.offset.value_or(0) || request.limit != own.limit;
    const sparql::Query sent =
        rewrite
            ? sparql::sliced_query(inner, total ? sparql::with_total_order(inner) : inner.syntax(),
                                   offset > 0 ? std::optional<std::uint64_t>(offset) : std::nullopt,
                                   request.limit)
            : inner;
    SourceAnswer got = source.run(sent, context);
    absorb(got, routed.endpoint, out);
    add_ruled_out(routed.ruled_out, out);
    Completeness verdict = judge_answer(got, got.solutions.rows.size(), request, source, false,
                                        settings_.max_response_bytes);
    verdict.shortfalls.insert(verdict.shortfalls.end(), out.completeness.shortfalls.begin(),
                              out.completeness.shortfalls.end());
    out.completeness = std::move(verdict);
    out.solutions = std::move(got.solutions);
    out.ordered = total;
    return out;
  } catch (const Exception& exception) {
    if (exception.error().kind == ErrorKind::Cancelled || !routed.silent) throw;
    // SERVICE SILENT around the whole query: a failing endpoint contributes the single empty
    // solution (SPARQL 1.1 Federated Query, section 4).
    out.warnings.push_back(
        "SERVICE SILENT: the endpoint failed and its failure was ignored as the query asked: " +
        exception.error().to_text());
    out.completeness = {};
    if (!graph) out.solutions = silent_solutions(inner);
    return out;
  }
}

CountAnswer QueryService::count(const sparql::Query& query, const RequestContext& context) const {
  if (query.form() != sparql::QueryForm::Select) {
    throw_error(ErrorKind::InvalidArgument, "only a SELECT query's rows can be counted");
  }
  Routed routed = route(query);
  std::string var;
  const sparql::Query counting = sparql::count_query(routed.inner, var);
  SourceAnswer got = routed.source->run(counting, context);
  CountAnswer out;
  out.requests = got.federation ? got.federation->requests() : 1;
  const auto& vars = got.solutions.variables;
  auto column = std::find(vars.begin(), vars.end(), var);
  if (column == vars.end() || got.solutions.rows.size() != 1) {
    throw_error(ErrorKind::Remote, "the COUNT query's answer had no ?" + var + " row");
  }
  const auto& value = got.solutions.rows[0][static_cast<std::size_t>(column - vars.begin())];
  if (!value || !value->is_literal() ||
      std::from_chars(value->value.data(), value->value.data() + value->value.size(), out.rows)
              .ec != std::errc()) {
    throw_error(ErrorKind::Remote, "the COUNT query's answer was not a number");
  }
  return out;
}

}  // namespace sparqlmcp::federation
