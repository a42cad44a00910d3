#include "task_store.hpp"

#include <catch2/catch.hpp>

#include <regex>

#include "sparqlmcp/mcp/jsonrpc.hpp"
#include "test_tools.hpp"

// The server-wide store of tasks on its own, with a clock the test moves: time to live, the
// limit on live tasks, and what the store reports as the work moves on.

using namespace sparqlmcp;
using namespace sparqlmcp::mcp::testing;
using namespace std::chrono_literals;
using Work = TaskTool::Work;

namespace {

struct Fixture {
  explicit Fixture(std::size_t max_tasks = 8)
      : store(mcp::TaskStoreOptions{60s, 250ms, max_tasks}, json{{"name", "sparql-mcp"}},
              [this] { return now; }) {}

  std::string create(const std::shared_ptr<Work>& work) {
    auto task = store.create(work, "background");
    REQUIRE(task);
    return (*task)["taskId"].get<std::string>();
  }

  mcp::TaskStore::Clock::time_point now{};
  mcp::TaskStore store;
};

// The -32602 error `action` throws, as {code, message, data}.
template <class Action>
json rpc_error_of(Action action) {
  try {
    action();
  } catch (const mcp::RpcError& e) {
    return json{{"code", e.code()}, {"message", e.message()}, {"data", e.data()}};
  }
  FAIL("no RpcError was thrown");
  return nullptr;
}

}  // namespace

TEST_CASE("A new task is working, with its times, ttl, poll interval and the work's message",
          "[mcp]") {
  Fixture f;
  auto work = std::make_shared<Work>();
  work->set_message("computing VoID: 0 of 140 queries");
  auto task = f.store.create(work, "background");
  REQUIRE(task);
  CHECK(std::regex_match((*task)["taskId"].get<std::string>(), std::regex("[0-9a-f]{32}")));
  CHECK((*task)["status"] == "working");
  CHECK((*task)["statusMessage"] == "computing VoID: 0 of 140 queries");
  CHECK((*task)["ttlMs"] == 60000);
  CHECK((*task)["pollIntervalMs"] == 250);
  const std::regex iso(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)");
  CHECK(std::regex_match((*task)["createdAt"].get<std::string>(), iso));
  CHECK((*task)["lastUpdatedAt"] == (*task)["createdAt"]);
  CHECK_FALSE(task->contains("result"));
  CHECK_FALSE(task->contains("resultType"));  // the caller adds it
}

TEST_CASE("tasks/get follows the work's message, then holds its result for good", "[mcp]") {
  Fixture f;
  auto work = std::make_shared<Work>();
  const std::string id = f.create(work);
  f.now += 1500ms;
  work->set_message("37 of 140 queries");
  json task = f.store.get(id);
  CHECK(task["status"] == "working");
  CHECK(task["statusMessage"] == "37 of 140 queries");
  // lastUpdatedAt moves with the change the poll saw: 1.5 s after createdAt.
  CHECK(task["lastUpdatedAt"] > task["createdAt"]);
  const json updated = task["lastUpdatedAt"];
  f.now += 1s;
  CHECK(f.store.get(id)["lastUpdatedAt"] == updated);  // nothing changed

  work->finish(mcp::ToolResult::error("the endpoint refused the query; try a smaller one"));
  task = f.store.get(id);
  CHECK(task["status"] == "completed");
  // A tool error completes the task (ext-tasks "Task Execution Errors").
  CHECK(task["result"] == json::parse(R"({"content":[{"type":"text",
    "text":"the endpoint refused the query; try a smaller one"}],"isError":true,
    "resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"sparql-mcp"}}})"));
  CHECK_FALSE(task.contains("error"));
  // The store let go of the work; a later cancel changes nothing.
  f.store.cancel(id);
  CHECK(f.store.get(id)["status"] == "completed");
  CHECK(work->cancels() == 0);
  CHECK(work.use_count() == 1);
}

TEST_CASE("A task is forgotten its ttl after creation, and a working one has its work cancelled",
          "[mcp][error]") {
  Fixture f;
  auto work = std::make_shared<Work>();
  const std::string id = f.create(work);
  f.now += 59999ms;
  CHECK(f.store.get(id)["status"] == "working");
  f.now += 1ms;
  CHECK(rpc_error_of([&] { f.store.get(id); }) ==
        json{{"code", -32602},
             {"message",
              "Failed to retrieve task: Task has expired: task \"" + id +
                  "\" was created more than its ttlMs (60000 ms) ago and is forgotten. Call "
                  "the tool again"},
             {"data", {{"taskId", id}}}});
  CHECK(work->cancels() == 1);
  // Once forgotten it is unknown.
  CHECK(rpc_error_of([&] { f.store.cancel(id); })["message"] ==
        "Failed to cancel task: Task not found: no task has the id \"" + id +
            "\"; task ids come from a tools/call answered with resultType \"task\" and are "
            "forgotten ttlMs after the task's creation. Call the tool again");
  CHECK(rpc_error_of([&] { f.store.require("nope"); })["message"] ==
        "Failed to update task: Task not found: no task has the id \"nope\"; task ids come from "
        "a tools/call answered with resultType \"task\" and are forgotten ttlMs after the task's "
        "creation. Call the tool again");
  CHECK(f.store.size() == 0);
}

