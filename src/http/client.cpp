#include "sparqlmcp/http/client.hpp"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <future>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "sparqlmcp/util/text.hpp"
#include "transport_error.hpp"

namespace sparqlmcp::http {

namespace {

using Clock = std::chrono::steady_clock;

// curl_global_init is not safe to race with other libcurl calls on every build; do it once.
void ensure_curl_global_init() {
  static const bool initialised = [] {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    return true;
  }();
  (void)initialised;
}

struct EasyDeleter {
  void operator()(CURL* handle) const { curl_easy_cleanup(handle); }
};
struct SlistDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  while (!text.empty() &&
         (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == '\n'))
    text.remove_suffix(1);
  return text;
}

template <class Callback, class... Args>
void invoke_guarded(Callback& callback, const char* what, Args&&... args) {
  try {
    callback(std::forward<Args>(args)...);
  } catch (const std::exception& e) {
    spdlog::error("http: {} callback threw: {}", what, e.what());
  } catch (...) {
    spdlog::error("http: {} callback threw a non-standard exception", what);
  }
}

}  // namespace

std::optional<std::string> find_header(
    const std::vector<std::pair<std::string, std::string>>& headers, std::string_view name) {
  for (const auto& [key, value] : headers)
    if (util::iequals(key, name)) return value;
  return std::nullopt;
}

namespace {

// One transfer owned by the loop thread from the moment it leaves the mailbox.
struct Transfer {
  std::uint64_t id = 0;
  Request request;
  CancellationTokenPtr token;
  std::function<void(Outcome<Response>)> on_done;
  std::unique_ptr<CancellationSubscription> subscription;
  std::unique_ptr<CURL, EasyDeleter> easy;
  std::unique_ptr<curl_slist, SlistDeleter> header_list;
  Response response;
  std::size_t limit = 0;
  bool limit_hit = false;
  Clock::time_point started;
  char error_buffer[CURL_ERROR_SIZE] = {};
};

struct Timer {
  std::uint64_t id = 0;
  Clock::time_point due;
  CancellationTokenPtr token;
  std::function<void(bool)> on_done;
  std::unique_ptr<CancellationSubscription> subscription;
};

// Everything other threads hand to the loop. Shared with cancellation callbacks, which may run
// on any thread and even after the Client is gone; `multi` is null once the loop has ended.
struct Mailbox {
  std::mutex mutex;
  CURLM* multi = nullptr;
  bool stopping = false;
  std::vector<std::unique_ptr<Transfer>> new_transfers;
  std::vector<std::unique_ptr<Timer>> new_timers;
  std::vector<std::uint64_t> cancelled;

  void post_cancel(std::uint64_t id) {
    std::lock_guard lock(mutex);
    if (multi == nullptr) return;
    cancelled.push_back(id);
    curl_multi_wakeup(multi);
  }
};

size_t on_body(char* data, size_t size, size_t count, void* user) {
  auto& transfer = *static_cast<Transfer*>(user);
  const size_t bytes = size * count;
  std::string& body = transfer.response.body;
  if (body.size() + bytes > transfer.limit) {
    body.append(data, transfer.limit - body.size());
    transfer.limit_hit = true;
    return 0;  // stops the transfer with CURLE_WRITE_ERROR
  }
  body.append(data, bytes);
  return bytes;
}

size_t on_header(char* data, size_t size, size_t count, void* user) {
  auto& transfer = *static_cast<Transfer*>(user);
  const size_t bytes = size * count;
  std::string_view line(data, bytes);
  // Every status line starts a new response (redirects, 100 Continue): keep only the last.
  if (line.size() >= 5 && line.substr(0, 5) == "HTTP/") {
    transfer.response.headers.clear();
    return bytes;
  }
  auto colon = line.find(':');
  if (colon == std::string_view::npos) return bytes;
  transfer.response.headers.emplace_back(std::string(trim(line.substr(0, colon))),
                                         std::string(trim(line.substr(colon + 1))));
  return bytes;
}

int on_progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  auto& transfer = *static_cast<Transfer*>(user);
  // A second line of defence: the mailbox wakes the loop, this catches a cancel in between.
  return transfer.token && transfer.token->cancelled() ? 1 : 0;
}

Error cancelled_error(const std::string& url, std::string_view why) {
  Error error =
      make_error(ErrorKind::Cancelled, "the request to " + url + " was " + std::string(why));
  error.remote = RemoteDetails{url, 0, 0, {}};
  return error;
}

}  // namespace

