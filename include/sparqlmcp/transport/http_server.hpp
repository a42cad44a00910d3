#pragma once
// The HTTP/1.1 server under the MCP HTTP transports (Streamable HTTP, HTTP+SSE) and the SPARQL
// protocol endpoint. It knows nothing of MCP: it accepts connections, reads requests,
// applies the security checks and limits every route shares (Host and Origin allow-lists,
// bearer token, body and header sizes, concurrent requests, idle connections) and hands each
// remaining request to an `HttpHandler`, which answers it with a whole response or with a
// `text/event-stream` (Server-Sent Events, WHATWG HTML 9.2) written over time from any thread.
//
// Threads: one io_context run by `HttpServerOptions::threads` threads; each connection runs on
// its own strand. Handlers are called on those threads and must not block them; answers and
// stream events may come from any thread at any time, they are posted to the connection's
// strand. Boost.Beast stays behind this header (pimpl), so a binding needs no Asio.
//
// See docs/http-server.md for the behaviour of each limit and of stop().

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sparqlmcp/util/cancellation.hpp"

namespace sparqlmcp::transport {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

// --- Listening address --------------------------------------------------------------------

struct ListenAddress {
  std::string host = "127.0.0.1";  // a name or an IP literal, IPv6 without brackets
  unsigned short port = 0;         // 0: the system picks one (HttpServer::port() tells)
};

// Parses `[HOST:]PORT` as `--http` takes it: "8080", "0.0.0.0:8080", "localhost:0",
// "[::1]:8080" (IPv6 literals in brackets). HOST defaults to 127.0.0.1. Throws
// Exception(InvalidArgument) naming the text and the expected form.
ListenAddress parse_listen_address(std::string_view text);

// --- Options ------------------------------------------------------------------------------

struct HttpServerOptions {
  ListenAddress listen;
  // io threads; 0 picks one per four cores (at least one). They only read, route and write:
  // tool calls run elsewhere, and idle io threads contend for the io_context's lock and wake
  // each other (on 2 cores, two io threads cost 15% more CPU per MCP call than one).
  std::size_t threads = 0;

  // DNS-rebinding protection (MCP "Transports", Security Warning): a request whose Host or
  // Origin is not listed gets 403. Entries are `host[:port]` for Host (an entry without a port
  // matches any port) and `scheme://host[:port]` origins for Origin; "*" allows anything.
  // Empty: the loopback names (localhost, 127.0.0.1, [::1]) and the bound address with the
  // bound port (`localhost:PORT`, `http://localhost:PORT`). A request without Origin passes
  // (non-browser clients send none); an HTTP/1.1 request without Host gets 400 (RFC 9112 3.2).
  // See http_security.hpp for the matching rules.
  std::vector<std::string> allowed_hosts;
  std::vector<std::string> allowed_origins;
  // Entries added to those lists (or to the defaults when they are empty): what `--allow-host`
  // and `--allow-origin` give besides the loopback names.
  std::vector<std::string> extra_allowed_hosts;
  std::vector<std::string> extra_allowed_origins;

  // Set: every request needs `Authorization: Bearer <token>` (RFC 6750 2.1), else 401 with
  // `WWW-Authenticate: Bearer`. Compared in constant time, never logged. See
  // read_bearer_token_file() / bearer_token_from_environment() in http_security.hpp.
  std::optional<std::string> bearer_token;
  std::string auth_realm = "sparql-mcp";

  std::size_t max_body_bytes = 4 * 1024 * 1024;  // larger bodies: 413
  std::size_t max_header_bytes = 16 * 1024;      // request line + fields; larger: 431
  // Requests being handled at once, open event streams included: beyond it 503.
  std::size_t max_concurrent_requests = 128;
  // Per client address (0 = no own limit): beyond it 429.
  std::size_t max_requests_per_client = 0;
  std::size_t max_connections = 512;    // beyond it: one 503, then the connection closes
  std::chrono::seconds retry_after{1};  // Retry-After of those 503 and 429 answers

  std::chrono::milliseconds idle_timeout{30000};       // keep-alive idle, and the whole header read
  std::chrono::milliseconds body_timeout{30000};       // reading one request body
  std::chrono::milliseconds write_timeout{30000};      // one write the client does not take
  std::chrono::milliseconds sse_ping_interval{15000};  // `: ping` on a quiet stream; 0: never
  // Bytes an event stream may have queued for a slow client; past it the client counts as gone.
  // One event is always accepted when nothing is queued.
  std::size_t max_stream_queue_bytes = 16 * 1024 * 1024;

