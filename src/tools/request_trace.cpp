#include "sparqlmcp/tools/request_trace.hpp"

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

std::function<void(nlohmann::json)> callless_tracer(std::shared_ptr<TraceLog> trace,
                                                    nlohmann::json fields) {
  if (!trace) return {};
  nlohmann::json who = {
      {"call", nullptr}, {"session", nullptr}, {"client", nullptr}, {"tool", nullptr}};
  who.update(fields);
  return [trace = std::move(trace), who = std::move(who)](nlohmann::json event) {
    event.update(who);
    trace->write(std::move(event));
  };
}

std::function<void(const federation::RequestRecord&)> request_tracer(
    std::shared_ptr<TraceLog> trace, nlohmann::json fields) {
  auto write = callless_tracer(std::move(trace), std::move(fields));
  if (!write) return {};
  return [write = std::move(write)](const federation::RequestRecord& record) {
    write(request_event(record));
  };
}

std::function<void(const void_::DocumentFetch&)> document_fetch_tracer(
    std::shared_ptr<TraceLog> trace) {
  auto write = callless_tracer(std::move(trace), {{"origin", "void"}});
  if (!write) return {};
  return [write = std::move(write)](const void_::DocumentFetch& fetch) {
    nlohmann::json event = {
        {"event", "request"},
        {"endpoint", fetch.endpoint},
        {"method", "GET"},
        {"url", fetch.url},
        {"query", nullptr},
        {"status", fetch.status},
        {"bytes", fetch.bytes},
        {"rows", nullptr},
        {"elapsed_ms", fetch.elapsed.count()},
        {"attempts", fetch.error.empty() ? 1 : 0},
        {"error", fetch.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(fetch.error)}};
    write(std::move(event));
  };
}

}  // namespace sparqlmcp::tools
