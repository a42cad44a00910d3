#include "task_store.hpp"

#include <ctime>
#include <exception>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>

#include "envelope.hpp"
#include "sparqlmcp/mcp/jsonrpc.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/random.hpp"

namespace sparqlmcp::mcp {

namespace {

using nlohmann::json;

constexpr const char* kWorking = "working";
constexpr const char* kCompleted = "completed";
constexpr const char* kFailed = "failed";
constexpr const char* kCancelled = "cancelled";

// ISO 8601 in UTC with milliseconds, "2025-11-25T10:30:00.123Z" (the Task's createdAt and
// lastUpdatedAt).
std::string iso8601(std::chrono::system_clock::time_point at) {
  const auto seconds = std::chrono::floor<std::chrono::seconds>(at);
  const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(at - seconds).count();
  const std::time_t t = std::chrono::system_clock::to_time_t(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[40];
  const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &tm);
  char out[48];
  std::snprintf(out, sizeof out, "%.*s.%03dZ", static_cast<int>(n), text, static_cast<int>(millis));
  return out;
}

// ext-tasks "Error Handling": an unknown or expired taskId is -32602, e.g. "Failed to retrieve
// task: Task not found".
RpcError unknown_task(const std::string& task_id, const char* verb) {
  return RpcError(error_code::kInvalidParams,
                  std::string("Failed to ") + verb +
                      " task: Task not found: no task has the id \"" + task_id +
                      "\"; task ids come from a tools/call answered with resultType \"task\" and "
                      "are forgotten ttlMs after the task's creation. Call the tool again",
                  json{{"taskId", task_id}});
}

RpcError expired_task(const std::string& task_id, const char* verb, std::chrono::milliseconds ttl) {
  return RpcError(error_code::kInvalidParams,
                  std::string("Failed to ") + verb + " task: Task has expired: task \"" + task_id +
                      "\" was created more than its ttlMs (" + std::to_string(ttl.count()) +
                      " ms) ago and is forgotten. Call the tool again",
                  json{{"taskId", task_id}});
}

}  // namespace

TaskStore::TaskStore(TaskStoreOptions options, json server_info,
                     std::function<Clock::time_point()> now)
    : options_(options), server_info_(std::move(server_info)), now_(std::move(now)) {}

TaskStore::~TaskStore() {
  std::vector<std::shared_ptr<TaskWork>> working;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, entry] : tasks_)
      if (entry.work) working.push_back(std::move(entry.work));
    tasks_.clear();
  }
  for (const auto& work : working)
    work->cancel();
}

std::size_t TaskStore::size() const {
  std::lock_guard lock(mutex_);
  return tasks_.size();
}

std::string TaskStore::timestamp(const Entry& entry, Clock::time_point at) const {
  // Wall times derive from one wall reading and the steady clock, so they never run backwards.
  return iso8601(
      entry.created_wall +
      std::chrono::duration_cast<std::chrono::system_clock::duration>(at - entry.created));
}

json TaskStore::describe_locked(const std::string& task_id, const Entry& entry) const {
  json task = {{"taskId", task_id}, {"status", entry.status}};
  if (!entry.message.empty()) task["statusMessage"] = entry.message;
  task["createdAt"] = timestamp(entry, entry.created);
  task["lastUpdatedAt"] = timestamp(entry, entry.updated);
  task["ttlMs"] = options_.ttl.count();
  task["pollIntervalMs"] = options_.poll_interval.count();
  if (entry.status == kCompleted) task["result"] = entry.result;
  if (entry.status == kFailed) task["error"] = entry.error;
  return task;
}

std::optional<json> TaskStore::create(std::shared_ptr<TaskWork> work, const std::string& tool) {
  std::string message = work->status_message();
  std::vector<std::shared_ptr<TaskWork>> dropped;
  std::optional<json> created;
  {
    std::lock_guard lock(mutex_);
    const Clock::time_point now = now_();
    for (auto it = tasks_.begin(); it != tasks_.end();) {
      if (now < it->second.created + options_.ttl) {
        ++it;
        continue;
      }
      if (it->second.work) dropped.push_back(std::move(it->second.work));
      it = tasks_.erase(it);
    }
    if (tasks_.size() >= options_.max_tasks) {
      auto oldest = tasks_.end();
      for (auto it = tasks_.begin(); it != tasks_.end(); ++it)
        if (it->second.status != kWorking &&
            (oldest == tasks_.end() || it->second.created < oldest->second.created))
          oldest = it;
      if (oldest != tasks_.end()) tasks_.erase(oldest);
    }
    if (tasks_.size() < options_.max_tasks) {
      std::string id = util::random_hex(16);
      while (tasks_.count(id))
        id = util::random_hex(16);
      Entry entry;
      entry.tool = tool;
      entry.work = std::move(work);
      entry.created = entry.updated = now;
      entry.created_wall = std::chrono::system_clock::now();
      entry.message = std::move(message);
      auto [it, inserted] = tasks_.emplace(id, std::move(entry));
      created = describe_locked(id, it->second);
      spdlog::info("mcp: task {} of tool {} created", id, tool);
    }
  }
  for (const auto& old : dropped)
    old->cancel();
  return created;
}

