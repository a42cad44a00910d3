#pragma once
// The server's tasks (the io.modelcontextprotocol/tasks extension of MCP 2026-07-28,
// modelcontextprotocol/ext-tasks specification/draft/tasks.md). One store per Server, shared by
// all its sessions: 2026-07-28 requests are stateless, and on HTTP each request is a session of
// its own, so the tasks/get for a task arrives on another session than the tools/call that
// created it.
//
// A task is the MCP layer's view of a tool's TaskWork (sparqlmcp/mcp/tool.hpp): an unguessable
// id (128 bits from getrandom; the id is the only handle on the task, "Security
// Considerations"), its times, its status as clients see it, and the final result once the
// work has one. The store polls the work only when a client asks, so no thread runs for it:
// what a task says is what its work said at the last poll, and lastUpdatedAt is when that poll
// saw the status or the message change.
//
// Lifetime: a task is forgotten `ttl` after its creation, whatever its status (the Task's
// ttlMs, "time-to-live duration from creation"); a task still working then has its work
// cancelled, since no one can ask for it any more. Expired tasks are dropped when a task is
// created, or when one is asked for (answered "Task has expired"). At most `max_tasks` live at
// once: when full, expired tasks go first, then the oldest finished one; a store full of
// working tasks refuses a new one.
//
// Thread safety: every member may be called from any thread. The work is polled and cancelled
// outside the store's lock.

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::mcp {

struct TaskStoreOptions {
  std::chrono::milliseconds ttl{std::chrono::hours(1)};
  std::chrono::milliseconds poll_interval{2000};
  std::size_t max_tasks = 1000;
};

class TaskStore {
 public:
  using Clock = std::chrono::steady_clock;

  // `server_info` goes into the _meta of a completed task's result, as in the result of a call
  // that did not become a task. `now` is the clock of the time to live (tests pass their own).
  TaskStore(TaskStoreOptions options, nlohmann::json server_info,
            std::function<Clock::time_point()> now = &Clock::now);
  // Cancels the work of every task still working.
  ~TaskStore();
  TaskStore(const TaskStore&) = delete;
  TaskStore& operator=(const TaskStore&) = delete;

  // Stores a new task following `work` (handed back by tool `tool`) and returns its Task
  // fields (taskId, status, statusMessage?, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs),
  // without resultType. The task can be asked for as soon as this returns ("durably created").
  // nullopt when the store is full of working tasks.
  std::optional<nlohmann::json> create(std::shared_ptr<TaskWork> work, const std::string& tool);

  // tasks/get: the task's DetailedTask, polled from its work first: status working with the
  // work's status message; completed with `result` (the CallToolResult a call without a task
  // would have returned, isError included); failed with `error` (a JSON-RPC error: the work's
  // result could not be read or encoded); cancelled. Throws RpcError -32602 for an unknown or
  // expired id.
  nlohmann::json get(const std::string& task_id);
  // tasks/cancel: a task still working has its work cancelled and is `cancelled` from then on
  // (its work's later result is dropped); a finished task stays as it is (the extension allows
  // either: cancellation is cooperative). Throws like get.
  void cancel(const std::string& task_id);
  // tasks/update: throws like get when there is no such task. No task here ever asks for input
  // (status input_required is not used), so there is nothing else to do.
  void require(const std::string& task_id);
  // Drops a task whose CreateTaskResult could not be delivered (the call was cancelled or its
  // client went away), cancelling its work.
  void forget(const std::string& task_id);

  std::size_t size() const;
  const TaskStoreOptions& options() const { return options_; }

 private:
  struct Entry {
    std::string tool;
    std::shared_ptr<TaskWork> work;  // released once the task is finished
    Clock::time_point created;
    Clock::time_point updated;
    std::chrono::system_clock::time_point created_wall;
    std::string status = "working";
    std::string message;
    nlohmann::json result;  // status completed
    nlohmann::json error;   // status failed
  };

  // Returns when `task_id` names a live task; otherwise throws the -32602 RpcError saying what
  // failed to `verb` ("retrieve", "cancel", "update"). An expired task is dropped first, its
  // work cancelled, and reported as expired.
  void find_or_throw(const std::string& task_id, const char* verb);
  // Reads the work of a working task (outside the lock) and records what changed.
  void poll(const std::string& task_id);
  nlohmann::json describe_locked(const std::string& task_id, const Entry& entry) const;
  std::string timestamp(const Entry& entry, Clock::time_point at) const;

  const TaskStoreOptions options_;
  const nlohmann::json server_info_;
  const std::function<Clock::time_point()> now_;

  mutable std::mutex mutex_;
  std::map<std::string, Entry> tasks_;
};

}  // namespace sparqlmcp::mcp
