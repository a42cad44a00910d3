#pragma once
// The stdio transport (MCP "Transports", stdio): one JSON-RPC message per line in both
// directions, UTF-8, no embedded newlines. Only MCP messages are ever written to `out`; logs go
// to spdlog (stderr).

#include <chrono>
#include <cstddef>
#include <iosfwd>

#include "sparqlmcp/mcp/server.hpp"

namespace sparqlmcp::transport {

struct StdioOptions {
  // A longer line is answered with a -32600 error (id null) and skipped.
  std::size_t max_line_bytes = 16 * 1024 * 1024;
  // At end of input, calls still running get this long to finish on their own before they are
  // cancelled: enough for quick tools when requests are piped in (`printf ... | sparql-mcp`),
  // short enough that a client closing stdin sees the server exit at once.
  std::chrono::milliseconds eof_drain{250};
};

// Serves one session until end of input: reads lines (a trailing '\r' is stripped, blank lines
// are skipped), writes each outgoing message followed by '\n' and a flush. At end of input it
// waits at most `eof_drain` for running calls, then closes the session (cancelling the rest,
// whose responses are dropped) and returns 0.
int run_stdio(mcp::Server& server, std::istream& in, std::ostream& out);
int run_stdio(mcp::Server& server, std::istream& in, std::ostream& out,
              const StdioOptions& options);

}  // namespace sparqlmcp::transport
