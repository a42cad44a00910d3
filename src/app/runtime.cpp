#include "runtime.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#ifndef SPARQLMCP_VERSION
#define SPARQLMCP_VERSION "0.0.0"
#endif
#ifndef SPARQLMCP_DEFAULT_CATALOGUE
#define SPARQLMCP_DEFAULT_CATALOGUE "catalogue"
#endif

namespace sparqlmcp::app {
namespace {

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

tools::QuerySettings query_settings(const CommandLine& command_line) {
  tools::QuerySettings settings;
  if (command_line.timeout) settings.default_timeout = *command_line.timeout;
  settings.max_timeout = std::max(settings.max_timeout, settings.default_timeout);
  if (command_line.max_rows) settings.default_max_rows = *command_line.max_rows;
  settings.max_rows_limit = std::max(settings.max_rows_limit, settings.default_max_rows);
  if (command_line.max_response_bytes) {
    settings.max_response_bytes = *command_line.max_response_bytes;
  }
  settings.allow_any_endpoint = command_line.allow_any_endpoint;
  settings.federation_endpoint = command_line.federation_endpoint;
  if (command_line.no_subquery_cache) settings.subquery_cache_bytes = 0;
  return settings;
}

}  // namespace

std::unique_ptr<Runtime> make_runtime(const CommandLine& command_line) {
  auto runtime = std::make_unique<Runtime>();
  runtime->catalogue = load_configured_catalogue(command_line);
  spdlog::info("catalogue: {} endpoints", runtime->catalogue.endpoints().size());
  runtime->local = tools::LocalEndpoints::load(
      runtime->catalogue, [](const std::string& line) { spdlog::info("{}", line); });
  http::ClientOptions client_options;
  client_options.user_agent = std::string("sparql-mcp/") + SPARQLMCP_VERSION +
                              " (MCP server for SPARQL; +https://github.com/sparql-mcp)";
  runtime->http_client = std::make_unique<http::Client>(client_options);
  runtime->sparql_client = std::make_unique<http::SparqlProtocolClient>(*runtime->http_client);
  runtime->settings = query_settings(command_line);
  return runtime;
}

}  // namespace sparqlmcp::app
