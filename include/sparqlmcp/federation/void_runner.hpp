#pragma once
// The void module's QueryRunner for a catalogue endpoint: VoID's statistics and discovery
// queries go through the QueryService like every other face's, so they get the same sources
// (remote with its settings and learned caps, or the embedded engine over the entry's dumps),
// headers, retries and the one completeness verdict.

#include <functional>
#include <memory>
#include <string>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/void/query_runner.hpp"

namespace sparqlmcp::federation {

// The runner keeps `service`. A non-empty `user_agent` is sent as the User-Agent of
// the runner's requests to a remote endpoint, so that its operators can tell statistics
// queries from an agent's. `on_request` (may be empty) is told of each remote request when it
// ends: the trace's lines of origin "void".
void_::QueryRunner make_void_runner(std::shared_ptr<const QueryService> service,
                                    const catalogue::Endpoint& endpoint,
                                    const std::string& user_agent = {},
                                    std::function<void(const RequestRecord&)> on_request = {});

}  // namespace sparqlmcp::federation
