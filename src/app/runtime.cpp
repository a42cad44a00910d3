#include "runtime.hpp"
#include "sparqlmcp/app/version.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>

#include <spdlog/spdlog.h>

#include "sparqlmcp/federation/described_vocabulary.hpp"
#include "sparqlmcp/federation/void_runner.hpp"
#include "sparqlmcp/tools/request_trace.hpp"

#ifndef SPARQLMCP_DEFAULT_CATALOGUE
#define SPARQLMCP_DEFAULT_CATALOGUE "catalogue"
#endif

namespace sparqlmcp::app {

catalogue::Catalogue load_configured_catalogue(const CommandLine& command_line) {
  std::vector<std::filesystem::path> paths = command_line.catalogues;
  if (paths.empty()) paths.emplace_back(SPARQLMCP_DEFAULT_CATALOGUE);
  catalogue::Catalogue catalogue = catalogue::load_catalogue(paths);
  for (const std::string& iri : command_line.endpoints) {
    if (catalogue.find_by_iri(iri) != nullptr) continue;
    catalogue.add(catalogue::make_adhoc_endpoint(iri));
  }
  return catalogue;
}

namespace {

tools::QuerySettings query_settings(const CommandLine& command_line) {
  tools::QuerySettings settings;
  if (command_line.timeout) settings.default_timeout = *command_line.timeout;
  settings.max_timeout = std::max(settings.max_timeout, settings.default_timeout);
  if (command_line.max_rows) settings.default_max_rows = *command_line.max_rows;
  settings.max_rows_limit = std::max(settings.max_rows_limit, settings.default_max_rows);
  return settings;
}

federation::QueryServiceSettings service_settings(const CommandLine& command_line,
                                                  const tools::QuerySettings& output) {
  federation::QueryServiceSettings settings;
  if (command_line.max_response_bytes) {
    settings.max_response_bytes = *command_line.max_response_bytes;
  }
  // The largest page a caller may ask for, plus the row that tells whether more follow.
  settings.max_answer_rows = output.max_rows_limit + 1;
  settings.allow_any_endpoint = command_line.allow_any_endpoint;
  settings.federation_endpoint = command_line.federation_endpoint;
  if (command_line.no_subquery_cache) settings.subquery_cache_bytes = 0;
  return settings;
}

}  // namespace

std::filesystem::path default_void_cache() {
  // A user's cache, as the XDG Base Directory specification places it: never the folder the
  // binary or the source checkout lives in, which may be read-only or shared.
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && xdg[0] == '/') return std::filesystem::path(xdg) / "sparql-mcp" / "void";
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0')
    return std::filesystem::path(home) / ".cache" / "sparql-mcp" / "void";
  return std::filesystem::temp_directory_path() / "sparql-mcp-void";
}

std::unique_ptr<Runtime> make_runtime(const CommandLine& command_line) {
  auto runtime = std::make_unique<Runtime>();
  runtime->catalogue = load_configured_catalogue(command_line);
  spdlog::info("catalogue: {} endpoints", runtime->catalogue.endpoints().size());
  runtime->local = federation::LocalEndpoints::load(
      runtime->catalogue, [](const std::string& line) { spdlog::info("{}", line); });
  http::ClientOptions client_options;
  client_options.user_agent = std::string("sparql-mcp/") + version() +
                              " (MCP server for SPARQL; +https://github.com/sparql-mcp)";
  runtime->http_client = std::make_unique<http::Client>(client_options);
  runtime->sparql_client = std::make_unique<http::SparqlProtocolClient>(*runtime->http_client);
  runtime->settings = query_settings(command_line);
  runtime->service_settings = service_settings(command_line, runtime->settings);
  void_::CacheOptions cache_options;
  cache_options.folder = command_line.void_cache.value_or(default_void_cache());
  if (command_line.void_ttl_hours)
    cache_options.time_to_live = std::chrono::hours(*command_line.void_ttl_hours);
  runtime->void_cache = std::make_unique<void_::VoidCache>(cache_options);
  return runtime;
}

void preload_void_cache(Runtime& runtime) {
  std::vector<Error> cache_errors;
  const std::size_t cached = runtime.void_cache->preload(&cache_errors);
  for (const Error& error : cache_errors)
    spdlog::warn("VoID cache: {}", error.to_text());
  spdlog::info("VoID cache {}: {} descriptions", runtime.void_cache->options().folder.string(),
               cached);
}

