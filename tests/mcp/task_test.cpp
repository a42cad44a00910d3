#include "sparqlmcp/mcp/server.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/mcp/protocol.hpp"
#include "test_tools.hpp"

// The io.modelcontextprotocol/tasks extension of MCP 2026-07-28 as a session serves it: a tool
// that goes on in the background answers a tools/call with a task when the request declares
// the extension, and tasks/get, tasks/update and tasks/cancel follow the task
// (modelcontextprotocol/ext-tasks specification/draft/tasks.md).

using namespace sparqlmcp;
using namespace sparqlmcp::mcp::testing;
using namespace std::chrono_literals;

namespace {

const json kTasks = {{"io.modelcontextprotocol/tasks", json::object()}};

// `params` with a 2026-07-28 envelope whose client capabilities are `capabilities`.
json modern(json params, json capabilities, json extra_meta = json::object()) {
  json meta = {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
               {"io.modelcontextprotocol/clientCapabilities", std::move(capabilities)}};
  meta.update(extra_meta);
  params["_meta"] = std::move(meta);
  return params;
}
// ... declaring the tasks extension.
json with_tasks(json params = json::object(), json extra_meta = json::object()) {
  return modern(std::move(params), {{"extensions", kTasks}}, std::move(extra_meta));
}
json without_tasks(json params = json::object()) {
  return modern(std::move(params), json::object());
}

json background_call(const std::string& key, json extra = json::object()) {
  json arguments = {{"key", key}};
  arguments.update(extra);
  return {{"name", "background"}, {"arguments", arguments}};
}

const json kServerInfo = {
    {"io.modelcontextprotocol/serverInfo", {{"name", "sparql-mcp"}, {"version", "1.2.3"}}}};

struct Fixture : SessionFixture {
  explicit Fixture(mcp::ServerOptions options = make_options())
      : SessionFixture(std::move(options), tools(), nullptr) {}

  static mcp::ServerOptions make_options() {
    mcp::ServerOptions options;
    options.info.version = "1.2.3";
    options.task_ttl = 600s;
    options.task_poll_interval = 500ms;
    return options;
  }
  static std::vector<std::unique_ptr<mcp::Tool>> tools() {
    std::vector<std::unique_ptr<mcp::Tool>> list;
    list.push_back(std::make_unique<TaskTool>());
    list.push_back(std::make_unique<SleepTool>());
    return list;
  }
  // Calls `background` with the extension declared and returns the task's id.
  std::string start_task(const json& id, const std::string& key) {
    json result = call(id, "tools/call", with_tasks(background_call(key)))["result"];
    REQUIRE(result["resultType"] == "task");
    return result["taskId"].get<std::string>();
  }
  json get(const json& id, const std::string& task_id) {
    return call(id, "tasks/get", with_tasks({{"taskId", task_id}}));
  }
};

json error_of(const json& response) {
  REQUIRE(response.contains("error"));
  return response["error"];
}

}  // namespace

TEST_CASE("server/discover declares the tasks extension; initialize does not", "[mcp]") {
  Fixture f;
  CHECK(f.call(1, "server/discover", without_tasks())["result"]["capabilities"]["extensions"] ==
        json{{"io.modelcontextprotocol/tasks", json::object()}});
  f.initialize();
  const json initialized = f.recorder.wait_response("init");
  CHECK(initialized["result"]["capabilities"].contains("tools"));
  CHECK_FALSE(initialized["result"]["capabilities"].contains("extensions"));
}

