#include "sparqlmcp/mcp/server.hpp"

#include <map>

#include <catch2/catch.hpp>

#include "sparqlmcp/mcp/uri_template.hpp"
#include "sparqlmcp/util/error.hpp"
#include "test_tools.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::mcp::testing;
using namespace std::chrono_literals;

namespace {

class TestResources : public mcp::ResourceProvider {
 public:
  std::vector<mcp::ResourceDescriptor> list_resources() const override {
    return {{"sparqlmcp://catalogue", "catalogue", "Endpoint catalogue", "All endpoints",
             "text/turtle"},
            {"sparqlmcp://bare", "bare", "", "", ""}};
  }
  std::vector<mcp::ResourceTemplate> list_templates() const override {
    return {
        {"sparqlmcp://endpoint/{id}", "endpoint", "Endpoint", "One endpoint by id", "text/turtle"},
        {"sparqlmcp://file/{+path}", "file", "", "", ""}};
  }
  std::optional<std::string> read_resource(const std::string& uri,
                                           std::string& mime_type) const override {
    if (uri == "sparqlmcp://explode") throw std::runtime_error("disk on fire");
    // A URI of the template is the provider's to answer: known ids are read, others refused.
    if (auto values = endpoint_.match(uri)) {
      if (values->at("id") != "known")
        throw_error(ErrorKind::InvalidArgument, "no endpoint has the id \"" + values->at("id") +
                                                    "\"; list_endpoints names them");
      mime_type = "text/turtle";
      return std::string("<known> a <Endpoint> .");
    }
    if (uri != "sparqlmcp://catalogue") return std::nullopt;
    mime_type = "text/turtle";
    return std::string("<a> <b> <c> .");
  }

 private:
  const mcp::UriTemplate endpoint_{"sparqlmcp://endpoint/{id}"};
};

struct Fixture : SessionFixture {
  explicit Fixture(mcp::ServerOptions options = make_options())
      : SessionFixture(std::move(options), tools(), std::make_shared<TestResources>()) {}

  static mcp::ServerOptions make_options() {
    mcp::ServerOptions options;
    options.info.title = "SPARQL MCP";
    options.info.version = "1.2.3";
    options.info.instructions = "Use SERVICE to name endpoints.";
    return options;
  }
  static std::vector<std::unique_ptr<mcp::Tool>> tools() {
    std::vector<std::unique_ptr<mcp::Tool>> list;
    list.push_back(std::make_unique<EchoTool>());
    list.push_back(std::make_unique<SleepTool>());
    list.push_back(std::make_unique<ThrowTool>());
    list.push_back(std::make_unique<ProgressTool>());
    list.push_back(std::make_unique<LogTool>());
    return list;
  }
};

json error_of(const json& response) {
  REQUIRE(response.contains("error"));
  return response["error"];
}

}  // namespace

TEST_CASE("initialize answers a supported version with that version", "[mcp]") {
  for (const char* version : {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}) {
    Fixture f;
    f.session->handle_message(initialize_request(1, version));
    json response = f.recorder.wait_response(1);
    REQUIRE(response["jsonrpc"] == "2.0");
    CHECK(response["result"]["protocolVersion"] == version);
    CHECK(f.session->protocol_version() == version);
  }
}

TEST_CASE("initialize answers an unknown version with the latest and the full capabilities",
          "[mcp]") {
  Fixture f;
  f.session->handle_message(initialize_request("x", "2023-01-01"));
  json response = f.recorder.wait_response("x");
  json expected = json::parse(R"({
    "protocolVersion": "2025-11-25",
    "capabilities": {"tools": {"listChanged": false},
                     "resources": {"subscribe": false, "listChanged": false},
                     "logging": {}},
    "serverInfo": {"name": "sparql-mcp", "title": "SPARQL MCP", "version": "1.2.3"},
    "instructions": "Use SERVICE to name endpoints."})");
  CHECK(response["result"] == expected);
  CHECK(f.session->initialized());
}

TEST_CASE("initialize without a protocolVersion string is invalid params", "[mcp][error]") {
  Fixture f;
  json e = error_of(f.call(1, "initialize", {{"capabilities", json::object()}}));
  CHECK(e["code"] == -32602);
  CHECK(e["message"] ==
        "invalid params for initialize: \"protocolVersion\" must be a string such as "
        "\"2025-11-25\"");
  CHECK_FALSE(f.session->initialized());
}

TEST_CASE("A second initialize is refused", "[mcp][error]") {
  Fixture f;
  f.initialize();
  json e = error_of(f.call(2, "initialize", json::parse(initialize_request())["params"]));
  CHECK(e["code"] == -32600);
  CHECK(e["message"] ==
        "this session is already initialized (protocol 2025-11-25); send "
        "initialize only once per session");
}

TEST_CASE("ping is answered before and after initialize", "[mcp]") {
  Fixture f;
  CHECK(f.call(1, "ping") == json::parse(R"({"jsonrpc":"2.0","id":1,"result":{}})"));
  f.initialize();
  CHECK(f.call("p", "ping", json::object()) ==
        json::parse(R"({"jsonrpc":"2.0","id":"p","result":{}})"));
}

TEST_CASE("Requests before initialize are refused with the request's id", "[mcp][error]") {
  Fixture f;
  json response = f.call(3, "tools/list");
  CHECK(response["id"] == 3);
  CHECK(error_of(response)["code"] == -32600);
  CHECK(error_of(response)["message"] ==
        "server not initialized: send initialize first (got tools/list before initialize)");
}

