#include "sparqlmcp/tools/sparql_query_trace.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <set>
#include <string>

#include "sparqlmcp/sparql/serializer.hpp"
#include "sparqlmcp/tools/request_trace.hpp"
#include "sparqlmcp/util/random.hpp"

namespace sparqlmcp::tools {

QueryAnswerer trace_sparql_queries(QueryAnswerer answer, std::shared_ptr<TraceLog> trace) {
  if (!trace) return answer;
  auto traced = std::make_shared<std::atomic<std::size_t>>(0);
  const std::string prefix = util::random_hex(3) + "-sparql-";
  return [answer = std::move(answer), trace = std::move(trace), traced, prefix](
             const sparql::Query& query, const federation::Window& window,
             const federation::RequestContext& context) {
    const std::string call = prefix + std::to_string(++*traced);
    struct Contacted {
      std::mutex mutex;
      std::set<std::string> endpoints;
      std::size_t failed = 0;
    };
    auto contacted = std::make_shared<Contacted>();
    auto write_request = request_tracer(trace, {{"call", call}, {"origin", "sparql-endpoint"}});
    federation::RequestContext observed = context;
    observed.on_request = [contacted, write_request,
                           earlier = context.on_request](const federation::RequestRecord& record) {
      {
        std::lock_guard lock(contacted->mutex);
        contacted->endpoints.insert(record.endpoint);
        if (!record.error.empty()) ++contacted->failed;
      }
      write_request(record);
      if (earlier) earlier(record);
    };
    const auto started = std::chrono::steady_clock::now();
    auto write_query = [&](const federation::Answer* answered, const std::string& error) {
      const std::chrono::duration<double, std::milli> took =
          std::chrono::steady_clock::now() - started;
      nlohmann::json line = {
          {"event", "sparql_query"},
          {"call", call},
          {"origin", "sparql-endpoint"},
          {"query", sparql::serialize_query(query)},
          {"elapsed_ms", std::round(took.count() * 1000.0) / 1000.0},
          {"route", answered ? nlohmann::json(federation::route_name(answered->route)) : nullptr},
          {"requests", answered ? answered->requests : 0},
          {"rows", nullptr},
          {"is_error", answered == nullptr},
          {"error", error.empty() ? nlohmann::json(nullptr) : nlohmann::json(error)}};
      if (answered) {
        line["rows"] = sparql::is_graph_form(answered->form) ? answered->triples.size()
                                                             : answered->solutions.rows.size();
      }
      std::lock_guard lock(contacted->mutex);
      line["endpoints"] = contacted->endpoints;
      line["failed_requests"] = contacted->failed;
      trace->write(std::move(line));
    };
    try {
      federation::Answer answered = answer(query, window, observed);
      write_query(&answered, {});
      return answered;
    } catch (const Exception& exception) {
      write_query(nullptr, exception.error().to_text());
      throw;
    }
  };
}

}  // namespace sparqlmcp::tools
