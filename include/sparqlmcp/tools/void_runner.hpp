#pragma once
// The void module's QueryRunner for a catalogue endpoint: its statistics and discovery queries
// go through the same source as run_sparql_query's (remote with its settings and learned caps,
// or the embedded engine over the entry's dumps), so they get the same headers, retries and
// result-cap detection.

#include <functional>
#include <string>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/tools/query_sources.hpp"
#include "sparqlmcp/void/query_runner.hpp"

namespace sparqlmcp::tools {

// `sources` must outlive the runner. A non-empty `user_agent` is sent as the User-Agent of
// the runner's requests to a remote endpoint, so that its operators can tell statistics
// queries from an agent's. `on_request` (may be empty) is told of each remote request when it
// ends: the trace's lines of origin "void".
void_::QueryRunner make_void_runner(
    const QuerySources& sources, const catalogue::Endpoint& endpoint,
    const std::string& user_agent = {},
    std::function<void(const federation::RequestRecord&)> on_request = {});

}  // namespace sparqlmcp::tools