TEST_CASE("A line that is not JSON is a parse error with a null id", "[mcp][error]") {
  Fixture f;
  f.session->handle_message("{\"jsonrpc\":\"2.0\",\"id\":1,");
  REQUIRE(f.recorder.size() == 1);
  json m = f.recorder.messages()[0];
  CHECK(m["id"].is_null());
  CHECK(m["error"]["code"] == -32700);
  std::string message = m["error"]["message"];
  CHECK(message.rfind("parse error at line 1, column 25: the message is not valid JSON (", 0) == 0);
  CHECK(message.find("json.exception") == std::string::npos);
}

TEST_CASE("A number beyond a double's range is a parse error, and the session goes on",
          "[mcp][error]") {
  // Found by fuzzing: nlohmann throws out_of_range (not parse_error) for 1e400, which ended the
  // server through std::terminate.
  Fixture f;
  f.session->handle_message(R"({"jsonrpc":"2.0","id":1e400,"method":"ping"})");
  REQUIRE(f.recorder.size() == 1);
  json m = f.recorder.messages()[0];
  CHECK(m["id"].is_null());
  CHECK(m["error"]["code"] == -32700);
  CHECK(m["error"]["message"] ==
        "the message holds a number too large to read (number overflow parsing '1e400'); send "
        "numbers within the range of a double");
  CHECK(f.call(2, "ping").contains("result"));
}

TEST_CASE("Parse error positions count columns in code points", "[mcp][error]") {
  Fixture f;
  f.session->handle_message("{\"q\": \"äöü€\", x}");  // 'x' is code point 15, byte 19
  json m = f.recorder.messages().at(0);
  CHECK(m["error"]["code"] == -32700);
  CHECK(m["error"]["message"] ==
        "parse error at line 1, column 15: the message is not valid JSON (syntax error while "
        "parsing object key - invalid literal; last read: '\"äöü€\", x'; expected "
        "string literal); send one complete JSON-RPC 2.0 object per line");
  f.session->handle_message("{\n  \"a\": tru\n}");
  INFO(f.recorder.messages().at(1).dump());
  CHECK(f.recorder.messages().at(1)["error"]["message"].get<std::string>().rfind(
            "parse error at line 2, column 11:", 0) == 0);
}

TEST_CASE("Batches are refused with an explanation", "[mcp][error]") {
  Fixture f;
  f.session->handle_message("[" + request(1, "ping") + "]");
  REQUIRE(f.recorder.size() == 1);
  json m = f.recorder.messages()[0];
  CHECK(m == json::parse(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":
    "JSON-RPC batches are not supported by this MCP version; send one message per line"}})"));
}

TEST_CASE("Malformed requests are invalid requests and keep a readable id", "[mcp][error]") {
  Fixture f;
  f.session->handle_message("42");
  f.session->handle_message(R"({"id":5,"method":"ping"})");
  f.session->handle_message(R"({"jsonrpc":"1.0","id":6,"method":"ping"})");
  f.session->handle_message(R"({"jsonrpc":"2.0","id":7})");
  f.session->handle_message(R"({"jsonrpc":"2.0","id":8,"method":12})");
  f.session->handle_message(R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})");
  f.session->handle_message(R"({"jsonrpc":"2.0","id":null,"method":"ping"})");
  f.session->handle_message(R"({"jsonrpc":"2.0","id":9,"method":"ping","params":"x"})");
  auto messages = f.recorder.messages();
  REQUIRE(messages.size() == 8);
  json expected_ids = json::array({nullptr, 5, 6, 7, 8, nullptr, nullptr, 9});
  for (std::size_t i = 0; i < messages.size(); ++i) {
    INFO(messages[i].dump());
    CHECK(messages[i]["id"] == expected_ids[i]);
    CHECK(messages[i]["error"]["code"] == -32600);
  }
  CHECK(messages[0]["error"]["message"] ==
        "invalid request: a JSON-RPC message must be a JSON object, got number; send "
        "{\"jsonrpc\":\"2.0\",\"id\":...,\"method\":...}");
  CHECK(messages[1]["error"]["message"] ==
        "invalid request: \"jsonrpc\" must be the string \"2.0\"; add \"jsonrpc\":\"2.0\" to "
        "every message");
  CHECK(messages[3]["error"]["message"] ==
        "invalid request: the message has no \"method\"; every request and notification needs "
        "a \"method\" string");
  CHECK(messages[4]["error"]["message"] ==
        "invalid request: \"method\" must be a string, got number; send the method name as a "
        "string such as \"tools/call\"");
  CHECK(messages[7]["error"]["message"] ==
        "invalid request: \"params\" must be an object, got string; send named parameters as an "
        "object");
  CHECK(messages[5]["error"]["message"] ==
        "invalid request: \"id\" must be a string or a number, got object; omit \"id\" only for "
        "notifications");
}

TEST_CASE("An unknown method is method-not-found naming the method", "[mcp][error]") {
  Fixture f;
  f.initialize();
  json e = error_of(f.call(4, "prompts/list"));
  CHECK(e["code"] == -32601);
  CHECK(e["message"] ==
        "method not found: \"prompts/list\"; this server implements initialize, ping, "
        "tools/list, tools/call, resources/list, resources/templates/list, resources/read, "
        "logging/setLevel");
  CHECK(e["data"]["method"] == "prompts/list");
}

