#pragma once
// One thread per server that writes the progress of running calls that carry a progress token,
// every `interval` from the call's arrival: the tool's newest report or a heartbeat, so that
// clients resetting their timeout on progress keep waiting for long queries. It is the only
// writer of progress (see call.hpp). Holds calls weakly; finished calls drop out by themselves.

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "call.hpp"

namespace sparqlmcp::mcp {

class ProgressTicker {
 public:
  // An interval of zero disables heartbeats (no thread is started).
  explicit ProgressTicker(std::chrono::milliseconds interval);
  ~ProgressTicker();
  ProgressTicker(const ProgressTicker&) = delete;
  ProgressTicker& operator=(const ProgressTicker&) = delete;

  void add(const std::shared_ptr<Call>& call);

 private:
  void run();

  struct Entry {
    std::weak_ptr<Call> call;
    std::chrono::steady_clock::time_point due;
  };
  const std::chrono::milliseconds interval_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::vector<Entry> entries_;
  std::thread thread_;
};

}  // namespace sparqlmcp::mcp
