#include "sparqlmcp/federation/void_runner.hpp"

#include "sparqlmcp/sparql/parser.hpp"

namespace sparqlmcp::federation {

void_::QueryRunner make_void_runner(std::shared_ptr<const QueryService> service,
                                    const catalogue::Endpoint& endpoint,
                                    const std::string& user_agent,
                                    std::function<void(const RequestRecord&)> on_request) {
  catalogue::Endpoint identified = endpoint;
  if (!user_agent.empty() && !endpoint.answered_locally)
    identified.settings.headers.emplace_back("User-Agent", user_agent);
  return
      [service = std::move(service), identified, on_request = std::move(on_request)](
          const std::string& text, std::chrono::milliseconds timeout, CancellationTokenPtr cancel) {
        const sparql::Query query = sparql::parse_query(text);
        RequestContext context;
        context.deadline = Clock::now() + timeout;
        context.cancellation = std::move(cancel);
        context.on_request = on_request;
        Answer answer = service->answer_at(identified, query, context);
        void_::RunnerAnswer out;
        out.possibly_cut = answer.completeness.possibly_incomplete();
        out.bytes = answer.bytes;
        out.results = std::move(answer.solutions);
        return out;
      };
}

}  // namespace sparqlmcp::federation
