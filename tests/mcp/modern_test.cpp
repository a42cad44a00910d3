#include "sparqlmcp/mcp/server.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/mcp/protocol.hpp"
#include "sparqlmcp/mcp/uri_template.hpp"
#include "sparqlmcp/util/error.hpp"
#include "test_tools.hpp"

// The 2026-07-28 era of a dual-era session: requests that declare their version in
// params._meta, served without a handshake, beside (and independently of) a legacy session.

using namespace sparqlmcp;
using namespace sparqlmcp::mcp::testing;
using namespace std::chrono_literals;

namespace {

class TestResources : public mcp::ResourceProvider {
 public:
  std::vector<mcp::ResourceDescriptor> list_resources() const override {
    return {{"sparqlmcp://catalogue", "catalogue", "", "", "text/turtle"}};
  }
  std::vector<mcp::ResourceTemplate> list_templates() const override {
    return {
        {"sparqlmcp://endpoint/{id}", "endpoint", "Endpoint", "One endpoint by id", "text/turtle"},
        {"sparqlmcp://file/{+path}", "file", "", "", ""}};
  }
  std::optional<std::string> read_resource(const std::string& uri,
                                           std::string& mime_type) const override {
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
    options.cache_ttl = 60s;
    return options;
  }
  static std::vector<std::unique_ptr<mcp::Tool>> tools() {
    std::vector<std::unique_ptr<mcp::Tool>> list;
    list.push_back(std::make_unique<EchoTool>());
    list.push_back(std::make_unique<SleepTool>());
    list.push_back(std::make_unique<LogTool>());
    return list;
  }
};

// The _meta of a 2026-07-28 request, with `extra` keys added (or replaced).
json modern_meta(json extra = json::object()) {
  json meta = {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
               {"io.modelcontextprotocol/clientCapabilities", json::object()},
               {"io.modelcontextprotocol/clientInfo", {{"name", "test"}, {"version", "1"}}}};
  meta.update(extra);
  return meta;
}

// `params` with the 2026-07-28 envelope.
json modern(json params = json::object(), json extra_meta = json::object()) {
  params["_meta"] = modern_meta(std::move(extra_meta));
  return params;
}

json error_of(const json& response) {
  REQUIRE(response.contains("error"));
  return response["error"];
}

const json kServerInfo = json::parse(R"({"io.modelcontextprotocol/serverInfo":
                     {"name":"sparql-mcp","title":"SPARQL MCP","version":"1.2.3"}})");

}  // namespace

TEST_CASE("server/discover needs no handshake and names versions, capabilities and identity",
          "[mcp]") {
  Fixture f;
  json response = f.call(1, "server/discover", modern());
  CHECK(response == json::parse(R"({"jsonrpc":"2.0","id":1,"result":{
    "supportedVersions":["2026-07-28"],
    "capabilities":{"tools":{"listChanged":false},
                    "resources":{"subscribe":false,"listChanged":false},"logging":{},
                    "extensions":{"io.modelcontextprotocol/tasks":{}}},
    "instructions":"Use SERVICE to name endpoints.",
    "resultType":"complete",
    "_meta":{"io.modelcontextprotocol/serverInfo":
             {"name":"sparql-mcp","title":"SPARQL MCP","version":"1.2.3"}},
    "ttlMs":60000,"cacheScope":"public"}})"));
  // A modern request leaves the legacy session as it was.
  CHECK_FALSE(f.session->initialized());
  CHECK(f.session->protocol_version().empty());
}

