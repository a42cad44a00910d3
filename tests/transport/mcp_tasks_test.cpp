// The tasks extension of MCP 2026-07-28 (io.modelcontextprotocol/tasks) through both
// transports, with a tool whose background work the test finishes: a tools/call answered with a
// task, tasks/get until completed, tasks/cancel, an unknown id, a request that does not declare
// the extension, and a legacy session that gets a plain result. Over Streamable HTTP every
// 2026-07-28 request is a session of its own, so the task outlives the request that created it.

#include <catch2/catch.hpp>

#include <condition_variable>
#include <istream>
#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>
#include <thread>

#include "../mcp/test_tools.hpp"
#include "raw_http_client.hpp"
#include "sparqlmcp/mcp/server.hpp"
#include "sparqlmcp/transport/http_server.hpp"
#include "sparqlmcp/transport/mcp_http.hpp"
#include "sparqlmcp/transport/stdio.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::mcp::testing;
using transport::testing::RawHttpClient;

namespace {

const json kTasks = {{"io.modelcontextprotocol/tasks", json::object()}};

json envelope(bool tasks) {
  return {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
          {"io.modelcontextprotocol/clientCapabilities",
           tasks ? json{{"extensions", kTasks}} : json::object()}};
}

json message(const json& id, const std::string& method, json params, bool tasks = true) {
  params["_meta"] = envelope(tasks);
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

json call_background(const json& id, const std::string& key, bool tasks = true) {
  return message(id, "tools/call", {{"name", "background"}, {"arguments", {{"key", key}}}}, tasks);
}

std::unique_ptr<mcp::Server> make_server(TaskTool*& tool) {
  auto owned = std::make_unique<TaskTool>();
  tool = owned.get();
  std::vector<std::unique_ptr<mcp::Tool>> tools;
  tools.push_back(std::move(owned));
  return std::make_unique<mcp::Server>(mcp::ServerOptions{}, std::move(tools), nullptr);
}

// --- Streamable HTTP -------------------------------------------------------------------------

struct HttpFixture {
  HttpFixture()
      : server(make_server(tool)),
        handler(transport::make_mcp_http_handler(*server, transport::McpHttpOptions{})),
        http(*handler, http_options()) {}
  ~HttpFixture() { tool->finish_all(); }

  static transport::HttpServerOptions http_options() {
    transport::HttpServerOptions options;
    return options;
  }

  // A POST of `body` with the 2026-07-28 headers mirroring it (Mcp-Name: `name`, if any).
  std::string post(const json& body, const std::string& name = "",
                   const std::string& extra = "") const {
    const std::string text = body.dump();
    std::string headers =
        "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: " + body["method"].get<std::string>() +
        "\r\n";
    if (!name.empty()) headers += "Mcp-Name: " + name + "\r\n";
    return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(http.port()) +
           "\r\nContent-Type: application/json\r\nAccept: application/json, "
           "text/event-stream\r\n" +
           headers + extra + "Content-Length: " + std::to_string(text.size()) + "\r\n\r\n" + text;
  }
  transport::testing::RawResponse exchange(const std::string& request) const {
    RawHttpClient client(http.port());
    client.send(request);
    return client.read_response();
  }
  // The JSON-RPC answer of a 2026-07-28 request (one JSON object: no notification precedes it).
  json rpc(const json& body, const std::string& name = "", int status = 200) const {
    const auto response = exchange(post(body, name));
    CHECK(static_cast<int>(response.result_int()) == status);
    CHECK(response["Content-Type"] == "application/json");
    return json::parse(response.body());
  }
  json task_request(const json& id, const std::string& method, const std::string& task_id,
                    bool tasks = true, int status = 200) const {
    json params = {{"taskId", task_id}};
    if (method == "tasks/update") params["inputResponses"] = json::object();
    return rpc(message(id, method, params, tasks), task_id, status);
  }

  TaskTool* tool = nullptr;
  std::unique_ptr<mcp::Server> server;
  std::unique_ptr<transport::HttpHandler> handler;
  transport::HttpServer http;
};

// --- stdio -----------------------------------------------------------------------------------

// stdin as a pipe the test writes lines into; end of input once closed.
class FeedBuffer : public std::streambuf {
 public:
  void push(const json& message) {
    std::lock_guard lock(mutex_);
    pending_ += message.dump() + "\n";
    changed_.notify_all();
  }
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    changed_.notify_all();
  }

 protected:
  int_type underflow() override {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !pending_.empty() || closed_; });
    if (pending_.empty()) return traits_type::eof();
    current_ = std::move(pending_);
    pending_.clear();
    setg(current_.data(), current_.data(), current_.data() + current_.size());
    return traits_type::to_int_type(current_[0]);
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::string pending_, current_;
  bool closed_ = false;
};

