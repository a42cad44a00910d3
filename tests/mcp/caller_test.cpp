#include <catch2/catch.hpp>

#include "sparqlmcp/mcp/server.hpp"
#include "test_tools.hpp"

// What a tool call learns of its caller (ToolContext::session, client, protocol_version): the
// grouping of traces and submissions rests on it.

using namespace sparqlmcp;
using namespace sparqlmcp::mcp::testing;

namespace {

class CallerTool : public mcp::Tool {
 public:
  const mcp::ToolDefinition& definition() const override { return definition_; }
  mcp::ToolResult call(const json&, mcp::ToolContext& context) override {
    return mcp::ToolResult::text("caller", json{{"session", context.session},
                                                {"client", context.client},
                                                {"protocol", context.protocol_version},
                                                {"traced", static_cast<bool>(context.trace)}});
  }

 private:
  mcp::ToolDefinition definition_ = make_definition("caller");
};

std::vector<std::unique_ptr<mcp::Tool>> caller_tools() {
  std::vector<std::unique_ptr<mcp::Tool>> tools;
  tools.push_back(std::make_unique<CallerTool>());
  return tools;
}

json caller_of(const json& response) {
  REQUIRE(response.contains("result"));
  return response["result"]["structuredContent"];
}

}  // namespace

TEST_CASE("a call in a legacy session knows the session, the client and the revision", "[mcp]") {
  mcp::Server server({}, caller_tools(), nullptr);
  Recorder recorder;
  auto session = server.open_session(recorder.sink(), "stdio");
  session->handle_message(initialize_request(0, "2025-06-18"));
  recorder.wait_response(0);
  session->handle_message(request(1, "tools/call", {{"name", "caller"}}));
  const json first = caller_of(recorder.wait_response(1));
  const std::string id = first["session"];
  CHECK(id.rfind("stdio-", 0) == 0);
  CHECK(id.size() == 6 + 12);
  CHECK(first["client"] == "test-client/1.0");
  CHECK(first["protocol"] == "2025-06-18");
  CHECK(first["traced"] == false);

  // The same session keeps its id; another session has its own.
  session->handle_message(request(2, "tools/call", {{"name", "caller"}}));
  CHECK(caller_of(recorder.wait_response(2))["session"] == id);
  Recorder other_recorder;
  auto other = server.open_session(other_recorder.sink(), "stdio");
  other->handle_message(initialize_request(0));
  other_recorder.wait_response(0);
  other->handle_message(request(3, "tools/call", {{"name", "caller"}}));
  CHECK(caller_of(other_recorder.wait_response(3))["session"] != id);
}

TEST_CASE(
    "a 2026-07-28 call names its client from its _meta, and a per-request session has no "
    "id",
    "[mcp]") {
  mcp::Server server({}, caller_tools(), nullptr);
  Recorder recorder;
  auto session = server.open_session(recorder.sink());
  const json meta = {
      {"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
      {"io.modelcontextprotocol/clientCapabilities", json::object()},
      {"io.modelcontextprotocol/clientInfo", {{"name", "agent"}, {"version", "2.4"}}}};
  session->handle_message(request(1, "tools/call", {{"name", "caller"}, {"_meta", meta}}));
  const json modern = caller_of(recorder.wait_response(1));
  CHECK(modern["session"] == "");
  CHECK(modern["client"] == "agent/2.4");
  CHECK(modern["protocol"] == "2026-07-28");

  json nameless = meta;
  nameless.erase("io.modelcontextprotocol/clientInfo");
  session->handle_message(request(2, "tools/call", {{"name", "caller"}, {"_meta", nameless}}));
  CHECK(caller_of(recorder.wait_response(2))["client"] == "");
}
