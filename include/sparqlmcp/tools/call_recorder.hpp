#pragma once
// Wraps a tool so that its calls are recorded: in the trace (--trace), one line per call and
// one per request the call sends (docs/evaluation.md "Traces"); in the session ledger, the
// queries run_sparql_query answered (not those it refused or failed on), which submit checks
// its final query against. The server wraps every
// tool it offers; the tool itself knows nothing of either.

#include <memory>

#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/tools/session_ledger.hpp"
#include "sparqlmcp/tools/trace_log.hpp"

namespace sparqlmcp::tools {

struct CallRecording {
  std::shared_ptr<TraceLog> trace;        // null: no trace
  std::shared_ptr<SessionLedger> ledger;  // null: queries are not remembered
};

std::unique_ptr<mcp::Tool> record_calls(std::unique_ptr<mcp::Tool> tool, CallRecording recording);

}  // namespace sparqlmcp::tools