// stdout as lines the test waits for.
class LinesBuffer : public std::streambuf {
 public:
  // The response with `id` (bounded wait), or null.
  json wait_response(const json& id) {
    std::unique_lock lock(mutex_);
    json found;
    changed_.wait_for(lock, std::chrono::seconds(10), [&] {
      for (const auto& line : lines_)
        if (line.value("id", json()) == id && !line.contains("method")) {
          found = line;
          return true;
        }
      return false;
    });
    return found;
  }

 protected:
  int_type overflow(int_type c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    std::lock_guard lock(mutex_);
    if (c == '\n') {
      lines_.push_back(json::parse(partial_));
      partial_.clear();
      changed_.notify_all();
    } else {
      partial_ += traits_type::to_char_type(c);
    }
    return c;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::string partial_;
  std::vector<json> lines_;
};

struct StdioFixture {
  StdioFixture() : server(make_server(tool)), in(&feed), out(&lines) {
    thread = std::thread([this] { status = transport::run_stdio(*server, in, out); });
  }
  ~StdioFixture() {
    tool->finish_all();
    feed.close();
    thread.join();
  }
  json rpc(const json& message) {
    feed.push(message);
    return lines.wait_response(message["id"]);
  }

  TaskTool* tool = nullptr;
  std::unique_ptr<mcp::Server> server;
  FeedBuffer feed;
  LinesBuffer lines;
  std::istream in;
  std::ostream out;
  int status = -1;
  std::thread thread;
};

}  // namespace

TEST_CASE(
    "Over Streamable HTTP a task is created, polled to completion and cancelled across "
    "requests",
    "[transport][integration]") {
  HttpFixture f;
  json discover = f.rpc(message(1, "server/discover", json::object()));
  CHECK(discover["result"]["capabilities"]["extensions"] == kTasks);

  json created = f.rpc(call_background(2, "a"), "background")["result"];
  REQUIRE(created["resultType"] == "task");
  const std::string task_id = created["taskId"];
  CHECK(created["status"] == "working");

  // Each poll is a new request, served by a session of its own.
  auto work = f.tool->work("a");
  work->set_message("halfway");
  json polled = f.task_request(3, "tasks/get", task_id)["result"];
  CHECK(polled["status"] == "working");
  CHECK(polled["statusMessage"] == "halfway");
  work->finish(mcp::ToolResult::text("done", json{{"rows", 3}}));
  json done = f.task_request(4, "tasks/get", task_id)["result"];
  CHECK(done["status"] == "completed");
  CHECK(done["result"]["structuredContent"] == json{{"rows", 3}});
  CHECK(done["result"]["isError"] == false);

  CHECK(f.task_request(5, "tasks/update", task_id)["result"]["resultType"] == "complete");

  const std::string second = f.rpc(call_background(6, "b"), "background")["result"]["taskId"];
  CHECK(f.task_request(7, "tasks/cancel", second)["result"]["resultType"] == "complete");
  CHECK(f.tool->work("b")->cancels() == 1);
  CHECK(f.task_request(8, "tasks/get", second)["result"]["status"] == "cancelled");
  CHECK(f.tool->accepted() == std::vector<bool>{true, true});
}

TEST_CASE("Over Streamable HTTP tasks requests are refused with the status of their error",
          "[transport][integration][error]") {
  HttpFixture f;
  const std::string task_id = f.rpc(call_background(1, "a"), "background")["result"]["taskId"];
  // An unknown id is invalid params: 200 with the error.
  json unknown = f.task_request(2, "tasks/get", "feedbeef");
  CHECK(unknown["error"]["code"] == -32602);
  CHECK(unknown["error"]["data"] == json{{"taskId", "feedbeef"}});
  // A request that does not declare the extension: 400, -32021 with what to declare.
  json undeclared = f.task_request(3, "tasks/get", task_id, false, 400);
  CHECK(undeclared["error"]["code"] == -32021);
  CHECK(undeclared["error"]["data"] == json{{"requiredCapabilities", {{"extensions", kTasks}}}});
  // Mcp-Name must be the taskId: 400, -32020.
  json mismatch = f.rpc(message(4, "tasks/get", {{"taskId", task_id}}), "background", 400);
  CHECK(mismatch["error"] ==
        json{{"code", -32020},
             {"message",
              "Header mismatch: Mcp-Name header value 'background' does not match "
              "body value '" +
                  task_id + "'"}});
  json missing = f.rpc(message(5, "tasks/cancel", {{"taskId", task_id}}), "", 400);
  CHECK(missing["error"]["message"] ==
        "Header mismatch: the Mcp-Name header is required for tasks/cancel and must be the "
        "body's params.taskId ('" +
            task_id + "')");
  // tasks/result is gone: 404, as every method the server does not implement.
  CHECK(f.rpc(message(6, "tasks/result", {{"taskId", task_id}}), "", 404)["error"]["code"] ==
        -32601);
  CHECK(f.tool->work("a")->cancels() == 0);
  CHECK(f.task_request(7, "tasks/get", task_id)["result"]["status"] == "working");
}

