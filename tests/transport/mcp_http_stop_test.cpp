// HttpServer::stop() with the MCP binding: a tool call running when the server stops finishes
// within the stop timeout or is cancelled and answered that the server is stopping, on every
// HTTP transport (a legacy Streamable HTTP session, HTTP+SSE, a 2026-07-28 request), and the
// stop report counts it as finished or cancelled, never closed.

#include <catch2/catch.hpp>

#include <condition_variable>
#include <future>
#include <mutex>
#include <string>

#include "../mcp/test_tools.hpp"
#include "raw_http_client.hpp"
#include "sparqlmcp/mcp/server.hpp"
#include "sparqlmcp/transport/http_server.hpp"
#include "sparqlmcp/transport/mcp_http.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::mcp::testing;
using namespace std::chrono_literals;
using transport::testing::RawHttpClient;
using transport::testing::RawResponse;

namespace {

const std::string kStopped =
    "tool sleep was cancelled: the server is stopping; call it again once the server is back";

// Hands everything to the MCP binding and tells the test when the stop has begun.
class StopSpy : public transport::HttpHandler {
 public:
  explicit StopSpy(transport::HttpHandler& inner) : inner_(inner) {}
  void handle(transport::HttpRequest request, transport::HttpExchange exchange) override {
    inner_.handle(std::move(request), std::move(exchange));
  }
  void on_stop(std::chrono::steady_clock::time_point deadline) override {
    inner_.on_stop(deadline);
    std::lock_guard lock(mutex_);
    stopping_ = true;
    changed_.notify_all();
  }
  void on_stop_cancel(std::chrono::steady_clock::time_point close_at) override {
    inner_.on_stop_cancel(close_at);
  }
  // Bounded wait (a hang guard only).
  bool wait_stopping() {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, 20s, [&] { return stopping_; });
  }

 private:
  transport::HttpHandler& inner_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool stopping_ = false;
};

std::unique_ptr<mcp::Server> make_server(SleepTool*& sleep, StubbornTool*& stubborn) {
  auto sleep_tool = std::make_unique<SleepTool>();
  auto stubborn_tool = std::make_unique<StubbornTool>();
  sleep = sleep_tool.get();
  stubborn = stubborn_tool.get();
  std::vector<std::unique_ptr<mcp::Tool>> tools;
  tools.push_back(std::move(sleep_tool));
  tools.push_back(std::move(stubborn_tool));
  return std::make_unique<mcp::Server>(mcp::ServerOptions{}, std::move(tools), nullptr);
}

transport::HttpServerOptions stop_after(std::chrono::milliseconds stop_timeout,
                                        std::chrono::milliseconds cancel_grace = 60s) {
  transport::HttpServerOptions options;
  options.stop_timeout = stop_timeout;
  options.cancel_grace = cancel_grace;  // 60 s: ends as soon as the cancelled calls are answered
  return options;
}

json call(const json& id, const std::string& tool, const std::string& key = "") {
  json params = {{"name", tool}};
  if (!key.empty()) params["arguments"] = {{"key", key}};
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"}, {"params", params}};
}

struct Fixture {
  explicit Fixture(transport::HttpServerOptions options)
      : server(make_server(sleep, stubborn)),
        handler(transport::make_mcp_http_handler(*server, transport::McpHttpOptions{})),
        spy(*handler),
        http(spy, options) {}
  ~Fixture() {
    sleep->release();
    stubborn->release();
  }