TEST_CASE("2026-07-28 lists and reads carry resultType, server identity and caching hints",
          "[mcp]") {
  Fixture f;
  json tools = f.call(1, "tools/list", modern())["result"];
  CHECK(tools["resultType"] == "complete");
  CHECK(tools["_meta"] == kServerInfo);
  CHECK(tools["ttlMs"] == 60000);
  CHECK(tools["cacheScope"] == "public");
  REQUIRE(tools["tools"].size() == 3);
  CHECK(tools["tools"][0] == make_definition("echo").to_json());

  CHECK(f.call(2, "resources/list", modern())["result"] == json::parse(R"({
    "resources":[{"uri":"sparqlmcp://catalogue","name":"catalogue","mimeType":"text/turtle"}],
    "resultType":"complete","ttlMs":60000,"cacheScope":"public",
    "_meta":{"io.modelcontextprotocol/serverInfo":
             {"name":"sparql-mcp","title":"SPARQL MCP","version":"1.2.3"}}})"));
  CHECK(f.call(3, "resources/templates/list", modern())["result"] == json::parse(R"({
    "resourceTemplates":[{"uriTemplate":"sparqlmcp://endpoint/{id}","name":"endpoint",
                          "title":"Endpoint","description":"One endpoint by id",
                          "mimeType":"text/turtle"},
                         {"uriTemplate":"sparqlmcp://file/{+path}","name":"file"}],
    "resultType":"complete","ttlMs":60000,"cacheScope":"public",
    "_meta":{"io.modelcontextprotocol/serverInfo":
             {"name":"sparql-mcp","title":"SPARQL MCP","version":"1.2.3"}}})"));
  json read = f.call(4, "resources/read", modern({{"uri", "sparqlmcp://catalogue"}}))["result"];
  CHECK(read["contents"] == json::parse(R"([{"uri":"sparqlmcp://catalogue",
                                            "mimeType":"text/turtle","text":"<a> <b> <c> ."}])"));
  CHECK(read["resultType"] == "complete");
  CHECK(read["ttlMs"] == 60000);
  CHECK(read["cacheScope"] == "public");
  CHECK(read["_meta"] == kServerInfo);
}

TEST_CASE("tools/list gives the same order in both eras and at every call", "[mcp]") {
  Fixture f;
  auto names = [](const json& result) {
    std::vector<std::string> out;
    for (const auto& tool : result["tools"])
      out.push_back(tool["name"]);
    return out;
  };
  const std::vector<std::string> expected = {"echo", "sleep", "log"};  // the application's order
  CHECK(names(f.call(1, "tools/list", modern())["result"]) == expected);
  f.initialize();
  CHECK(names(f.call(2, "tools/list")["result"]) == expected);
  CHECK(names(f.call(3, "tools/list", modern())["result"]) == expected);
  Fixture other;
  CHECK(names(other.call(1, "tools/list", modern())["result"]) == expected);
}

TEST_CASE("A 2026-07-28 tools/call result carries resultType and server identity", "[mcp]") {
  Fixture f;
  json result = f.call(1, "tools/call", modern({{"name", "echo"}, {"arguments", {{"a", 1}}}}));
  CHECK(result["result"] == json::parse(R"({
    "content":[{"type":"text","text":"{\"a\":1}"}],"structuredContent":{"a":1},"isError":false,
    "resultType":"complete",
    "_meta":{"io.modelcontextprotocol/serverInfo":
             {"name":"sparql-mcp","title":"SPARQL MCP","version":"1.2.3"}}})"));
  // Tool results are not cacheable (MCP 2026-07-28 "Caching").
  CHECK_FALSE(result["result"].contains("ttlMs"));
}

TEST_CASE("Under 2026-07-28 an unknown resource is invalid params, not -32002", "[mcp][error]") {
  Fixture f;
  CHECK(f.call(1, "resources/read", modern({{"uri", "sparqlmcp://none"}})) ==
        json::parse(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32602,
          "message":"Resource not found: sparqlmcp://none; resources/list names the available resources and resources/templates/list the URI templates",
          "data":{"uri":"sparqlmcp://none"}}})"));
  // So is a URI of a template that the provider refuses, with its reason.
  CHECK(error_of(f.call(2, "resources/read", modern({{"uri", "sparqlmcp://endpoint/x"}}))) ==
        json::parse(R"({"code":-32602,
          "message":"Resource not found: sparqlmcp://endpoint/x: no endpoint has the id \"x\"; list_endpoints names them",
          "data":{"uri":"sparqlmcp://endpoint/x"}})"));
  CHECK(f.call(3, "resources/read",
               modern({{"uri", "sparqlmcp://endpoint/known"}}))["result"]["contents"][0]["text"] ==
        "<known> a <Endpoint> .");
  // The legacy era keeps its code.
  f.initialize();
  CHECK(error_of(f.call(4, "resources/read", {{"uri", "sparqlmcp://none"}}))["code"] == -32002);
}