std::shared_ptr<const federation::QueryService> make_query_service(Runtime& runtime) {
  // The vocabulary of a cached description, converted once per description.
  struct Described {
    std::mutex mutex;
    std::map<std::string, std::pair<std::shared_ptr<const void_::Description>,
                                    std::shared_ptr<const federation::Vocabulary>>>
        by_id;
  };
  auto described = std::make_shared<Described>();
  void_::VoidCache* cache = runtime.void_cache.get();
  const catalogue::Catalogue* catalogue = &runtime.catalogue;
  auto vocabularies =
      [described, cache, catalogue](
          const std::string& endpoint_iri) -> std::shared_ptr<const federation::Vocabulary> {
    const catalogue::Endpoint* endpoint = catalogue->find_by_iri(endpoint_iri);
    if (endpoint == nullptr) return nullptr;
    void_::CacheLookup lookup = cache->lookup(endpoint->id);
    if (!lookup.hit) return nullptr;
    std::lock_guard lock(described->mutex);
    auto& [description, vocabulary] = described->by_id[endpoint->id];
    if (description != lookup.hit->description) {
      description = lookup.hit->description;
      vocabulary = federation::described_vocabulary(*description);
    }
    return vocabulary;
  };
  // Any cached description, whole or not, gives estimates for join order.
  auto statistics =
      [cache,
       catalogue](const std::string& endpoint_iri) -> std::shared_ptr<const void_::Description> {
    const catalogue::Endpoint* endpoint = catalogue->find_by_iri(endpoint_iri);
    if (endpoint == nullptr) return nullptr;
    void_::CacheLookup lookup = cache->lookup(endpoint->id);
    return lookup.hit ? lookup.hit->description : nullptr;
  };
  return std::make_shared<const federation::QueryService>(
      runtime.catalogue, federation::make_http_sender(*runtime.sparql_client),
      runtime.service_settings, runtime.local, std::move(vocabularies), std::move(statistics),
      [cache] { return cache->generation(); });
}

std::unique_ptr<void_::VoidService> make_void_service(
    Runtime& runtime, const std::shared_ptr<const federation::QueryService>& service,
    std::shared_ptr<tools::TraceLog> trace) {
  void_::ServiceSettings settings;
  // Statistics queries say what they are, so an endpoint's operators can tell them apart.
  settings.remote.user_agent = std::string("sparql-mcp/") + version() +
                               " (VoID statistics for an MCP server; +https://github.com/"
                               "sparql-mcp)";
  settings.in_process = settings.remote;
  settings.in_process.origin = void_::Provenance::Origin::InProcess;
  settings.in_process.concurrency = 2;
  settings.in_process.query_timeout = std::chrono::minutes(10);
  settings.in_process.budget = std::chrono::milliseconds(0);
  settings.in_process.class_budget = 1000;
  settings.in_process.property_budget = 2000;
  settings.remote.result_cap = runtime.service_settings.assumed_result_cap;
  settings.in_process.result_cap = runtime.service_settings.assumed_result_cap;
  settings.discovery.on_fetch = tools::document_fetch_tracer(trace);
  auto runners = [service, user_agent = settings.remote.user_agent,
                  on_request = tools::request_tracer(trace, {{"origin", "void"}})](
                     const catalogue::Endpoint& endpoint) {
    return federation::make_void_runner(service, endpoint, user_agent, on_request);
  };
  return std::make_unique<void_::VoidService>(*runtime.void_cache, *runtime.http_client,
                                              std::move(runners), std::move(settings));
}

}  // namespace sparqlmcp::app

namespace sparqlmcp::app {

tools::QueryChecks make_query_checks(Runtime& runtime, bool strict,
                                     std::shared_ptr<assist::SeenTerms> seen,
                                     assist::SearchService* search) {
  assist::ValidatorSources sources;
  sources.catalogue = &runtime.catalogue;
  void_::VoidCache* cache = runtime.void_cache.get();
  // A stale description still tells which terms an endpoint has; validation sends nothing.
  sources.description =
      [cache](const catalogue::Endpoint& endpoint) -> std::shared_ptr<const void_::Description> {
    if (!cache) return nullptr;
    void_::CacheLookup found = cache->lookup(endpoint.id);
    return found.hit ? found.hit->description : nullptr;
  };
  sources.seen = seen;
  if (search) {
    sources.example_prefixes = [search](const catalogue::Endpoint& endpoint) {
      return search->declared_prefixes(endpoint);
    };
    sources.labels = [search](const std::vector<std::string>& iris) {
      return search->index().labels_of(iris);
    };
  }
  tools::QueryChecks checks;
  checks.validator = std::make_shared<const assist::QueryValidator>(std::move(sources));
  checks.strict = strict;
  checks.seen = std::move(seen);
  return checks;
}

}  // namespace sparqlmcp::app