TEST_CASE("A tools/call declaring the extension gets a task that tasks/get follows to its result",
          "[mcp][integration]") {
  Fixture f;
  json created = f.call(1, "tools/call", with_tasks(background_call("a")))["result"];
  CHECK(f.background->accepted() == std::vector<bool>{true});
  const std::string task_id = created["taskId"];
  CHECK(created["resultType"] == "task");
  CHECK(created["status"] == "working");
  CHECK(created["statusMessage"] == "started");
  CHECK(created["ttlMs"] == 600000);
  CHECK(created["pollIntervalMs"] == 500);
  CHECK(created["_meta"] == kServerInfo);
  CHECK_FALSE(created.contains("cacheScope"));  // ttlMs here is the task's, not a cache hint
  CHECK(created["createdAt"] == created["lastUpdatedAt"]);

  // Progress goes into statusMessage.
  auto work = f.background->work("a");
  work->set_message("37 of 140 queries");
  json polled = f.get(2, task_id)["result"];
  CHECK(polled["resultType"] == "complete");
  CHECK(polled["status"] == "working");
  CHECK(polled["statusMessage"] == "37 of 140 queries");
  CHECK(polled["taskId"] == task_id);
  CHECK(polled["createdAt"] == created["createdAt"]);
  CHECK(polled["_meta"] == kServerInfo);
  CHECK_FALSE(polled.contains("result"));

  const mcp::ToolResult outcome = mcp::ToolResult::text("140 queries", json{{"classes", 20}});
  work->finish(outcome);
  json done = f.get(3, task_id)["result"];
  CHECK(done["status"] == "completed");
  CHECK(done["resultType"] == "complete");
  CHECK_FALSE(done.contains("error"));

  // The result is exactly what a call without a task answers.
  f.session->handle_message(request(4, "tools/call", without_tasks(background_call("b"))));
  f.background->work("b")->finish(outcome);
  json plain = f.recorder.wait_response(4)["result"];
  CHECK(f.background->accepted() == std::vector<bool>{true, false});
  CHECK(plain["resultType"] == "complete");
  CHECK(done["result"] == plain);
}

TEST_CASE("A task is no longer reported on with progress or log messages", "[mcp][integration]") {
  auto options = Fixture::make_options();
  options.progress_interval = 2ms;
  Fixture f(options);
  json params = with_tasks(background_call("a"), {{"progressToken", "task-token"},
                                                  {"io.modelcontextprotocol/logLevel", "debug"}});
  const std::string task_id = f.call(1, "tools/call", params)["result"]["taskId"];
  // The work reports progress and logs from the background, after the call returned.
  auto work = f.background->work("a");
  work->report_progress(5, 10, "half way");
  work->log(mcp::LogLevel::Error, json{{"message", "from the background"}});
  // The heartbeat thread runs past this point: a second call sees ticks of its own.
  f.session->handle_message(request(
      2, "tools/call", with_tasks({{"name", "sleep"}}, {{"progressToken", "sleep-token"}})));
  auto on_token = [](const std::string& token) {
    return [token](const json& m) {
      return m.value("method", "") == "notifications/progress" &&
             m["params"]["progressToken"] == token;
    };
  };
  REQUIRE(f.recorder.wait_count(on_token("sleep-token"), 2));
  CHECK(f.get(3, task_id)["result"]["status"] == "working");
  REQUIRE(f.recorder.wait_count(on_token("sleep-token"), 4));
  f.sleep->release();
  // Nothing about the task follows the CreateTaskResult (progress before it, while the call
  // ran, would have been a plain request's).
  const auto messages = f.recorder.messages();
  std::size_t at = 0;
  while (at < messages.size() && !(messages[at].value("id", json()) == 1))
    ++at;
  REQUIRE(at < messages.size());
  for (std::size_t i = at; i < messages.size(); ++i)
    CHECK_FALSE(on_token("task-token")(messages[i]));
  CHECK(f.recorder.notifications("notifications/message").empty());
}

TEST_CASE("tasks/cancel acknowledges, cancels the work and the task stays cancelled",
          "[mcp][integration]") {
  Fixture f;
  const std::string task_id = f.start_task(1, "a");
  json ack = f.call(2, "tasks/cancel", with_tasks({{"taskId", task_id}}))["result"];
  CHECK(ack == json{{"resultType", "complete"}, {"_meta", kServerInfo}});
  auto work = f.background->work("a");
  CHECK(work->cancels() == 1);
  work->finish(mcp::ToolResult::text("finished anyway"));
  json task = f.get(3, task_id)["result"];
  CHECK(task["status"] == "cancelled");
  CHECK_FALSE(task.contains("result"));
  // Cancelling again is acknowledged and changes nothing.
  CHECK(f.call(4, "tasks/cancel", with_tasks({{"taskId", task_id}}))["result"]["resultType"] ==
        "complete");
  CHECK(work->cancels() == 1);
}

