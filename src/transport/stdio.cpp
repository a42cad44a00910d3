#include "sparqlmcp/transport/stdio.hpp"

#include <istream>
#include <mutex>
#include <ostream>
#include <string>

#include <spdlog/spdlog.h>

#include "sparqlmcp/mcp/jsonrpc.hpp"

namespace sparqlmcp::transport {

namespace {

enum class LineStatus { Line, TooLong, End };

// Reads up to the next '\n' into `line` (without it). A line longer than `max_bytes` is
// consumed to its end but not kept. Reads through the streambuf: std::getline has no bound.
LineStatus read_line(std::istream& in, std::string& line, std::size_t max_bytes) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  if (!buffer) return LineStatus::End;
  bool any = false;
  bool too_long = false;
  for (;;) {
    int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      if (!any) return LineStatus::End;
      break;
    }
    any = true;
    if (c == '\n') break;
    if (too_long) continue;
    if (line.size() >= max_bytes) {
      too_long = true;
      line.clear();
      line.shrink_to_fit();
      continue;
    }
    line.push_back(static_cast<char>(c));
  }
  return too_long ? LineStatus::TooLong : LineStatus::Line;
}

bool is_blank(const std::string& line) {
  return line.find_first_not_of(" \t\r") == std::string::npos;
}

}  // namespace

int run_stdio(mcp::Server& server, std::istream& in, std::ostream& out) {
  return run_stdio(server, in, out, StdioOptions{});
}

int run_stdio(mcp::Server& server, std::istream& in, std::ostream& out,
              const StdioOptions& options) {
  std::mutex out_mutex;  // the session serializes its own writes; framing errors come from here
  auto write_line = [&](const std::string& text) {
    std::lock_guard lock(out_mutex);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.put('\n');
    out.flush();
  };
  auto session = server.open_session(std::function<void(const std::string&)>(write_line), "stdio");
  spdlog::info("stdio: serving MCP on standard input/output");

  std::string line;
  for (;;) {
    LineStatus status = read_line(in, line, options.max_line_bytes);
    if (status == LineStatus::End) break;
    if (status == LineStatus::TooLong) {
      spdlog::warn("stdio: skipped a message longer than {} bytes", options.max_line_bytes);
      write_line(mcp::serialize_message(mcp::make_error_response(
          nullptr, mcp::error_code::kInvalidRequest,
          "message too large: a line exceeded " + std::to_string(options.max_line_bytes) +
              " bytes and was skipped; send smaller messages")));
      continue;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (is_blank(line)) continue;
    session->handle_message(line);
  }
  spdlog::info("stdio: end of input, closing the session");
  if (!session->wait_idle(options.eof_drain))
    spdlog::info("stdio: cancelling {} running tool call(s)", session->running_calls());
  session->close();
  return 0;
}

}  // namespace sparqlmcp::transport