TEST_CASE("Array params of a request are invalid params", "[mcp][error]") {
  Fixture f;
  f.initialize();
  json e = error_of(f.call(4, "tools/list", json::array({1})));
  CHECK(e["code"] == -32602);
  CHECK(e["message"] ==
        "invalid params for tools/list: params must be an object, got array; "
        "send named parameters as a JSON object");
}

TEST_CASE("Notifications and client responses produce no output", "[mcp]") {
  Fixture f;
  f.initialize();
  std::size_t before = f.recorder.size();
  f.session->handle_message(notification("notifications/initialized"));
  f.session->handle_message(notification("notifications/unknown", {{"x", 1}}));
  f.session->handle_message(notification("notifications/cancelled", {{"requestId", 99}}));
  f.session->handle_message(notification("notifications/cancelled", {{"requestId", true}}));
  f.session->handle_message(notification("tools/call", {{"name", "nope"}}));
  f.session->handle_message(R"({"jsonrpc":"2.0","id":5,"result":{}})");
  f.session->handle_message(R"({"jsonrpc":"2.0","id":6,"error":{"code":1,"message":"x"}})");
  // A following ping proves all of the above were processed without a word.
  f.call("after", "ping");
  auto messages = f.recorder.messages();
  REQUIRE(messages.size() == before + 1);
  CHECK(messages.back()["id"] == "after");
}

TEST_CASE("tools/list returns every tool definition on one page", "[mcp]") {
  Fixture f;
  f.initialize();
  json result = f.call(1, "tools/list")["result"];
  REQUIRE(result["tools"].size() == 5);
  CHECK(result["tools"][0] == make_definition("echo").to_json());
  CHECK_FALSE(result.contains("nextCursor"));
  json e = error_of(f.call(2, "tools/list", {{"cursor", "page2"}}));
  CHECK(e["code"] == -32602);
  CHECK(e["message"] ==
        "invalid params for tools/list: unknown cursor \"page2\"; this server returns all tools "
        "on one page, call tools/list without a cursor");
}

TEST_CASE("tools/call runs the tool and returns its result", "[mcp]") {
  Fixture f;
  f.initialize();
  json response = f.call(10, "tools/call", {{"name", "echo"}, {"arguments", {{"q", "ü"}}}});
  CHECK(response["result"] ==
        json::parse(R"({"content":[{"type":"text","text":"{\"q\":\"ü\"}"}],"isError":false,
                        "structuredContent":{"q":"ü"}})"));
  json no_arguments = f.call(11, "tools/call", {{"name", "echo"}});
  CHECK(no_arguments["result"]["structuredContent"] == json::object());
}

TEST_CASE("tools/call with bad params or an unknown tool is invalid params", "[mcp][error]") {
  Fixture f;
  f.initialize();
  json e = error_of(f.call(1, "tools/call", {{"name", "nope"}}));
  CHECK(e["code"] == -32602);
  CHECK(e["message"] ==
        "unknown tool \"nope\"; available tools: echo, sleep, throw, progress, log");
  CHECK(e["data"]["availableTools"] == json::array({"echo", "sleep", "throw", "progress", "log"}));

  e = error_of(f.call(2, "tools/call", {{"arguments", json::object()}}));
  CHECK(e["code"] == -32602);
  CHECK(e["message"] ==
        "invalid params for tools/call: \"name\" must be a string naming a tool, got nothing; "
        "available tools: echo, sleep, throw, progress, log");

  e = error_of(f.call(3, "tools/call", {{"name", "echo"}, {"arguments", json::array()}}));
  CHECK(e["code"] == -32602);
  CHECK(e["message"] ==
        "invalid params for tools/call: \"arguments\" must be an object, got "
        "array; pass the tool's arguments by name");
  e = error_of(f.call(4, "tools/call", {{"name", "echo"}, {"arguments", nullptr}}));
  CHECK(e["code"] == -32602);
}

TEST_CASE("An exception escaping a tool becomes an isError result", "[mcp][error]") {
  Fixture f;
  f.initialize();
  json r = f.call(1, "tools/call", {{"name", "throw"}, {"arguments", {{"kind", "exception"}}}});
  CHECK(r["result"]["isError"] == true);
  CHECK(r["result"]["content"][0]["text"] == "tool throw failed: the endpoint argument is missing");
  r = f.call(2, "tools/call", {{"name", "throw"}});
  CHECK(r["result"]["isError"] == true);
  CHECK(r["result"]["content"][0]["text"] == "tool throw failed: boom");
  CHECK(f.call(3, "ping").contains("result"));  // the session lives on
}

