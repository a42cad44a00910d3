#include "sparqlmcp/app/serve.hpp"

#include <iostream>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "catalogue_resources.hpp"
#include "runtime.hpp"
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

namespace sparqlmcp::app {

int run_serve(const CommandLine& command_line) {
  std::unique_ptr<Runtime> runtime;
  try {
    runtime = make_runtime(command_line);
  } catch (const Exception& exception) {
    spdlog::error("cannot start: {}", exception.what());
    return 1;
  }

  std::vector<std::unique_ptr<mcp::Tool>> tool_list;
  tool_list.push_back(tools::make_list_endpoints_tool(runtime->catalogue));
  tool_list.push_back(tools::make_run_sparql_query_tool(runtime->catalogue, *runtime->sparql_client,
                                                        runtime->settings, runtime->local));

  mcp::ServerOptions options;
  options.info.name = "sparql-mcp";
  options.info.title = "SPARQL MCP server";
  options.info.version = SPARQLMCP_VERSION;
  options.info.instructions = server_instructions();
  if (command_line.workers) options.worker_threads = *command_line.workers;
  mcp::Server server(options, std::move(tool_list),
                     std::make_shared<const CatalogueResources>(runtime->catalogue));
  int status = transport::run_stdio(server, std::cin, std::cout);
  spdlog::info("end of input: shutting down");
  return status;
}

}  // namespace sparqlmcp::app
