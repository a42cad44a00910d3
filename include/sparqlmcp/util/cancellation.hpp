#pragma once
// Cooperative cancellation shared between the MCP layer (which receives
// notifications/cancelled), tools, and the HTTP client (which aborts transfers). A token is
// owned through shared_ptr because it outlives the asynchronous work it controls.

#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

namespace sparqlmcp {

class CancellationToken {
 public:
  CancellationToken() = default;
  CancellationToken(const CancellationToken&) = delete;
  CancellationToken& operator=(const CancellationToken&) = delete;

  // Marks the token cancelled and runs every registered callback once, on this thread.
  void cancel();
  bool cancelled() const noexcept { return cancelled_.load(std::memory_order_acquire); }

  // Registers `callback` to run when the token is cancelled; runs it at once if it already is.
  // Returns an id for unsubscribe(). Callbacks must be cheap and must not call back into the
  // token.
  std::size_t subscribe(std::function<void()> callback);
  void unsubscribe(std::size_t id);

 private:
  std::atomic<bool> cancelled_{false};
  std::mutex mutex_;
  std::size_t next_id_ = 1;
  std::map<std::size_t, std::function<void()>> callbacks_;
};

using CancellationTokenPtr = std::shared_ptr<CancellationToken>;

// RAII subscription: unsubscribes on destruction.
class CancellationSubscription {
 public:
  CancellationSubscription(CancellationTokenPtr token, std::function<void()> callback);
  ~CancellationSubscription();
  CancellationSubscription(const CancellationSubscription&) = delete;
  CancellationSubscription& operator=(const CancellationSubscription&) = delete;

 private:
  CancellationTokenPtr token_;
  std::size_t id_ = 0;
};

}  // namespace sparqlmcp
