#include "http_connection.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/status.hpp>
#include <ctime>
#include <limits>

#include "sparqlmcp/transport/http_security.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::transport {

namespace asio = boost::asio;
namespace bhttp = boost::beast::http;
using boost::system::error_code;
using tcp = asio::ip::tcp;

namespace {

// After an answer sent with `Connection: close` the connection is read (and the bytes dropped)
// until the client closes it, at most this long: closing at once with unread request bytes
// makes the kernel send a reset, which can destroy the answer before the client reads it.
constexpr std::chrono::milliseconds kLingerLimit{2000};

// Queued pieces sent in one gathered write at most (IOV_MAX is 1024).
constexpr std::size_t kMaxGather = 64;

std::string_view sv(boost::beast::string_view text) {
  return {text.data(), text.size()};
}

bool is_parse_error(const error_code& ec) {
  return ec.category() == bhttp::make_error_code(bhttp::error::end_of_stream).category() &&
         ec != bhttp::error::end_of_stream && ec != bhttp::error::partial_message;
}

// RFC 9110 5.6.7 IMF-fixdate, for the Date field (6.6.1: an origin server with a clock sends it).
std::string http_date() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[40];
  std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S GMT", &tm);
  return text;
}

std::string url_address(const tcp::endpoint& endpoint) {
  auto address = endpoint.address();
  return address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
}

bool has_header(const HttpHeaders& headers, std::string_view name) {
  for (const auto& [field, value] : headers)
    if (util::iequals(field, name)) return true;
  return false;
}

// The fields the server writes itself: a handler's copy would contradict the framing.
bool is_framing_field(std::string_view name) {
  return util::iequals(name, "content-length") || util::iequals(name, "transfer-encoding") ||
         util::iequals(name, "connection") || util::iequals(name, "date");
}

// A CR or LF in a field would end it and start one the handler never meant (response
// splitting); such fields are dropped.
bool is_clean_field(std::string_view name, std::string_view value) {
  return !name.empty() && name.find_first_of("\r\n:") == std::string_view::npos &&
         value.find_first_of("\r\n") == std::string_view::npos;
}

}  // namespace

Connection::Connection(HttpServer::State& state, tcp::socket socket, std::uint64_t id,
                       bool over_limit)
    : state_(state),
      socket_(std::move(socket)),
      id_(id),
      over_limit_(over_limit),
      read_timer_(socket_.get_executor()),
      write_timer_(socket_.get_executor()),
      ping_timer_(socket_.get_executor()) {
  error_code ec;
  auto remote = socket_.remote_endpoint(ec);
  if (!ec) {
    client_ = url_address(remote);
    remote_ = client_ + ":" + std::to_string(remote.port());
  }
  // Events are small and must reach the client when they are written, not when Nagle's
  // algorithm has gathered enough of them.
  socket_.set_option(tcp::no_delay(true), ec);
}

void Connection::start() {
  read_header();
}

// --- Reading ------------------------------------------------------------------------------

void Connection::arm_read_timer(std::chrono::milliseconds after) {
  auto generation = ++read_generation_;
  read_timer_.expires_after(after);
  read_timer_.async_wait([self = shared_from_this(), generation](error_code ec) {
    if (ec || generation != self->read_generation_) return;
    spdlog::debug("http: {} timed out, closing", self->remote_);
    self->close_now();
  });
}

void Connection::disarm_read_timer() {
  ++read_generation_;
  read_timer_.cancel();
}

void Connection::read_header() {
  if (closed_) return;
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(state_.options.max_header_bytes));
  // No body limit yet: Beast would fail the header read itself on a Content-Length above it,
  // and process_header() answers that with a clearer 413. read_body() sets it (chunked bodies).
  // (Not boost::none: Beast 1.74 compares the length with the optional, and none loses.)
  parser_->body_limit(std::numeric_limits<std::uint64_t>::max());
  // Waiting for a new request is the idle time a connection may take; while an exchange runs
  // this read only watches for the client going away, and has no limit.
  if (!exchange_) arm_read_timer(state_.options.idle_timeout);
  read_pending_ = true;
  bhttp::async_read_header(socket_, buffer_, *parser_,
                           [self = shared_from_this()](error_code ec, std::size_t) {
                             self->read_pending_ = false;
                             self->on_header(ec);
                           });
}

