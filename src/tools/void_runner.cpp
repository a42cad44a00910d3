#include "sparqlmcp/tools/void_runner.hpp"

#include <memory>

#include "sparqlmcp/sparql/parser.hpp"

namespace sparqlmcp::tools {

void_::QueryRunner make_void_runner(
    const QuerySources& sources, const catalogue::Endpoint& endpoint, const std::string& user_agent,
    std::function<void(const federation::RequestRecord&)> on_request) {
  catalogue::Endpoint identified = endpoint;
  if (!user_agent.empty() && !endpoint.answered_locally)
    identified.settings.headers.emplace_back("User-Agent", user_agent);
  std::shared_ptr<federation::Source> source = sources.endpoint(identified);
  return
      [source, on_request = std::move(on_request)](
          const std::string& text, std::chrono::milliseconds timeout, CancellationTokenPtr cancel) {
        const sparql::Query query = sparql::parse_query(text);
        federation::RequestContext context;
        context.deadline = federation::Clock::now() + timeout;
        context.cancellation = std::move(cancel);
        context.on_request = on_request;
        federation::SourceAnswer answer = source->run(query, context);
        const federation::RowCap cap = source->row_cap();
        void_::RunnerAnswer out;
        // Cut, or possibly: at the byte limit, at the source's own cap, at a cap the endpoint
        // announced, or with exactly as many rows as a cap the endpoint is known or assumed to
        // have.
        out.possibly_cut = answer.body_truncated || answer.stopped_at_cap ||
                           answer.announced_cap.has_value() ||
                           (cap.rows > 0 && answer.solutions.rows.size() >= cap.rows);
        out.bytes = answer.bytes;
        out.results = std::move(answer.solutions);
        return out;
      };
}

}  // namespace sparqlmcp::tools
