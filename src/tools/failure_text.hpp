#pragma once
// The one place where an Error becomes the text of an `isError` tool result: what went wrong
// (with the position in the query, "at line L, column C", for a syntax error and a refused
// update alike) followed by advice that fits the failure: for an endpoint's failure, what its
// status and body say the agent can change (the query, the endpoint, or when to try again).

#include <string>
#include <string_view>

#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::tools {

// Advice for the agent, starting with a space, or "" when there is nothing useful to add.
// `timeout_option` names the setting that raises the time limit (timeout_ms, --timeout).
std::string advice_for(const Error& error, std::string_view timeout_option);

// The `isError: true` result for a failed query call.
mcp::ToolResult failure_result(const Error& error, std::string_view timeout_option);

}  // namespace sparqlmcp::tools