struct Client::Impl {
  explicit Impl(const ClientOptions& opts) : options(opts), mailbox(std::make_shared<Mailbox>()) {
    ensure_curl_global_init();
    if (options.user_agent.empty()) options.user_agent = kDefaultUserAgent;
    multi = curl_multi_init();
    if (multi == nullptr) throw_error(ErrorKind::Internal, "curl_multi_init failed");
    curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, options.max_host_connections);
    curl_multi_setopt(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, options.max_total_connections);
    mailbox->multi = multi;
    thread = std::thread([this] { run(); });
  }

  ~Impl() {
    {
      std::lock_guard lock(mailbox->mutex);
      mailbox->stopping = true;
      if (mailbox->multi != nullptr) curl_multi_wakeup(mailbox->multi);
    }
    if (thread.joinable()) thread.join();
  }

  void run();
  void start(std::unique_ptr<Transfer> transfer);
  void finish(CURL* easy, CURLcode result);
  void abort(std::uint64_t id, std::string_view why);
  void shutdown(std::vector<std::unique_ptr<Transfer>> late_transfers,
                std::vector<std::unique_ptr<Timer>> late_timers);
  std::chrono::milliseconds next_timer_wait(std::chrono::milliseconds cap) const;
  void fire_due_timers();

  ClientOptions options;
  std::shared_ptr<Mailbox> mailbox;
  CURLM* multi = nullptr;
  std::atomic<std::uint64_t> next_id{1};
  // Loop-thread state.
  std::unordered_map<std::uint64_t, std::unique_ptr<Transfer>> transfers;
  // Easy handles of finished transfers, reset and kept for the next ones: a new handle costs
  // several allocations per request (libcurl's advice: reuse handles).
  std::vector<std::unique_ptr<CURL, EasyDeleter>> idle_easy;
  static constexpr std::size_t kMaxIdleEasy = 64;
  std::multimap<Clock::time_point, std::unique_ptr<Timer>> timers;
  std::thread thread;
};

void Client::Impl::start(std::unique_ptr<Transfer> transfer) {
  Transfer& t = *transfer;
  if (t.token && t.token->cancelled()) {
    auto on_done = std::move(t.on_done);
    invoke_guarded(on_done, "async_send",
                   Outcome<Response>(cancelled_error(t.request.url, "cancelled")));
    return;
  }
  if (idle_easy.empty()) {
    t.easy.reset(curl_easy_init());
  } else {
    t.easy = std::move(idle_easy.back());
    idle_easy.pop_back();
  }
  CURL* e = t.easy.get();
  if (e == nullptr) {
    auto on_done = std::move(t.on_done);
    invoke_guarded(on_done, "async_send",
                   Outcome<Response>(make_error(ErrorKind::Internal, "curl_easy_init failed")));
    return;
  }
  const Request& r = t.request;
  curl_easy_setopt(e, CURLOPT_URL, r.url.c_str());
  curl_easy_setopt(e, CURLOPT_PRIVATE, static_cast<void*>(&t));
  curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t.error_buffer);
  curl_easy_setopt(e, CURLOPT_USERAGENT, options.user_agent.c_str());
  curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");  // every encoding libcurl can decode
  // 0 (or less) means: do not follow, hand the 3xx to the caller. Never unbounded.
  if (options.max_redirects > 0) {
    curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(e, CURLOPT_MAXREDIRS, options.max_redirects);
  }
  // A configured proxy must never see loopback traffic (local test and demo endpoints).
  curl_easy_setopt(e, CURLOPT_NOPROXY, "localhost,127.0.0.1,::1");
  // Only HTTP(S), also after a redirect: a server must not steer us to file:// or others.
  curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  if (r.timeout.count() > 0) curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, long(r.timeout.count()));
  curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, &on_body);
  curl_easy_setopt(e, CURLOPT_WRITEDATA, static_cast<void*>(&t));
  curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, &on_header);
  curl_easy_setopt(e, CURLOPT_HEADERDATA, static_cast<void*>(&t));
  curl_easy_setopt(e, CURLOPT_XFERINFOFUNCTION, &on_progress);
  curl_easy_setopt(e, CURLOPT_XFERINFODATA, static_cast<void*>(&t));
  curl_easy_setopt(e, CURLOPT_NOPROGRESS, 0L);

  // POST goes through CURLOPT_POST (not CUSTOMREQUEST) so libcurl applies the redirect rules of
  // RFC 9110 15.4: 303 turns it into GET, 307/308 resend the body.
  bool has_body = false;
  if (util::iequals(r.method, "GET")) {
    curl_easy_setopt(e, CURLOPT_HTTPGET, 1L);
  } else if (util::iequals(r.method, "HEAD")) {
    curl_easy_setopt(e, CURLOPT_NOBODY, 1L);
  } else {
    if (!util::iequals(r.method, "POST"))
      curl_easy_setopt(e, CURLOPT_CUSTOMREQUEST, r.method.c_str());
    if (util::iequals(r.method, "POST") || !r.body.empty()) {
      curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(r.body.size()));
      curl_easy_setopt(e, CURLOPT_POSTFIELDS, r.body.data());
      if (r.keep_post_on_redirect)
        curl_easy_setopt(e, CURLOPT_POSTREDIR, long(CURL_REDIR_POST_301 | CURL_REDIR_POST_302));
      has_body = true;
    }
  }
  curl_slist* list = nullptr;
  for (const auto& [name, value] : r.headers) {
    // "Name;" is libcurl's way to send a header with an empty value.
    std::string line = value.empty() ? name + ";" : name + ": " + value;
    list = curl_slist_append(list, line.c_str());
  }
  // Skip the 100-continue round trip libcurl would add before large bodies.
  if (has_body && !find_header(r.headers, "Expect")) list = curl_slist_append(list, "Expect:");
  t.header_list.reset(list);
  if (list != nullptr) curl_easy_setopt(e, CURLOPT_HTTPHEADER, list);

  t.limit = r.max_response_bytes.value_or(options.max_response_bytes);
  t.started = Clock::now();
  CURLMcode added = curl_multi_add_handle(multi, e);
  if (added != CURLM_OK) {
    auto on_done = std::move(t.on_done);
    invoke_guarded(on_done, "async_send",
                   Outcome<Response>(make_error(ErrorKind::Internal,
                                                std::string("curl_multi_add_handle failed: ") +
                                                    curl_multi_strerror(added))));
    return;
  }
  spdlog::debug("http: {} {}", r.method, r.url);
  transfers.emplace(t.id, std::move(transfer));
}

