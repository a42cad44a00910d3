#include "sparqlmcp/transport/stdio.hpp"

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <istream>
#include <mutex>
#include <ostream>
#include <string>

#include <spdlog/spdlog.h>

#include "sparqlmcp/mcp/jsonrpc.hpp"
#include "sparqlmcp/util/error.hpp"

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

StdioStop::StdioStop() : wake_fd_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
  if (wake_fd_ < 0)
    throw_error(ErrorKind::Internal,
                std::string("cannot create the eventfd that stops stdio: ") + std::strerror(errno));
}

StdioStop::~StdioStop() {
  close(wake_fd_);
}

void StdioStop::request(std::string why) {
  {
    std::lock_guard lock(mutex_);
    if (requested_.load()) return;
    reason_ = std::move(why);
    requested_.store(true);
  }
  const std::uint64_t one = 1;
  // Only fails when the counter would overflow, which one write cannot make it.
  [[maybe_unused]] ssize_t written = write(wake_fd_, &one, sizeof one);
}

std::string StdioStop::reason() const {
  std::lock_guard lock(mutex_);
  return reason_;
}

StoppableInput::StoppableInput(int fd, const StdioStop& stop, std::size_t buffer_bytes)
    : fd_(fd), stop_(stop), buffer_(buffer_bytes) {}

StoppableInput::int_type StoppableInput::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  for (;;) {
    if (stop_.requested()) return traits_type::eof();
    pollfd watched[2] = {{fd_, POLLIN, 0}, {stop_.wake_fd(), POLLIN, 0}};
    if (poll(watched, 2, -1) < 0) {
      if (errno == EINTR) continue;
      spdlog::error("stdio: waiting for input failed: {}", std::strerror(errno));
      return traits_type::eof();
    }
    if (watched[1].revents != 0) return traits_type::eof();
    if (watched[0].revents == 0) continue;
    // POLLIN, or POLLHUP/POLLERR/POLLNVAL, which read() turns into end of input or an error.
    const ssize_t got = read(fd_, buffer_.data(), buffer_.size());
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      spdlog::error("stdio: reading the input failed: {}", std::strerror(errno));
      return traits_type::eof();
    }
    if (got == 0) return traits_type::eof();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
    return traits_type::to_int_type(*gptr());
  }
}

int run_stdio(mcp::Server& server, std::istream& in, std::ostream& out) {
  return run_stdio(server, in, out, StdioOptions{});
}

int run_stdio(mcp::Server& server, std::istream& in, std::ostream& out, const StdioOptions& options,
              const StdioStop* stop) {
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
    // After a stop request nothing more is handled, not even a line read before it.
    if (status == LineStatus::End || (stop && stop->requested())) break;
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
  const bool stopped = stop && stop->requested();
  const std::string cause = stopped ? stop->reason() : std::string("end of input");
  const std::chrono::milliseconds drain = stopped ? options.stop_grace : options.eof_drain;
  if (std::size_t running = session->running_calls(); running > 0)
    spdlog::info("stdio: {}: waiting up to {} ms for {} running tool call(s)", cause, drain.count(),
                 running);
  else
    spdlog::info("stdio: {}: closing the session", cause);
  std::size_t cancelled = 0;
  if (!session->wait_idle(drain))
    // Each of them gets an answer, written before this returns.
    cancelled = session->stop("the server is stopping (" + cause + ")", options.cancel_grace);
  session->close();
  {
    std::lock_guard lock(out_mutex);
    out.flush();
  }
  spdlog::info("stdio: stopped: {} tool call(s) cancelled and answered so", cancelled);
  return 0;
}

}  // namespace sparqlmcp::transport
