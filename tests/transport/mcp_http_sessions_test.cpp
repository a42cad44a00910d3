// The MCP binding's session limit (issue 13 item 4): Streamable HTTP sessions and HTTP+SSE
// sessions share one limit, and a client beyond it gets 503 with Retry-After, while the
// sessionless 2026-07-28 revision is still served.

#include <catch2/catch.hpp>

#include <string>

#include "raw_http_client.hpp"
#include "sparqlmcp/mcp/server.hpp"
#include "sparqlmcp/transport/http_server.hpp"
#include "sparqlmcp/transport/mcp_http.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::transport;
using testing::RawHttpClient;

namespace {

const std::string kInitialize =
    R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
    R"("capabilities":{},"clientInfo":{"name":"limit-test","version":"1"}}})";
const std::string kDiscover =
    R"({"jsonrpc":"2.0","id":2,"method":"server/discover","params":{"_meta":{)"
    R"("io.modelcontextprotocol/protocolVersion":"2026-07-28",)"
    R"("io.modelcontextprotocol/clientCapabilities":{}}}})";

struct Fixture {
  Fixture()
      : server(mcp::ServerOptions{}, {}, nullptr),
        handler(make_mcp_http_handler(server, limited())),
        http(*handler, HttpServerOptions{}) {}

  static McpHttpOptions limited() {
    McpHttpOptions options;
    options.max_sessions = 2;
    options.retry_after = std::chrono::seconds(7);
    return options;
  }

  std::string post(const std::string& body, const std::string& extra = "") const {
    return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(http.port()) +
           "\r\nContent-Type: application/json\r\nAccept: application/json, "
           "text/event-stream\r\n" +
           extra + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  }

  testing::RawResponse exchange(const std::string& request) const {
    RawHttpClient client(http.port());
    client.send(request);
    return client.read_response();
  }

  mcp::Server server;
  std::unique_ptr<HttpHandler> handler;
  HttpServer http;
};

}  // namespace

TEST_CASE(
    "Legacy and HTTP+SSE sessions share the session limit, beyond which 503 says when to retry",
    "[transport][integration][error]") {
  Fixture f;
  REQUIRE(f.exchange(f.post(kInitialize)).result_int() == 200);
  // An HTTP+SSE session holds the second place while its stream is open.
  RawHttpClient sse(f.http.port());
  sse.send("GET /sse HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(f.http.port()) +
           "\r\nAccept: text/event-stream\r\n\r\n");
  REQUIRE(sse.read_until("event: endpoint").find("200") != std::string::npos);

  const testing::RawResponse refused = f.exchange(f.post(kInitialize));
  CHECK(refused.result_int() == 503);
  CHECK(refused["Retry-After"] == "7");
  CHECK(refused.body().find("too many MCP sessions are open (2)") != std::string::npos);
  RawHttpClient second_sse(f.http.port());
  second_sse.send("GET /sse HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(f.http.port()) +
                  "\r\nAccept: text/event-stream\r\n\r\n");
  CHECK(second_sse.read_response().result_int() == 503);

  // Requests of the sessionless revision need no place.
  CHECK(f.exchange(f.post(kDiscover,
                          "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: "
                          "server/discover\r\n"))
            .result_int() == 200);
}