void Client::Impl::finish(CURL* easy, CURLcode result) {
  void* user = nullptr;
  curl_easy_getinfo(easy, CURLINFO_PRIVATE, &user);
  auto found = transfers.find(static_cast<Transfer*>(user)->id);
  if (found == transfers.end()) return;
  std::unique_ptr<Transfer> owned = std::move(found->second);
  transfers.erase(found);
  Transfer& t = *owned;
  curl_multi_remove_handle(multi, easy);
  t.subscription.reset();

  Response& response = t.response;
  curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &response.status);
  char* content_type = nullptr;
  if (curl_easy_getinfo(easy, CURLINFO_CONTENT_TYPE, &content_type) == CURLE_OK && content_type)
    response.content_type = content_type;
  char* effective_url = nullptr;
  if (curl_easy_getinfo(easy, CURLINFO_EFFECTIVE_URL, &effective_url) == CURLE_OK && effective_url)
    response.effective_url = effective_url;
  response.elapsed =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t.started);

  auto on_done = std::move(t.on_done);
  if (result == CURLE_OK) {
    invoke_guarded(on_done, "async_send", Outcome<Response>(std::move(response)));
  } else if (t.limit_hit && result == CURLE_WRITE_ERROR) {
    if (t.request.truncate_on_limit) {
      response.truncated = true;
      spdlog::debug("http: {} truncated at {} bytes", t.request.url, t.limit);
      invoke_guarded(on_done, "async_send", Outcome<Response>(std::move(response)));
    } else {
      Error error = make_remote_error(
          "the response from " + t.request.url + " is larger than the limit of " +
              std::to_string(t.limit) + " bytes; ask for less (add a LIMIT) or raise the limit",
          t.request.url, response.status, 0, response.body);
      error.kind = ErrorKind::LimitExceeded;
      invoke_guarded(on_done, "async_send", Outcome<Response>(std::move(error)));
    }
  } else if (result == CURLE_ABORTED_BY_CALLBACK) {
    invoke_guarded(on_done, "async_send",
                   Outcome<Response>(cancelled_error(t.request.url, "cancelled")));
  } else {
    detail::TransportFailure failure;
    failure.code = result;
    failure.url = t.request.url;
    failure.error_buffer = t.error_buffer;
    curl_easy_getinfo(easy, CURLINFO_OS_ERRNO, &failure.os_errno);
    failure.http_status = response.status;
    failure.timeout = t.request.timeout;
    failure.max_redirects = options.max_redirects;
    Error error = detail::transport_error(failure);
    spdlog::debug("http: {} failed: {}", t.request.url, error.to_text());
    invoke_guarded(on_done, "async_send", Outcome<Response>(std::move(error)));
  }
  if (idle_easy.size() < kMaxIdleEasy) {
    curl_easy_reset(easy);  // forgets this transfer's options, pointers and headers
    idle_easy.push_back(std::move(t.easy));
  }
}