TEST_CASE("tasks/update is acknowledged for a known task: none ever asks for input", "[mcp]") {
  Fixture f;
  const std::string task_id = f.start_task(1, "a");
  json ack = f.call(2, "tasks/update",
                    with_tasks({{"taskId", task_id},
                                {"inputResponses", {{"name", {{"action", "accept"}}}}}}))["result"];
  CHECK(ack == json{{"resultType", "complete"}, {"_meta", kServerInfo}});
  CHECK(f.get(3, task_id)["result"]["status"] == "working");
  json e = error_of(f.call(4, "tasks/update", with_tasks({{"taskId", task_id}})));
  CHECK(e == json{{"code", -32602},
                  {"message",
                   "invalid params for tasks/update: \"inputResponses\" must be an object keyed "
                   "by the task's inputRequests; got nothing"}});
}

TEST_CASE("An unknown or missing taskId is invalid params for every tasks method", "[mcp][error]") {
  Fixture f;
  const std::vector<std::pair<std::string, std::string>> verbs = {
      {"tasks/get", "retrieve"}, {"tasks/cancel", "cancel"}, {"tasks/update", "update"}};
  int id = 0;
  for (const auto& [method, verb] : verbs) {
    INFO(method);
    json e = error_of(
        f.call(++id, method, with_tasks({{"taskId", "0123"}, {"inputResponses", json::object()}})));
    CHECK(e == json{{"code", -32602},
                    {"message", "Failed to " + verb +
                                    " task: Task not found: no task has the id \"0123\"; task ids "
                                    "come from a tools/call answered with resultType \"task\" and "
                                    "are forgotten ttlMs after the task's creation. Call the tool "
                                    "again"},
                    {"data", {{"taskId", "0123"}}}});
    e = error_of(f.call(++id, method, with_tasks({{"taskId", 42}})));
    CHECK(e == json{{"code", -32602},
                    {"message", "invalid params for " + method +
                                    ": \"taskId\" must be a string, the taskId of a tools/call "
                                    "answered with resultType \"task\"; got 42"}});
  }
}

TEST_CASE("tasks methods from a request that does not declare the extension are -32021",
          "[mcp][error]") {
  Fixture f;
  const std::string task_id = f.start_task(1, "a");
  int id = 1;
  for (const std::string method : {"tasks/get", "tasks/update", "tasks/cancel"}) {
    INFO(method);
    json e = error_of(f.call(++id, method, without_tasks({{"taskId", task_id}})));
    CHECK(e == json{{"code", -32021},
                    {"message", "Missing required client capability: " + method +
                                    " belongs to the io.modelcontextprotocol/tasks extension; "
                                    "declare params._meta[\"io.modelcontextprotocol/"
                                    "clientCapabilities\"].extensions[\"io.modelcontextprotocol/"
                                    "tasks\"] = {} on the request"},
                    {"data",
                     {{"requiredCapabilities",
                       {{"extensions", {{"io.modelcontextprotocol/tasks", json::object()}}}}}}}});
  }
  // Other extensions declared do not count.
  json other =
      modern({{"taskId", task_id}}, {{"extensions", {{"com.example/other", json::object()}}}});
  CHECK(error_of(f.call(++id, "tasks/get", other))["code"] == -32021);
  CHECK(f.background->work("a")->cancels() == 0);
  CHECK(f.get(++id, task_id)["result"]["status"] == "working");
}

TEST_CASE("Without the extension a tool that needs a task is refused and its work cancelled",
          "[mcp][error]") {
  Fixture f;
  json e =
      error_of(f.call(1, "tools/call", without_tasks(background_call("a", {{"only_task", true}}))));
  CHECK(e == json{{"code", -32021},
                  {"message",
                   "Missing required client capability: tool background answers this "
                   "call only with a task; declare params._meta[\"io.modelcontextprotocol/"
                   "clientCapabilities\"].extensions[\"io.modelcontextprotocol/tasks\"] "
                   "= {} and poll tasks/get with the taskId the call returns"},
                  {"data",
                   {{"requiredCapabilities",
                     {{"extensions", {{"io.modelcontextprotocol/tasks", json::object()}}}}}}}});
  CHECK(f.background->work("a")->cancels() == 1);
  // A legacy session has no tasks at all: the tool's error is a result the model can read.
  f.initialize();
  json legacy = f.call(2, "tools/call", background_call("b", {{"only_task", true}}))["result"];
  CHECK(legacy == json::parse(R"({"content":[{"type":"text","text":
    "tool background answers this call only with a background task, which needs MCP 2026-07-28 with the io.modelcontextprotocol/tasks extension; this session speaks 2025-11-25. Call it from a client that supports tasks"}],
    "isError":true})"));
  CHECK(f.background->work("b")->cancels() == 1);
}

