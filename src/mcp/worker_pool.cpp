#include "worker_pool.hpp"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>

#include <spdlog/spdlog.h>

namespace sparqlmcp::mcp {

struct WorkerPool::State {
  std::mutex mutex;
  std::condition_variable wake;
  std::condition_variable exited;
  std::deque<std::function<void()>> jobs;
  std::vector<bool> done;  // per thread: has returned from its loop
  bool stopping = false;
};

WorkerPool::WorkerPool(std::size_t threads, std::chrono::milliseconds shutdown_grace)
    : state_(std::make_shared<State>()), shutdown_grace_(shutdown_grace) {
  if (threads == 0) threads = 1;
  state_->done.assign(threads, false);
  threads_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i) {
    auto state = state_;
    threads_.emplace_back([state, i] {
      for (;;) {
        std::function<void()> job;
        {
          std::unique_lock lock(state->mutex);
          state->wake.wait(lock, [&] { return state->stopping || !state->jobs.empty(); });
          if (state->stopping) break;
          job = std::move(state->jobs.front());
          state->jobs.pop_front();
        }
        try {
          job();
        } catch (const std::exception& e) {
          spdlog::error("mcp worker: a job threw: {}", e.what());
        } catch (...) {
          spdlog::error("mcp worker: a job threw a non-standard exception");
        }
      }
      std::lock_guard lock(state->mutex);
      state->done[i] = true;
      state->exited.notify_all();
    });
  }
}

WorkerPool::~WorkerPool() {
  std::deque<std::function<void()>> dropped;
  std::vector<bool> done;
  {
    std::unique_lock lock(state_->mutex);
    state_->stopping = true;
    dropped.swap(state_->jobs);
    state_->wake.notify_all();
    state_->exited.wait_for(lock, shutdown_grace_, [&] {
      for (bool d : state_->done)
        if (!d) return false;
      return true;
    });
    done = state_->done;
  }
  dropped.clear();  // outside the lock: jobs may own objects whose destructors lock
  for (std::size_t i = 0; i < threads_.size(); ++i) {
    if (done[i]) {
      threads_[i].join();
    } else {
      spdlog::warn("mcp worker: a tool call did not return within the shutdown grace; detaching");
      threads_[i].detach();
    }
  }
}

void WorkerPool::post(std::function<void()> job) {
  {
    std::lock_guard lock(state_->mutex);
    if (state_->stopping) return;
    state_->jobs.push_back(std::move(job));
  }
  state_->wake.notify_one();
}

}  // namespace sparqlmcp::mcp
