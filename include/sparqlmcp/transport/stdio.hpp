#pragma once
// The stdio transport (MCP "Transports", stdio): one JSON-RPC message per line in both
// directions, UTF-8, no embedded newlines. Only MCP messages are ever written to `out`; logs go
// to spdlog (stderr).

#include <cstddef>
#include <iosfwd>

#include "sparqlmcp/mcp/server.hpp"

namespace sparqlmcp::transport {

struct StdioOptions {
  // A longer line is answered with a -32600 error (id null) and skipped.
  std::size_t max_line_bytes = 16 * 1024 * 1024;
};

// Serves one session until end of input: reads lines (a trailing '\r' is stripped, blank lines
// are skipped), writes each outgoing message followed by '\n' and a flush. At end of input it
// closes the session, cancelling running calls, and returns 0.
int run_stdio(mcp::Server& server, std::istream& in, std::ostream& out);
int run_stdio(mcp::Server& server, std::istream& in, std::ostream& out,
              const StdioOptions& options);

}  // namespace sparqlmcp::transport
