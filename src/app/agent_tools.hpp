#pragma once
// The tools the server offers an agent, as --tools chooses them (docs/evaluation.md "Tool
// sets"), each wrapped to record its calls (--trace, and the queries submit checks), with
// submit writing --submissions and scoring against --tasks.

#include <memory>
#include <string>
#include <vector>

#include "runtime.hpp"
#include "sparqlmcp/assist/search_service.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/tools/get_void_descriptions.hpp"

namespace sparqlmcp::app {

struct AgentTools {
  // What search_terms, describe_entity and get_example_queries share (declared first: the
  // tools that use it go before it); null when none of them is offered.
  std::unique_ptr<assist::SearchService> search;
  std::vector<std::unique_ptr<mcp::Tool>> tools;  // in the order offered
  std::vector<std::string> names;
  // Shared with get_void_descriptions, for rendering its answers ahead; null when it is not
  // offered.
  std::shared_ptr<tools::VoidAnswerMemo> void_answers;
};

// Throws Exception when the submissions file cannot be written or the tasks file cannot be
// read: the server does not start without the record it was asked to keep. With a `trace`,
// every call is written to it.
AgentTools make_agent_tools(const CommandLine& command_line, Runtime& runtime,
                            const std::shared_ptr<const federation::QueryService>& service,
                            void_::VoidService& void_service,
                            std::shared_ptr<tools::TraceLog> trace);

}  // namespace sparqlmcp::app