void TaskStore::poll(const std::string& task_id) {
  std::shared_ptr<TaskWork> work;
  {
    std::lock_guard lock(mutex_);
    auto it = tasks_.find(task_id);
    if (it == tasks_.end() || it->second.status != kWorking) return;
    work = it->second.work;
  }
  std::string message;
  std::optional<json> result;
  std::string failure;
  try {
    message = work->status_message();
    if (std::optional<ToolResult> done = work->result()) {
      if (done->task) throw std::logic_error("its result is another task");
      json body = done->to_json();
      complete_modern_result(body, server_info_, std::nullopt);
      result = std::move(body);
    }
  } catch (const Exception& e) {
    failure = e.error().to_text();
  } catch (const std::exception& e) {
    failure = e.what();
  }
  std::lock_guard lock(mutex_);
  auto it = tasks_.find(task_id);
  if (it == tasks_.end() || it->second.status != kWorking) return;  // cancelled meanwhile
  Entry& entry = it->second;
  if (!failure.empty()) {
    // ext-tasks "Task Execution Errors": failed carries a JSON-RPC error, and statusMessage
    // says what went wrong.
    spdlog::error("mcp: task {} of tool {} failed: {}", task_id, entry.tool, failure);
    entry.status = kFailed;
    entry.message = "internal error: the background work of tool " + entry.tool +
                    " failed: " + failure + "; call the tool again or report the problem";
    entry.error = {{"code", error_code::kInternalError}, {"message", entry.message}};
    entry.work.reset();
    entry.updated = now_();
  } else if (result) {
    spdlog::info("mcp: task {} of tool {} completed", task_id, entry.tool);
    entry.status = kCompleted;
    entry.message = std::move(message);
    entry.result = std::move(*result);
    entry.work.reset();
    entry.updated = now_();
  } else if (message != entry.message) {
    entry.message = std::move(message);
    entry.updated = now_();
  }
}

void TaskStore::find_or_throw(const std::string& task_id, const char* verb) {
  std::shared_ptr<TaskWork> dropped;
  {
    std::lock_guard lock(mutex_);
    auto it = tasks_.find(task_id);
    if (it == tasks_.end()) throw unknown_task(task_id, verb);
    if (now_() < it->second.created + options_.ttl) return;
    dropped = std::move(it->second.work);
    tasks_.erase(it);
  }
  if (dropped) dropped->cancel();
  throw expired_task(task_id, verb, options_.ttl);
}

json TaskStore::get(const std::string& task_id) {
  find_or_throw(task_id, "retrieve");
  poll(task_id);
  std::lock_guard lock(mutex_);
  auto it = tasks_.find(task_id);
  // Dropped between the two steps (it expired and another task's creation purged it).
  if (it == tasks_.end()) throw unknown_task(task_id, "retrieve");
  return describe_locked(task_id, it->second);
}

void TaskStore::cancel(const std::string& task_id) {
  find_or_throw(task_id, "cancel");
  poll(task_id);  // a work that has finished completes its task rather than be cancelled
  std::shared_ptr<TaskWork> work;
  {
    std::lock_guard lock(mutex_);
    auto it = tasks_.find(task_id);
    if (it == tasks_.end()) throw unknown_task(task_id, "cancel");
    Entry& entry = it->second;
    if (entry.status != kWorking) return;
    entry.status = kCancelled;
    entry.message = "cancelled at the client's request (tasks/cancel)";
    entry.updated = now_();
    work = std::move(entry.work);
    spdlog::info("mcp: task {} of tool {} cancelled", task_id, entry.tool);
  }
  if (work) work->cancel();
}

void TaskStore::require(const std::string& task_id) {
  find_or_throw(task_id, "update");
}

void TaskStore::forget(const std::string& task_id) {
  std::shared_ptr<TaskWork> work;
  {
    std::lock_guard lock(mutex_);
    auto it = tasks_.find(task_id);
    if (it == tasks_.end()) return;
    work = std::move(it->second.work);
    tasks_.erase(it);
  }
  if (work) work->cancel();
}

}  // namespace sparqlmcp::mcp
