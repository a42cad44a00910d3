#include "sparqlmcp/app/serve.hpp"

#include <iostream>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "catalogue_resources.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/mcp/server.hpp"
#include "sparqlmcp/tools/list_endpoints.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"
#include "sparqlmcp/transport/stdio.hpp"
#include "sparqlmcp/util/error.hpp"

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
  return settings;
}

}  // namespace

int run_serve(const CommandLine& command_line) {
  catalogue::Catalogue catalogue;
  try {
    catalogue = load_configured_catalogue(command_line);
  } catch (const Exception& exception) {
    spdlog::error("cannot start: {}", exception.what());
    return 1;
  }
  spdlog::info("catalogue: {} endpoints", catalogue.endpoints().size());

  http::ClientOptions client_options;
  client_options.user_agent = std::string("sparql-mcp/") + SPARQLMCP_VERSION +
                              " (MCP server for SPARQL; +https://github.com/sparql-mcp)";
  http::Client http_client(client_options);
  http::SparqlProtocolClient sparql_client(http_client);

  std::vector<std::unique_ptr<tools::Tool>> tool_list;
  tool_list.push_back(tools::make_list_endpoints_tool(catalogue));
  tool_list.push_back(
      tools::make_run_sparql_query_tool(catalogue, sparql_client, query_settings(command_line)));

  mcp::ServerOptions options;
  options.info.name = "sparql-mcp";
  options.info.title = "SPARQL MCP server";
  options.info.version = SPARQLMCP_VERSION;
  options.info.instructions = server_instructions();
  if (command_line.workers) options.worker_threads = *command_line.workers;
  mcp::Server server(options, std::move(tool_list),
                     std::make_shared<const CatalogueResources>(catalogue));
  int status = transport::run_stdio(server, std::cin, std::cout);
  spdlog::info("end of input: shutting down");
  return status;
}

}  // namespace sparqlmcp::app