TEST_CASE("A version the server does not serve per request is UnsupportedProtocolVersionError",
          "[mcp][error]") {
  Fixture f;
  json e = error_of(f.call(
      1, "tools/list", modern({}, {{"io.modelcontextprotocol/protocolVersion", "1900-01-01"}})));
  CHECK(e == json::parse(R"({"code":-32022,
    "message":"unsupported protocol version \"1900-01-01\": declare 2026-07-28 in params._meta[\"io.modelcontextprotocol/protocolVersion\"], or send initialize to use 2025-11-25, 2025-06-18, 2025-03-26 or 2024-11-05",
    "data":{"supported":["2026-07-28"],"requested":"1900-01-01"}})"));
  // A legacy version has no per-request form.
  e = error_of(f.call(2, "server/discover",
                      modern({}, {{"io.modelcontextprotocol/protocolVersion", "2025-11-25"}})));
  CHECK(e == json::parse(R"({"code":-32022,
    "message":"protocol version \"2025-11-25\" has no per-request form: it is served only after an initialize handshake. Send initialize (without params._meta[\"io.modelcontextprotocol/protocolVersion\"]) to use it, or declare 2026-07-28 in params._meta[\"io.modelcontextprotocol/protocolVersion\"]",
    "data":{"supported":["2026-07-28"],"requested":"2025-11-25"}})"));
  // The version is checked before the rest of the envelope: a client of another revision learns
  // which version to retry with.
  e = error_of(f.call(3, "tools/list",
                      {{"_meta", {{"io.modelcontextprotocol/protocolVersion", "2027-01-01"}}}}));
  CHECK(e["code"] == -32022);
  CHECK(e["data"]["requested"] == "2027-01-01");
  // The server keeps serving.
  CHECK(f.call(4, "tools/list", modern())["result"]["resultType"] == "complete");
}

TEST_CASE("A malformed 2026-07-28 envelope is invalid params naming the key", "[mcp][error]") {
  Fixture f;
  const std::vector<std::pair<json, std::string>> cases = {
      {modern_meta({{"io.modelcontextprotocol/protocolVersion", 20260728}}),
       "invalid params for tools/list: params._meta[\"io.modelcontextprotocol/protocolVersion\"] "
       "must be a string such as \"2026-07-28\", got 20260728"},
      {json{{"io.modelcontextprotocol/protocolVersion", "2026-07-28"}},
       "invalid params for tools/list: "
       "params._meta[\"io.modelcontextprotocol/clientCapabilities\"] is missing; every "
       "2026-07-28 request declares the client's capabilities (an empty object declares none)"},
      {modern_meta({{"io.modelcontextprotocol/clientCapabilities", "all"}}),
       "invalid params for tools/list: "
       "params._meta[\"io.modelcontextprotocol/clientCapabilities\"] must be an object, got "
       "string"},
      {modern_meta({{"io.modelcontextprotocol/clientInfo", "me"}}),
       "invalid params for tools/list: params._meta[\"io.modelcontextprotocol/clientInfo\"] must "
       "be an object {name, version}, got string"},
      {modern_meta({{"io.modelcontextprotocol/logLevel", "verbose"}}),
       "invalid params for tools/list: params._meta[\"io.modelcontextprotocol/logLevel\"] must be "
       "one of debug, info, notice, warning, error, critical, alert, emergency; got \"verbose\""},
  };
  int id = 0;
  for (const auto& [meta, message] : cases) {
    INFO(meta.dump());
    json e = error_of(f.call(++id, "tools/list", {{"_meta", meta}}));
    CHECK(e["code"] == -32602);
    CHECK(e["message"] == message);
  }
  CHECK(f.call(++id, "tools/list", modern())["result"]["resultType"] == "complete");
}

TEST_CASE("server/discover without a declared version is invalid params", "[mcp][error]") {
  Fixture f;
  for (json params : {json(nullptr), json{{"_meta", json::object()}}}) {
    json e = error_of(f.call(1, "server/discover", params));
    CHECK(e["code"] == -32602);
    CHECK(e["message"] ==
          "invalid params for server/discover: "
          "params._meta[\"io.modelcontextprotocol/protocolVersion\"] is missing; server/discover "
          "is a 2026-07-28 request, declare \"2026-07-28\" there and the client's capabilities in "
          "params._meta[\"io.modelcontextprotocol/clientCapabilities\"]");
  }
  f.initialize();
  CHECK(error_of(f.call(2, "server/discover"))["code"] == -32602);
}

