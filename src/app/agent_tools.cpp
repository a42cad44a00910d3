#include "agent_tools.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "sparqlmcp/assist/shacl_examples.hpp"
#include "sparqlmcp/tools/call_recorder.hpp"
#include "sparqlmcp/tools/list_endpoints.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"
#include "sparqlmcp/tools/search_tools.hpp"
#include "sparqlmcp/tools/submit.hpp"
#include "sparqlmcp/tools/task_set.hpp"
#include "sparqlmcp/tools/validate_query.hpp"
#include "sparqlmcp/util/files.hpp"

namespace sparqlmcp::app {

namespace {

// The index lives beside the VoID descriptions it is built from; a folder that cannot hold it
// leaves the server with an index in memory, built again by each process.
std::unique_ptr<assist::SearchService> make_search_service(
    const CommandLine& command_line, Runtime& runtime,
    const std::shared_ptr<const federation::QueryService>& service,
    void_::VoidService& void_service) {
  const std::filesystem::path file = runtime.void_cache->options().folder / "search-index.sqlite";
  assist::SearchSettings settings;
  if (command_line.wordnet) settings.wordnet = *command_line.wordnet;
  try {
    return std::make_unique<assist::SearchService>(runtime.catalogue, service, void_service, file,
                                                   settings);
  } catch (const Exception& e) {
    spdlog::warn("the search index cannot be kept on disk ({}); it is kept in memory instead",
                 e.what());
    return std::make_unique<assist::SearchService>(runtime.catalogue, service, void_service,
                                                   ":memory:", settings);
  }
}

}  // namespace

AgentTools make_agent_tools(const CommandLine& command_line, Runtime& runtime,
                            const std::shared_ptr<const federation::QueryService>& service,
                            void_::VoidService& void_service,
                            std::shared_ptr<tools::TraceLog> trace) {
  AgentTools out;
  out.names = command_line.tools.empty() ? tool_selection("all") : command_line.tools;
  auto offered = [&](const char* name) {
    return std::find(out.names.begin(), out.names.end(), name) != out.names.end();
  };

  tools::CallRecording recording;
  // The queries run are remembered only for submit's warning.
  auto ledger = std::make_shared<tools::SessionLedger>();
  if (offered("submit")) recording.ledger = ledger;
  recording.trace = std::move(trace);
  std::shared_ptr<const tools::TaskSet> tasks;
  if (command_line.tasks) {
    tasks = std::make_shared<const tools::TaskSet>(
        tools::TaskSet::load(*command_line.tasks, &runtime.catalogue));
    spdlog::info("evaluation mode: {} tasks from {}; scores are {}", tasks->tasks().size(),
                 command_line.tasks->string(),
                 command_line.show_score ? "shown to the agent" : "hidden from the agent");
  }

  auto add = [&](std::unique_ptr<mcp::Tool> tool) {
    out.tools.push_back(tools::record_calls(std::move(tool), recording));
  };
  // In the order an agent uses them: find endpoints, learn their schemas, query them, answer.
  if (offered("list_endpoints"))
    add(tools::make_list_endpoints_tool(runtime.catalogue, runtime.void_cache.get()));
  if (offered("get_void_descriptions")) {
    out.void_answers = std::make_shared<tools::VoidAnswerMemo>();
    add(tools::make_get_void_descriptions_tool(runtime.catalogue, void_service, {},
                                               out.void_answers));
  }
  if (offered("search_terms") || offered("describe_entity") || offered("get_example_queries") ||
      command_line.learn_examples || offered("validate_query"))
    out.search = make_search_service(command_line, runtime, service, void_service);
  // The checks before a query is sent come with the tool that makes them on demand; the
  // prefixes endpoints declare in their examples are one of the sources of PREFIX completion.
  tools::QueryChecks checks;
  if (offered("validate_query")) {
    checks = make_query_checks(runtime, command_line.strict_validation,
                               std::make_shared<assist::SeenTerms>(), out.search.get());
    out.search->note_seen_in(checks.seen);
  }
  if (out.search) {
    if (offered("search_terms")) add(tools::make_search_terms_tool(*out.search));
    if (offered("describe_entity")) add(tools::make_describe_entity_tool(*out.search));
    if (offered("get_example_queries")) add(tools::make_get_example_queries_tool(*out.search));
  }
  if (offered("validate_query")) {
    // An endpoint with no description yet gets one looked for or computed, for a while.
    void_::VoidCache* cache = runtime.void_cache.get();
    auto describe = [&void_service, cache](const std::vector<const catalogue::Endpoint*>& endpoints,
                                           std::chrono::steady_clock::time_point deadline,
                                           const CancellationTokenPtr& cancel) {
      for (const catalogue::Endpoint* e : endpoints) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) return;
        if (cache && cache->lookup(e->id).hit) continue;
        void_::DescribeRequest request;
        request.wait = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
        request.cancel = cancel;
        try {
          void_service.describe(*e, request);
        } catch (const Exception& failure) {
          // Validation says the endpoint was not checked; only a cancelled call ends here.
          if (failure.error().kind == ErrorKind::Cancelled) throw;
        }
      }
    };
    add(tools::make_validate_query_tool(runtime.catalogue, checks.validator, describe));
  }
  if (offered("run_sparql_query"))
    add(tools::make_run_sparql_query_tool(
        service, runtime.settings,
        std::make_shared<assist::Labeller>(service, runtime.void_cache.get()), checks));
  if (offered("submit")) {
    tools::SubmitSettings settings;
    if (command_line.submissions) {
      settings.submissions = *command_line.submissions;
      // Checked now: a submission that cannot be written would be lost at the end of a run.
      util::append_line(settings.submissions, R"({"event":"submissions_opened"})");
    }
    settings.allow_resubmit = command_line.allow_resubmit;
    settings.show_score = command_line.show_score;
    settings.trace = recording.trace;
    settings.checks = checks;
    if (command_line.learn_examples && out.search) {
      assist::SearchService* search = out.search.get();
      settings.on_exact = [search](const tools::Task& task, const std::string& query,
                                   const std::vector<std::string>& endpoints) {
        assist::Example example;
        example.question = task.question;
        example.query = query;
        example.endpoints = endpoints.empty() ? task.endpoints : endpoints;
        example.origin = "learned from an exact submission (task " + task.id + ")";
        example.term_words = assist::query_term_words(query);
        try {
          search->learn_example(example);
        } catch (const Exception& e) {
          spdlog::warn("--learn-examples: task {} could not be kept: {}", task.id, e.what());
        }
      };
    }
    add(tools::make_submit_tool(service, runtime.settings, ledger, tasks, settings));
  }
  return out;
}

}  // namespace sparqlmcp::app
