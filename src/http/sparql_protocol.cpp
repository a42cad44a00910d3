#include "sparqlmcp/http/sparql_protocol.hpp"

#include <spdlog/spdlog.h>

#include <charconv>
#include <future>
#include <memory>

#include "response_check.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::http {

namespace {

using Clock = std::chrono::steady_clock;

std::string_view without_fragment(std::string_view url) {
  return url.substr(0, url.find('#'));
}

// X-SPARQL-MaxRows: N, Virtuoso's word that it cut the result at N rows.
std::optional<std::size_t> capped_at(
    const std::vector<std::pair<std::string, std::string>>& headers) {
  std::optional<std::string> value = find_header(headers, "X-SPARQL-MaxRows");
  if (!value) return std::nullopt;
  std::size_t n = 0;
  const char* end = value->data() + value->size();
  auto [ptr, ec] = std::from_chars(value->data(), end, n);
  if (ec != std::errc() || ptr != end || n == 0) return std::nullopt;
  return n;
}

std::chrono::milliseconds since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
}

// One query operation: attempts, Retry-After waits and the final verdict. Owned by the
// callbacks it has handed to the Client (shared_ptr), so it lives exactly as long as needed.
class QueryOperation : public std::enable_shared_from_this<QueryOperation> {
 public:
  QueryOperation(Client& client, std::shared_ptr<EndpointHttpMemory> memory,
                 SparqlEndpointConfig config, std::string query, std::string accept,
                 CancellationTokenPtr token, std::function<void(Outcome<SparqlResponse>)> on_done)
      : client_(client),
        memory_(std::move(memory)),
        config_(std::move(config)),
        query_(std::move(query)),
        accept_(std::move(accept)),
        token_(std::move(token)),
        on_done_(std::move(on_done)),
        started_(Clock::now()),
        deadline_(started_ + config_.timeout) {
    direct_post_ = memory_->wants_direct_post(config_.endpoint);
  }

  void attempt() {
    const auto remaining = std::chrono::ceil<std::chrono::milliseconds>(deadline_ - Clock::now());
    if (remaining.count() <= 0) {
      complete(timeout_error());
      return;
    }
    Request request;
    const std::string get_url = build_query_url(config_.endpoint, query_);
    const std::optional<std::size_t> refused = memory_->refused_get_length(config_.endpoint);
    const bool use_get =
        config_.method == HttpMethodPreference::Get ||
        (config_.method == HttpMethodPreference::Auto && !force_post_ &&
         get_url.size() <= config_.get_max_url_length && (!refused || get_url.size() < *refused));
    if (use_get) {
      request.method = "GET";
      request.url = get_url;
    } else if (!direct_post_) {
      // Protocol 2.1.2 "query via URL-encoded POST": what every server takes (Virtuoso 7 never
      // answers a direct POST). The endpoint's own query string (e.g. default-graph-uri) stays
      // in the URL.
      request.method = "POST";
      request.url = std::string(without_fragment(config_.endpoint));
      request.headers.emplace_back("Content-Type", "application/x-www-form-urlencoded");
      request.body = "query=" + util::percent_encode(query_);
    } else {
      // Protocol 2.1.3 "query via POST directly", for servers that refuse the form (415).
      request.method = "POST";
      request.url = std::string(without_fragment(config_.endpoint));
      request.headers.emplace_back("Content-Type", "application/sparql-query");
      request.body = query_;
    }
    if (!accept_.empty()) request.headers.emplace_back("Accept", accept_);
    for (const auto& [name, value] : config_.headers) {
      if (!accept_.empty() && find_header({{name, value}}, "Accept")) continue;
      if (!use_get && find_header({{name, value}}, "Content-Type")) continue;
      request.headers.emplace_back(name, value);
    }
    request.timeout = remaining;
    request.max_response_bytes = config_.max_response_bytes;
    request.truncate_on_limit = true;
    request.keep_post_on_redirect = true;
    method_ = request.method;
    url_length_ = request.url.size();
    ++attempts_;
    client_.async_send(std::move(request), token_,
                       [self = shared_from_this()](Outcome<Response> outcome) {
                         self->on_response(std::move(outcome));
                       });
  }

