#pragma once
// submit: an agent's final answer (docs/tools.md "submit"). The query is run through the same
// route as run_sparql_query (its own instance of that tool over the same sources), all its
// pages up to a bound, and recorded with its result's signature (results/signature.hpp); the
// agent gets a receipt: the submission id, the row count, a preview, and warnings it can act
// on (no rows; never run before in this session; a hard-coded answer; a trivial federation;
// a possibly incomplete answer). One submission per task and session is final unless
// resubmitting is allowed. In the evaluation mode (--tasks) the submission is scored against
// the task's gold answer; the score is shown to the agent only when asked (--show-score).

#include <cstddef>
#include <filesystem>
#include <memory>

#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/tools/session_ledger.hpp"
#include "sparqlmcp/tools/task_set.hpp"
#include "sparqlmcp/tools/trace_log.hpp"

namespace sparqlmcp::tools {

struct SubmitSettings {
  std::filesystem::path submissions;  // --submissions FILE (JSON Lines); empty: not written
  bool allow_resubmit = false;        // --allow-resubmit: the latest submission counts
  bool show_score = false;            // --show-score: the receipt shows the score
  std::size_t max_rows = 100'000;     // rows read for the signature (pages of page_rows)
  std::size_t page_rows = 10'000;     // max_rows of each run_sparql_query page
  std::size_t rows_kept = 10'000;     // row signatures written per submission
  std::size_t preview_rows = 5;
  // --trace: the requests of gold queries, as request lines of no call with origin
  // "evaluation" and the task's id (the submit call's own requests are the call's).
  std::shared_ptr<TraceLog> trace;
};

// `run_query`: a run_sparql_query tool (make_run_sparql_query_tool) over the sources every
// other query uses. `ledger`: shared with the call recorder that notes the queries run
// (call_recorder.hpp). `tasks`: null outside the evaluation mode. Reads the submissions file,
// if it exists, to know which runs already have a final submission; throws Exception naming
// the file when it cannot be read.
std::unique_ptr<mcp::Tool> make_submit_tool(std::unique_ptr<mcp::Tool> run_query,
                                            std::shared_ptr<SessionLedger> ledger,
                                            std::shared_ptr<const TaskSet> tasks,
                                            SubmitSettings settings);

}  // namespace sparqlmcp::tools
