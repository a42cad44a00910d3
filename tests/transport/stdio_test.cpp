#include "sparqlmcp/transport/stdio.hpp"

#include <unistd.h>

#include <functional>
#include <memory>
#include <sstream>
#include <streambuf>
#include <thread>

#include <catch2/catch.hpp>

#include "../mcp/test_tools.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::mcp::testing;
using namespace std::chrono_literals;

namespace {

struct Fixture {
  Fixture() {
    auto tool = std::make_unique<SleepTool>();
    sleep = tool.get();
    std::vector<std::unique_ptr<mcp::Tool>> list;
    list.push_back(std::make_unique<EchoTool>());
    list.push_back(std::move(tool));
    server = std::make_unique<mcp::Server>(mcp::ServerOptions{}, std::move(list), nullptr);
  }
  SleepTool* sleep = nullptr;
  std::unique_ptr<mcp::Server> server;
};

// Splits the output into lines; every message must end with '\n'.
std::vector<json> output_lines(const std::string& out) {
  std::vector<json> lines;
  REQUIRE((out.empty() || out.back() == '\n'));
  std::istringstream stream(out);
  std::string line;
  while (std::getline(stream, line)) {
    INFO(line);
    REQUIRE_NOTHROW(lines.push_back(json::parse(line)));
  }
  return lines;
}

// Serves `text`, then waits for `gate` before reporting end of input: lets a test end the input
// while a tool call is running.
class GatedBuffer : public std::streambuf {
 public:
  GatedBuffer(std::string text, std::function<void()> gate)
      : text_(std::move(text)), gate_(std::move(gate)) {
    setg(text_.data(), text_.data(), text_.data() + text_.size());
  }

 protected:
  int_type underflow() override {
    if (gate_) {
      gate_();
      gate_ = nullptr;
    }
    return traits_type::eof();
  }

 private:
  std::string text_;
  std::function<void()> gate_;
};

}  // namespace

TEST_CASE("stdio skips blank lines, strips CRLF and answers after a malformed line",
          "[transport]") {
  Fixture f;
  std::string input = "\r\n" + initialize_request(0) + "\r\n\n   \n{not json\n" +
                      request(2, "ping") + "\r\n" + notification("notifications/initialized") +
                      "\n" +
                      request(3, "tools/call", {{"name", "echo"}, {"arguments", {{"a", 1}}}}) +
                      "\r\n" + request(4, "ping");  // the last line has no newline
  std::istringstream in(input);
  std::ostringstream out;
  CHECK(transport::run_stdio(*f.server, in, out) == 0);
  auto lines = output_lines(out.str());
  REQUIRE(lines.size() == 5);
  // Quick requests are answered in order on the reading thread; the tool call (id 3) runs on a
  // worker and may come anywhere after its request.
  CHECK(lines[0]["id"] == 0);
  CHECK(lines[0]["result"]["protocolVersion"] == "2025-11-25");
  CHECK(lines[1]["id"].is_null());
  CHECK(lines[1]["error"]["code"] == -32700);
  CHECK(lines[2] == json::parse(R"({"jsonrpc":"2.0","id":2,"result":{}})"));
  json ping, call;
  for (std::size_t i = 3; i < lines.size(); ++i)
    (lines[i]["id"] == 3 ? call : ping) = lines[i];
  CHECK(call["result"]["structuredContent"] == json{{"a", 1}});
  CHECK(ping == json::parse(R"({"jsonrpc":"2.0","id":4,"result":{}})"));
}

TEST_CASE("stdio writes nothing for notifications and empty input", "[transport]") {
  Fixture f;
  std::istringstream in(notification("notifications/initialized") + "\n\n");
  std::ostringstream out;
  CHECK(transport::run_stdio(*f.server, in, out) == 0);
  CHECK(out.str().empty());
}

TEST_CASE("stdio answers an overlong line with an error and carries on", "[transport][error]") {
  Fixture f;
  transport::StdioOptions options;
  options.max_line_bytes = 200;
  std::string huge = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"params\":{\"pad\":\"" +
                     std::string(500, 'x') + "\"}}";
  std::istringstream in(initialize_request(1) + "\n" + huge + "\n" + request(2, "ping") + "\n");
  std::ostringstream out;
  CHECK(transport::run_stdio(*f.server, in, out, options) == 0);
  auto lines = output_lines(out.str());
  REQUIRE(lines.size() == 3);
  CHECK(lines[1] == json::parse(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,
    "message":"message too large: a line exceeded 200 bytes and was skipped; send smaller messages"}})"));
  CHECK(lines[2]["id"] == 2);
}

