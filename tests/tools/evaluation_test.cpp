#include <stdlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "sparqlmcp/tools/evaluation_summary.hpp"
#include "sparqlmcp/tools/task_set.hpp"
#include "sparqlmcp/util/error.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using nlohmann::json;
using sparqlmcp::test::is_error;
namespace fs = std::filesystem;

namespace {

struct TempFile {
  fs::path path;
  explicit TempFile(const std::string& text) {
    std::string pattern = (fs::temp_directory_path() / "sparqlmcp-tasks-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path = fs::path(pattern) / "tasks.jsonl";
    std::ofstream(path) << text;
  }
  ~TempFile() { fs::remove_all(path.parent_path()); }
};

const char* kGold =
    R"({"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"literal","value":"a"}},)"
    R"({"x":{"type":"literal","value":"b"}}]}})";

}  // namespace

TEST_CASE("tasks load from JSON Lines or a JSON array", "[tools]") {
  TempFile lines(std::string("# a comment\n{\"id\":\"t1\",\"question\":\"Q?\",\"gold_results\":") +
                 kGold + ",\"endpoints\":[\"http://e/sparql\",\"<http://f/sparql>\"]}\n\n" +
                 "{\"id\":\"t2\",\"gold_query\":\"SELECT * WHERE { ?s ?p ?o }\"}");
  const tools::TaskSet set = tools::TaskSet::load(lines.path);
  REQUIRE(set.tasks().size() == 2);
  const tools::Task* t1 = set.find("t1");
  REQUIRE(t1);
  CHECK(t1->question == "Q?");
  CHECK(t1->gold->row_count == 2);
  CHECK(t1->endpoints == std::vector<std::string>{"http://e/sparql", "http://f/sparql"});
  CHECK(set.find("t2")->gold_query == "SELECT * WHERE { ?s ?p ?o }");
  CHECK_FALSE(set.find("t3"));
  CHECK(set.some_ids(1) == "t1, ... (2 tasks)");

  TempFile array(std::string("[{\"id\":\"a\",\"gold_results\":") + kGold + "}]");
  CHECK(tools::TaskSet::load(array.path).tasks().size() == 1);
}

TEST_CASE("bad task files are refused with the line and what is wrong", "[tools][error]") {
  auto error_for = [](const std::string& text) {
    TempFile file(text);
    std::string message;
    try {
      tools::TaskSet::load(file.path);
    } catch (const Exception& exception) {
      CHECK(exception.error().kind == ErrorKind::InvalidArgument);
      message = exception.error().message;
      message.erase(0, file.path.string().size());
    }
    return message;
  };
  const std::string format =
      " (a task is {\"id\", \"question\", \"gold_query\" and/or \"gold_results\", "
      "\"endpoints\"}; see docs/evaluation.md)";
  CHECK(error_for("{\"id\":\"a\",\"gold_query\":\"x\"}\nnot json\n") ==
        ":2: not a JSON object (one task per line)" + format);
  CHECK(error_for("{\"question\":\"q\"}") == ":1: the task has no \"id\"" + format);
  CHECK(error_for("{\"id\":\"a\"}") ==
        ":1 (task 'a'): the task has neither \"gold_query\" nor \"gold_results\"" + format);
  CHECK(error_for("{\"id\":\"a\",\"gold_results\":[]}") ==
        ":1 (task 'a'): \"gold_results\" must be SPARQL 1.1 JSON results (an object), got "
        "array" +
            format);
  CHECK(error_for("{\"id\":\"a\",\"gold_query\":\"x\",\"endpoints\":\"e\"}") ==
        ":1 (task 'a'): \"endpoints\" must be an array of catalogue ids or IRIs, got string" +
            format);
  CHECK(error_for("{\"id\":\"a\",\"gold_query\":\"x\"}\n{\"id\":\"a\",\"gold_query\":\"y\"}") ==
        ": task id 'a' is given twice; ids must be unique" + format);
  CHECK(error_for("\n# nothing\n") == ": the file holds no task" + format);
  CHECK(error_for("[{\"id\":\"a\",\"gold_query\":\"x\"},{\"id\":1}]") ==
        ": task 2: \"id\" must be a string, got number" + format);
}

