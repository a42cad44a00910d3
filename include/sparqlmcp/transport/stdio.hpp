#pragma once
// The stdio transport (MCP "Transports", stdio): one JSON-RPC message per line in both
// directions, UTF-8, no embedded newlines. Only MCP messages are ever written to `out`; logs go
// to spdlog (stderr).

#include <atomic>
#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <mutex>
#include <streambuf>
#include <string>
#include <vector>

#include "sparqlmcp/mcp/server.hpp"

namespace sparqlmcp::transport {

struct StdioOptions {
  // A longer line is answered with a -32600 error (id null) and skipped.
  std::size_t max_line_bytes = 16 * 1024 * 1024;
  // At end of input, calls still running get this long to finish on their own before they are
  // cancelled: enough for quick tools when requests are piped in (`printf ... | sparql-mcp`),
  // short enough that a client closing stdin sees the server exit at once.
  std::chrono::milliseconds eof_drain{250};
  // After a stop request (SIGTERM, SIGINT), calls still running get this long to finish before
  // they are cancelled. With `cancel_grace` it stays under the 2 s the official TypeScript SDK
  // waits between SIGTERM and SIGKILL.
  std::chrono::milliseconds stop_grace{1000};
  // Cancelled calls (at end of input or after a stop) are answered as soon as their tools
  // return; those whose tools still run after this long are answered without them.
  std::chrono::milliseconds cancel_grace{500};
};

// A request to stop run_stdio, made from another thread: the application's signal thread on
// SIGTERM or SIGINT (it takes a mutex: never call it from a signal handler, use sigwait). Input
// read through a StoppableInput ends at once, also while it waits for a line.
class StdioStop {
 public:
  StdioStop();  // throws Exception(Internal) when the system has no eventfd left
  ~StdioStop();
  StdioStop(const StdioStop&) = delete;
  StdioStop& operator=(const StdioStop&) = delete;

  // `why` names the cause in logs and in the answers of cancelled calls ("SIGTERM"). Idempotent:
  // the first reason stays. Thread-safe.
  void request(std::string why);
  bool requested() const { return requested_.load(); }
  std::string reason() const;
  // Readable once a stop was requested (for poll).
  int wake_fd() const { return wake_fd_; }

 private:
  int wake_fd_ = -1;
  std::atomic<bool> requested_{false};
  mutable std::mutex mutex_;
  std::string reason_;
};

// Reads the file descriptor `fd` (standard input: 0) without buffering beyond what it returns,
// and ends as at end of input once `stop` is requested, even while it waits for input: read()
// on a terminal or a pipe cannot be interrupted otherwise (libstdc++ retries it after EINTR).
// Does not own `fd`; `stop` must outlive it.
class StoppableInput : public std::streambuf {
 public:
  StoppableInput(int fd, const StdioStop& stop, std::size_t buffer_bytes = 64 * 1024);

 protected:
  int_type underflow() override;

 private:
  int fd_;
  const StdioStop& stop_;
  std::vector<char> buffer_;
};

// Serves one session until end of input, or until `stop` is requested: reads lines (a trailing
// '\r' is stripped, blank lines are skipped), writes each outgoing message followed by '\n' and
// a flush. Then it reads no more input, waits for running calls (at most `eof_drain` at end of
// input, `stop_grace` after a stop request), cancels the rest and answers each of them with an
// isError result saying the server is stopping (Session::stop, at most `cancel_grace` more),
// flushes `out` and returns 0. With a `stop`, `in` should read through a StoppableInput.
int run_stdio(mcp::Server& server, std::istream& in, std::ostream& out);
int run_stdio(mcp::Server& server, std::istream& in, std::ostream& out, const StdioOptions& options,
              const StdioStop* stop = nullptr);

}  // namespace sparqlmcp::transport
