#pragma once
// submit: an agent's final answer (docs/tools.md "submit"). The query is run through the same
// route and paging as run_sparql_query (over the same query service, with a page cache of its
// own), all its pages up to a bound, and recorded with its result's signature
// (results/signature.hpp); the agent gets a receipt: the submission id, the row count, a preview,
// and warnings it can act on (no rows; never run before in this session; a hard-coded answer; a
// trivial federation; a possibly incomplete answer). One submission per task and session is final
// unless resubmitting is allowed. In the evaluation mode (--tasks) the submission is scored against
// the task's gold answer; the score is shown to the agent only when asked (--show-score).

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>

#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/tools/query_checks.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"
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
  // Told of each submission scored exact (--learn-examples): its task, the query as submitted
  // and the endpoints it names. May be empty.
  std::function<void(const Task& task, const std::string& query,
                     const std::vector<std::string>& endpoints)>
      on_exact;
  // The checks run_sparql_query makes (findings, PREFIX completion, --strict-validation).
  QueryChecks checks;
  // How long the diagnosis of an empty answer may take.
  std::chrono::milliseconds diagnosis_time{15000};
};

// `service`: the query service every other face uses; `query`: run_sparql_query's settings
// (the query is paged and timed as that tool pages it). `ledger`: shared with the call recorder
// that notes the queries run (call_recorder.hpp). `tasks`: null outside the evaluation mode. Reads
// the submissions file, if it exists, to know which runs already have a final submission; throws
// Exception naming the file when it cannot be read.
std::unique_ptr<mcp::Tool> make_submit_tool(std::shared_ptr<const federation::QueryService> service,
                                            QuerySettings query,
                                            std::shared_ptr<SessionLedger> ledger,
                                            std::shared_ptr<const TaskSet> tasks,
                                            SubmitSettings settings);

}  // namespace sparqlmcp::tools