  // stop(): in-flight requests get `stop_timeout` to finish, then their cancellation tokens are
  // cancelled and they get `cancel_grace` to answer, then their connections are closed.
  std::chrono::milliseconds stop_timeout{5000};
  std::chrono::milliseconds cancel_grace{2000};
};

// --- Requests and answers -----------------------------------------------------------------

struct HttpRequest {
  std::string method;   // as sent: "GET", "POST", ...
  std::string target;   // the request-target as sent (origin-form: path and query)
  std::string path;     // target up to '?', not decoded
  std::string query;    // after '?', not decoded; "" when none
  int version = 11;     // 10 or 11
  HttpHeaders headers;  // as sent, in order (Authorization included: never log it)
  std::string body;
  std::string remote_address;       // "127.0.0.1:51234", "[::1]:51234"
  std::uint64_t connection_id = 0;  // equal for the requests of one connection

  // The first field called `name` (case-insensitive).
  std::optional<std::string> header(std::string_view name) const;
  // The first `name=value` of the query, value percent-decoded with '+' as space
  // (application/x-www-form-urlencoded, as HTML forms and SPARQL protocol GETs send it).
  std::optional<std::string> query_parameter(std::string_view name) const;
};

// The `name=value` pairs of an application/x-www-form-urlencoded text (a URL's query, or a
// POSTed form), in order, names and values percent-decoded with '+' as space.
std::vector<std::pair<std::string, std::string>> decode_form(std::string_view text);

struct HttpResponse {
  int status = 200;
  // Sent as given; Content-Length, Transfer-Encoding, Connection and Date are the server's.
  HttpHeaders headers;
  std::string body;

  // A text/plain; charset=utf-8 answer: `body` and a newline.
  static HttpResponse text(int status, std::string_view body);
};

// One Server-Sent Event (WHATWG HTML 9.2.6). `data` is sent as one `data:` line per line
// (split at CRLF, LF or CR); `event` and `id` lines are sent when not empty, `retry` when set.
struct SseEvent {
  std::string event;
  std::string id;
  std::string data;
  std::optional<std::chrono::milliseconds> retry;
};

// The text of `event` on the wire, ending with the blank line. Throws
// Exception(InvalidArgument) when `event` or `id` holds CR or LF (they would end the field) or
// `id` holds NUL (9.2.6: the client ignores such an id).
std::string format_sse_event(const SseEvent& event);

namespace detail {
struct ExchangeCore;
struct ExchangeAnswer;
struct StreamOwner;
}  // namespace detail

// The writing end of an open event stream. A cheap handle: copies share the stream, every
// member may be called from any thread. When the last copy is dropped the stream is closed.
class SseStream {
 public:
  SseStream() = default;  // no stream: is_open() is false, send() returns false

  // Queues one event (or a `: text` comment) for the client without blocking. False when the
  // stream is no longer open (closed, client gone, server stopped): the event is dropped.
  bool send(const SseEvent& event) const;
  bool send_comment(std::string_view text) const;
  // Ends the stream after the queued events (the connection may then serve further requests).
  void close() const;
  bool is_open() const;
  // Cancelled when the client goes away (EOF, reset, too slow) or the server stops the stream;
  // not by close(). The same token as HttpExchange::cancellation().
  CancellationTokenPtr cancellation() const;

 private:
  friend class HttpExchange;
  explicit SseStream(std::shared_ptr<detail::StreamOwner> owner) : owner_(std::move(owner)) {}
  std::shared_ptr<detail::StreamOwner> owner_;
};

// One request's answering end, handed to HttpHandler::handle. A cheap handle: copies share the
// exchange and may be used from any thread. Exactly one answer counts: the first respond() or
// start_stream(); later ones return false / a closed stream. When every copy is dropped without
// an answer the server answers 500 (and logs the handler's bug), or 503 if stop() had cancelled
// the request.
class HttpExchange {
 public:
  // Cancelled when the client goes away before the answer is complete, or when stop() gives up
  // waiting. Callbacks run on an io thread: keep them short. A callback that holds this
  // exchange (or its stream) is held by the exchange's own token: subscribe it through a
  // CancellationSubscription that ends with the work, or both live until the token is cancelled.
  CancellationTokenPtr cancellation() const;

