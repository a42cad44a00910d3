#pragma once
// HTTP client on libcurl's multi interface. One background thread owned by the Client drives
// every transfer with curl_multi_poll/curl_multi_perform (no thread per request); callers hand
// work over through a mutex-guarded mailbox and wake the loop with curl_multi_wakeup. Connections
// live in the multi handle's cache, so consecutive requests to one host reuse a kept-alive
// connection.
//
// Contract:
// - `on_done` callbacks run on the client's thread, exactly once per call, also when the
//   request is cancelled or the Client is destroyed. Keep them short; they may start new work
//   (async_send, async_wait) but must never call the blocking send() (it would deadlock).
// - HTTP error statuses are not errors here: the Response carries them. Errors are transport
//   failures (ErrorKind::Remote, or Timeout when the per-request timeout ran out, with
//   RemoteDetails{endpoint = URL, transport_code = CURLcode}), Cancelled, LimitExceeded (the
//   byte limit with truncate_on_limit = false) and InvalidArgument (an unusable URL).
// - Destroying the Client aborts the transfers still running (they complete with Cancelled)
//   and joins the thread.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sparqlmcp/util/cancellation.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::http {

inline constexpr const char* kDefaultUserAgent =
    "sparql-mcp/0.1 (+https://github.com/sparql-mcp; MCP server for SPARQL)";

struct ClientOptions {
  std::string user_agent = kDefaultUserAgent;  // empty means kDefaultUserAgent
  long max_redirects = 5;         // per request; more is a transport error; 0: return the 3xx
  long max_host_connections = 8;  // CURLMOPT_MAX_HOST_CONNECTIONS; 0 = unlimited
  // All hosts together (CURLMOPT_MAX_TOTAL_CONNECTIONS; 0 = unlimited): a federated query over
  // many endpoints, or many calls at once, open no more; the rest wait in libcurl's queue.
  long max_total_connections = 64;
  std::size_t max_response_bytes = 64 * 1024 * 1024;  // decoded body bytes, per request
};

struct Request {
  std::string method = "GET";  // GET, POST, HEAD or any other verb (sent as a custom request)
  std::string url;
  std::vector<std::pair<std::string, std::string>> headers;  // sent in this order
  std::string body;                                          // sent for every method but GET/HEAD
  std::chrono::milliseconds timeout{30000};       // whole transfer incl. redirects; <= 0: none
  std::optional<std::size_t> max_response_bytes;  // overrides ClientOptions::max_response_bytes
  // When the body exceeds the limit: true stops reading and returns the first bytes with
  // Response::truncated set; false fails with ErrorKind::LimitExceeded.
  bool truncate_on_limit = true;
  // RFC 9110 15.4.2/15.4.3 let a client turn POST into GET on 301 and 302 (browsers do, and so
  // does libcurl by default); true resends the POST with its body instead, which a SPARQL
  // query needs when an endpoint moved (e.g. http -> https). 303 always becomes GET.
  bool keep_post_on_redirect = false;
};

struct Response {
  long status = 0;
  std::string content_type;  // raw Content-Type of the final response, "" when absent
  // Headers of the final response (after redirects), names as the server spelled them.
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;  // decoded (Content-Encoding removed)
  bool truncated = false;
  std::string effective_url;  // the URL after redirects
  std::chrono::milliseconds elapsed{0};
};

// The value of the first header called `name` (case-insensitive), if any.
std::optional<std::string> find_header(
    const std::vector<std::pair<std::string, std::string>>& headers, std::string_view name);

class Client {
 public:
  explicit Client(ClientOptions options = {});
  ~Client();  // aborts running transfers (Cancelled) and joins the thread
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // Starts `request`. `cancellation` may be null. cancel() aborts the transfer promptly and
  // completes it with ErrorKind::Cancelled.
  void async_send(Request request, CancellationTokenPtr cancellation,
                  std::function<void(Outcome<Response>)> on_done);

  // Blocking convenience around async_send. Must not be called from an on_done callback.
  Outcome<Response> send(Request request, CancellationTokenPtr cancellation);

  // A timer on the client's thread (used for Retry-After back-off without blocking the loop).
  // `on_done(true)` after `delay`; `on_done(false)` at once when `cancellation` is cancelled
  // or the client shuts down first.
  void async_wait(std::chrono::milliseconds delay, CancellationTokenPtr cancellation,
                  std::function<void(bool elapsed)> on_done);

  const ClientOptions& options() const noexcept { return options_; }

  // Whether the caller runs on the client's thread (inside an on_done callback), where the
  // blocking calls would deadlock.
  bool in_client_thread() const noexcept;

 private:
  struct Impl;
  ClientOptions options_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sparqlmcp::http