TEST_CASE("Under 2026-07-28 unknown and removed methods are method-not-found", "[mcp][error]") {
  Fixture f;
  CHECK(error_of(f.call(1, "prompts/list", modern())) == json::parse(R"({"code":-32601,
    "message":"method not found: \"prompts/list\"; under 2026-07-28 this server implements server/discover, tools/list, tools/call, resources/list, resources/templates/list, resources/read, tasks/get, tasks/update, tasks/cancel",
    "data":{"method":"prompts/list"}})"));
  CHECK(error_of(f.call(2, "ping", modern()))["message"] ==
        "method not found: \"ping\" does not exist in 2026-07-28; any request shows the server is "
        "alive. 2026-07-28 methods: server/discover, tools/list, tools/call, resources/list, "
        "resources/templates/list, resources/read, tasks/get, tasks/update, tasks/cancel");
  json e = error_of(f.call(3, "logging/setLevel", modern({{"level", "debug"}})));
  CHECK(e["code"] == -32601);
  CHECK(e["message"] ==
        "method not found: \"logging/setLevel\" does not exist in 2026-07-28; set "
        "params._meta[\"io.modelcontextprotocol/logLevel\"] on each request that should send log "
        "messages. 2026-07-28 methods: server/discover, tools/list, tools/call, resources/list, "
        "resources/templates/list, resources/read, tasks/get, tasks/update, tasks/cancel");
  // Unknown tools are invalid params in both eras.
  e = error_of(f.call(4, "tools/call", modern({{"name", "nope"}})));
  CHECK(e["code"] == -32602);
  CHECK(e["message"] == "unknown tool \"nope\"; available tools: echo, sleep, log");
}

TEST_CASE("A 2026-07-28 call sends log messages only at or above the level its _meta sets",
          "[mcp]") {
  Fixture f;
  f.initialize();  // the legacy session's level is info
  REQUIRE(f.call(1, "tools/call", modern({{"name", "log"}})).contains("result"));
  CHECK(f.recorder.notifications("notifications/message").empty());
  REQUIRE(f.call(2, "tools/call",
                 modern({{"name", "log"}}, {{"io.modelcontextprotocol/logLevel", "error"}}))
              .contains("result"));
  auto logs = f.recorder.notifications("notifications/message");
  REQUIRE(logs.size() == 4);
  CHECK(logs[0]["params"] == json::parse(R"({"level":"error","logger":"log","data":{"n":4}})"));
  CHECK(logs[3]["params"]["level"] == "emergency");
  // logging/setLevel of the legacy session changes nothing for modern requests, and a modern
  // level changes nothing for legacy ones.
  REQUIRE(f.call(3, "logging/setLevel", {{"level", "debug"}}).contains("result"));
  REQUIRE(f.call(4, "tools/call", modern({{"name", "log"}})).contains("result"));
  CHECK(f.recorder.notifications("notifications/message").size() == 4);
  REQUIRE(f.call(5, "tools/call", {{"name", "log"}}).contains("result"));
  CHECK(f.recorder.notifications("notifications/message").size() == 4 + 8);
}

TEST_CASE("A 2026-07-28 call reports progress on its token and can be cancelled",
          "[mcp][integration]") {
  auto options = Fixture::make_options();
  options.progress_interval = 2ms;
  Fixture f(options);
  f.session->handle_message(request(
      "slow", "tools/call",
      modern({{"name", "sleep"}, {"arguments", {{"key", "a"}}}}, {{"progressToken", "tok"}})));
  REQUIRE(f.sleep->wait_started(1));
  auto on_token = [](const json& m) {
    return m.value("method", "") == "notifications/progress" &&
           m["params"]["progressToken"] == "tok";
  };
  REQUIRE(f.recorder.wait_count(on_token, 2));
  f.session->handle_message(notification("notifications/cancelled", {{"requestId", "slow"}}));
  REQUIRE(f.sleep->wait_finished(1));
  CHECK(f.sleep->cancelled() == 1);
  REQUIRE(f.session->wait_idle(10s));
  CHECK_FALSE(f.recorder.has_response("slow"));
  // A call that is not cancelled is answered after its progress.
  f.session->handle_message(
      request("fast", "tools/call", modern({{"name", "sleep"}, {"arguments", {{"key", "b"}}}})));
  REQUIRE(f.sleep->wait_started(2));
  f.sleep->release("b");
  CHECK(f.recorder.wait_response("fast")["result"]["content"][0]["text"] == "slept");
}