void Connection::on_header(error_code ec) {
  if (closed_) return;
  if (closing_) {
    drain();
    return;
  }
  if (exchange_) {
    // The read that watches the connection while a request is handled.
    if (!ec) {
      next_header_ready_ = true;
    } else if (is_parse_error(ec) || ec == bhttp::error::header_limit) {
      next_error_ = ec;
    } else {
      client_gone("the client closed the connection");
    }
    return;
  }
  disarm_read_timer();
  if (ec) {
    on_read_error(ec);
    return;
  }
  process_header();
}

void Connection::on_read_error(error_code ec) {
  if (ec == bhttp::error::header_limit) {
    reject_and_close(431, "the request header is larger than " +
                              std::to_string(state_.options.max_header_bytes) +
                              " bytes; send fewer or shorter header fields");
  } else if (is_parse_error(ec)) {
    reject_and_close(400, "malformed HTTP request: " + ec.message());
  } else {
    close_now();  // end of stream, reset, or our own timeout
  }
}

void Connection::process_header() {
  next_header_ready_ = false;
  const auto& request = parser_->get();
  version_ = request.version() == 10 ? 10 : 11;
  keep_alive_ = request.keep_alive();
  head_request_ = request.method() == bhttp::verb::head;
  method_ = std::string(sv(request.method_string()));
  cors_origin_.clear();
  auto target = sv(request.target());
  path_ = std::string(target.substr(0, target.find('?')));
  const auto& options = state_.options;
  const auto retry_after =
      HttpHeaders{{"Retry-After", std::to_string(options.retry_after.count())}};

  if (state_.stopping) return reject(503, "the server is shutting down", retry_after);
  if (over_limit_)
    return reject_and_close(503, "too many open connections; retry later", retry_after);

  // RFC 9112 3.2: 400 for an HTTP/1.1 request without Host, and for more than one Host.
  auto hosts = request.equal_range(bhttp::field::host);
  auto host_count = std::distance(hosts.first, hosts.second);
  if (host_count > 1) return reject_and_close(400, "more than one Host header field");
  if (host_count == 0 && version_ == 11)
    return reject_and_close(400, "missing Host header field (HTTP/1.1 requires it)");
  if (host_count == 1 && !host_allowed(state_.allowed_hosts, sv(hosts.first->value())))
    return reject(403, "Host '" + util::one_line(sv(hosts.first->value()), 200) +
                           "' is not allowed by this server (DNS-rebinding protection)");
  auto origin = request.find(bhttp::field::origin);
  if (origin != request.end() && !origin_allowed(state_.allowed_origins, sv(origin->value())))
    return reject(403, "Origin '" + util::one_line(sv(origin->value()), 200) +
                           "' is not allowed by this server (DNS-rebinding protection)");
  // CORS (Fetch standard 3.2): an allowed Origin may read the answers, and a browser's
  // preflight, which carries no credentials, is answered before the bearer token is asked for.
  if (origin != request.end() && sv(origin->value()) != "null") {
    cors_origin_ = std::string(sv(origin->value()));
    auto requested_method = request.find("Access-Control-Request-Method");
    if (method_ == "OPTIONS" && requested_method != request.end()) {
      auto requested_headers = request.find("Access-Control-Request-Headers");
      return answer_preflight(requested_headers == request.end() ? std::string_view{}
                                                                 : sv(requested_headers->value()));
    }
  }

  if (options.bearer_token) {
    auto field = request.find(bhttp::field::authorization);
    std::optional<std::string_view> authorization;
    if (field != request.end()) authorization = sv(field->value());
    std::string realm = "Bearer realm=\"" + options.auth_realm + "\"";
    switch (check_bearer(authorization, *options.bearer_token)) {
      case BearerCheck::Accepted:
        break;
      case BearerCheck::Missing:
        return reject(401,
                      "authentication required: send Authorization: Bearer <token> (or HTTP "
                      "Basic credentials with the token as the password)",
                      {{"WWW-Authenticate", realm}});
      case BearerCheck::Invalid:  // RFC 6750 3.1
        return reject(401, "the bearer token is not valid",
                      {{"WWW-Authenticate", realm + ", error=\"invalid_token\""}});
    }
  }

  if (auto length = parser_->content_length(); length && *length > options.max_body_bytes)
    return reject_and_close(413, "the request body of " + std::to_string(*length) +
                                     " bytes is larger than the limit of " +
                                     std::to_string(options.max_body_bytes) + " bytes");

  switch (state_.acquire_slot(client_)) {
    case SlotRefusal::None:
      break;
    case SlotRefusal::ServerBusy:
      return reject(503,
                    "too many requests in progress; retry after " +
                        std::to_string(options.retry_after.count()) + " s",
                    retry_after);
    case SlotRefusal::ClientBusy:
      return reject(429,
                    "too many requests in progress from this client; retry after " +
                        std::to_string(options.retry_after.count()) + " s",
                    retry_after);
  }
  slot_held_ = true;

  // RFC 9110 10.1.1: a client that sent Expect: 100-continue waits (curl: one second) for
  // this before it sends the body.
  auto expect = request.find(bhttp::field::expect);
  if (expect != request.end() && version_ == 11 && !parser_->is_done() &&
      util::iequals(sv(expect->value()), "100-continue"))
    queue("HTTP/1.1 100 Continue\r\n\r\n", After::Nothing);
  read_body();
}