TEST_CASE("the evaluation summary counts accuracy, validity, calls per task and federations",
          "[tools]") {
  TempFile tasks_file(std::string("{\"id\":\"t1\",\"gold_results\":") + kGold +
                      ",\"endpoints\":[\"http://e/sparql\"]}\n" +
                      "{\"id\":\"t2\",\"gold_query\":\"SELECT * WHERE { ?s ?p ?o }\","
                      "\"endpoints\":[\"http://e/sparql\",\"http://f/sparql\"]}\n" +
                      "{\"id\":\"t3\",\"gold_query\":\"SELECT * WHERE { ?s ?p ?o }\"}");
  const tools::TaskSet tasks = tools::TaskSet::load(tasks_file.path);
  const json signature_ab =
      json::parse(R"({"kind":"bindings","row_count":2,"rows":[["\"a\""],["\"b\""]]})");
  const json signature_a = json::parse(R"({"kind":"bindings","row_count":1,"rows":[["\"a\""]]})");
  std::vector<json> submissions = {
      {{"event", "submissions_opened"}},
      // t1 scored from its signature (no score recorded): exact.
      {{"event", "submission"},
       {"id", "s1"},
       {"group", "stdio-1"},
       {"task_id", "t1"},
       {"signature", signature_ab},
       {"score", nullptr},
       {"endpoints_named", {"http://e/sparql", "http://g/sparql"}},
       {"warnings", json::array({{{"code", "trivial_federation"}, {"message", "..."}}})}},
      // t2 scored at submission: half right.
      {{"event", "submission"},
       {"id", "s2"},
       {"group", "stdio-1"},
       {"task_id", "t2"},
       {"signature", signature_a},
       {"score",
        {{"exact_set_match", false},
         {"multiset_match", false},
         {"precision", 1.0},
         {"recall", 0.5},
         {"f1", 0.6667}}},
       {"endpoints_needed", {"http://e/sparql", "http://f/sparql"}},
       {"endpoints_named", {"http://e/sparql", "http://f/sparql"}},
       {"warnings", json::array()}}};
  auto call = [](std::string tool, json arguments, std::string time, double elapsed,
                 std::string error, std::vector<std::string> endpoints) {
    return json{{"event", "tool_call"},
                {"session", "stdio-1"},
                {"tool", tool},
                {"arguments", arguments},
                {"time", time},
                {"elapsed_ms", elapsed},
                {"is_error", !error.empty()},
                {"error", error.empty() ? json(nullptr) : json(error)},
                {"endpoints", endpoints}};
  };
  std::vector<json> trace = {
      call("list_endpoints", json::object(), "2026-11-25T10:00:01.000Z", 1000, "", {}),
      call("run_sparql_query", {{"query", "SELECT"}}, "2026-11-25T10:00:02.000Z", 10,
           "SPARQL syntax error at line 1, column 7: expected a variable", {}),
      call("run_sparql_query", {{"query", "SELECT * { ?s ex:p ?o }"}}, "2026-11-25T10:00:03.000Z",
           10, "SPARQL syntax error at line 1, column 17: prefix 'ex:' is not declared; add ...",
           {}),
      call("run_sparql_query", {{"query", "q"}}, "2026-11-25T10:00:04.000Z", 10, "",
           {"http://e/sparql", "http://g/sparql"}),
      call("submit", {{"query", "q"}, {"task_id", "t1"}}, "2026-11-25T10:00:10.000Z", 10, "",
           {"http://e/sparql"}),
      // t2: two calls, 4 s from the start of the first to the end of the submit.
      call("run_sparql_query", {{"query", "q2"}}, "2026-11-25T10:00:12.000Z", 1000, "",
           {"http://e/sparql"}),
      call("submit", {{"query", "q2"}, {"task_id", "t2"}}, "2026-11-25T10:00:15.000Z", 10, "",
           {"http://e/sparql"}),
  };
  const json summary = tools::summarize_evaluation(submissions, trace, &tasks);
  CHECK(summary["tasks"] == 3);
  CHECK(summary["answered_tasks"] == 2);
  CHECK(summary["submissions"] == 2);
  CHECK(summary["scored"] == 2);
  CHECK(summary["exact_set_matches"] == 1);
  CHECK(summary["accuracy"] == 0.3333);  // one of three tasks
  CHECK(summary["mean_precision"] == 1.0);
  CHECK(summary["mean_recall"] == 0.75);
  CHECK(summary["queries_run"] == 6);  // four runs and two submits
  CHECK(summary["syntax_errors"] == 2);
  CHECK(summary["prefix_errors"] == 1);
  CHECK(summary["syntactic_validity"] == 0.6667);
  CHECK(summary["task_runs_traced"] == 2);
  CHECK(summary["median_tool_calls_per_task"] == 3.5);  // 5 and 2
  CHECK(summary["median_seconds_per_task"] == 7.0);     // 10 s and 4 s
  // t1 consulted e and g, needed e; t2 consulted e, needed e and f.
  CHECK(summary["needed_endpoints_consulted"] == 0.6667);
  CHECK(summary["extra_endpoints_consulted"] == 1);
  CHECK(summary["trivial_federations"] == 1);
  CHECK(summary["trivial_federation_rate"] == 0.5);
  // t1 named e and g where e was needed: over-federated; t2 named exactly what was needed.
  CHECK(summary["over_federated"] == 1);
  CHECK(summary["over_federation_rate"] == 0.5);

  const std::string text = tools::evaluation_text(summary);
  CHECK(text.find("accuracy (exact set match): 33.3% (1)") != std::string::npos);
  CHECK(text.find("syntactically valid 66.7% (2 syntax errors, 1 about prefixes)") !=
        std::string::npos);
}

TEST_CASE("a submission whose rows were cut is reported as not scored", "[tools]") {
  TempFile tasks_file(std::string("{\"id\":\"t1\",\"gold_results\":") + kGold + "}");
  const tools::TaskSet tasks = tools::TaskSet::load(tasks_file.path);
  const json cut = json::parse(
      R"({"kind":"bindings","row_count":2,"rows":[["\"a\""]],"rows_cut":true,"digest":"0000000000000000"})");
  const json summary = tools::summarize_evaluation({{{"event", "submission"},
                                                     {"id", "s1"},
                                                     {"group", "g"},
                                                     {"task_id", "t1"},
                                                     {"signature", cut}}},
                                                   {}, &tasks);
  CHECK(summary["scored"] == 0);
  REQUIRE(summary["unscored"].size() == 1);
  CHECK(summary["unscored"][0]["submission"] == "s1");
}
