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
#include <stop_token>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/void/service.hpp"
#include "sparqlmcp/void/summary_memo.hpp"
#include "sparqlmcp/void/turtle_memo.hpp"

namespace sparqlmcp::tools {

struct VoidToolSettings {
  // How long a call waits for a computation by default: under the 60 s after which common MCP
  // clients give up on a call, like run_sparql_query's timeout.
  std::chrono::milliseconds default_wait{25000};
  std::chrono::milliseconds max_wait{600000};
  std::size_t max_endpoints = 20;  // endpoints per call
};

// What the tool keeps between calls: the summaries and the Turtle it rendered for descriptions
// still in use, so that a cache hit costs a copy instead of a rendering.
struct VoidAnswerMemo {
  void_::SummaryMemo summaries;
  void_::TurtleMemo turtles;
};

// `catalogue` and `service` must outlive the tool. `memo`: shared with prerender_void_answers
// (a new one when null).
std::unique_ptr<mcp::Tool> make_get_void_descriptions_tool(
    const catalogue::Catalogue& catalogue, void_::VoidService& service,
    VoidToolSettings settings = {}, std::shared_ptr<VoidAnswerMemo> memo = nullptr);

// Renders into `memo`, for every catalogue endpoint whose cache entry is fresh, what a call
// naming that one endpoint with no other argument answers, then its Turtle: the server runs it
// at start, so that an agent's first call in a new process costs what later calls cost
// (docs/void.md "Cache"). Sends no request. Stops between two renderings once `stop` is
// requested or `until` is reached, and returns how many renderings it made or found in `memo`
// (two per endpoint when it finished).
std::size_t prerender_void_answers(
    const catalogue::Catalogue& catalogue, void_::VoidService& service, VoidAnswerMemo& memo,
    std::stop_token stop = {},
    std::chrono::steady_clock::time_point until = std::chrono::steady_clock::time_point::max());

}  // namespace sparqlmcp::tools