 private:
  void on_response(Outcome<Response> outcome) {
    if (!outcome) {
      Error error = outcome.error();
      // Name the endpoint as the catalogue does; the message keeps the host that failed.
      if (error.remote) error.remote->endpoint = config_.endpoint;
      complete(std::move(error));
      return;
    }
    Response response = std::move(outcome).value();
    const long status = response.status;
    if (status >= 200 && status < 300) {
      std::string problem = diagnose_success_body(response.content_type, response.body);
      if (!problem.empty()) {
        Error error =
            make_remote_error(std::move(problem), config_.endpoint, status, 0, response.body);
        error.remote->body = classify_success_body(response.content_type, response.body);
        complete(std::move(error));
        return;
      }
      SparqlResponse result;
      result.endpoint = config_.endpoint;
      result.status = status;
      result.capped_at = capped_at(response.headers);
      result.content_type = std::move(response.content_type);
      result.body = std::move(response.body);
      result.truncated = response.truncated;
      result.elapsed = since(started_);
      result.attempts = attempts_;
      complete(std::move(result));
      return;
    }
    const std::string retry_after = find_header(response.headers, "Retry-After").value_or("");
    // A GET URL too long for this server: the same query fits in a POST body.
    if (status == 414 && method_ == "GET" && config_.method == HttpMethodPreference::Auto) {
      force_post_ = true;
      memory_->get_refused(config_.endpoint, url_length_);
      notify_fallback(status, "sending the query by POST instead of GET");
      attempt();
      return;
    }
    // A server that refuses the URL-encoded form (415) may take the query as the body.
    if (status == 415 && method_ == "POST" && !direct_post_) {
      direct_post_ = true;
      memory_->form_post_refused(config_.endpoint);
      notify_fallback(status, "sending the query as an application/sparql-query POST instead");
      attempt();
      return;
    }
    if ((status == 429 || status == 503) && retries_ < config_.max_retries) {
      std::optional<std::chrono::milliseconds> delay = detail::parse_retry_after(retry_after);
      if (!delay && status == 503) delay = config_.default_retry_delay;
      if (delay &&
          *delay < std::chrono::ceil<std::chrono::milliseconds>(deadline_ - Clock::now())) {
        ++retries_;
        spdlog::debug("http: {} answered {}; retrying in {} ms", config_.endpoint, status,
                      delay->count());
        if (config_.on_notice) {
          SparqlNotice notice = make_notice(SparqlNotice::Kind::Retry, status);
          notice.delay = *delay;
          notice.retry = retries_;
          notice.max_retries = config_.max_retries;
          notice.message = config_.endpoint + " answered " + detail::status_with_reason(status) +
                           "; retrying in " + std::to_string(delay->count()) + " ms (retry " +
                           std::to_string(retries_) + " of " + std::to_string(config_.max_retries) +
                           ")";
          config_.on_notice(notice);
        }
        client_.async_wait(*delay, token_, [self = shared_from_this(), status](bool elapsed) {
          if (elapsed)
            self->attempt();
          else
            self->complete(self->cancelled_error(status));
        });
        return;
      }
    }
    Error error = make_remote_error(
        detail::status_message(status, response.content_type, response.body, method_, accept_,
                               retry_after, find_header(response.headers, "Location").value_or("")),
        config_.endpoint, status, 0, response.body);
    error.remote->body = detail::status_body(status, response.content_type, response.body);
    complete(std::move(error));
  }

  SparqlNotice make_notice(SparqlNotice::Kind kind, long status) const {
    SparqlNotice notice;
    notice.kind = kind;
    notice.endpoint = config_.endpoint;
    notice.status = status;
    return notice;
  }

  void notify_fallback(long status, const std::string& what) const {
    spdlog::debug("http: {} answered {}; {}", config_.endpoint, status, what);
    if (!config_.on_notice) return;
    SparqlNotice notice = make_notice(SparqlNotice::Kind::Fallback, status);
    notice.message =
        config_.endpoint + " answered " + detail::status_with_reason(status) + "; " + what;
    config_.on_notice(notice);
  }

