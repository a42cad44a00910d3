#pragma once
// Test doubles of the mcp::Tool interface and a harness that records what a session sends.
// Shared by the mcp and transport tests.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/mcp/server.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::mcp::testing {

using nlohmann::json;

inline mcp::ToolDefinition make_definition(std::string name) {
  mcp::ToolDefinition d;
  d.name = std::move(name);
  d.title = d.name + " title";
  d.description = "test tool " + d.name;
  d.input_schema = {{"type", "object"}};
  d.output_schema = nullptr;
  return d;
}

// Returns its arguments as text and structured content.
class EchoTool : public mcp::Tool {
 public:
  const mcp::ToolDefinition& definition() const override { return definition_; }
  mcp::ToolResult call(const json& arguments, mcp::ToolContext&) override {
    return mcp::ToolResult::text(arguments.dump(), arguments);
  }

 private:
  mcp::ToolDefinition definition_ = make_definition("echo");
};

// Waits cooperatively until cancelled or released (bounded at 30 s), then returns a result, so
// a test can check that a late result of a cancelled call is dropped. A call with arguments
// {"key": K} can also be released alone, by release(K).
class SleepTool : public mcp::Tool {
 public:
  const mcp::ToolDefinition& definition() const override { return definition_; }
  mcp::ToolResult call(const json& arguments, mcp::ToolContext& context) override {
    if (arguments.contains("message"))
      context.report_progress(0, std::nullopt, arguments["message"].get<std::string>());
    const std::string key = arguments.value("key", "");
    CancellationSubscription wake(context.cancellation, [this] { notify(); });
    {
      std::unique_lock lock(mutex_);
      ++started_;
      ++running_;
      max_running_ = std::max(max_running_, running_);
      changed_.notify_all();
      changed_.wait_for(lock, std::chrono::seconds(30), [&] {
        return released_ || context.cancelled() || (!key.empty() && released_keys_.count(key));
      });
      --running_;
      if (context.cancelled()) ++cancelled_;
      ++finished_;
      changed_.notify_all();
    }
    return mcp::ToolResult::text(context.cancelled() ? "cancelled" : "slept");
  }

  void release() {
    std::lock_guard lock(mutex_);
    released_ = true;
    changed_.notify_all();
  }
  void release(const std::string& key) {
    std::lock_guard lock(mutex_);
    released_keys_.insert(key);
    changed_.notify_all();
  }
  // Waits (bounded) until `count` calls have started.
  bool wait_started(int count, std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, limit, [&] { return started_ >= count; });
  }
  bool wait_finished(int count, std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, limit, [&] { return finished_ >= count; });
  }
  int started() const {
    std::lock_guard lock(mutex_);
    return started_;
  }
  int cancelled() const {
    std::lock_guard lock(mutex_);
    return cancelled_;
  }
  int max_running() const {
    std::lock_guard lock(mutex_);
    return max_running_;
  }

 private:
  void notify() {
    std::lock_guard lock(mutex_);
    changed_.notify_all();
  }
  mcp::ToolDefinition definition_ = make_definition("sleep");
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  bool released_ = false;
  std::set<std::string> released_keys_;
  int started_ = 0, running_ = 0, max_running_ = 0, finished_ = 0, cancelled_ = 0;
};

// Ignores cancellation: returns "late" only when the test releases it (bounded at 30 s).
class StubbornTool : public mcp::Tool {
 public:
  const mcp::ToolDefinition& definition() const override { return definition_; }
  mcp::ToolResult call(const json&, mcp::ToolContext&) override {
    std::unique_lock lock(mutex_);
    ++started_;
    changed_.notify_all();
    changed_.wait_for(lock, std::chrono::seconds(30), [&] { return released_; });
    return mcp::ToolResult::text("late");
  }
  bool wait_started(int count = 1) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::seconds(10), [&] { return started_ >= count; });
  }
  void release() {
    std::lock_guard lock(mutex_);
    released_ = true;
    changed_.notify_all();
  }

 private:
  mcp::ToolDefinition definition_ = make_definition("stubborn");
  std::mutex mutex_;
  std::condition_variable changed_;
  int started_ = 0;
  bool released_ = false;
};

// Throws an Exception when arguments.kind == "exception", otherwise a std::runtime_error.
class ThrowTool : public mcp::Tool {
 public:
  const mcp::ToolDefinition& definition() const override { return definition_; }
  mcp::ToolResult call(const json& arguments, mcp::ToolContext&) override {
    if (arguments.value("kind", "") == "exception")
      throw_error(ErrorKind::InvalidArgument, "the endpoint argument is missing");
    throw std::runtime_error("boom");
  }

 private:
  mcp::ToolDefinition definition_ = make_definition("throw");
};

