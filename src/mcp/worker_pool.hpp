#pragma once
// A fixed set of threads running posted jobs in FIFO order; jobs beyond the thread count queue.
// The pool's state is shared with its threads so that a thread still stuck in a job when the
// pool is destroyed (a tool ignoring cancellation) can be detached instead of blocking shutdown.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

namespace sparqlmcp::mcp {

class WorkerPool {
 public:
  WorkerPool(std::size_t threads, std::chrono::milliseconds shutdown_grace);
  // Drops queued jobs, waits up to `shutdown_grace` for running ones, detaches stragglers.
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Jobs must not throw; an escaping exception is logged and swallowed.
  void post(std::function<void()> job);

 private:
  struct State;
  std::shared_ptr<State> state_;
  std::vector<std::thread> threads_;
  std::chrono::milliseconds shutdown_grace_;
};

}  // namespace sparqlmcp::mcp
