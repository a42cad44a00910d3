// A stdio MCP server with the test tools of tests/mcp (echo, sleep, throw, progress, log), for
// driving the mcp and transport layers with real MCP clients (the TypeScript SDK, the MCP
// Inspector CLI) without the rest of sparql-mcp. Logs go to stderr.
//   mcp_stdio_test_server [progress_interval_ms]

#include <cstdlib>
#include <iostream>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "../mcp/test_tools.hpp"
#include "sparqlmcp/transport/stdio.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::mcp::testing;

int main(int argc, char** argv) {
  spdlog::set_default_logger(spdlog::stderr_logger_mt("stderr"));
  mcp::ServerOptions options;
  options.info.title = "sparql-mcp test server";
  options.info.version = "0.0.1";
  options.info.instructions = "Test server exposing the mcp module's test tools.";
  if (argc > 1) options.progress_interval = std::chrono::milliseconds(std::atoi(argv[1]));
  std::vector<std::unique_ptr<mcp::Tool>> list;
  list.push_back(std::make_unique<EchoTool>());
  list.push_back(std::make_unique<SleepTool>());
  list.push_back(std::make_unique<ThrowTool>());
  list.push_back(std::make_unique<ProgressTool>());
  list.push_back(std::make_unique<LogTool>());
  mcp::Server server(options, std::move(list), nullptr);
  std::ios::sync_with_stdio(false);
  return transport::run_stdio(server, std::cin, std::cout);
}