TEST_CASE("stdio answers a call still running at end of input as cancelled, then returns",
          "[transport][integration]") {
  Fixture f;
  std::string input =
      initialize_request(1) + "\n" + request(2, "tools/call", {{"name", "sleep"}}) + "\n";
  SleepTool* sleep = f.sleep;
  GatedBuffer buffer(input, [sleep] { REQUIRE(sleep->wait_started(1)); });
  std::istream in(&buffer);
  std::ostringstream out;
  CHECK(transport::run_stdio(*f.server, in, out) == 0);
  // The call was cancelled, not left to run out its 30 s: that is what makes the return prompt.
  CHECK(f.sleep->cancelled() == 1);
  auto lines = output_lines(out.str());
  REQUIRE(lines.size() == 2);
  CHECK(lines[0]["id"] == 1);
  CHECK(lines[1]["id"] == 2);
  CHECK(lines[1]["result"]["isError"] == true);
  CHECK(lines[1]["result"]["content"][0]["text"] ==
        "tool sleep was cancelled: the server is stopping (end of input); call it again once the "
        "server is back");
}

namespace {

// run_stdio on a thread, reading a pipe through a StoppableInput, as the application reads
// stdin; the test writes lines into the pipe, and requests the stop.
struct PipeFixture : Fixture {
  explicit PipeFixture(transport::StdioOptions options) {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    read_end = fds[0];
    write_end = fds[1];
    input = std::make_unique<transport::StoppableInput>(read_end, stop);
    in = std::make_unique<std::istream>(input.get());
    thread = std::thread(
        [this, options] { status = transport::run_stdio(*server, *in, out, options, &stop); });
  }
  ~PipeFixture() {
    sleep->release();
    close_input();
    if (thread.joinable()) thread.join();
    close(read_end);
  }
  void write_line(const std::string& line) {
    std::string text = line + "\n";
    REQUIRE(write(write_end, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
  }
  void close_input() {
    if (write_end >= 0) close(write_end);
    write_end = -1;
  }
  // What run_stdio wrote, once it has returned.
  std::vector<json> finish() {
    thread.join();
    CHECK(status == 0);
    return output_lines(out.str());
  }

  transport::StdioStop stop;
  int read_end = -1, write_end = -1;
  std::unique_ptr<transport::StoppableInput> input;
  std::unique_ptr<std::istream> in;
  std::ostringstream out;  // read only after the thread is joined
  int status = -1;
  std::thread thread;
};

json by_id(const std::vector<json>& lines, const json& id) {
  for (const auto& line : lines)
    if (line.value("id", json()) == id) return line;
  return nullptr;
}

const std::string kStopped =
    "tool sleep was cancelled: the server is stopping (SIGTERM); call it again once the server "
    "is back";

}  // namespace

TEST_CASE("stdio reads a pipe through StoppableInput to its end", "[transport][integration]") {
  PipeFixture f(transport::StdioOptions{});
  f.write_line(initialize_request(1));
  f.write_line(request(2, "tools/call", {{"name", "echo"}, {"arguments", {{"a", 1}}}}));
  f.close_input();
  auto lines = f.finish();
  REQUIRE(lines.size() == 2);
  CHECK(by_id(lines, 2)["result"]["structuredContent"] == json{{"a", 1}});
}

TEST_CASE("A stop ends stdio's reading at once and lets a running call finish in the grace",
          "[transport][integration]") {
  transport::StdioOptions options;
  options.stop_grace = 60s;  // the call below ends it
  PipeFixture f(options);
  f.write_line(initialize_request(1));
  f.write_line(request(2, "tools/call", {{"name", "sleep"}, {"arguments", {{"key", "a"}}}}));
  REQUIRE(f.sleep->wait_started(1));
  // The reader waits for input in poll(); the stop wakes it. Input sent after the stop is
  // never handled, and the open pipe does not keep run_stdio waiting.
  f.stop.request("SIGTERM");
  f.write_line(request(3, "ping"));
  f.sleep->release("a");
  auto lines = f.finish();
  REQUIRE(lines.size() == 2);
  CHECK(by_id(lines, 2)["result"]["content"][0]["text"] == "slept");
  CHECK(by_id(lines, 3).is_null());
  CHECK(f.sleep->cancelled() == 0);
}

TEST_CASE("After the stop's grace stdio cancels running calls and answers each as cancelled",
          "[transport][integration]") {
  transport::StdioOptions options;
  options.stop_grace = 0ms;
  options.cancel_grace = 60s;  // the cooperative tool returns at once
  PipeFixture f(options);
  f.write_line(initialize_request(1));
  f.write_line(request(2, "tools/call", {{"name", "sleep"}}));
  f.write_line(request("three", "tools/call", {{"name", "sleep"}}));
  REQUIRE(f.sleep->wait_started(2));
  f.stop.request("SIGTERM");
  f.stop.request("SIGINT");  // the first reason stays
  auto lines = f.finish();
  REQUIRE(lines.size() == 3);
  CHECK(by_id(lines, 2)["result"]["isError"] == true);
  CHECK(by_id(lines, 2)["result"]["content"][0]["text"] == kStopped);
  CHECK(by_id(lines, "three")["result"]["content"][0]["text"] == kStopped);
  // Their tokens were cancelled: that is what aborts a tool's HTTP transfers.
  CHECK(f.sleep->cancelled() == 2);
}