// Reports progress 1/3, 2/3, 2/3 again (not increasing) and 3/3, then returns.
class ProgressTool : public mcp::Tool {
 public:
  const mcp::ToolDefinition& definition() const override { return definition_; }
  mcp::ToolResult call(const json&, mcp::ToolContext& context) override {
    context.report_progress(1, 3, "step one");
    context.report_progress(2, 3, "step two");
    context.report_progress(2, 3, "step two again");
    context.report_progress(3, 3, "");
    return mcp::ToolResult::text("done");
  }

 private:
  mcp::ToolDefinition definition_ = make_definition("progress");
};

// Logs one message at every level, debug to emergency.
class LogTool : public mcp::Tool {
 public:
  const mcp::ToolDefinition& definition() const override { return definition_; }
  mcp::ToolResult call(const json&, mcp::ToolContext& context) override {
    for (int level = 0; level < 8; ++level)
      context.log(static_cast<mcp::LogLevel>(level), json{{"n", level}});
    return mcp::ToolResult::text("logged");
  }

 private:
  mcp::ToolDefinition definition_ = make_definition("log");
};

// Works in the background when the caller accepts a task, else within the call; either way the
// work finishes only when the test says so (finish), so a test can poll a task that is still
// working without sleeping. Arguments: {"key": K} names the work for the test (required);
// {"only_task": true} hands back a task even to a caller that does not accept one (a tool that
// cannot answer otherwise).
class TaskTool : public mcp::Tool {
 public:
  // The tool owns the work; here it is only state that the test moves on.
  class Work : public mcp::TaskWork {
   public:
    std::string status_message() const override {
      std::lock_guard lock(mutex_);
      return message_;
    }
    std::optional<mcp::ToolResult> result() const override {
      std::lock_guard lock(mutex_);
      return result_;
    }
    void cancel() override {
      std::lock_guard lock(mutex_);
      ++cancels_;
      changed_.notify_all();
    }

    void set_message(std::string message) {
      std::lock_guard lock(mutex_);
      message_ = std::move(message);
    }
    void finish(mcp::ToolResult result) {
      std::lock_guard lock(mutex_);
      result_ = std::move(result);
      changed_.notify_all();
    }
    int cancels() const {
      std::lock_guard lock(mutex_);
      return cancels_;
    }
    // The call's ToolContext::report_progress and log, kept by the work as a careless tool
    // might: after the call has returned they must reach no one.
    std::function<void(double, std::optional<double>, const std::string&)> report_progress;
    std::function<void(mcp::LogLevel, const json&)> log;
    // Waits (bounded) until the work has a result or is cancelled, or `stop` fires.
    void wait(const CancellationTokenPtr& stop) {
      CancellationSubscription wake(stop, [this] {
        std::lock_guard lock(mutex_);
        changed_.notify_all();
      });
      std::unique_lock lock(mutex_);
      changed_.wait_for(lock, std::chrono::seconds(30),
                        [&] { return result_ || cancels_ > 0 || stop->cancelled(); });
    }

   private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::string message_ = "started";
    std::optional<mcp::ToolResult> result_;
    int cancels_ = 0;
  };

  const mcp::ToolDefinition& definition() const override { return definition_; }
  mcp::ToolResult call(const json& arguments, mcp::ToolContext& context) override {
    auto work = std::make_shared<Work>();
    work->report_progress = context.report_progress;
    work->log = context.log;
    {
      std::lock_guard lock(mutex_);
      works_[arguments.value("key", "")] = work;
      accepted_.push_back(context.accepts_task);
      changed_.notify_all();
    }
    if (context.accepts_task || arguments.value("only_task", false))
      return mcp::ToolResult::background(work);
    work->wait(context.cancellation);
    if (auto result = work->result()) return *result;
    return mcp::ToolResult::text("cancelled");
  }

  // The work of the call with {"key": key}, once that call has started (bounded wait).
  std::shared_ptr<Work> work(const std::string& key,
                             std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, limit, [&] { return works_.count(key) > 0; });
    auto it = works_.find(key);
    return it == works_.end() ? nullptr : it->second;
  }
  // ToolContext::accepts_task of each call, in the order they started.
  std::vector<bool> accepted() const {
    std::lock_guard lock(mutex_);
    return accepted_;
  }
  // Finishes every work still running (at the end of a test).
  void finish_all() {
    std::lock_guard lock(mutex_);
    for (auto& [key, work] : works_)
      if (!work->result()) work->finish(mcp::ToolResult::text("finished at teardown"));
  }

 private:
  mcp::ToolDefinition definition_ = make_definition("background");
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, std::shared_ptr<Work>> works_;
  std::vector<bool> accepted_;
};