  // Sends a whole response. False if already answered or the connection is gone.
  bool respond(HttpResponse response) const;

  // Sends the head of a `text/event-stream` response (status, `headers`, Content-Type,
  // `Cache-Control: no-cache`, chunked on HTTP/1.1) and returns the stream to write events to.
  // A closed SseStream if already answered or the connection is gone.
  SseStream start_stream(int status = 200, HttpHeaders headers = {}) const;

  bool answered() const;

 private:
  friend struct detail::ExchangeCore;
  explicit HttpExchange(std::shared_ptr<detail::ExchangeAnswer> answer)
      : answer_(std::move(answer)) {}
  std::shared_ptr<detail::ExchangeAnswer> answer_;
};

// What the server calls. Implemented by the MCP bindings (Streamable HTTP, HTTP+SSE) and the
// SPARQL endpoint; the caller owns it and it must outlive the HttpServer.
class HttpHandler {
 public:
  virtual ~HttpHandler() = default;

  // A request that passed every check (allowed Host and Origin, authenticated, within limits),
  // its body read whole. Called on an io thread: answer now or later through `exchange`, but do
  // not block. An exception escaping it is answered 500 and logged.
  virtual void handle(HttpRequest request, HttpExchange exchange) = 0;

  // stop() began: no new request will be handled. Finish or cancel in-flight work and close
  // long-lived streams before `deadline`; after it the server cancels the remaining exchanges'
  // tokens and then closes their connections. Called once, on the thread calling stop()/wait().
  virtual void on_stop(std::chrono::steady_clock::time_point deadline) { (void)deadline; }

  // stop_timeout has passed and requests are still in flight: right after this call the server
  // cancels their tokens, and at `close_at` (cancel_grace later) it closes what is left. The
  // cancellations that follow are the server's, not clients going away: a binding answers
  // those requests before `close_at` (an answer written after the cancellation still reaches
  // the client). Called once, on the stopping thread, and only when something is in flight.
  virtual void on_stop_cancel(std::chrono::steady_clock::time_point close_at) { (void)close_at; }
};

// --- The server ---------------------------------------------------------------------------

struct HttpServerStats {
  std::size_t connections_accepted = 0;
  std::size_t connections_open = 0;
  std::size_t requests_handled = 0;   // handed to the handler
  std::size_t requests_rejected = 0;  // answered by the server itself (4xx/5xx checks)
  std::size_t in_flight = 0;          // handed to the handler and not yet complete
};

struct StopReport {
  std::size_t finished = 0;   // in flight when stop() began, complete before stop_timeout
  std::size_t cancelled = 0;  // whose tokens were cancelled at stop_timeout
  std::size_t closed = 0;     // still in flight after cancel_grace: their connections closed
};

class HttpServer {
 public:
  // Binds, listens and starts the io threads. Throws Exception(InvalidArgument) when the
  // address cannot be resolved or bound (the message names it and the system's reason).
  HttpServer(HttpHandler& handler, HttpServerOptions options);
  ~HttpServer();  // stop()
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  unsigned short port() const;  // the bound port
  std::string host() const;     // the bound address as a URL host: "127.0.0.1", "[::1]"
  std::string url(std::string_view path = "/") const;  // "http://127.0.0.1:PORT/path"

  // Asks for a stop and returns at once; callable from any thread (handlers included), but not
  // from a signal handler (use asio::signal_set or sigwait and call it from there).
  void request_stop();
  // Blocks until a stop is requested, then performs it (see stop()). Several threads may wait.
  // From an io thread (a handler) it would wait for itself: it throws Exception(Internal).
  StopReport wait();
  // request_stop() then wait(): stops accepting, answers new requests on kept-alive
  // connections 503, closes idle connections, calls HttpHandler::on_stop, lets in-flight
  // requests finish within stop_timeout, calls HttpHandler::on_stop_cancel and cancels the
  // rest, closes what is left after cancel_grace, joins the threads. Idempotent; later calls
  // return the first report.
  StopReport stop();

  HttpServerStats stats() const;

  struct State;

 private:
  std::shared_ptr<State> state_;
};

}  // namespace sparqlmcp::transport