TEST_CASE("Creating a task drops the expired ones, cancelling the work still running", "[mcp]") {
  Fixture f;
  auto old_working = std::make_shared<Work>();
  auto old_done = std::make_shared<Work>();
  f.create(old_working);
  const std::string done_id = f.create(old_done);
  old_done->finish(mcp::ToolResult::text("done"));
  REQUIRE(f.store.get(done_id)["status"] == "completed");
  f.now += 61s;
  f.create(std::make_shared<Work>());
  CHECK(f.store.size() == 1);
  CHECK(old_working->cancels() == 1);
  CHECK(old_done->cancels() == 0);
}

TEST_CASE("A full store forgets its oldest finished task, and refuses when all are working",
          "[mcp][error]") {
  Fixture f(2);
  auto first = std::make_shared<Work>();
  auto second = std::make_shared<Work>();
  const std::string first_id = f.create(first);
  f.now += 1ms;
  const std::string second_id = f.create(second);
  first->finish(mcp::ToolResult::text("one"));
  second->finish(mcp::ToolResult::text("two"));
  REQUIRE(f.store.get(first_id)["status"] == "completed");
  REQUIRE(f.store.get(second_id)["status"] == "completed");
  const std::string third_id = f.create(std::make_shared<Work>());
  CHECK(rpc_error_of([&] { f.store.get(first_id); })["code"] == -32602);
  CHECK(f.store.get(second_id)["result"]["content"][0]["text"] == "two");
  f.create(std::make_shared<Work>());  // replaces the second, finished
  CHECK_FALSE(f.store.create(std::make_shared<Work>(), "background"));
  CHECK(f.store.size() == 2);
  CHECK(f.store.get(third_id)["status"] == "working");
}

TEST_CASE("Cancelling a working task cancels its work once and drops its later result", "[mcp]") {
  Fixture f;
  auto work = std::make_shared<Work>();
  const std::string id = f.create(work);
  f.store.cancel(id);
  f.store.cancel(id);
  CHECK(work->cancels() == 1);
  work->finish(mcp::ToolResult::text("too late"));
  json task = f.store.get(id);
  CHECK(task["status"] == "cancelled");
  CHECK(task["statusMessage"] == "cancelled at the client's request (tasks/cancel)");
  CHECK_FALSE(task.contains("result"));
}

TEST_CASE("A work whose result cannot be read fails its task with a JSON-RPC error",
          "[mcp][error]") {
  // A result that is itself a task is a tool bug; so is a work that throws.
  class Broken : public Work {
   public:
    std::optional<mcp::ToolResult> result() const override {
      throw std::runtime_error("the cache file vanished");
    }
  };
  Fixture f;
  const std::string broken = f.create(std::make_shared<Broken>());
  json task = f.store.get(broken);
  CHECK(task["status"] == "failed");
  const std::string message =
      "internal error: the background work of tool background failed: the cache file vanished; "
      "call the tool again or report the problem";
  CHECK(task["statusMessage"] == message);
  CHECK(task["error"] == json{{"code", -32603}, {"message", message}});

  auto nested = std::make_shared<Work>();
  const std::string nested_id = f.create(nested);
  nested->finish(mcp::ToolResult::background(std::make_shared<Work>()));
  CHECK(f.store.get(nested_id)["error"]["message"] ==
        "internal error: the background work of tool background failed: its result is another "
        "task; call the tool again or report the problem");
}

TEST_CASE("Forgetting a task and destroying the store cancel the work still running", "[mcp]") {
  auto kept = std::make_shared<Work>();
  auto forgotten = std::make_shared<Work>();
  auto finished = std::make_shared<Work>();
  {
    Fixture f;
    f.create(kept);
    f.store.forget(f.create(forgotten));
    CHECK(forgotten->cancels() == 1);
    const std::string id = f.create(finished);
    finished->finish(mcp::ToolResult::text("done"));
    REQUIRE(f.store.get(id)["status"] == "completed");
  }
  CHECK(kept->cancels() == 1);
  CHECK(finished->cancels() == 0);
}
