#pragma once
// The command line of the sparql-mcp executable. Parsing is separate from acting on it so that
// every flag can be tested without starting a server.

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sparqlmcp::app {

enum class Command { Serve, Parse, Query, Void, Eval, Help, Version };

struct CommandLine {
  Command command = Command::Serve;
  std::vector<std::filesystem::path> catalogues;  // empty: the default catalogue
  std::vector<std::string> endpoints;             // --endpoint URL, ad hoc entries
  bool allow_any_endpoint = false;
  std::string federation_endpoint;  // --federation-endpoint URL
  bool no_subquery_cache = false;   // --no-subquery-cache
  std::string log_level = "info";
  std::optional<std::chrono::milliseconds> timeout;
  std::optional<std::size_t> max_rows;
  std::optional<std::size_t> max_response_bytes;
  std::optional<std::size_t> workers;
  std::optional<std::string> http;  // --http [HOST:]PORT: serve MCP over HTTP instead of stdio
  std::optional<std::string> auth_token_file;  // --auth-token-file FILE
  std::vector<std::string> allowed_origins;    // --allow-origin ORIGIN (repeatable)
  std::vector<std::string> allowed_hosts;      // --allow-host HOST[:PORT] (repeatable)
  std::string parse_input;                     // for `parse`: a file name or "-" for standard input
  // for `query`: the query text, "-" (standard input) or "@FILE"
  std::string query_input;
  std::optional<std::string> query_format;   // --format: table, json, xml, csv, tsv, turtle, ...
  bool query_count = false;                  // --count: count the rows exactly
  bool query_explain = false;                // --explain: print the plan that ran
  std::vector<std::string> query_endpoints;  // --endpoints: where plain patterns go
  // The VoID cache: --void-cache DIR (default: the user's cache folder, app/runtime.hpp)
  // and --void-ttl-hours N (default 168: a week).
  std::optional<std::filesystem::path> void_cache;
  std::optional<std::size_t> void_ttl_hours;
  // for `void`: the endpoints (ids or IRIs), or every catalogue entry with --all
  std::vector<std::string> void_endpoints;
  bool void_all = false;
  bool void_refresh = false;          // --refresh
  std::string void_compute = "auto";  // --compute auto|never|force

  // The record of agent runs (docs/evaluation.md): --trace FILE, --submissions FILE,
  // --allow-resubmit, --tasks FILE, --show-score, and --tools (the tools offered: names or the
  // presets all, baseline, descriptions, void; empty: all).
  std::optional<std::filesystem::path> trace;
  std::optional<std::filesystem::path> submissions;
  bool allow_resubmit = false;
  std::optional<std::filesystem::path> tasks;
  bool show_score = false;
  // --learn-examples: a submission scored exact becomes an example query of its endpoints,
  // with its task's question (get_example_queries finds it later; docs/search.md).
  bool learn_examples = false;
  // --strict-validation: a query whose checks find an error is refused (docs/validation.md).
  bool strict_validation = false;
  // --wordnet DIR: the WordNet database of term search's related words (docs/search.md);
  // empty (--wordnet none): none. Unset: Debian's /usr/share/wordnet.
  std::optional<std::filesystem::path> wordnet;
  std::vector<std::string> tools;
  // for `eval`: --json prints the summary as JSON
  bool eval_json = false;
};

// The tools `--tools` names, in the order the server offers them: each name checked, presets
// expanded (all; baseline = run_sparql_query and submit, the paper's baseline; descriptions =
// baseline plus list_endpoints; void = descriptions plus get_void_descriptions). Throws
// Exception(InvalidArgument) for an unknown name.
std::vector<std::string> tool_selection(const std::string& value);

// "30s", "500ms", "2m" or a bare number of seconds. Throws Exception(InvalidArgument).
std::chrono::milliseconds parse_duration(const std::string& flag, const std::string& value);

// Throws Exception(InvalidArgument) naming the bad flag and what it expects.
CommandLine parse_command_line(const std::vector<std::string>& arguments);

// The text of `sparql-mcp --help`.
std::string usage_text();

}  // namespace sparqlmcp::app