void Connection::read_body() {
  if (parser_->is_done()) {
    on_body({});
    return;
  }
  parser_->body_limit(state_.options.max_body_bytes);
  arm_read_timer(state_.options.body_timeout);
  read_pending_ = true;
  bhttp::async_read(socket_, buffer_, *parser_,
                    [self = shared_from_this()](error_code ec, std::size_t) {
                      self->read_pending_ = false;
                      self->on_body(ec);
                    });
}

void Connection::on_body(error_code ec) {
  if (closed_) return;
  disarm_read_timer();
  if (ec) {
    release_slot();
    if (ec == bhttp::error::body_limit)
      reject_and_close(413, "the request body is larger than the limit of " +
                                std::to_string(state_.options.max_body_bytes) + " bytes");
    else if (is_parse_error(ec))
      reject_and_close(400, "malformed HTTP request body: " + ec.message());
    else
      close_now();
    return;
  }
  if (state_.stopping) {
    release_slot();
    reject(503, "the server is shutting down",
           {{"Retry-After", std::to_string(state_.options.retry_after.count())}});
    return;
  }
  dispatch();
}

void Connection::dispatch() {
  auto message = parser_->release();
  // A large request grew the buffer; an idle connection should not keep that memory.
  if (buffer_.capacity() > 64 * 1024) buffer_.shrink_to_fit();
  HttpRequest request;
  request.method = std::string(sv(message.method_string()));
  request.target = std::string(sv(message.target()));
  auto question = request.target.find('?');
  request.path = request.target.substr(0, question);
  if (question != std::string::npos) request.query = request.target.substr(question + 1);
  request.version = static_cast<int>(version_);
  for (const auto& field : message)
    request.headers.emplace_back(std::string(sv(field.name_string())),
                                 std::string(sv(field.value())));
  request.body = std::move(message.body());
  request.remote_address = remote_;
  request.connection_id = id_;

  auto id = state_.next_id++;
  exchange_ = std::make_shared<detail::ExchangeCore>(state_.weak_from_this(), weak_from_this(), id,
                                                     state_.options.max_stream_queue_bytes);
  state_.add_exchange(id, exchange_->token);
  ++state_.requests_handled;
  close_after_exchange_ = false;
  streaming_ = stream_ending_ = false;
  spdlog::debug("http: {} {} {}", remote_, method_, path_);

  read_header();  // watch for the client going away (or its next request)

  // Our own copy outlives handle(): an exception can still be answered, and a handler that kept
  // no copy is answered 500 when this one goes.
  auto core = exchange_;
  HttpExchange exchange = core->make_exchange();
  try {
    state_.handler.handle(std::move(request), exchange);
  } catch (const std::exception& e) {
    spdlog::error("http: the handler of {} {} threw: {}", method_, path_, e.what());
    exchange.respond(HttpResponse::text(500, "internal error: the request handler failed"));
  } catch (...) {
    spdlog::error("http: the handler of {} {} threw a non-standard exception", method_, path_);
    exchange.respond(HttpResponse::text(500, "internal error: the request handler failed"));
  }
}

// --- Answers ------------------------------------------------------------------------------