void Client::Impl::abort(std::uint64_t id, std::string_view why) {
  auto found = transfers.find(id);
  if (found != transfers.end()) {
    std::unique_ptr<Transfer> owned = std::move(found->second);
    transfers.erase(found);
    curl_multi_remove_handle(multi, owned->easy.get());
    owned->subscription.reset();
    auto on_done = std::move(owned->on_done);
    invoke_guarded(on_done, "async_send",
                   Outcome<Response>(cancelled_error(owned->request.url, why)));
    return;
  }
  for (auto it = timers.begin(); it != timers.end(); ++it) {
    if (it->second->id != id) continue;
    std::unique_ptr<Timer> timer = std::move(it->second);
    timers.erase(it);
    timer->subscription.reset();
    invoke_guarded(timer->on_done, "async_wait", false);
    return;
  }
}

std::chrono::milliseconds Client::Impl::next_timer_wait(std::chrono::milliseconds cap) const {
  if (timers.empty()) return cap;
  auto until = timers.begin()->first - Clock::now();
  if (until <= Clock::duration::zero()) return std::chrono::milliseconds(0);
  // Round up so the timer is due when the loop wakes.
  auto wait = std::chrono::ceil<std::chrono::milliseconds>(until);
  return std::min(wait, cap);
}

void Client::Impl::fire_due_timers() {
  const auto now = Clock::now();
  while (!timers.empty() && timers.begin()->first <= now) {
    std::unique_ptr<Timer> timer = std::move(timers.begin()->second);
    timers.erase(timers.begin());
    timer->subscription.reset();
    invoke_guarded(timer->on_done, "async_wait", true);
  }
}

void Client::Impl::run() {
  for (;;) {
    std::vector<std::unique_ptr<Transfer>> new_transfers;
    std::vector<std::unique_ptr<Timer>> new_timers;
    std::vector<std::uint64_t> cancelled;
    bool stopping = false;
    {
      std::lock_guard lock(mailbox->mutex);
      new_transfers.swap(mailbox->new_transfers);
      new_timers.swap(mailbox->new_timers);
      cancelled.swap(mailbox->cancelled);
      stopping = mailbox->stopping;
    }
    if (stopping) {
      shutdown(std::move(new_transfers), std::move(new_timers));
      return;
    }
    // Adds before cancels: a cancel posted together with its transfer must find it.
    for (auto& transfer : new_transfers)
      start(std::move(transfer));
    for (auto& timer : new_timers) {
      if (timer->token && timer->token->cancelled()) {
        invoke_guarded(timer->on_done, "async_wait", false);
        continue;
      }
      const auto due = timer->due;
      timers.emplace(due, std::move(timer));
    }
    for (std::uint64_t id : cancelled)
      abort(id, "cancelled");

    int running = 0;
    curl_multi_perform(multi, &running);
    int queued = 0;
    while (CURLMsg* message = curl_multi_info_read(multi, &queued)) {
      if (message->msg == CURLMSG_DONE) finish(message->easy_handle, message->data.result);
    }
    fire_due_timers();

    // curl_multi_poll also honours libcurl's own timers (timeouts, retries) when shorter.
    const auto wait = next_timer_wait(std::chrono::milliseconds(1000));
    curl_multi_poll(multi, nullptr, 0, static_cast<int>(wait.count()), nullptr);
  }
}

