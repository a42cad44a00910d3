#include "failure_text.hpp"

namespace sparqlmcp::tools {

std::string advice_for(const Error& error, std::string_view timeout_option) {
  switch (error.kind) {
    case ErrorKind::Timeout:
      return " The query ran out of time: add a LIMIT, make the patterns more selective (bind "
             "a class or a known IRI first), or raise " +
             std::string(timeout_option) + ".";
    case ErrorKind::Cancelled:
      return "";
    case ErrorKind::Remote:
      if (error.remote && error.remote->http_status == 400) {
        return " The endpoint rejected the query: read its message above, fix the query (prefixes, "
               "syntax this endpoint supports) and try again.";
      }
      if (error.remote && error.remote->http_status == 0) {
        return " The endpoint could not be reached; it may be down. Try again later or use "
               "another endpoint.";
      }
      if (error.remote && error.remote->http_status >= 200 && error.remote->http_status < 300) {
        return " The answer was not SPARQL results: check that the endpoint IRI is the SPARQL "
               "service itself, or try a simpler query.";
      }
      if (error.remote && (error.remote->http_status == 401 || error.remote->http_status == 403)) {
        return " The endpoint refused access; it may need credentials configured in the "
               "catalogue (smcp:header).";
      }
      return " The endpoint failed to answer; try a simpler query, or try again later.";
    default:
      return "";
  }
}

mcp::ToolResult failure_result(const Error& error, std::string_view timeout_option) {
  std::string message;
  switch (error.kind) {
    case ErrorKind::Syntax:
      message = error.span
                    ? "SPARQL syntax error at line " + std::to_string(error.span->line) +
                          ", column " + std::to_string(error.span->column) + ": " + error.message
                    : "SPARQL syntax error: " + error.message;
      break;
    case ErrorKind::Cancelled:
      message = "The query was cancelled.";
      break;
    default:
      message = error.to_text();
      break;
  }
  std::string advice = advice_for(error, timeout_option);
  if (!advice.empty() && !message.empty() && message.back() != '.') message += '.';
  return mcp::ToolResult::error(message + advice);
}

}  // namespace sparqlmcp::tools
