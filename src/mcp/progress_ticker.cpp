#include "progress_ticker.hpp"

namespace sparqlmcp::mcp {

ProgressTicker::ProgressTicker(std::chrono::milliseconds interval) : interval_(interval) {
  if (interval_.count() > 0) thread_ = std::thread([this] { run(); });
}

ProgressTicker::~ProgressTicker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ProgressTicker::add(const std::shared_ptr<Call>& call) {
  if (interval_.count() <= 0 || !call->has_progress_token()) return;
  {
    std::lock_guard lock(mutex_);
    entries_.push_back({call, std::chrono::steady_clock::now() + interval_});
  }
  wake_.notify_all();
}

void ProgressTicker::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    auto now = std::chrono::steady_clock::now();
    auto next = std::chrono::steady_clock::time_point::max();
    std::vector<std::shared_ptr<Call>> due;
    for (auto it = entries_.begin(); it != entries_.end();) {
      auto call = it->call.lock();
      if (!call || call->silenced()) {
        it = entries_.erase(it);
        continue;
      }
      if (it->due <= now) {
        due.push_back(std::move(call));
        it->due = now + interval_;
      }
      if (it->due < next) next = it->due;
      ++it;
    }
    if (!due.empty()) {
      lock.unlock();  // heartbeats write to the transport; never hold the table meanwhile
      for (auto& call : due)
        call->heartbeat();
      due.clear();
      lock.lock();
      continue;
    }
    if (next == std::chrono::steady_clock::time_point::max())
      wake_.wait(lock);
    else
      wake_.wait_until(lock, next);
  }
}

}  // namespace sparqlmcp::mcp