  // Cancelled while waiting to retry: the details keep the status that caused the wait.
  Error cancelled_error(long status) const {
    Error error = make_remote_error(
        "the query to " + config_.endpoint + " was cancelled while waiting to retry",
        config_.endpoint, status, 0, {});
    error.kind = ErrorKind::Cancelled;
    return error;
  }

  Error timeout_error() const {
    Error error = make_remote_error(
        "no complete response from " + config_.endpoint + " within " +
            std::to_string(config_.timeout.count()) +
            " ms (including retries); try a simpler query, a LIMIT, or a longer timeout",
        config_.endpoint, 0, 0, {});
    error.kind = ErrorKind::Timeout;
    return error;
  }

  void complete(Outcome<SparqlResponse> outcome) {
    if (!on_done_) return;
    auto on_done = std::move(on_done_);
    on_done_ = nullptr;
    on_done(std::move(outcome));
  }

  Client& client_;
  std::shared_ptr<EndpointHttpMemory> memory_;
  SparqlEndpointConfig config_;
  std::string query_;
  std::string accept_;
  CancellationTokenPtr token_;
  std::function<void(Outcome<SparqlResponse>)> on_done_;
  Clock::time_point started_;
  Clock::time_point deadline_;
  std::string method_;
  std::size_t url_length_ = 0;
  int attempts_ = 0;
  int retries_ = 0;
  bool force_post_ = false;   // after a 414 on GET
  bool direct_post_ = false;  // after a 415 on a URL-encoded POST
};

}  // namespace

std::string build_query_url(std::string_view endpoint, std::string_view query) {
  std::string url(without_fragment(endpoint));
  const auto question = url.find('?');
  if (question == std::string::npos)
    url += '?';
  else if (url.back() != '?' && url.back() != '&')
    url += '&';
  url += "query=";
  url += util::percent_encode(query);
  return url;
}

std::optional<std::size_t> EndpointHttpMemory::refused_get_length(
    const std::string& endpoint) const {
  std::lock_guard lock(mutex_);
  auto it = endpoints_.find(endpoint);
  if (it == endpoints_.end() || it->second.refused_get_length == 0) return std::nullopt;
  return it->second.refused_get_length;
}

void EndpointHttpMemory::get_refused(const std::string& endpoint, std::size_t url_length) {
  std::lock_guard lock(mutex_);
  std::size_t& shortest = endpoints_[endpoint].refused_get_length;
  if (shortest == 0 || url_length < shortest) shortest = url_length;
}

bool EndpointHttpMemory::wants_direct_post(const std::string& endpoint) const {
  std::lock_guard lock(mutex_);
  auto it = endpoints_.find(endpoint);
  return it != endpoints_.end() && it->second.direct_post;
}

void EndpointHttpMemory::form_post_refused(const std::string& endpoint) {
  std::lock_guard lock(mutex_);
  endpoints_[endpoint].direct_post = true;
}

SparqlProtocolClient::SparqlProtocolClient(Client& client) : client_(client) {}

void SparqlProtocolClient::async_query(const SparqlEndpointConfig& config, std::string query,
                                       std::string accept, CancellationTokenPtr cancellation,
                                       std::function<void(Outcome<SparqlResponse>)> on_done) {
  auto operation = std::make_shared<QueryOperation>(client_, memory_, config, std::move(query),
                                                    std::move(accept), std::move(cancellation),
                                                    std::move(on_done));
  operation->attempt();
}

Outcome<SparqlResponse> SparqlProtocolClient::query(const SparqlEndpointConfig& config,
                                                    std::string query, std::string accept,
                                                    CancellationTokenPtr cancellation) {
  if (client_.in_client_thread())
    return make_error(ErrorKind::Internal,
                      "SparqlProtocolClient::query called from the HTTP client's own thread (an "
                      "on_done callback); use async_query there");
  std::promise<Outcome<SparqlResponse>> promise;
  auto future = promise.get_future();
  async_query(
      config, std::move(query), std::move(accept), std::move(cancellation),
      [&promise](Outcome<SparqlResponse> outcome) { promise.set_value(std::move(outcome)); });
  return future.get();
}

}  // namespace sparqlmcp::http