  std::string host() const { return "127.0.0.1:" + std::to_string(http.port()); }
  std::string post(const std::string& path, const json& body, const std::string& extra = "") const {
    const std::string text = body.dump();
    return "POST " + path + " HTTP/1.1\r\nHost: " + host() +
           "\r\nContent-Type: application/json\r\nAccept: application/json, "
           "text/event-stream\r\n" +
           extra + "Content-Length: " + std::to_string(text.size()) + "\r\n\r\n" + text;
  }
  // The answer of `request`, once the server counts it complete: a connection reads its next
  // request only then, and the 403 of a foreign Host takes no request slot. So a stop begun
  // later does not count it in flight.
  RawResponse exchange(const std::string& request) const {
    RawHttpClient client(http.port());
    client.send(request);
    RawResponse response = client.read_response();
    client.send("GET /mcp HTTP/1.1\r\nHost: evil.example.com\r\n\r\n");
    REQUIRE(client.read_response().result_int() == 403);
    return response;
  }
  // A legacy (2025-11-25) session, initialized; its Mcp-Session-Id header line.
  std::string open_legacy() const {
    const RawResponse init = exchange(post("/mcp", json::parse(initialize_request(1))));
    REQUIRE(init.result_int() == 200);
    const std::string header = "Mcp-Session-Id: " + std::string(init["Mcp-Session-Id"]) + "\r\n";
    REQUIRE(exchange(post("/mcp", json::parse(notification("notifications/initialized")), header))
                .result_int() == 202);
    return header;
  }
  // The answer of `request`, read on a thread of its own (the answer may come during the stop,
  // after which the connection closes).
  std::future<RawResponse> send_async(std::string request) const {
    return std::async(std::launch::async, [this, request] {
      RawHttpClient client(http.port());
      client.send(request);
      return client.read_response();
    });
  }
  std::future<transport::StopReport> stop_async() {
    return std::async(std::launch::async, [this] { return http.stop(); });
  }

  SleepTool* sleep = nullptr;
  StubbornTool* stubborn = nullptr;
  std::unique_ptr<mcp::Server> server;
  std::unique_ptr<transport::HttpHandler> handler;
  StopSpy spy;
  transport::HttpServer http;
};

// An HTTP+SSE client: its stream, and where it posts.
struct SseClient {
  explicit SseClient(Fixture& f) : fixture(f), stream(f.http.port()) {
    stream.send("GET /sse HTTP/1.1\r\nHost: " + f.host() + "\r\nAccept: text/event-stream\r\n\r\n");
    stream.read_until("event: endpoint");
    const std::string data = stream.read_until("\n\n");
    const auto at = data.find("/messages?sessionId=");
    REQUIRE(at != std::string::npos);
    messages = data.substr(at, data.find('\n', at) - at);
  }
  void post(const json& body) {
    REQUIRE(fixture.exchange(fixture.post(messages, body)).result_int() == 202);
  }
  Fixture& fixture;
  RawHttpClient stream;
  std::string messages;
};

json body_of(const RawResponse& response) {
  INFO(response.body());
  REQUIRE(response["Content-Type"] == "application/json");
  return json::parse(response.body());
}

}  // namespace

TEST_CASE("A legacy session's call running at stop finishes within the stop timeout",
          "[transport][integration]") {
  Fixture f(stop_after(60s));
  const std::string session = f.open_legacy();
  auto answer = f.send_async(f.post("/mcp", call(2, "sleep", "a"), session));
  REQUIRE(f.sleep->wait_started(1));
  auto stopping = f.stop_async();
  REQUIRE(f.spy.wait_stopping());
  f.sleep->release("a");  // the call ends while the server waits for it
  const RawResponse response = answer.get();
  CHECK(response.result_int() == 200);
  CHECK(body_of(response)["result"]["content"][0]["text"] == "slept");
  const transport::StopReport report = stopping.get();
  CHECK(report.finished == 1);
  CHECK(report.cancelled == 0);
  CHECK(report.closed == 0);
}

TEST_CASE("A legacy session's call still running at the stop timeout is answered as cancelled",
          "[transport][integration]") {
  Fixture f(stop_after(0ms));
  const std::string session = f.open_legacy();
  auto answer = f.send_async(f.post("/mcp", call(2, "sleep"), session));
  REQUIRE(f.sleep->wait_started(1));
  const transport::StopReport report = f.http.stop();
  CHECK(report.finished == 0);
  CHECK(report.cancelled == 1);
  CHECK(report.closed == 0);
  const RawResponse response = answer.get();
  CHECK(response.result_int() == 200);
  const json body = body_of(response);
  CHECK(body["id"] == 2);
  CHECK(body["result"]["isError"] == true);
  CHECK(body["result"]["content"][0]["text"] == kStopped);
  CHECK(f.sleep->cancelled() == 1);  // its token fired: that aborts a tool's HTTP transfers
}

