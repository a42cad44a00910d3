// Fuzz target: JSON-RPC lines as a client writes them on stdio. Each input is a conversation:
// its lines go, one handle_message() each, to a fresh session of a real mcp::Server (trivial
// tools from tests/mcp/test_tools.hpp: echo, throw, progress, log; one resource), and the
// session is closed once its calls are done. Everything the session sends must be JSON-RPC 2.0.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "../mcp/test_tools.hpp"
#include "fuzz_check.hpp"
#include "sparqlmcp/mcp/server.hpp"

using namespace sparqlmcp;
using nlohmann::json;

namespace {

class OneResource : public mcp::ResourceProvider {
 public:
  std::vector<mcp::ResourceDescriptor> list_resources() const override {
    return {{"sparqlmcp://catalogue", "catalogue", "Catalogue", "All endpoints", "text/turtle"}};
  }
  std::optional<std::string> read_resource(const std::string& uri,
                                           std::string& mime_type) const override {
    if (uri != "sparqlmcp://catalogue") return std::nullopt;
    mime_type = "text/turtle";
    return std::string("<a> <b> <c> .");
  }
};

std::unique_ptr<mcp::Server> make_server() {
  std::vector<std::unique_ptr<mcp::Tool>> tools;
  tools.push_back(std::make_unique<mcp::testing::EchoTool>());
  tools.push_back(std::make_unique<mcp::testing::ThrowTool>());
  tools.push_back(std::make_unique<mcp::testing::ProgressTool>());
  tools.push_back(std::make_unique<mcp::testing::LogTool>());
  mcp::ServerOptions options;
  options.info.version = "1.0.0";
  options.info.instructions = "Fuzzing.";
  options.worker_threads = 2;
  return std::make_unique<mcp::Server>(std::move(options), std::move(tools),
                                       std::make_shared<OneResource>());
}

void check_message(const json& message, const std::string& text) {
  fuzz::check(message.is_object() && message.value("jsonrpc", "") == "2.0",
              "the session sent a message that is not JSON-RPC 2.0: " + text);
  fuzz::check(message.contains("method") || message.contains("id"),
              "the session sent a message that is neither a response nor a notification: " + text);
}

// A discarding sink that still checks what it is given: one message, or the non-empty array of
// responses to a batch (2025-03-26).
void check_sent(const std::string& text) {
  json sent;
  try {
    sent = json::parse(text);
  } catch (const json::exception& e) {
    fuzz::fail("the session sent text that is not JSON (" + std::string(e.what()) + "): " + text);
  }
  if (!sent.is_array()) return check_message(sent, text);
  fuzz::check(!sent.empty(), "the session sent an empty batch");
  for (const auto& message : sent)
    check_message(message, text);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);  // the dispatcher logs every bad message
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::unique_ptr<mcp::Server> server = make_server();
  auto session = server->open_session(check_sent);
  std::string_view rest = fuzz::as_text(data, size);
  while (!rest.empty()) {
    const auto end = rest.find('\n');
    session->handle_message(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
  }
  // The tools return at once; a call still running after this long is a hang worth a report.
  fuzz::check(session->wait_idle(std::chrono::seconds(20)), "tool calls did not finish");
  session->close();
  return 0;
}
