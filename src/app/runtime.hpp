#pragma once
// What `serve` and `query` both need: the catalogue, the stores of the entries answered
// in-process, the HTTP client and the query settings, built once from the command line.

#include <memory>

#include "sparqlmcp/app/command_line.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/tools/local_endpoints.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"

namespace sparqlmcp::app {

struct Runtime {
  catalogue::Catalogue catalogue;
  std::shared_ptr<const tools::LocalEndpoints> local;
  std::unique_ptr<http::Client> http_client;
  std::unique_ptr<http::SparqlProtocolClient> sparql_client;
  tools::QuerySettings settings;
};

// Throws Exception for start-up errors (malformed catalogue, unloadable dump, ...).
std::unique_ptr<Runtime> make_runtime(const CommandLine& command_line);

}  // namespace sparqlmcp::app