TEST_CASE("A call whose tool ignores cancellation is answered before the server closes it",
          "[transport][integration]") {
  // The binding answers for the tool after half the cancel grace.
  Fixture f(stop_after(0ms, 4s));
  const std::string session = f.open_legacy();
  auto answer = f.send_async(f.post("/mcp", call(2, "stubborn"), session));
  REQUIRE(f.stubborn->wait_started());
  const transport::StopReport report = f.http.stop();
  CHECK(report.cancelled == 1);
  CHECK(report.closed == 0);
  const json body = body_of(answer.get());
  CHECK(body["result"]["content"][0]["text"] ==
        "tool stubborn was cancelled: the server is stopping; call it again once the server is "
        "back");
}

TEST_CASE("HTTP+SSE streams end at stop once their calls are answered, idle ones at once",
          "[transport][integration]") {
  Fixture f(stop_after(60s));
  SseClient idle(f);
  SseClient busy(f);
  busy.post(json::parse(initialize_request(1)));
  busy.stream.read_until("\"id\":1");
  busy.post(json::parse(notification("notifications/initialized")));
  busy.post(call(2, "sleep", "a"));
  REQUIRE(f.sleep->wait_started(1));
  auto stopping = f.stop_async();
  REQUIRE(f.spy.wait_stopping());
  // The idle stream ends without waiting for the busy one.
  CHECK(idle.stream.read_to_end().find("0\r\n\r\n") != std::string::npos);
  f.sleep->release("a");
  const std::string rest = busy.stream.read_to_end();
  CHECK(rest.find("\"id\":2") != std::string::npos);
  CHECK(rest.find("slept") != std::string::npos);
  CHECK(rest.find("0\r\n\r\n") != std::string::npos);  // the stream's last chunk
  const transport::StopReport report = stopping.get();
  CHECK(report.finished == 2);
  CHECK(report.cancelled == 0);
}

TEST_CASE("An HTTP+SSE call still running at the stop timeout is answered before its stream ends",
          "[transport][integration]") {
  Fixture f(stop_after(0ms));
  SseClient client(f);
  client.post(json::parse(initialize_request(1)));
  client.stream.read_until("\"id\":1");
  client.post(call(2, "sleep"));
  REQUIRE(f.sleep->wait_started(1));
  const transport::StopReport report = f.http.stop();
  CHECK(report.cancelled == 1);
  CHECK(report.closed == 0);
  const std::string rest = client.stream.read_to_end();
  const auto data = rest.find("data: {");
  REQUIRE(data != std::string::npos);
  const json answer = json::parse(rest.substr(data + 6, rest.find('\n', data) - data - 6));
  CHECK(answer["id"] == 2);
  CHECK(answer["result"]["content"][0]["text"] == kStopped);
  CHECK(rest.find("0\r\n\r\n") != std::string::npos);
}

TEST_CASE("A 2026-07-28 call still running at the stop timeout is answered as cancelled",
          "[transport][integration]") {
  Fixture f(stop_after(0ms));
  json modern = call("m", "sleep");
  modern["params"]["_meta"] = {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
                               {"io.modelcontextprotocol/clientCapabilities", json::object()}};
  auto answer = f.send_async(
      f.post("/mcp", modern,
             "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: sleep\r\n"));
  REQUIRE(f.sleep->wait_started(1));
  const transport::StopReport report = f.http.stop();
  CHECK(report.cancelled == 1);
  CHECK(report.closed == 0);
  const RawResponse response = answer.get();
  CHECK(response.result_int() == 200);
  const json body = body_of(response);
  CHECK(body["result"]["content"][0]["text"] == kStopped);
  CHECK(body["result"]["resultType"] == "complete");
}
