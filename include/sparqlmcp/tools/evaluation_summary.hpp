#pragma once
// `sparql-mcp eval`: what a submissions file and a trace say about an evaluation run, in the
// metrics of the FKGQA paper (docs/evaluation.md "Summary"): accuracy, the syntactic validity
// of every query run, tool calls and time per task, endpoints consulted against needed, and
// the rate of trivial federations.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/tools/task_set.hpp"

namespace sparqlmcp::tools {

// `submissions` and `trace`: the records of the files, in file order (lines that are not
// objects are the caller's to skip). `tasks` may be null; with it, submissions recorded
// without a score are scored from their signatures where the task has gold results, and
// tasks without any submission count as unanswered.
nlohmann::json summarize_evaluation(const std::vector<nlohmann::json>& submissions,
                                    const std::vector<nlohmann::json>& trace, const TaskSet* tasks);

// The summary for a person, one figure per line.
std::string evaluation_text(const nlohmann::json& summary);

}  // namespace sparqlmcp::tools