std::string Connection::serialize_head(int status, const HttpHeaders& headers, bool keep_alive,
                                       std::optional<std::size_t> content_length,
                                       bool chunked) const {
  std::string out = version_ == 10 ? "HTTP/1.0 " : "HTTP/1.1 ";
  out += std::to_string(status);
  out += ' ';
  auto reason = bhttp::obsolete_reason(bhttp::int_to_status(static_cast<unsigned>(status)));
  if (bhttp::int_to_status(static_cast<unsigned>(status)) != bhttp::status::unknown)
    out.append(reason.data(), reason.size());
  out += "\r\n";
  for (const auto& [name, value] : headers) {
    if (is_framing_field(name)) continue;
    if (!is_clean_field(name, value)) {
      spdlog::error("http: dropped the response header field '{}' holding CR or LF",
                    util::one_line(name, 100));
      continue;
    }
    out.append(name).append(": ").append(value).append("\r\n");
  }
  if (!cors_origin_.empty() && !has_header(headers, "Access-Control-Allow-Origin")) {
    out.append("Access-Control-Allow-Origin: ").append(cors_origin_).append("\r\n");
    out.append("Vary: Origin\r\n");
    // The fields a client script needs besides the CORS-safelisted ones.
    out.append(
        "Access-Control-Expose-Headers: Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate, "
        "Retry-After, X-SPARQL-MaxRows, X-SPARQL-MCP-Warning\r\n");
  }
  out.append("Date: ").append(http_date()).append("\r\n");
  if (content_length) out.append("Content-Length: ").append(std::to_string(*content_length));
  if (content_length) out.append("\r\n");
  if (chunked) out.append("Transfer-Encoding: chunked\r\n");
  if (version_ == 11 && !keep_alive) out.append("Connection: close\r\n");
  if (version_ == 10 && keep_alive) out.append("Connection: keep-alive\r\n");
  out.append("\r\n");
  return out;
}

void Connection::reject(int status, std::string_view reason, HttpHeaders headers) {
  bool keep = keep_alive_ && parser_ && parser_->is_done() && !state_.stopping && !over_limit_;
  ++state_.requests_rejected;
  spdlog::debug("http: {} {} {} -> {} {}", remote_, method_, path_, status, reason);
  std::string body = std::string(reason) + "\n";
  headers.emplace_back("Content-Type", "text/plain; charset=utf-8");
  std::string bytes = serialize_head(status, headers, keep, body.size(), false);
  if (!head_request_) bytes += body;
  queue(std::move(bytes), keep ? After::ReadNext : After::Close);
}

void Connection::answer_preflight(std::string_view requested_headers) {
  bool keep = keep_alive_ && parser_ && parser_->is_done() && !state_.stopping && !over_limit_;
  spdlog::debug("http: {} OPTIONS {} -> 204 (CORS preflight)", remote_, path_);
  HttpHeaders headers{{"Access-Control-Allow-Methods", "GET, POST, DELETE"},
                      {"Access-Control-Max-Age", "600"}};
  // Whatever the browser asks to send (Authorization, Content-Type, the MCP headers): the
  // checks that matter run on the request itself.
  if (!requested_headers.empty())
    headers.emplace_back("Access-Control-Allow-Headers", std::string(requested_headers));
  queue(serialize_head(204, headers, keep, std::nullopt, false),
        keep ? After::ReadNext : After::Close);
}

void Connection::reject_and_close(int status, std::string_view reason, HttpHeaders headers) {
  keep_alive_ = false;
  reject(status, reason, std::move(headers));
}

void Connection::write_response(const std::shared_ptr<detail::ExchangeCore>& core,
                                HttpResponse response) {
  if (closed_ || core != exchange_ || streaming_) return;
  int status = response.status;
  if (status < 200 || status > 999) {
    spdlog::error("http: the handler of {} {} answered status {}; sending 500", method_, path_,
                  status);
    response = HttpResponse::text(500, "internal error: the handler gave an invalid status");
    status = 500;
  }
  bool keep = keep_alive_ && !state_.stopping;
  close_after_exchange_ = !keep;
  // RFC 9110 8.6: no Content-Length (and no content) in 204 and 304.
  bool without_content = status == 204 || status == 304;
  std::string bytes =
      serialize_head(status, response.headers, keep,
                     without_content ? std::nullopt : std::optional(response.body.size()), false);
  if (!without_content && !head_request_) bytes += response.body;
  spdlog::debug("http: {} {} {} -> {}", remote_, method_, path_, status);
  queue(std::move(bytes), After::CompleteExchange);
}

