#include "sparqlmcp/util/cancellation.hpp"

#include <vector>

namespace sparqlmcp {

void CancellationToken::cancel() {
  std::map<std::size_t, std::function<void()>> callbacks;
  {
    std::lock_guard lock(mutex_);
    if (cancelled_.exchange(true, std::memory_order_acq_rel)) return;
    callbacks.swap(callbacks_);
  }
  for (auto& [id, callback] : callbacks)
    callback();
}

std::size_t CancellationToken::subscribe(std::function<void()> callback) {
  {
    std::lock_guard lock(mutex_);
    if (!cancelled()) {
      std::size_t id = next_id_++;
      callbacks_.emplace(id, std::move(callback));
      return id;
    }
  }
  callback();
  return 0;
}

void CancellationToken::unsubscribe(std::size_t id) {
  std::lock_guard lock(mutex_);
  callbacks_.erase(id);
}

CancellationSubscription::CancellationSubscription(CancellationTokenPtr token,
                                                   std::function<void()> callback)
    : token_(std::move(token)) {
  if (token_) id_ = token_->subscribe(std::move(callback));
}

CancellationSubscription::~CancellationSubscription() {
  if (token_ && id_ != 0) token_->unsubscribe(id_);
}

}  // namespace sparqlmcp
