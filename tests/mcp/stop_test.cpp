// A session of a stopping server (Session::interrupt, Session::stop, Session::when_idle): every
// call still queued or running is cancelled but answered, with an isError result that says the
// server is stopping, in both eras and inside batches; a call its client cancelled stays
// unanswered; a tool that ignores its cancellation is answered for.
#include "sparqlmcp/mcp/server.hpp"

#include <condition_variable>
#include <map>
#include <mutex>

#include <catch2/catch.hpp>

#include "test_tools.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::mcp::testing;
using namespace std::chrono_literals;

namespace {

const std::string kSigterm = "the server is stopping (SIGTERM)";

std::string stop_text(const std::string& tool, const std::string& reason = kSigterm) {
  return "tool " + tool + " was cancelled: " + reason + "; call it again once the server is back";
}

std::vector<std::unique_ptr<mcp::Tool>> tools() {
  std::vector<std::unique_ptr<mcp::Tool>> list;
  list.push_back(std::make_unique<SleepTool>());
  list.push_back(std::make_unique<EchoTool>());
  return list;
}

mcp::ServerOptions with_workers(std::size_t workers) {
  mcp::ServerOptions options;
  options.worker_threads = workers;
  return options;
}

// The isError result a stopped call is answered with.
void check_stopped(const json& response, const std::string& tool,
                   const std::string& reason = kSigterm) {
  INFO(response.dump());
  REQUIRE(response.contains("result"));
  CHECK(response["result"]["isError"] == true);
  CHECK(response["result"]["content"][0]["text"] == stop_text(tool, reason));
}

json modern_call(const json& id, const std::string& tool) {
  return {{"jsonrpc", "2.0"},
          {"id", id},
          {"method", "tools/call"},
          {"params",
           {{"name", tool},
            {"_meta",
             {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
              {"io.modelcontextprotocol/clientCapabilities", json::object()}}}}}};
}

}  // namespace