void Connection::write_stream_head(const std::shared_ptr<detail::ExchangeCore>& core, int status,
                                   HttpHeaders headers) {
  if (closed_ || core != exchange_ || streaming_) return;
  streaming_ = true;
  // HTTP/1.0 has no chunked coding: the stream ends when the connection closes.
  chunked_ = version_ == 11;
  bool keep = chunked_ && keep_alive_ && !state_.stopping;
  close_after_exchange_ = !keep;
  if (!has_header(headers, "Content-Type"))
    headers.emplace_back("Content-Type", "text/event-stream");
  if (!has_header(headers, "Cache-Control")) headers.emplace_back("Cache-Control", "no-cache");
  // nginx buffers proxied answers unless told not to; an event must pass at once.
  if (!has_header(headers, "X-Accel-Buffering")) headers.emplace_back("X-Accel-Buffering", "no");
  spdlog::debug("http: {} {} {} -> {} event stream", remote_, method_, path_, status);
  std::string head = serialize_head(status, headers, keep, std::nullopt, chunked_);
  if (head_request_) {
    core->stream_open = false;
    queue(std::move(head), After::CompleteExchange);
    return;
  }
  wrote_since_ping_ = false;
  queue(std::move(head), After::Nothing);
  arm_ping();
}

std::string Connection::frame(std::string_view text) const {
  if (!chunked_) return std::string(text);
  std::string out;
  out.reserve(text.size() + 12);
  util::append_hex(out, static_cast<std::uint32_t>(text.size()), 1, util::HexCase::Lower);
  out.append("\r\n").append(text).append("\r\n");
  return out;
}

void Connection::write_stream_event(const std::shared_ptr<detail::ExchangeCore>& core,
                                    std::string text) {
  if (closed_ || core != exchange_ || !streaming_ || stream_ending_) {
    core->queued_bytes -= text.size();
    return;
  }
  wrote_since_ping_ = true;
  std::size_t size = text.size();
  queue(frame(text), After::Nothing, size);
}

void Connection::end_stream(const std::shared_ptr<detail::ExchangeCore>& core) {
  if (closed_ || core != exchange_ || !streaming_ || stream_ending_) return;
  stream_ending_ = true;
  ping_timer_.cancel();
  queue(chunked_ ? "0\r\n\r\n" : "", After::CompleteExchange);
}

void Connection::drop_slow_client(const std::shared_ptr<detail::ExchangeCore>& core) {
  if (closed_ || core != exchange_) return;
  spdlog::warn("http: {} reads its event stream too slowly ({} bytes queued); closing it", remote_,
               core->queued_bytes.load());
  client_gone("the client reads too slowly");
}

void Connection::arm_ping() {
  auto interval = state_.options.sse_ping_interval;
  if (interval.count() <= 0) return;
  ping_timer_.expires_after(interval);
  ping_timer_.async_wait([self = shared_from_this(), core = exchange_](error_code ec) {
    if (ec || self->closed_ || self->exchange_ != core || !self->streaming_ || self->stream_ending_)
      return;
    // A comment line (9.2.6: a line starting with ':' is ignored) keeps proxies and clients
    // from taking a quiet stream for a dead one.
    if (!self->wrote_since_ping_) self->queue(self->frame(": ping\n\n"), After::Nothing);
    self->wrote_since_ping_ = false;
    self->arm_ping();
  });
}

// --- Writing ------------------------------------------------------------------------------

void Connection::queue(std::string bytes, After after, std::size_t event_bytes) {
  if (closed_) return;
  queue_.push_back(Pending{std::move(bytes), event_bytes, after});
  if (!writing_) write_next();
}

