#pragma once
// What `serve`, `query` and `void` need: the catalogue, the stores of the entries answered
// in-process, the HTTP client and the settings of the query service and of the MCP output,
// built once from the command line.

#include <memory>

#include "sparqlmcp/app/command_line.hpp"
#include "sparqlmcp/assist/search_service.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/local_endpoints.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/tools/query_checks.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"
#include "sparqlmcp/tools/trace_log.hpp"
#include "sparqlmcp/void/cache.hpp"
#include "sparqlmcp/void/service.hpp"

namespace sparqlmcp::app {

struct Runtime {
  catalogue::Catalogue catalogue;
  std::shared_ptr<const federation::LocalEndpoints> local;
  std::unique_ptr<http::Client> http_client;
  std::unique_ptr<http::SparqlProtocolClient> sparql_client;
  federation::QueryServiceSettings service_settings;  // what the sources need
  tools::QuerySettings settings;                      // what the MCP output needs
  // The VoID cache (--void-cache); it parses a file at its first lookup.
  std::unique_ptr<void_::VoidCache> void_cache;
};

// The catalogue the command line names (--catalogue, default catalogue/, plus --endpoint
// entries), without loading dumps. Throws Exception for a malformed catalogue.
catalogue::Catalogue load_configured_catalogue(const CommandLine& command_line);

// The VoID cache folder without --void-cache: $XDG_CACHE_HOME/sparql-mcp/void, else
// ~/.cache/sparql-mcp/void (the temporary folder when there is no home).
std::filesystem::path default_void_cache();

// Throws Exception for start-up errors (malformed catalogue, unloadable dump, ...).
std::unique_ptr<Runtime> make_runtime(const CommandLine& command_line);

// Parses every file of the VoID cache, so that a server's first lookup is a memory hit too;
// files that do not parse are moved aside and logged. Only the server needs it: a command that
// looks up one or two entries parses them as it goes.
void preload_void_cache(Runtime& runtime);

// The checks before a query is sent (docs/validation.md), over the runtime's catalogue and its
// cached VoID descriptions; IRIs of answers and search results are noted in `seen`.
// `search` (may be null) gives the prefixes an endpoint's examples declare and the labels of
// terms, from the search index.
tools::QueryChecks make_query_checks(Runtime& runtime, bool strict,
                                     std::shared_ptr<assist::SeenTerms> seen,
                                     assist::SearchService* search = nullptr);

// The one front door of every query (run_sparql_query, submit, /sparql, VoID computations),
// over the HTTP client, with source selection reading the complete descriptions of the VoID
// cache.
std::shared_ptr<const federation::QueryService> make_query_service(Runtime& runtime);

// Describes endpoints for get_void_descriptions and `sparql-mcp void`: the cache, published
// VoID, computations through `service`. With a `trace`, their requests are written to it
// (origin "void").
std::unique_ptr<void_::VoidService> make_void_service(
    Runtime& runtime, const std::shared_ptr<const federation::QueryService>& service,
    std::shared_ptr<tools::TraceLog> trace = nullptr);

}  // namespace sparqlmcp::app