void Client::Impl::shutdown(std::vector<std::unique_ptr<Transfer>> late_transfers,
                            std::vector<std::unique_ptr<Timer>> late_timers) {
  // Callbacks run below may try to start new work: async_send sees `stopping` and completes it
  // at once, so these lists cannot grow behind our back after the final drain.
  std::vector<std::uint64_t> ids;
  for (const auto& [id, transfer] : transfers)
    ids.push_back(id);
  for (std::uint64_t id : ids)
    abort(id, "aborted because the HTTP client is shutting down");
  while (!timers.empty()) {
    std::unique_ptr<Timer> timer = std::move(timers.begin()->second);
    timers.erase(timers.begin());
    timer->subscription.reset();
    invoke_guarded(timer->on_done, "async_wait", false);
  }
  {
    std::lock_guard lock(mailbox->mutex);
    for (auto& transfer : mailbox->new_transfers)
      late_transfers.push_back(std::move(transfer));
    for (auto& timer : mailbox->new_timers)
      late_timers.push_back(std::move(timer));
    mailbox->new_transfers.clear();
    mailbox->new_timers.clear();
    mailbox->multi = nullptr;
  }
  for (auto& transfer : late_transfers) {
    transfer->subscription.reset();
    auto on_done = std::move(transfer->on_done);
    invoke_guarded(on_done, "async_send",
                   Outcome<Response>(cancelled_error(
                       transfer->request.url, "aborted because the HTTP client is shutting down")));
  }
  for (auto& timer : late_timers) {
    timer->subscription.reset();
    invoke_guarded(timer->on_done, "async_wait", false);
  }
  idle_easy.clear();
  curl_multi_cleanup(multi);
  multi = nullptr;
}

Client::Client(ClientOptions options)
    : options_(std::move(options)), impl_(std::make_unique<Impl>(options_)) {
  if (options_.user_agent.empty()) options_.user_agent = kDefaultUserAgent;
}

Client::~Client() = default;

void Client::async_send(Request request, CancellationTokenPtr cancellation,
                        std::function<void(Outcome<Response>)> on_done) {
  auto transfer = std::make_unique<Transfer>();
  const std::uint64_t id = impl_->next_id.fetch_add(1);
  transfer->id = id;
  transfer->request = std::move(request);
  transfer->token = cancellation;
  transfer->on_done = std::move(on_done);
  if (cancellation) {
    transfer->subscription = std::make_unique<CancellationSubscription>(
        cancellation, [mailbox = impl_->mailbox, id] { mailbox->post_cancel(id); });
  }
  {
    std::lock_guard lock(impl_->mailbox->mutex);
    if (!impl_->mailbox->stopping) {
      impl_->mailbox->new_transfers.push_back(std::move(transfer));
      curl_multi_wakeup(impl_->mailbox->multi);
      return;
    }
  }
  transfer->subscription.reset();
  invoke_guarded(transfer->on_done, "async_send",
                 Outcome<Response>(cancelled_error(
                     transfer->request.url, "refused because the HTTP client is shutting down")));
}

bool Client::in_client_thread() const noexcept {
  return std::this_thread::get_id() == impl_->thread.get_id();
}

Outcome<Response> Client::send(Request request, CancellationTokenPtr cancellation) {
  if (in_client_thread())
    return make_error(ErrorKind::Internal,
                      "Client::send called from the HTTP client's own thread (an on_done "
                      "callback); use async_send there");
  std::promise<Outcome<Response>> promise;
  auto future = promise.get_future();
  async_send(std::move(request), std::move(cancellation),
             [&promise](Outcome<Response> outcome) { promise.set_value(std::move(outcome)); });
  return future.get();
}

void Client::async_wait(std::chrono::milliseconds delay, CancellationTokenPtr cancellation,
                        std::function<void(bool elapsed)> on_done) {
  auto timer = std::make_unique<Timer>();
  const std::uint64_t id = impl_->next_id.fetch_add(1);
  timer->id = id;
  timer->due = Clock::now() + std::max(delay, std::chrono::milliseconds(0));
  timer->token = cancellation;
  timer->on_done = std::move(on_done);
  if (cancellation) {
    timer->subscription = std::make_unique<CancellationSubscription>(
        cancellation, [mailbox = impl_->mailbox, id] { mailbox->post_cancel(id); });
  }
  {
    std::lock_guard lock(impl_->mailbox->mutex);
    if (!impl_->mailbox->stopping) {
      impl_->mailbox->new_timers.push_back(std::move(timer));
      curl_multi_wakeup(impl_->mailbox->multi);
      return;
    }
  }
  timer->subscription.reset();
  invoke_guarded(timer->on_done, "async_wait", false);
}

}  // namespace sparqlmcp::http