void Connection::write_next() {
  writing_ = true;
  auto generation = ++write_generation_;
  write_timer_.expires_after(state_.options.write_timeout);
  write_timer_.async_wait([self = shared_from_this(), generation](error_code ec) {
    if (ec || generation != self->write_generation_ || !self->writing_) return;
    spdlog::debug("http: {} did not take a write in time", self->remote_);
    self->client_gone("the client stopped reading");
  });
  // What is queued, up to the first entry with an action after it, goes out in one gathered
  // write: a stream of small events costs a system call per batch, not per event. (Elements of
  // a deque stay in place while others are pushed, so the buffers remain valid.)
  write_buffers_.clear();
  for (const auto& pending : queue_) {
    write_buffers_.push_back(asio::buffer(pending.bytes));
    if (pending.after != After::Nothing || write_buffers_.size() == kMaxGather) break;
  }
  asio::async_write(
      socket_, write_buffers_,
      [self = shared_from_this()](error_code ec, std::size_t) { self->on_write(ec); });
}

void Connection::on_write(error_code ec) {
  writing_ = false;
  ++write_generation_;
  write_timer_.cancel();
  if (closed_) return;
  if (ec) {
    client_gone("writing to the client failed");
    return;
  }
  std::size_t event_bytes = 0;
  After after = After::Nothing;
  for (std::size_t i = 0; i < write_buffers_.size(); ++i) {
    event_bytes += queue_.front().event_bytes;
    after = queue_.front().after;  // only the last one of a write can have one
    queue_.pop_front();
  }
  write_buffers_.clear();
  if (event_bytes > 0 && exchange_) exchange_->queued_bytes -= event_bytes;
  switch (after) {
    case After::Nothing:
      break;
    case After::CompleteExchange:
      complete_exchange();
      break;
    case After::ReadNext:
      if (state_.stopping)
        graceful_close();
      else
        read_header();
      break;
    case After::Close:
      graceful_close();
      break;
  }
  if (!closed_ && !closing_ && !writing_ && !queue_.empty()) write_next();
}

// --- Ends ---------------------------------------------------------------------------------

std::shared_ptr<detail::ExchangeCore> Connection::detach_exchange() {
  auto core = std::move(exchange_);
  exchange_.reset();
  if (core) {
    core->detached = true;
    core->stream_open = false;
    state_.remove_exchange(core->id);
  }
  ping_timer_.cancel();
  streaming_ = stream_ending_ = false;
  release_slot();
  return core;
}

void Connection::complete_exchange() {
  detach_exchange();
  if (close_after_exchange_ || state_.stopping) {
    graceful_close();
  } else if (next_error_) {
    auto ec = *next_error_;
    next_error_.reset();
    on_read_error(ec);
  } else if (next_header_ready_) {
    process_header();
  } else if (read_pending_) {
    arm_read_timer(state_.options.idle_timeout);  // the watching read now waits for a request
  } else {
    read_header();
  }
}

void Connection::client_gone(const char* why) {
  if (auto core = detach_exchange()) {
    spdlog::debug("http: {} {} {}: {}; cancelling", remote_, method_, path_, why);
    core->token->cancel();
  }
  close_now();
}

void Connection::release_slot() {
  if (!slot_held_) return;
  slot_held_ = false;
  state_.release_slot(client_);
}

void Connection::graceful_close() {
  if (closed_ || closing_) return;
  closing_ = true;
  if (!writing_) queue_.clear();
  error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_send, ignored);
  arm_read_timer(std::min(state_.options.idle_timeout, kLingerLimit));
  if (!read_pending_) drain();
}

void Connection::drain() {
  if (closed_) return;
  drain_buffer_.resize(4096);
  read_pending_ = true;
  socket_.async_read_some(asio::buffer(drain_buffer_),
                          [self = shared_from_this()](error_code ec, std::size_t) {
                            self->read_pending_ = false;
                            if (ec)
                              self->close_now();
                            else
                              self->drain();
                          });
}

void Connection::close_now() {
  if (closed_) return;
  if (auto core = detach_exchange()) core->token->cancel();  // abandoned mid-answer
  closed_ = true;
  ++read_generation_;
  ++write_generation_;
  read_timer_.cancel();
  write_timer_.cancel();
  ping_timer_.cancel();
  error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_both, ignored);
  socket_.close(ignored);
  state_.remove_connection(id_);
}

void Connection::on_server_stop() {
  if (closed_ || closing_) return;
  // Idle: waiting for a request that would only be refused.
  if (!exchange_ && !slot_held_ && !writing_) close_now();
}

void Connection::force_close() {
  close_now();
}

}  // namespace sparqlmcp::transport
