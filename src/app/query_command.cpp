// `sparql-mcp query`: the run_sparql_query tool from the shell. It calls the very tool an
// agent calls, so routing, limits and error messages are the same; only the output differs:
// a table with its notes for people, or the bare result document for pipes (notes go to
// stderr).

#include <fstream>
#include <iostream>
#include <sstream>

#include <spdlog/spdlog.h>

#include "runtime.hpp"
#include "sparqlmcp/app/serve.hpp"
#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/results/serializer.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::app {
namespace {

// Large enough for any result a shell user pipes somewhere; the row cap still applies.
constexpr std::size_t kShellTextChars = 256u * 1024 * 1024;
constexpr std::size_t kShellDefaultRows = 1000;

std::string read_query(const std::string& input) {
  if (input != "-" && (input.empty() || input[0] != '@')) return input;
  std::ostringstream buffer;
  if (input == "-") {
    buffer << std::cin.rdbuf();
    return buffer.str();
  }
  std::ifstream file(input.substr(1), std::ios::binary);
  if (!file) {
    throw_error(ErrorKind::InvalidArgument, "cannot read the query file '" + input.substr(1) + "'");
  }
  buffer << file.rdbuf();
  return buffer.str();
}

// The result document without the notes around it, for json/xml/csv/tsv/turtle/ntriples.
std::optional<std::string> bare_document(const nlohmann::json& structured,
                                         const std::string& format) {
  if (structured.contains("rdf")) return structured["rdf"].get<std::string>();
  if (!structured.contains("results")) return std::nullopt;
  std::optional<results::ResultsFormat> results_format = results::results_format_from_name(format);
  if (!results_format) return std::nullopt;
  return results::serialize_results(results::from_json(structured["results"]), *results_format);
}

}  // namespace

int run_query(const CommandLine& command_line) {
  std::unique_ptr<Runtime> runtime;
  std::string query_text;
  try {
    query_text = read_query(command_line.query_input);
    runtime = make_runtime(command_line);
  } catch (const Exception& exception) {
    std::cerr << "sparql-mcp query: " << exception.what() << "\n";
    return 1;
  }
  tools::QuerySettings settings = runtime->settings;
  settings.max_text_chars = kShellTextChars;
  if (!command_line.max_rows) settings.default_max_rows = kShellDefaultRows;
  settings.max_rows_limit = std::max(settings.max_rows_limit, settings.default_max_rows);
  settings.timeout_option = "--timeout";
  settings.count_option = "--count";
  // The checks of run_sparql_query (no unknown-IRI warnings: a shell run has shown nothing).
  auto tool = tools::make_run_sparql_query_tool(
      make_query_service(*runtime), settings, nullptr,
      make_query_checks(*runtime, command_line.strict_validation, nullptr));

  nlohmann::json arguments = {{"query", query_text},
                              {"timeout_ms", settings.default_timeout.count()}};
  // A results document is written from the SPARQL JSON form of the rows, whatever its format.
  const std::string format = command_line.query_format.value_or("table");
  const bool results_document = format == "xml" || format == "csv" || format == "tsv";
  if (command_line.query_format) arguments["format"] = results_document ? "json" : format;
  if (command_line.query_count) arguments["count"] = true;
  if (command_line.query_explain) arguments["explain"] = true;
  if (!command_line.query_endpoints.empty()) arguments["endpoints"] = command_line.query_endpoints;
  mcp::ToolContext context;
  context.cancellation = std::make_shared<CancellationToken>();
  mcp::ToolResult result = tool->call(arguments, context);

  std::string text;
  for (const nlohmann::json& block : result.content) {
    if (block.value("type", "") == "text") text += block.value("text", "");
  }
  if (result.is_error) {
    std::cerr << "sparql-mcp query: " << text << "\n";
    return 1;
  }
  std::optional<std::string> document;
  if (format != "table" && result.structured) {
    try {
      document = bare_document(*result.structured, format);
    } catch (const Exception& exception) {
      spdlog::warn("cannot re-serialize the result: {}", exception.what());
    }
  }
  if (!document) {
    // A shell prompt must not continue the last line, whatever the tool wrote.
    std::cout << text;
    if (!text.empty() && text.back() != '\n') std::cout << '\n';
    return 0;
  }
  std::cout << *document;
  if (!document->empty() && document->back() != '\n') std::cout << '\n';
  // The notes (row counts, warnings, next-page query) stay visible without polluting the pipe.
  std::string::size_type first_line_end = text.find('\n');
  std::cerr << text.substr(0, first_line_end) << "\n";
  for (const nlohmann::json& warning :
       result.structured->value("warnings", nlohmann::json::array())) {
    std::cerr << "Warning: " << warning.get<std::string>() << "\n";
  }
  if (result.structured->value("truncated", false)) {
    // A file written from a pipe must not pass for the whole answer.
    const nlohmann::json& s = *result.structured;
    const std::string total =
        s.contains("row_count") ? std::to_string(s["row_count"].get<std::size_t>())
        : s.contains("row_count_at_least")
            ? "at least " + std::to_string(s["row_count_at_least"].get<std::size_t>())
            : "more";
    std::cerr << "sparql-mcp query: the answer was cut: " << s.value("rows_shown", 0)
              << " rows written of " << total << "; raise --max-rows (at most "
              << settings.max_rows_limit << ") or run the next page.\n";
  }
  if (result.structured->contains("next_page_query")) {
    std::cerr << "Next page:\n"
              << (*result.structured)["next_page_query"].get<std::string>() << "\n";
  }
  if (std::string::size_type plan = text.find("\nPlan ("); plan != std::string::npos) {
    std::cerr << text.substr(plan + 1);
  }
  return 0;
}

}  // namespace sparqlmcp::app
