#include <iostream>

#include "runtime.hpp"
#include "sparqlmcp/app/serve.hpp"
#include "sparqlmcp/tools/evaluation_summary.hpp"
#include "sparqlmcp/tools/json_lines.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/files.hpp"

namespace sparqlmcp::app {
namespace {

// The JSON objects of a JSON Lines file; a line that is not one (a record cut by a crash) is
// skipped and counted.
std::vector<nlohmann::json> read_records(const std::filesystem::path& file, std::size_t& skipped) {
  std::vector<nlohmann::json> records;
  for (tools::JsonLine& line : tools::parse_json_lines(util::read_file(file))) {
    if (line.value.is_object()) {
      records.push_back(std::move(line.value));
    } else {
      ++skipped;
    }
  }
  return records;
}

}  // namespace

int run_eval(const CommandLine& command_line) {
  try {
    std::size_t skipped = 0;
    const std::vector<nlohmann::json> submissions =
        read_records(*command_line.submissions, skipped);
    std::vector<nlohmann::json> trace;
    if (command_line.trace) trace = read_records(*command_line.trace, skipped);
    std::optional<tools::TaskSet> tasks;
    if (command_line.tasks) {
      // The catalogue turns the tasks' endpoint ids into the IRIs the trace records.
      const catalogue::Catalogue catalogue = load_configured_catalogue(command_line);
      tasks = tools::TaskSet::load(*command_line.tasks, &catalogue);
    }
    nlohmann::json summary =
        tools::summarize_evaluation(submissions, trace, tasks ? &*tasks : nullptr);
    summary["skipped_lines"] = skipped;
    if (command_line.eval_json) {
      std::cout << summary.dump(2) << "\n";
    } else {
      std::cout << tools::evaluation_text(summary);
      if (skipped > 0) std::cout << "skipped " << skipped << " lines that are not JSON objects\n";
    }
    return 0;
  } catch (const Exception& exception) {
    std::cerr << "sparql-mcp eval: " << exception.what() << "\n";
    return 1;
  }
}

}  // namespace sparqlmcp::app