// Records every message a session sends (parsed), in order, with the time it was written and
// the request it belongs to (OutgoingMessage::related_request).
class Recorder {
 public:
  using Clock = std::chrono::steady_clock;

  std::function<void(const mcp::OutgoingMessage&)> sink() {
    return [this](const mcp::OutgoingMessage& message) {
      std::lock_guard lock(mutex_);
      raw_.push_back(message.text);
      messages_.push_back(json::parse(message.text));
      related_.push_back(message.related_request.value_or(json()));
      times_.push_back(Clock::now());
      changed_.notify_all();
    };
  }
  std::vector<json> messages() const {
    std::lock_guard lock(mutex_);
    return messages_;
  }
  // related()[i] is the id of the request messages()[i] answers or reports on, or null.
  std::vector<json> related() const {
    std::lock_guard lock(mutex_);
    return related_;
  }
  std::vector<Clock::time_point> times() const {
    std::lock_guard lock(mutex_);
    return times_;
  }
  std::vector<std::string> raw() const {
    std::lock_guard lock(mutex_);
    return raw_;
  }
  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return messages_.size();
  }
  // Waits (bounded) for a response with this id and returns it, or null.
  json wait_response(const json& id, std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    std::unique_lock lock(mutex_);
    json found;
    changed_.wait_for(lock, limit, [&] {
      for (const auto& m : messages_)
        if (m.contains("id") && m["id"] == id && !m.contains("method")) {
          found = m;
          return true;
        }
      return false;
    });
    return found;
  }
  // Waits (bounded) until `count` messages match `predicate`.
  template <class Predicate>
  bool wait_count(Predicate predicate, std::size_t count,
                  std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, limit, [&] {
      std::size_t n = 0;
      for (const auto& m : messages_)
        if (predicate(m)) ++n;
      return n >= count;
    });
  }
  bool has_response(const json& id) const {
    std::lock_guard lock(mutex_);
    for (const auto& m : messages_)
      if (m.contains("id") && m["id"] == id && !m.contains("method")) return true;
    return false;
  }
  std::vector<json> notifications(const std::string& method) const {
    std::lock_guard lock(mutex_);
    std::vector<json> out;
    for (const auto& m : messages_)
      if (m.value("method", "") == method) out.push_back(m);
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<json> messages_;
  std::vector<json> related_;
  std::vector<Clock::time_point> times_;
  std::vector<std::string> raw_;
};

inline std::string request(const json& id, const std::string& method, json params = nullptr) {
  json m = {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
  if (!params.is_null()) m["params"] = std::move(params);
  return m.dump();
}

inline std::string notification(const std::string& method, json params = nullptr) {
  json m = {{"jsonrpc", "2.0"}, {"method", method}};
  if (!params.is_null()) m["params"] = std::move(params);
  return m.dump();
}

inline std::string initialize_request(const json& id = 0,
                                      const std::string& version = "2025-11-25") {
  return request(id, "initialize",
                 {{"protocolVersion", version},
                  {"capabilities", json::object()},
                  {"clientInfo", {{"name", "test-client"}, {"version", "1.0"}}}});
}

// A server with `tools` and `resources`, and one session whose output the recorder keeps. A
// SleepTool among the tools is released at the end, and a TaskTool's works finished, so no
// worker waits past the test.
struct SessionFixture {
  SessionFixture(ServerOptions options, std::vector<std::unique_ptr<Tool>> tools,
                 std::shared_ptr<const ResourceProvider> resources) {
    for (const auto& tool : tools) {
      if (auto* found = dynamic_cast<SleepTool*>(tool.get())) sleep = found;
      if (auto* found = dynamic_cast<TaskTool*>(tool.get())) background = found;
    }
    server = std::make_unique<Server>(std::move(options), std::move(tools), std::move(resources));
    session = server->open_session(recorder.sink());
  }
  ~SessionFixture() {
    if (sleep) sleep->release();
    if (background) background->finish_all();
    session.reset();
  }

  json call(const json& id, const std::string& method, json params = nullptr) {
    session->handle_message(request(id, method, std::move(params)));
    return recorder.wait_response(id);
  }
  void initialize(const std::string& version = "2025-11-25") {
    const json init =
        call("init", "initialize", json::parse(initialize_request(0, version))["params"]);
    if (!init.contains("result")) throw std::runtime_error("initialize failed: " + init.dump());
    session->handle_message(notification("notifications/initialized"));
  }

  Recorder recorder;
  SleepTool* sleep = nullptr;
  TaskTool* background = nullptr;
  std::unique_ptr<Server> server;
  std::unique_ptr<Session> session;
};

}  // namespace sparqlmcp::mcp::testing
