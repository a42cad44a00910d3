#include "endpoint_notices.hpp"

namespace sparqlmcp::tools {

nlohmann::json notice_data(const http::SparqlNotice& notice) {
  const bool retry = notice.kind == http::SparqlNotice::Kind::Retry;
  nlohmann::json data = {{"message", notice.message},
                         {"event", retry ? "retry" : "fallback"},
                         {"endpoint", notice.endpoint},
                         {"http_status", notice.status}};
  if (retry) {
    data["retry"] = notice.retry;
    data["max_retries"] = notice.max_retries;
    data["retry_in_ms"] = notice.delay.count();
  }
  return data;
}

std::function<void(const http::SparqlNotice&)> notice_logger(const mcp::ToolContext& context) {
  if (!context.log) return {};
  return [log = context.log](const http::SparqlNotice& notice) {
    log(mcp::LogLevel::Warning, notice_data(notice));
  };
}

void log_endpoint_notices(http::SparqlEndpointConfig& config, const mcp::ToolContext& context) {
  config.on_notice = notice_logger(context);
}

void log_warning(const mcp::ToolContext& context, const std::string& endpoint,
                 const std::string& message) {
  if (context.log) {
    context.log(mcp::LogLevel::Warning,
                {{"message", message}, {"event", "answer"}, {"endpoint", endpoint}});
  }
}

}  // namespace sparqlmcp::tools