TEST_CASE("Both eras share one stdio connection without touching each other's state", "[mcp]") {
  Fixture f;
  // Before initialize, modern requests are served and legacy ones still need the handshake.
  CHECK(f.call(1, "tools/list", modern())["result"]["resultType"] == "complete");
  CHECK(error_of(f.call(2, "tools/list"))["message"] ==
        "server not initialized: send initialize first (got tools/list before initialize)");
  // initialize is always the legacy handshake, even with a modern _meta.
  json init = json::parse(initialize_request(3, "2025-06-18"))["params"];
  init["_meta"] = modern_meta();
  json result = f.call(3, "initialize", init)["result"];
  CHECK(result["protocolVersion"] == "2025-06-18");
  CHECK_FALSE(result.contains("resultType"));
  CHECK(f.session->protocol_version() == "2025-06-18");
  // Legacy results keep their legacy shape; modern ones theirs.
  json legacy = f.call(4, "tools/list")["result"];
  CHECK_FALSE(legacy.contains("resultType"));
  CHECK_FALSE(legacy.contains("ttlMs"));
  CHECK(f.call(5, "ping")["result"] == json::object());
  CHECK(f.call(6, "tools/list", modern())["result"]["resultType"] == "complete");
  CHECK(f.session->protocol_version() == "2025-06-18");
}

TEST_CASE("Requests of both eras share the connection's ids of running calls", "[mcp][error]") {
  Fixture f;
  f.initialize();
  f.session->handle_message(request(7, "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(1));
  CHECK(error_of(f.call(7, "tools/list", modern()))["message"] ==
        "request id 7 is already used by a running request; give every request a unique id");
  f.sleep->release();
  auto answered = [](const json& m) { return m.value("id", json()) == 7 && m.contains("result"); };
  CHECK(f.recorder.wait_count(answered, 1));
}

TEST_CASE("A batch may not carry 2026-07-28 requests", "[mcp][error]") {
  Fixture f;
  f.initialize("2025-03-26");
  json batch = json::array(
      {json::parse(request(1, "ping")), json::parse(request(2, "tools/list", modern()))});
  f.session->handle_message(batch.dump());
  auto is_array = [](const json& m) { return m.is_array(); };
  REQUIRE(f.recorder.wait_count(is_array, 1));
  json answer = f.recorder.messages().back();
  REQUIRE(answer.size() == 2);
  CHECK(answer[0] == json::parse(R"({"jsonrpc":"2.0","id":1,"result":{}})"));
  CHECK(answer[1] == json::parse(R"({"jsonrpc":"2.0","id":2,"error":{"code":-32600,
    "message":"invalid request: a JSON-RPC batch may not contain 2026-07-28 requests; send each one as its own message"}})"));
}

TEST_CASE("is_modern_message routes on the declared version, never for initialize", "[mcp]") {
  CHECK(mcp::is_modern_message(json::parse(request(1, "tools/list", modern()))));
  // A bad declaration is still modern: the modern path refuses it.
  CHECK(mcp::is_modern_message(
      json{{"method", "ping"}, {"params", {{"_meta", {{mcp::meta_key::kProtocolVersion, 1}}}}}}));
  CHECK(mcp::is_modern_message(json::parse(notification("notifications/cancelled", modern()))));
  CHECK_FALSE(mcp::is_modern_message(json::parse(request(1, "initialize", modern()))));
  CHECK_FALSE(mcp::is_modern_message(json::parse(request(1, "tools/list"))));
  CHECK_FALSE(mcp::is_modern_message(json::parse(request(1, "tools/list", {{"_meta", 5}}))));
  CHECK_FALSE(mcp::is_modern_message(json::array()));
}