TEST_CASE("A legacy session and a modern request without the extension get a plain result",
          "[mcp][integration]") {
  Fixture f;
  f.initialize();
  // Even with the extension in its _meta: the legacy era has no per-request capabilities.
  json legacy_params = background_call("a");
  legacy_params["_meta"] = {
      {"io.modelcontextprotocol/clientCapabilities", {{"extensions", kTasks}}}};
  f.session->handle_message(request(1, "tools/call", legacy_params));
  f.background->work("a")->finish(mcp::ToolResult::text("plain"));
  CHECK(f.recorder.wait_response(1)["result"] ==
        json::parse(R"({"content":[{"type":"text","text":"plain"}],"isError":false})"));
  f.session->handle_message(request(2, "tools/call", without_tasks(background_call("b"))));
  f.background->work("b")->finish(mcp::ToolResult::text("plain too"));
  CHECK(f.recorder.wait_response(2)["result"]["content"][0]["text"] == "plain too");
  CHECK(f.background->accepted() == std::vector<bool>{false, false});
  // tasks/* do not exist for the legacy era.
  CHECK(error_of(f.call(3, "tasks/get", {{"taskId", "x"}}))["code"] == -32601);
}

TEST_CASE("tasks/result and tasks/list were removed by the extension", "[mcp][error]") {
  Fixture f;
  CHECK(error_of(f.call(1, "tasks/result", with_tasks({{"taskId", "x"}}))) ==
        json::parse(R"({"code":-32601,
    "message":"method not found: \"tasks/result\" does not exist in the io.modelcontextprotocol/tasks extension of 2026-07-28; poll tasks/get, whose answer carries the tool's result once the task is completed. 2026-07-28 methods: server/discover, tools/list, tools/call, resources/list, resources/templates/list, resources/read, tasks/get, tasks/update, tasks/cancel",
    "data":{"method":"tasks/result"}})"));
  CHECK(error_of(f.call(2, "tasks/list", without_tasks()))["message"] ==
        "method not found: \"tasks/list\" does not exist in the io.modelcontextprotocol/tasks "
        "extension of 2026-07-28; keep the taskId that each tools/call answered with resultType "
        "\"task\". 2026-07-28 methods: server/discover, tools/list, tools/call, resources/list, "
        "resources/templates/list, resources/read, tasks/get, tasks/update, tasks/cancel");
}

TEST_CASE("A task created on one session is followed from another (the store is the server's)",
          "[mcp][integration]") {
  Fixture f;
  const std::string task_id = f.start_task(1, "a");
  Recorder other_recorder;
  auto other = f.server->open_session(other_recorder.sink());
  f.session.reset();  // the session that created it is gone, as after an HTTP request
  f.background->work("a")->finish(mcp::ToolResult::text("done"));
  other->handle_message(request(2, "tasks/get", with_tasks({{"taskId", task_id}})));
  json task = other_recorder.wait_response(2)["result"];
  CHECK(task["status"] == "completed");
  CHECK(task["result"]["content"][0]["text"] == "done");
}

TEST_CASE("A malformed extensions declaration is invalid params", "[mcp][error]") {
  Fixture f;
  json e = error_of(f.call(1, "tools/list", modern(json::object(), {{"extensions", "tasks"}})));
  CHECK(e == json{{"code", -32602},
                  {"message",
                   "invalid params for tools/list: "
                   "params._meta[\"io.modelcontextprotocol/clientCapabilities\"]."
                   "extensions must be an object keyed by extension identifier, got "
                   "string"}});
}