TEST_CASE("A slow tool call does not hold up ping or other calls", "[mcp][integration]") {
  Fixture f;
  f.initialize();
  f.session->handle_message(request(20, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(1));
  // Answered while the sleep call is still running: ordering, not timing.
  CHECK(f.call(21, "ping").contains("result"));
  CHECK(f.call(22, "tools/list").contains("result"));
  CHECK(f.call(23, "tools/call", {{"name", "echo"}})["result"]["isError"] == false);
  CHECK_FALSE(f.recorder.has_response(20));
  f.sleep->release();
  json late = f.recorder.wait_response(20);
  CHECK(late["result"]["content"][0]["text"] == "slept");
  auto messages = f.recorder.messages();
  CHECK(messages.back()["id"] == 20);
}

TEST_CASE("Several tool calls run at the same time", "[mcp][integration]") {
  Fixture f;
  f.initialize();
  for (int i = 0; i < 3; ++i)
    f.session->handle_message(request(100 + i, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(3));
  CHECK(f.sleep->max_running() == 3);
  f.sleep->release();
  for (int i = 0; i < 3; ++i)
    CHECK(f.recorder.wait_response(100 + i).contains("result"));
}

TEST_CASE("Calls beyond the worker count queue until a worker is free", "[mcp][integration]") {
  auto options = Fixture::make_options();
  options.worker_threads = 1;
  Fixture f(options);
  f.initialize();
  f.session->handle_message(request(1, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(1));
  f.session->handle_message(request(2, "tools/call", {{"name", "echo"}}));
  CHECK(f.call(3, "ping").contains("result"));
  CHECK_FALSE(f.recorder.has_response(2));
  CHECK(f.session->running_calls() == 2);
  f.sleep->release();
  CHECK(f.recorder.wait_response(2).contains("result"));
  CHECK(f.sleep->max_running() == 1);
}

TEST_CASE("notifications/cancelled stops the tool and suppresses its response",
          "[mcp][integration]") {
  Fixture f;
  f.initialize();
  f.session->handle_message(request("slow", "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(1));
  f.session->handle_message(
      notification("notifications/cancelled", {{"requestId", "slow"}, {"reason", "user"}}));
  REQUIRE(f.sleep->wait_finished(1));
  CHECK(f.sleep->cancelled() == 1);
  // The tool returned a result anyway; it must be dropped. Wait until the worker reported back.
  REQUIRE(f.session->wait_idle(10s));
  CHECK(f.call("next", "ping").contains("result"));
  CHECK_FALSE(f.recorder.has_response("slow"));
  // The id is free again afterwards.
  CHECK(f.call("slow", "tools/call", {{"name", "echo"}}).contains("result"));
}

TEST_CASE("A request id already used by a running call is refused", "[mcp][error]") {
  Fixture f;
  f.initialize();
  f.session->handle_message(request(7, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(1));
  json e = error_of(f.call(7, "tools/call", {{"name", "echo"}}));
  CHECK(e["code"] == -32600);
  CHECK(e["message"] ==
        "request id 7 is already used by a running request; give every request "
        "a unique id");
  f.sleep->release();
}

TEST_CASE("A ping or any other request reusing the id of a running call is refused",
          "[mcp][error]") {
  Fixture f;
  f.initialize();
  f.session->handle_message(request(7, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(1));
  const json refused = json::parse(R"({"jsonrpc":"2.0","id":7,"error":{"code":-32600,
    "message":"request id 7 is already used by a running request; give every request a unique id"}})");
  // Quick requests are answered inline, so the refusal is the last message when handle_message
  // returns.
  for (const char* method : {"ping", "tools/list", "resources/list", "initialize"}) {
    INFO(method);
    f.session->handle_message(request(7, method));
    CHECK(f.recorder.messages().back() == refused);
  }
  // The string "7" is another id (JSON-RPC compares ids by value and type).
  CHECK(f.call("7", "ping")["result"] == json::object());
  f.sleep->release();
  REQUIRE(f.session->wait_idle(10s));
  std::size_t results = 0;
  for (const auto& m : f.recorder.messages())
    if (m.value("id", json()) == 7 && m.contains("result")) ++results;
  CHECK(results == 1);  // the tool call's, and no ping's
  // Once the call's response is out, the id may be used again.
  f.session->handle_message(request(7, "ping"));
  CHECK(f.recorder.messages().back() == json::parse(R"({"jsonrpc":"2.0","id":7,"result":{}})"));
}

namespace {

bool is_progress(const json& m) {
  return m.value("method", "") == "notifications/progress";
}

// The progress values sent with `token`, in order.
std::vector<json> progress_of(const Recorder& recorder, const json& token) {
  std::vector<json> out;
  for (const auto& m : recorder.notifications("notifications/progress"))
    if (m["params"]["progressToken"] == token) out.push_back(m["params"]);
  return out;
}

// Fails if any message about request `id` was written after its response.
void check_nothing_after_response(const Recorder& recorder, const json& id) {
  auto messages = recorder.messages();
  auto related = recorder.related();
  bool responded = false;
  for (std::size_t i = 0; i < messages.size(); ++i) {
    if (related[i] != id) continue;
    INFO("message " << i << ": " << messages[i].dump());
    CHECK_FALSE(responded);
    if (!messages[i].contains("method")) responded = true;
  }
  CHECK(responded);
}

}  // namespace

TEST_CASE("A call that ends before the first tick sends no progress, whatever the tool reported",
          "[mcp]") {
  auto options = Fixture::make_options();
  options.progress_interval = 1h;  // no tick can come during the test
  Fixture f(options);
  f.initialize();
  for (json token : {json("tok"), json(42)}) {
    json response =
        f.call(token, "tools/call", {{"name", "progress"}, {"_meta", {{"progressToken", token}}}});
    REQUIRE(response.contains("result"));
  }
  // The tool reported four steps each time; a progress notification written at once would be
  // read by clients together with the response, and after it (see src/mcp/call.hpp).
  CHECK(f.recorder.notifications("notifications/progress").empty());
}

TEST_CASE("A tool's progress goes out with the next tick, on the token, strictly increasing",
          "[mcp][integration]") {
  auto options = Fixture::make_options();
  options.progress_interval = 2ms;
  Fixture f(options);
  f.initialize();
  f.session->handle_message(request(1, "tools/call",
                                    {{"name", "sleep"},
                                     {"arguments", {{"message", "querying wikidata"}}},
                                     {"_meta", {{"progressToken", 5}}}}));
  auto carries_message = [](const json& m) {
    return is_progress(m) && m["params"].value("message", "") == "querying wikidata";
  };
  REQUIRE(f.recorder.wait_count(carries_message, 3));
  f.sleep->release();
  REQUIRE(f.recorder.wait_response(1).contains("result"));
  auto progress = progress_of(f.recorder, 5);
  REQUIRE(progress.size() == f.recorder.notifications("notifications/progress").size());
  for (std::size_t i = 0; i < progress.size(); ++i) {
    CHECK(progress[i]["progress"].is_number());
    if (i > 0)
      CHECK(progress[i]["progress"].get<double>() > progress[i - 1]["progress"].get<double>());
  }
  check_nothing_after_response(f.recorder, 1);
}

TEST_CASE("No progress is sent without a progress token", "[mcp]") {
  auto options = Fixture::make_options();
  options.progress_interval = 2ms;
  Fixture f(options);
  f.initialize();
  f.session->handle_message(request(1, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(1));
  // A second call with a token: once it has had three ticks, so has the first one.
  f.session->handle_message(
      request(2, "tools/call", {{"name", "sleep"}, {"_meta", {{"progressToken", "two"}}}}));
  REQUIRE(f.recorder.wait_count(is_progress, 3));
  f.sleep->release();
  REQUIRE(f.recorder.wait_response(1).contains("result"));
  REQUIRE(f.recorder.wait_response(2).contains("result"));
  for (const auto& m : f.recorder.notifications("notifications/progress"))
    CHECK(m["params"]["progressToken"] == "two");
  CHECK(f.call(3, "tools/call", {{"name", "progress"}}).contains("result"));
  for (const auto& m : f.recorder.notifications("notifications/progress"))
    CHECK(m["params"]["progressToken"] == "two");
}

TEST_CASE("Heartbeats keep progress coming while a call runs and stop at the response",
          "[mcp][integration]") {
  auto options = Fixture::make_options();
  options.progress_interval = 2ms;
  options.progress_response_gap = 0ms;
  Fixture f(options);
  f.initialize();
  f.session->handle_message(request(
      1, "tools/call",
      {{"name", "sleep"}, {"arguments", {{"key", "one"}}}, {"_meta", {{"progressToken", "hb"}}}}));
  // A second call with its own token goes on running after the first one's response.
  f.session->handle_message(request(2, "tools/call",
                                    {{"name", "sleep"},
                                     {"arguments", {{"key", "two"}}},
                                     {"_meta", {{"progressToken", "later"}}}}));
  REQUIRE(f.sleep->wait_started(2));
  auto hb = [](const json& m) { return is_progress(m) && m["params"]["progressToken"] == "hb"; };
  auto later = [](const json& m) {
    return is_progress(m) && m["params"]["progressToken"] == "later";
  };
  REQUIRE(f.recorder.wait_count(hb, 3));
  f.sleep->release("one");
  REQUIRE(f.recorder.wait_response(1).contains("result"));
  auto beats = progress_of(f.recorder, "hb");
  CHECK(beats[0] ==
        json::parse(R"({"progressToken":"hb","progress":1.0,"message":"still running"})"));
  for (std::size_t i = 1; i < beats.size(); ++i)
    CHECK(beats[i]["progress"].get<double>() > beats[i - 1]["progress"].get<double>());
  // Three more ticks of the second call: the ticker has run after the first call's response.
  REQUIRE(f.recorder.wait_count(later, progress_of(f.recorder, "later").size() + 3));
  CHECK(progress_of(f.recorder, "hb").size() == beats.size());
  check_nothing_after_response(f.recorder, 1);
  f.sleep->release("two");
  REQUIRE(f.recorder.wait_response(2).contains("result"));
}

TEST_CASE("A response follows the last progress of its call by at least the response gap",
          "[mcp][integration]") {
  auto options = Fixture::make_options();
  options.progress_interval = 1ms;
  options.progress_response_gap = 40ms;
  Fixture f(options);
  f.initialize();
  f.session->handle_message(
      request(1, "tools/call", {{"name", "sleep"}, {"_meta", {{"progressToken", "gap"}}}}));
  REQUIRE(f.recorder.wait_count(is_progress, 2));
  f.sleep->release();
  REQUIRE(f.recorder.wait_response(1).contains("result"));
  auto messages = f.recorder.messages();
  auto times = f.recorder.times();
  std::optional<Recorder::Clock::time_point> last_progress;
  for (std::size_t i = 0; i < messages.size(); ++i) {
    if (is_progress(messages[i])) last_progress = times[i];
    if (messages[i].value("id", json()) == 1) {
      REQUIRE(last_progress);
      // A lower bound: a busy machine can only make the gap longer.
      CHECK(times[i] - *last_progress >= 40ms);
    }
  }
}

TEST_CASE(
    "Nothing about a call is written after its response, even by a tool that keeps logging "
    "from another thread",
    "[mcp][integration]") {
  // Reports progress and logs from a thread of its own that outlives the call: a burst of
  // kBurst messages racing the response (the call returns after the first one), then one more
  // each time the test pokes, until stopped.
  class ChattyTool : public mcp::Tool {
   public:
    const int kBurst = 300;
    ~ChattyTool() override { stop(); }
    const mcp::ToolDefinition& definition() const override { return definition_; }
    mcp::ToolResult call(const json&, mcp::ToolContext& context) override {
      std::unique_lock lock(mutex_);
      auto first = std::make_shared<bool>(false);
      threads_.emplace_back([this, first, log = context.log, progress = context.report_progress] {
        int pokes_seen = 0;
        for (int n = 0;; ++n) {
          progress(n, std::nullopt, "chatting");
          log(mcp::LogLevel::Warning, json{{"n", n}});
          std::unique_lock guard(mutex_);
          *first = true;
          ++logged_;
          changed_.notify_all();
          if (n + 1 < kBurst) continue;
          changed_.wait(guard, [&] { return stopping_ || pokes_ > pokes_seen; });
          if (stopping_) return;
          ++pokes_seen;
        }
      });
      changed_.wait(lock, [&] { return *first; });
      return mcp::ToolResult::text("said enough");
    }
    // Waits until `threads` threads have sent their burst, then makes each log once more and
    // waits for that.
    bool poke(int threads) {
      std::unique_lock lock(mutex_);
      if (!changed_.wait_for(lock, 10s, [&] { return logged_ >= threads * kBurst; })) return false;
      ++pokes_;
      changed_.notify_all();
      return changed_.wait_for(lock, 10s, [&] { return logged_ >= threads * (kBurst + 1); });
    }
    void stop() {
      {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        changed_.notify_all();
      }
      for (auto& thread : threads_)
        if (thread.joinable()) thread.join();
      threads_.clear();
    }

   private:
    mcp::ToolDefinition definition_ = make_definition("chatty");
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<std::thread> threads_;
    int logged_ = 0;
    int pokes_ = 0;
    bool stopping_ = false;
  };

  auto tool = std::make_unique<ChattyTool>();
  ChattyTool* chatty = tool.get();
  std::vector<std::unique_ptr<mcp::Tool>> list;
  list.push_back(std::move(tool));
  mcp::ServerOptions options;
  options.progress_interval = 1ms;  // the ticker writes all the time, too
  options.progress_response_gap = 0ms;
  Recorder recorder;
  mcp::Server server(options, std::move(list), nullptr);
  auto session = server.open_session(recorder.sink());
  session->handle_message(initialize_request(1));
  constexpr int kCalls = 20;
  for (int i = 0; i < kCalls; ++i)
    session->handle_message(
        request(100 + i, "tools/call", {{"name", "chatty"}, {"_meta", {{"progressToken", i}}}}));
  for (int i = 0; i < kCalls; ++i)
    REQUIRE(recorder.wait_response(100 + i).contains("result"));
  // Every call's thread logs again after the last response was written.
  REQUIRE(chatty->poke(kCalls));
  chatty->stop();
  REQUIRE(session->wait_idle(10s));
  CHECK_FALSE(recorder.notifications("notifications/message").empty());
  for (int i = 0; i < kCalls; ++i)
    check_nothing_after_response(recorder, 100 + i);
}

TEST_CASE("logging/setLevel filters tool log messages", "[mcp]") {
  Fixture f;
  f.initialize();
  REQUIRE(f.call(1, "tools/call", {{"name", "log"}}).contains("result"));
  auto logs = f.recorder.notifications("notifications/message");
  REQUIRE(logs.size() == 7);  // default: info and above
  CHECK(logs[0]["params"] == json::parse(R"({"level":"info","logger":"log","data":{"n":1}})"));
  CHECK(logs[6]["params"]["level"] == "emergency");

  CHECK(f.call(2, "logging/setLevel", {{"level", "error"}}) ==
        json::parse(R"({"jsonrpc":"2.0","id":2,"result":{}})"));
  REQUIRE(f.call(3, "tools/call", {{"name", "log"}}).contains("result"));
  logs = f.recorder.notifications("notifications/message");
  REQUIRE(logs.size() == 7 + 4);
  CHECK(logs[7]["params"]["level"] == "error");

  REQUIRE(f.call(4, "logging/setLevel", {{"level", "debug"}}).contains("result"));
  REQUIRE(f.call(5, "tools/call", {{"name", "log"}}).contains("result"));
  CHECK(f.recorder.notifications("notifications/message").size() == 7 + 4 + 8);
}

TEST_CASE("logging/setLevel with an unknown level is invalid params", "[mcp][error]") {
  Fixture f;
  f.initialize();
  json e = error_of(f.call(1, "logging/setLevel", {{"level", "verbose"}}));
  CHECK(e["code"] == -32602);
  CHECK(e["message"] ==
        "invalid params for logging/setLevel: \"level\" must be one of debug, info, notice, "
        "warning, error, critical, alert, emergency; got \"verbose\"");
  CHECK(error_of(f.call(2, "logging/setLevel"))["code"] == -32602);
}

TEST_CASE("Resources are listed and read, unknown ones are not found", "[mcp]") {
  Fixture f;
  f.initialize();
  CHECK(f.call(1, "resources/list")["result"] == json::parse(R"({"resources":[
    {"uri":"sparqlmcp://catalogue","name":"catalogue","title":"Endpoint catalogue",
     "description":"All endpoints","mimeType":"text/turtle"},
    {"uri":"sparqlmcp://bare","name":"bare"}]})"));
  CHECK(f.call(2, "resources/templates/list")["result"] == json::parse(R"({"resourceTemplates":[
    {"uriTemplate":"sparqlmcp://endpoint/{id}","name":"endpoint","title":"Endpoint",
     "description":"One endpoint by id","mimeType":"text/turtle"},
    {"uriTemplate":"sparqlmcp://file/{+path}","name":"file"}]})"));
  CHECK(f.call(3, "resources/read", {{"uri", "sparqlmcp://catalogue"}})["result"] ==
        json::parse(R"({"contents":[{"uri":"sparqlmcp://catalogue","mimeType":"text/turtle",
                                     "text":"<a> <b> <c> ."}]})"));
  json e = error_of(f.call(4, "resources/read", {{"uri", "sparqlmcp://none"}}));
  CHECK(e == json::parse(R"({"code":-32002,"message":
    "Resource not found: sparqlmcp://none; resources/list names the available resources and resources/templates/list the URI templates",
    "data":{"uri":"sparqlmcp://none"}})"));
  CHECK(error_of(f.call(5, "resources/read", json::object()))["code"] == -32602);
  CHECK(error_of(f.call(6, "resources/templates/list", {{"cursor", "2"}})) ==
        json::parse(R"({"code":-32602,"message":
    "invalid params for resources/templates/list: unknown cursor \"2\"; this server returns all resource templates on one page, call resources/templates/list without a cursor"})"));
}

TEST_CASE("A URI built from a template is read or refused by the provider", "[mcp]") {
  Fixture f;
  f.initialize();
  // Not in resources/list, but the provider knows it.
  CHECK(f.call(1, "resources/read", {{"uri", "sparqlmcp://endpoint/known"}})["result"] ==
        json::parse(R"({"contents":[{"uri":"sparqlmcp://endpoint/known","mimeType":"text/turtle",
                                     "text":"<known> a <Endpoint> ."}]})"));
  // The provider says why a URI of its template names nothing.
  CHECK(error_of(f.call(2, "resources/read", {{"uri", "sparqlmcp://endpoint/other"}})) ==
        json::parse(R"({"code":-32002,"message":
    "Resource not found: sparqlmcp://endpoint/other: no endpoint has the id \"other\"; list_endpoints names them",
    "data":{"uri":"sparqlmcp://endpoint/other"}})"));
}