TEST_CASE("stop cancels a running call and answers it that the server is stopping",
          "[mcp][integration]") {
  SessionFixture f(mcp::ServerOptions{}, tools(), nullptr);
  f.initialize();
  f.session->handle_message(request(1, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(1));
  CHECK(f.session->stop(kSigterm, 10s) == 1);
  // Its token fired (the tool returned "cancelled"), and the answer says why instead.
  CHECK(f.sleep->cancelled() == 1);
  check_stopped(f.recorder.wait_response(1), "sleep");
  CHECK(f.recorder.size() == 2);  // initialize, the call's answer
  // The session is closed: nothing more is handled.
  f.session->handle_message(request(2, "ping"));
  CHECK(f.recorder.size() == 2);
  CHECK(f.session->stop(kSigterm, 10s) == 0);  // idempotent
}

TEST_CASE("A call the stop finds queued is answered without running", "[mcp][integration]") {
  SessionFixture f(with_workers(1), tools(), nullptr);
  f.initialize();
  f.session->handle_message(request(1, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(1));
  f.session->handle_message(request(2, "tools/call", {{"name", "echo"}}));
  CHECK(f.session->stop(kSigterm, 10s) == 2);
  check_stopped(f.recorder.wait_response(1), "sleep");
  check_stopped(f.recorder.wait_response(2), "echo");
  CHECK(f.sleep->started() == 1);
}

TEST_CASE("After interrupt a new call is answered at once without running", "[mcp][integration]") {
  SessionFixture f(mcp::ServerOptions{}, tools(), nullptr);
  f.initialize();
  CHECK(f.session->interrupt(kSigterm) == 0);
  check_stopped(f.call(1, "tools/call", {{"name", "sleep"}}), "sleep");
  CHECK(f.sleep->started() == 0);
  // Quick requests are still served until the session closes.
  CHECK(f.call(2, "ping")["result"] == json::object());
}

TEST_CASE("stop answers for a tool that ignores its cancellation and drops its late result",
          "[mcp][integration]") {
  auto tool = std::make_unique<StubbornTool>();
  StubbornTool* stubborn = tool.get();
  std::vector<std::unique_ptr<mcp::Tool>> list;
  list.push_back(std::move(tool));
  SessionFixture f(mcp::ServerOptions{}, std::move(list), nullptr);
  f.initialize();
  f.session->handle_message(request(1, "tools/call", {{"name", "stubborn"}}));
  REQUIRE(stubborn->wait_started());
  CHECK(f.session->stop(kSigterm, 50ms) == 1);
  // Answered when stop() returns, although the tool still runs.
  CHECK(f.session->running_calls() == 1);
  check_stopped(f.recorder.wait_response(1), "stubborn");
  stubborn->release();
  REQUIRE(f.session->wait_idle(10s));
  CHECK(f.recorder.size() == 2);  // initialize and one answer: "late" was dropped
}

TEST_CASE("A call its client cancelled before the stop stays unanswered", "[mcp][integration]") {
  SessionFixture f(mcp::ServerOptions{}, tools(), nullptr);
  f.initialize();
  f.session->handle_message(request(1, "tools/call", {{"name", "sleep"}}));
  f.session->handle_message(request(2, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(2));
  f.session->handle_message(notification("notifications/cancelled", {{"requestId", 1}}));
  CHECK(f.session->stop(kSigterm, 10s) == 1);
  check_stopped(f.recorder.wait_response(2), "sleep");
  CHECK_FALSE(f.recorder.has_response(1));
}

TEST_CASE("Under 2026-07-28 the stop's answer is a complete result with the server's identity",
          "[mcp][integration]") {
  SessionFixture f(mcp::ServerOptions{}, tools(), nullptr);
  f.session->handle_message(modern_call("m", "sleep").dump());
  REQUIRE(f.sleep->wait_started(1));
  CHECK(f.session->stop("the server is stopping", 10s) == 1);
  const json response = f.recorder.wait_response("m");
  check_stopped(response, "sleep", "the server is stopping");
  CHECK(response["result"]["resultType"] == "complete");
  CHECK(response["result"]["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "sparql-mcp");
}

TEST_CASE("A call of a 2025-03-26 batch stopped by the server is answered in the batch's array",
          "[mcp][integration]") {
  SessionFixture f(mcp::ServerOptions{}, tools(), nullptr);
  f.session->handle_message(initialize_request(1, "2025-03-26"));
  REQUIRE(f.recorder.wait_response(1).contains("result"));
  json batch = json::array({json::parse(request(21, "ping")),
                            json::parse(request(22, "tools/call", {{"name", "sleep"}}))});
  f.session->handle_message(batch.dump());
  REQUIRE(f.sleep->wait_started(1));
  CHECK(f.session->stop(kSigterm, 10s) == 1);
  std::vector<json> arrays;
  for (const auto& m : f.recorder.messages())
    if (m.is_array()) arrays.push_back(m);
  REQUIRE(arrays.size() == 1);
  std::map<std::string, json> by_id;
  for (const auto& r : arrays[0])
    by_id[r["id"].dump()] = r;
  CHECK(by_id["21"]["result"] == json::object());
  check_stopped(by_id["22"], "sleep");
}

TEST_CASE("when_idle runs at once on an idle session, else when the last call ends",
          "[mcp][integration]") {
  SessionFixture f(mcp::ServerOptions{}, tools(), nullptr);
  f.initialize();
  std::mutex mutex;
  std::condition_variable changed;
  int called = 0;
  auto callback = [&] {
    std::lock_guard lock(mutex);
    ++called;
    changed.notify_all();
  };
  auto calls = [&] {
    std::lock_guard lock(mutex);
    return called;
  };
  f.session->when_idle(callback);
  CHECK(calls() == 1);

  const auto sleep_call = [](int id, const std::string& key) {
    return request(id, "tools/call", {{"name", "sleep"}, {"arguments", {{"key", key}}}});
  };
  f.session->handle_message(sleep_call(1, "a"));
  f.session->handle_message(sleep_call(2, "b"));
  REQUIRE(f.sleep->wait_started(2));
  f.session->when_idle(callback);
  f.sleep->release("a");
  REQUIRE(f.recorder.wait_response(1).contains("result"));
  CHECK(calls() == 1);  // one call still runs
  f.sleep->release("b");
  {
    std::unique_lock lock(mutex);
    CHECK(changed.wait_for(lock, 10s, [&] { return called == 2; }));
  }

  // Closing drops a callback still waiting.
  f.session->handle_message(sleep_call(3, "c"));
  REQUIRE(f.sleep->wait_started(3));
  f.session->when_idle(callback);
  f.session->close();
  CHECK(f.session->running_calls() == 0);
  CHECK(calls() == 2);
}
