#pragma once
// get_void_descriptions: what classes and properties endpoints hold, before an agent writes a
// query. For each endpoint asked: the cached description, else the VoID it publishes, else one
// computed with aggregate queries (void/service.hpp); answered as a summary that fits an agent's
// context (void/summary.hpp), as statistics (`full`), or as the VoID itself (`turtle`). Each
// answer says its status (cached, retrieved, computed, stale, partial, missing) and source.
// A computation longer than the call's wait is answered with what it has so far and goes on in
// the background for the next call.

#include <chrono>
#include <cstddef>
#include <memory>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/void/service.hpp"

namespace sparqlmcp::tools {

struct VoidToolSettings {
  // How long a call waits for a computation by default: under the 60 s after which common MCP
  // clients give up on a call, like run_sparql_query's timeout.
  std::chrono::milliseconds default_wait{25000};
  std::chrono::milliseconds max_wait{600000};
  std::size_t max_endpoints = 20;  // endpoints per call
};

// `catalogue` and `service` must outlive the tool.
std::unique_ptr<mcp::Tool> make_get_void_descriptions_tool(const catalogue::Catalogue& catalogue,
                                                           void_::VoidService& service,
                                                           VoidToolSettings settings = {});

}  // namespace sparqlmcp::tools
