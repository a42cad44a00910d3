#include "request_trace.hpp"

namespace sparqlmcp::tools {

nlohmann::json request_event(const federation::RequestRecord& record) {
  nlohmann::json event = {{"event", "request"},
                          {"endpoint", record.endpoint},
                          {"query", record.query},
                          {"status", record.status},
                          {"bytes", record.bytes},
                          {"rows", nullptr},
                          {"elapsed_ms", record.elapsed.count()},
                          {"attempts", record.attempts},
                          {"error", nullptr}};
  if (record.rows) event["rows"] = *record.rows;
  if (!record.error.empty()) event["error"] = record.error;
  return event;
}

std::function<void(const federation::RequestRecord&)> request_tracer(
    const mcp::ToolContext& context) {
  if (!context.trace) return {};
  return [trace = context.trace](const federation::RequestRecord& record) {
    trace(request_event(record));
  };
}

}  // namespace sparqlmcp::tools