TEST_CASE("Over Streamable HTTP a legacy session gets a plain result from the same tool",
          "[transport][integration]") {
  HttpFixture f;
  const std::string init =
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
      R"("capabilities":{},"clientInfo":{"name":"tasks-test","version":"1"}}})";
  const auto initialized = f.exchange(
      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(f.http.port()) +
      "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
      "Content-Length: " +
      std::to_string(init.size()) + "\r\n\r\n" + init);
  REQUIRE(initialized.result_int() == 200);
  const std::string session(initialized["Mcp-Session-Id"]);
  const std::string call =
      R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"background",)"
      R"("arguments":{"key":"legacy"}}})";
  RawHttpClient client(f.http.port());
  client.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(f.http.port()) +
              "\r\nContent-Type: application/json\r\nAccept: application/json, "
              "text/event-stream\r\nMcp-Session-Id: " +
              session + "\r\nMCP-Protocol-Version: 2025-11-25\r\nContent-Length: " +
              std::to_string(call.size()) + "\r\n\r\n" + call);
  // The call waits for its work, inside the request.
  f.tool->work("legacy")->finish(mcp::ToolResult::text("plain"));
  const auto response = client.read_response();
  CHECK(response.result_int() == 200);
  CHECK(json::parse(response.body()) == json::parse(R"({"jsonrpc":"2.0","id":2,"result":
    {"content":[{"type":"text","text":"plain"}],"isError":false}})"));
  CHECK(f.tool->accepted() == std::vector<bool>{false});
}

TEST_CASE(
    "Over stdio a task is created, polled to completion and cancelled; legacy calls get "
    "plain results",
    "[transport][integration]") {
  StdioFixture f;
  const std::string task_id = f.rpc(call_background(1, "a"))["result"]["taskId"];
  REQUIRE(!task_id.empty());
  auto work = f.tool->work("a");
  CHECK(f.rpc(message(2, "tasks/get", {{"taskId", task_id}}))["result"]["status"] == "working");
  work->finish(mcp::ToolResult::error("the endpoint is down; try later"));
  json done = f.rpc(message(3, "tasks/get", {{"taskId", task_id}}))["result"];
  CHECK(done["status"] == "completed");  // a tool error completes the task
  CHECK(done["result"]["isError"] == true);
  CHECK(done["result"]["content"][0]["text"] == "the endpoint is down; try later");

  const std::string second = f.rpc(call_background(4, "b"))["result"]["taskId"];
  CHECK(f.rpc(message(5, "tasks/cancel", {{"taskId", second}}))["result"]["resultType"] ==
        "complete");
  CHECK(f.tool->work("b")->cancels() == 1);
  CHECK(f.rpc(message(6, "tasks/get", {{"taskId", second}}))["result"]["status"] == "cancelled");

  CHECK(f.rpc(message(7, "tasks/get", {{"taskId", "nope"}}))["error"]["code"] == -32602);
  CHECK(f.rpc(message(8, "tasks/get", {{"taskId", task_id}}, false))["error"]["code"] == -32021);

  // On the same connection, a legacy session and a modern request without the extension get
  // plain results from the same tool.
  REQUIRE(f.rpc(json::parse(initialize_request(9)))["result"]["protocolVersion"] == "2025-11-25");
  f.feed.push(json::parse(notification("notifications/initialized")));
  f.feed.push(json::parse(
      request(10, "tools/call", {{"name", "background"}, {"arguments", {{"key", "legacy"}}}})));
  f.tool->work("legacy")->finish(mcp::ToolResult::text("plain"));
  CHECK(f.lines.wait_response(10)["result"] ==
        json::parse(R"({"content":[{"type":"text","text":"plain"}],"isError":false})"));
  f.feed.push(call_background(11, "modern-plain", false));
  f.tool->work("modern-plain")->finish(mcp::ToolResult::text("plain too"));
  json modern_plain = f.lines.wait_response(11)["result"];
  CHECK(modern_plain["resultType"] == "complete");
  CHECK(modern_plain["content"][0]["text"] == "plain too");
  CHECK(f.tool->accepted() == std::vector<bool>{true, true, false, false});
}