TEST_CASE("An exception in a request handler is an internal error", "[mcp][error]") {
  Fixture f;
  f.initialize();
  json e = error_of(f.call(1, "resources/read", {{"uri", "sparqlmcp://explode"}}));
  CHECK(e["code"] == -32603);
  CHECK(e["message"] ==
        "internal error while handling resources/read: disk on fire; retry the "
        "request or report the problem");
  CHECK(f.call(2, "ping").contains("result"));
}

TEST_CASE("A server without resources lists none and finds none", "[mcp]") {
  Recorder recorder;
  mcp::Server server(mcp::ServerOptions{}, {}, nullptr);
  auto session = server.open_session(recorder.sink());
  session->handle_message(initialize_request(1));
  json init = recorder.wait_response(1);
  CHECK(init["result"]["serverInfo"] == json::parse(R"({"name":"sparql-mcp","version":"0.0.0"})"));
  CHECK_FALSE(init["result"].contains("instructions"));
  CHECK(init["result"]["capabilities"] ==
        json::parse(R"({"tools":{"listChanged":false},"logging":{}})"));
  // Still answered, for a client that asks all the same.
  session->handle_message(request(2, "resources/list"));
  CHECK(recorder.wait_response(2)["result"] == json::parse(R"({"resources":[]})"));
  session->handle_message(request(3, "tools/call", {{"name", "x"}}));
  CHECK(recorder.wait_response(3)["error"]["message"] ==
        "unknown tool \"x\"; available tools: (none)");
}

