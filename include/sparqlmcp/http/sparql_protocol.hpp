#pragma once
// Client side of the SPARQL 1.1 Protocol (https://www.w3.org/TR/sparql11-protocol/, section
// 2.1 "query operation"). It sends a query to one endpoint and returns the raw body and its
// Content-Type: parsing the results is the caller's business (the results module sits above).
//
// Contract:
// - Success is a 2xx whose body plausibly is a result. A 2xx carrying an HTML page, an error
//   text (e.g. "Virtuoso 37000 Error ...") or a stack trace, and every non-2xx status, is an
//   ErrorKind::Remote error whose RemoteDetails name `config.endpoint`, the HTTP status, the
//   CURLcode and the first ~300 bytes of the body.
// - 429 and 503 are retried after Retry-After (seconds or HTTP-date; 503 without it after
//   `default_retry_delay`) at most `max_retries` times, and only while the retry still fits in
//   `timeout`, which bounds the whole operation. The wait is a timer on the Client's thread
//   and is cancellable.
// - Each retry and each fallback (below) is announced to `config.on_notice`, if set, before the
//   next attempt, so a caller can pass it on (the MCP layer sends it as a log message).
// - `on_done` and `on_notice` run on the Client's thread (see client.hpp); `on_done` exactly
//   once, after every notice.

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/util/cancellation.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::http {

// Auto: GET with ?query= when the resulting URL is at most get_max_url_length bytes, else POST
// with the query as an application/sparql-query body (Protocol 2.1.2 and 2.1.3). Get and Post
// force the method. Fallbacks, each one extra attempt: a 414 on an automatic GET is retried as
// POST; a 415 on a direct POST is retried as an application/x-www-form-urlencoded POST (2.1.2).
enum class HttpMethodPreference { Auto, Get, Post };

// Something a query operation did on its own that its caller may want to pass on: a retry
// after 429/503, or a fallback to another form of request.
struct SparqlNotice {
  enum class Kind { Retry, Fallback };
  Kind kind = Kind::Retry;
  std::string endpoint;                // config.endpoint
  long status = 0;                     // the HTTP status that caused it
  std::chrono::milliseconds delay{0};  // Retry: the wait before the next attempt
  int retry = 0;                       // Retry: 1 for the first retry, up to max_retries
  int max_retries = 0;
  // One sentence for a person or an agent, e.g. "<url> answered HTTP 503 Service Unavailable;
  // retrying in 1000 ms (retry 1 of 2)".
  std::string message;
};

struct SparqlEndpointConfig {
  // The endpoint URL. It may carry its own query string (e.g. ?default-graph-uri=...): that is
  // kept and the query parameter is appended with '&'.
  std::string endpoint;
  HttpMethodPreference method = HttpMethodPreference::Auto;
  std::vector<std::pair<std::string, std::string>> headers;  // extra headers (e.g. auth)
  std::chrono::milliseconds timeout{45000};                  // the whole operation incl. retries
  std::size_t max_response_bytes = 16 * 1024 * 1024;         // larger bodies come back truncated
  std::size_t get_max_url_length = 2000;
  int max_retries = 2;                                  // extra tries after 429/503
  std::chrono::milliseconds default_retry_delay{1000};  // 503 without Retry-After
  // Told of each retry and fallback; runs on the Client's thread, so it must return quickly and
  // must not wait for the Client. May be empty.
  std::function<void(const SparqlNotice&)> on_notice;
};

struct SparqlResponse {
  std::string endpoint;  // config.endpoint
  long status = 0;
  std::string content_type;  // raw; callers detect the results format
  std::string body;
  bool truncated = false;                // the body hit max_response_bytes
  std::chrono::milliseconds elapsed{0};  // whole operation incl. retry waits
  int attempts = 1;                      // HTTP exchanges made (1 + retries)
  // The result cap the endpoint says it applied to this answer (Virtuoso's X-SPARQL-MaxRows
  // header, sent when ResultSetMaxRows cut the result); nullopt when it said nothing.
  std::optional<std::size_t> capped_at;
};

// What the protocol client learned of endpoints' HTTP ways, kept for the client's lifetime so
// that a fallback is paid once per endpoint, not once per query: the shortest GET URL an
// endpoint refused with 414 (longer ones go by POST at once), and whether it refused the
// URL-encoded POST form with 415 (its POSTs are then direct). Thread-safe.
class EndpointHttpMemory {
 public:
  std::optional<std::size_t> refused_get_length(const std::string& endpoint) const;
  void get_refused(const std::string& endpoint, std::size_t url_length);
  bool wants_direct_post(const std::string& endpoint) const;
  void form_post_refused(const std::string& endpoint);

 private:
  struct Ways {
    std::size_t refused_get_length = 0;  // 0: none refused
    bool direct_post = false;
  };
  mutable std::mutex mutex_;
  std::map<std::string, Ways> endpoints_;
};

class SparqlProtocolClient {
 public:
  // `client` must outlive this object and every operation it started.
  explicit SparqlProtocolClient(Client& client);

  // `accept` is sent as the Accept header (e.g. the SELECT/ASK or CONSTRUCT/DESCRIBE list).
  void async_query(const SparqlEndpointConfig& config, std::string query, std::string accept,
                   CancellationTokenPtr cancellation,
                   std::function<void(Outcome<SparqlResponse>)> on_done);

  // Blocking convenience. Must not be called from a Client callback.
  Outcome<SparqlResponse> query(const SparqlEndpointConfig& config, std::string query,
                                std::string accept, CancellationTokenPtr cancellation);

  const EndpointHttpMemory& memory() const { return *memory_; }

 private:
  Client& client_;
  std::shared_ptr<EndpointHttpMemory> memory_ = std::make_shared<EndpointHttpMemory>();
};

// Builds the GET URL for `query` (Protocol 2.1.1): `endpoint` with `query=<percent-encoded>`
// appended after '?' or '&' as its own query string requires; a fragment is dropped.
std::string build_query_url(std::string_view endpoint, std::string_view query);

// Checks a 2xx response: returns an empty string when the body plausibly is a result, else a
// message saying what the endpoint sent instead (an HTML page, an error text, a stack trace;
// an error text or stack trace that says the query is wrong is "the endpoint rejected the
// query").
std::string diagnose_success_body(std::string_view content_type, std::string_view body);

// What diagnose_success_body found: Unclassified when the body plausibly is a result.
RemoteBody classify_success_body(std::string_view content_type, std::string_view body);

}  // namespace sparqlmcp::http