TEST_CASE("close cancels running calls, waits for them and silences the session",
          "[mcp][integration]") {
  auto options = Fixture::make_options();
  options.progress_interval = 10ms;
  Fixture f(options);
  f.initialize();
  f.session->handle_message(
      request(1, "tools/call", {{"name", "sleep"}, {"_meta", {{"progressToken", 1}}}}));
  f.session->handle_message(request(2, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(2));
  f.session->close();
  // Cooperative tools return at once; had close() given up after its grace, they would still
  // be running.
  CHECK(f.sleep->cancelled() == 2);
  CHECK(f.session->running_calls() == 0);
  std::size_t count = f.recorder.size();
  // A ping is answered on the calling thread: had it been handled, its answer would be here.
  f.session->handle_message(request(3, "ping"));
  CHECK(f.recorder.size() == count);
  CHECK_FALSE(f.recorder.has_response(1));
  CHECK_FALSE(f.recorder.has_response(2));
}

TEST_CASE("close gives up on a tool that ignores cancellation after the grace period",
          "[mcp][integration]") {
  Recorder recorder;
  auto tool = std::make_unique<StubbornTool>();
  auto* stubborn = tool.get();
  std::vector<std::unique_ptr<mcp::Tool>> list;
  list.push_back(std::move(tool));
  mcp::ServerOptions options;
  options.shutdown_grace = 50ms;
  mcp::Server server(options, std::move(list), nullptr);
  auto session = server.open_session(recorder.sink());
  session->handle_message(initialize_request(1));
  session->handle_message(request(2, "tools/call", {{"name", "stubborn"}}));
  REQUIRE(stubborn->wait_started());
  session->close();
  // close() returned while the tool still runs: it gave up waiting.
  CHECK(session->running_calls() == 1);
  stubborn->release();
  REQUIRE(session->wait_idle(10s));
  CHECK_FALSE(recorder.has_response(2));
}

TEST_CASE("Under protocol 2025-03-26 a batch is answered with one array of responses",
          "[mcp][integration]") {
  Fixture f;
  f.session->handle_message(initialize_request(1, "2025-03-26"));
  REQUIRE(f.recorder.wait_response(1).contains("result"));
  json batch = json::array({json::parse(request(21, "ping")),
                            json::parse(notification("notifications/initialized")),
                            json::parse(request(22, "tools/list")),
                            json::parse(request(23, "tools/call", {{"name", "sleep"}})),
                            json::parse(request(24, "tools/call", {{"name", "sleep"}})),
                            json::parse(request(25, "no/such")), 7});
  f.session->handle_message(batch.dump());
  REQUIRE(f.sleep->wait_started(2));
  // The batch waits for its tool calls; requests outside it do not.
  CHECK(f.call(26, "ping").contains("result"));
  f.session->handle_message(notification("notifications/cancelled", {{"requestId", 24}}));
  f.sleep->release();
  auto is_array = [](const json& m) { return m.is_array(); };
  REQUIRE(f.recorder.wait_count(is_array, 1));
  json answer;
  for (const auto& m : f.recorder.messages())
    if (m.is_array()) answer = m;
  REQUIRE(answer.size() == 5);  // no entry for the notification or the cancelled call
  std::map<std::string, json> by_id;
  for (const auto& r : answer)
    by_id[r["id"].dump()] = r;
  CHECK(by_id["21"]["result"] == json::object());
  CHECK(by_id["22"]["result"]["tools"].size() == 5);
  CHECK(by_id["23"]["result"]["content"][0]["text"] == "slept");
  CHECK(by_id["25"]["error"]["code"] == -32601);
  CHECK(by_id["null"]["error"]["code"] == -32600);
  CHECK(by_id.count("24") == 0);
}

TEST_CASE("Batches are refused under other protocol versions and when empty", "[mcp][error]") {
  Fixture f;
  f.initialize();  // 2025-11-25
  f.session->handle_message("[" + request(1, "ping") + "]");
  auto messages = f.recorder.messages();
  CHECK(messages.back()["error"]["message"] ==
        "JSON-RPC batches are not supported by this MCP version; send one message per line");
  CHECK_FALSE(f.recorder.has_response(1));

  Fixture old;
  old.session->handle_message(initialize_request(1, "2025-03-26"));
  REQUIRE(old.recorder.wait_response(1).contains("result"));
  old.session->handle_message("[]");
  CHECK(old.recorder.messages().back() == json::parse(R"({"jsonrpc":"2.0","id":null,"error":
    {"code":-32600,"message":"invalid request: the batch is empty; send at least one message"}})"));
  std::size_t count = old.recorder.size();
  old.session->handle_message("[" + notification("notifications/initialized") + "]");
  old.call(2, "ping");
  CHECK(old.recorder.size() == count + 1);  // an all-notification batch gets no answer
}

TEST_CASE("The routing overload tells responses from notifications and names the request",
          "[mcp]") {
  std::vector<std::unique_ptr<mcp::Tool>> list;
  list.push_back(std::make_unique<LogTool>());
  mcp::Server server(mcp::ServerOptions{}, std::move(list), nullptr);
  std::mutex mutex;
  std::vector<mcp::OutgoingMessage> sent;
  auto session = server.open_session([&](const mcp::OutgoingMessage& m) {
    std::lock_guard lock(mutex);
    sent.push_back(m);
  });
  session->handle_message(initialize_request(1));
  session->handle_message(request("c", "tools/call", {{"name", "log"}}));
  REQUIRE(session->wait_idle(10s));
  std::lock_guard lock(mutex);
  REQUIRE(sent.size() == 9);  // initialize, 7 log messages (info and above), the call's response
  CHECK(sent[0].kind == mcp::OutgoingMessage::Kind::Response);
  CHECK(sent[0].related_request == json(1));
  for (int i = 1; i < 8; ++i) {
    CHECK(sent[i].kind == mcp::OutgoingMessage::Kind::Notification);
    CHECK(sent[i].related_request == json("c"));
  }
  CHECK(sent[8].kind == mcp::OutgoingMessage::Kind::Response);
  CHECK(json::parse(sent[8].text)["id"] == "c");
}

TEST_CASE("Session::cancel and a numeric id sent as a string cancel a running call",
          "[mcp][integration]") {
  Fixture f;
  f.initialize();
  f.session->handle_message(request(7, "tools/call", {{"name", "sleep"}}));
  f.session->handle_message(request(8, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(2));
  f.session->cancel(json(7), "client disconnected");
  f.session->handle_message(notification("notifications/cancelled", {{"requestId", "8"}}));
  REQUIRE(f.sleep->wait_finished(2));
  CHECK(f.sleep->cancelled() == 2);
  REQUIRE(f.session->wait_idle(10s));
  CHECK_FALSE(f.recorder.has_response(7));
  CHECK_FALSE(f.recorder.has_response(8));
}

TEST_CASE("A call cancelled while queued never runs and is never answered", "[mcp][integration]") {
  auto options = Fixture::make_options();
  options.worker_threads = 1;
  Fixture f(options);
  f.initialize();
  f.session->handle_message(request(1, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(1));
  f.session->handle_message(request(2, "tools/call", {{"name", "sleep"}}));
  f.session->handle_message(notification("notifications/cancelled", {{"requestId", 2}}));
  f.sleep->release();
  REQUIRE(f.recorder.wait_response(1).contains("result"));
  REQUIRE(f.session->wait_idle(10s));
  CHECK(f.sleep->started() == 1);
  CHECK_FALSE(f.recorder.has_response(2));
}
