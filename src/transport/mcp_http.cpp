#include "sparqlmcp/transport/mcp_http.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "mcp_http_headers.hpp"
#include "sparqlmcp/mcp/jsonrpc.hpp"
#include "sparqlmcp/mcp/protocol.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/random.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::transport {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
namespace code = mcp::error_code;

HttpResponse json_response(int status, const json& body, HttpHeaders headers = {}) {
  HttpResponse response;
  response.status = status;
  response.headers = std::move(headers);
  response.headers.emplace_back("Content-Type", "application/json");
  response.body = mcp::serialize_message(body);
  return response;
}

HttpResponse rpc_error(int status, const json& id, int error, std::string message) {
  return json_response(status, mcp::make_error_response(id, error, std::move(message)));
}

HttpResponse empty_response(int status, HttpHeaders headers = {}) {
  HttpResponse response;
  response.status = status;
  response.headers = std::move(headers);
  return response;
}

// 405 with the methods the path takes.
HttpResponse method_not_allowed(const std::string& allow, const std::string& why) {
  HttpResponse response = HttpResponse::text(405, why);
  response.headers.emplace_back("Allow", allow);
  return response;
}

HttpResponse not_json_body() {
  return HttpResponse::text(
      415, "the body must be one JSON-RPC message with Content-Type: application/json");
}

// The HTTP status of a 2026-07-28 response (Streamable HTTP: 400 for version and header
// errors, 404 for a method the server does not implement); 200 otherwise.
int modern_status(const std::string& text) {
  // Results can be large: parse only what may be an error response.
  if (text.find("\"error\"") == std::string::npos) return 200;
  const json message = json::parse(text, nullptr, false);
  if (!message.is_object() || !message.contains("error")) return 200;
  const int error = message["error"].value("code", 0);
  if (error == code::kMethodNotFound) return 404;
  if (error == code::kParseError || error == code::kInvalidRequest ||
      error == code::kUnsupportedProtocolVersion || error == code::kHeaderMismatch ||
      error == code::kMissingRequiredClientCapability)
    return 400;
  return 200;
}

// 128 bits from the kernel's CSPRNG, in hex (visible ASCII, as Mcp-Session-Id must be).
std::string random_session_id() {
  return util::random_hex(16);
}

// Closes sessions away from the io threads: closing waits for the session's workers. Every
// 2026-07-28 call hands its session here, so the thread is not woken per session: it collects
// them every 100 ms, or at once when many wait. While the server stops it also ends sessions
// with Session::stop, at once: those calls are answered before the server closes their
// connections.
class Reaper {
 public:
  static constexpr std::size_t kWakeAt = 64;
  static constexpr std::chrono::milliseconds kPeriod{100};

  Reaper() : thread_([this] { run(); }) {}
  ~Reaper() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    ready_.notify_one();
    thread_.join();
  }
  void reap(std::shared_ptr<mcp::Session> session) {
    if (!session) return;
    bool wake = false;
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(Job{std::move(session), {}, {}, {}});
      wake = queue_.size() >= kWakeAt;
    }
    if (wake) ready_.notify_one();
  }
  // Session::stop(reason, the time left until `until`), then `then` (if any).
  void stop(std::shared_ptr<mcp::Session> session, std::string reason, Clock::time_point until,
            std::function<void()> then = {}) {
    if (!session) return;
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(Job{std::move(session), std::move(reason), until, std::move(then)});
      urgent_ = true;
    }
    ready_.notify_one();
  }

 private:
  struct Job {
    std::shared_ptr<mcp::Session> session;
    std::optional<std::string> stop_reason;  // set: Session::stop, else Session::close
    Clock::time_point until;
    std::function<void()> then;
  };

  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      ready_.wait_for(lock, kPeriod,
                      [this] { return stopping_ || urgent_ || queue_.size() >= kWakeAt; });
      std::deque<Job> batch;
      batch.swap(queue_);
      urgent_ = false;
      const bool last = stopping_;
      lock.unlock();
      for (Job& job : batch) {
        if (job.stop_reason) {
          // One deadline for all: sessions stopped together wait for their tools together.
          const auto left =
              std::chrono::duration_cast<std::chrono::milliseconds>(job.until - Clock::now());
          job.session->stop(*job.stop_reason, std::max(left, std::chrono::milliseconds(0)));
        } else {
          job.session->close();
        }
        if (job.then) job.then();
      }
      batch.clear();
      lock.lock();
      if (last && queue_.empty()) return;
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  bool urgent_ = false;
  std::thread thread_;
};

// One request's answering end: a JSON response, or an SSE stream once a notification about the
// request comes before its response. A legacy stream is resumable (MCP 2025-11-25,
// "Resumability and Redelivery"): it opens with a priming event, every event carries the id
// "<stream>-<n>", and its events are kept (up to kResumeLogBytes) so that a client that lost
// the connection can GET the rest with Last-Event-ID; losing the connection does not cancel
// the request (the client sends notifications/cancelled for that).
class Reply {
 public:
  static constexpr std::size_t kResumeLogBytes = 4 * 1024 * 1024;

  Reply(HttpExchange exchange, bool modern, HttpHeaders headers = {})
      : exchange_(std::move(exchange)), modern_(modern), headers_(std::move(headers)) {}

  void make_resumable(std::uint64_t number) { number_ = number; }

  // Returns true when `message` was the response (the request is answered).
  bool deliver(const mcp::OutgoingMessage& message) {
    std::lock_guard lock(mutex_);
    if (done_) return false;
    const bool response = message.kind == mcp::OutgoingMessage::Kind::Response;
    if (response && !streaming_) {
      done_ = true;
      HttpResponse answer;
      answer.status = modern_ ? modern_status(message.text) : 200;
      answer.headers = headers_;
      answer.headers.emplace_back("Content-Type", "application/json");
      answer.body = message.text;
      exchange_.respond(std::move(answer));
      return true;
    }
    if (!streaming_) {
      streaming_ = true;
      stream_ = exchange_.start_stream(200, headers_);
      if (number_) stream_.send(SseEvent{{}, event_id(0), {}, std::nullopt});  // priming
    }
    emit(message.text);
    if (response) {
      done_ = true;
      stream_.close();
    }
    return response;
  }

  // The client went away: nothing more is sent. Returns whether it was still unanswered.
  bool abandon() {
    std::lock_guard lock(mutex_);
    const bool open = !done_;
    done_ = true;
    return open;
  }

  // GET with Last-Event-ID "<stream>-<after>": the events after it on `exchange`'s new stream,
  // then the live ones until the response. False when this reply has no stream to resume.
  bool resume(const HttpExchange& exchange, std::uint64_t after) {
    std::lock_guard lock(mutex_);
    if (!number_ || !streaming_) return false;
    if (stream_.is_open()) stream_.close();  // never the same message on two streams
    stream_ = exchange.start_stream(200);
    for (const auto& [n, text] : log_)
      if (n > after) stream_.send(SseEvent{"message", event_id(n), text, std::nullopt});
    if (done_) stream_.close();
    return true;
  }

  // Runs `on_gone` when the client goes away before the answer (on an io thread, or at once
  // if it is gone already): the subscription lives as long as the reply.
  void watch(const HttpExchange& exchange, std::function<void()> on_gone) {
    on_gone_.emplace(exchange.cancellation(), std::move(on_gone));
  }

 private:
  std::string event_id(std::uint64_t n) const {
    return std::to_string(number_) + "-" + std::to_string(n);
  }

  // Under mutex_.
  void emit(const std::string& text) {
    SseEvent event{"message", {}, text, std::nullopt};
    if (number_) {
      event.id = event_id(++sent_);
      log_.emplace_back(sent_, text);
      log_bytes_ += text.size();
      while (log_bytes_ > kResumeLogBytes && log_.size() > 1) {
        log_bytes_ -= log_.front().second.size();
        log_.pop_front();
      }
    }
    if (stream_.is_open()) stream_.send(event);
  }

  std::optional<CancellationSubscription> on_gone_;
  std::mutex mutex_;
  HttpExchange exchange_;
  SseStream stream_;
  bool modern_;
  HttpHeaders headers_;
  bool done_ = false;
  bool streaming_ = false;
  std::uint64_t number_ = 0;  // 0: not resumable
  std::uint64_t sent_ = 0;
  std::deque<std::pair<std::uint64_t, std::string>> log_;
  std::size_t log_bytes_ = 0;
};

// A 2026-07-28 request in flight: its own Session (no state is shared between requests).
// The session's send callback holds the call; handing the session to the reaper (answered or
// abandoned) ends that cycle.
struct ModernCall {
  std::mutex mutex;
  std::shared_ptr<mcp::Session> session;
  std::unique_ptr<Reply> reply;

  std::shared_ptr<mcp::Session> take_session() {
    std::lock_guard lock(mutex);
    return std::move(session);
  }
};

// A legacy (2025-03-26 .. 2025-11-25) session: its Session and the requests awaiting answers.
struct LegacySession {
  static constexpr std::size_t kResumableStreams = 16;  // the newest requests' streams

  std::string id;
  std::shared_ptr<mcp::Session> session;
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<Reply>> pending;    // by the request id's JSON text
  std::map<std::uint64_t, std::shared_ptr<Reply>> streams;  // resumable, by stream number
  std::uint64_t next_stream = 1;
  Clock::time_point last_used = Clock::now();
};

// A client of the HTTP+SSE transport (2024-11-05): its event stream carries every message of
// its Session; it posts to /messages?sessionId=ID.
struct SseClient {
  std::string id;
  std::shared_ptr<mcp::Session> session;
  SseStream stream;
  std::optional<CancellationSubscription> on_gone;
};

// What a call the stop cancelled is answered (Session::interrupt).
constexpr const char* kStopping = "the server is stopping";

class McpHttpHandler final : public HttpHandler {
 public:
  McpHttpHandler(mcp::Server& server, McpHttpOptions options)
      : server_(server), options_(std::move(options)) {}

  ~McpHttpHandler() override { end_all_sessions(); }

  void handle(HttpRequest request, HttpExchange exchange) override {
    if (request.path == options_.sse_path) {
      open_sse_stream(request, std::move(exchange));
      return;
    }
    if (request.path == options_.messages_path) {
      post_sse_message(request, std::move(exchange));
      return;
    }
    if (request.path != options_.path) {
      exchange.respond(HttpResponse::text(
          404, "no MCP endpoint at " + request.path + "; MCP is served at " + options_.path +
                   " (Streamable HTTP) and " + options_.sse_path + " (HTTP+SSE)"));
      return;
    }
    if (request.method == "DELETE") {
      end_session(request, exchange);
      return;
    }
    if (request.method == "GET") {
      resume_stream(request, exchange);
      return;
    }
    if (request.method != "POST") {
      exchange.respond(method_not_allowed(
          "POST, DELETE",
          request.method + " is not served at " + options_.path +
              ": send each JSON-RPC message as a POST (DELETE ends a legacy session)"));
      return;
    }
    if (!detail::is_json_content_type(request.header("Content-Type"))) {
      exchange.respond(not_json_body());
      return;
    }
    const std::optional<std::string> accept = request.header("Accept");
    if (!detail::accepts(accept, "application/json") ||
        !detail::accepts(accept, "text/event-stream")) {
      exchange.respond(HttpResponse::text(
          406,
          "Accept must list both application/json and text/event-stream (MCP Streamable "
          "HTTP): the answer is one JSON object or an event stream"));
      return;
    }
    json message = json::parse(request.body, nullptr, false);
    if (message.is_discarded()) {
      exchange.respond(rpc_error(400, nullptr, code::kParseError,
                                 "Parse error: the body is not JSON; send one JSON-RPC message"));
      return;
    }
    if (message.is_array()) {
      serve_batch(request, message, std::move(exchange));
      return;
    }
    if (!message.is_object()) {
      exchange.respond(rpc_error(400, nullptr, code::kInvalidRequest,
                                 "Invalid Request: send one JSON-RPC message, a JSON object, per "
                                 "POST (or an array of them in a 2025-03-26 session)"));
      return;
    }
    if (mcp::is_modern_message(message)) {
      serve_modern(request, message, std::move(exchange));
    } else {
      serve_legacy(request, message, std::move(exchange));
    }
  }

  // The server stops. Running calls go on until the stop timeout: a legacy call's POST ends
  // with its answer, and an HTTP+SSE stream, a request in flight of its own, ends as soon as
  // its session has no call left (at once when it has none).
  void on_stop(std::chrono::steady_clock::time_point) override {
    for (auto& [id, session] : sse_sessions())
      session->when_idle([this, id = id] { end_sse(id); });
  }

  // The stop timeout passed: every call still running is cancelled and answered that the server
  // is stopping (Session::interrupt), before the server closes the connections. Tools get half
  // the time left to return; then the sessions answer for those that did not. 2026-07-28 calls
  // are interrupted by the cancellation of their exchange's token, which follows this call.
  void on_stop_cancel(Clock::time_point close_at) override {
    const Clock::time_point now = Clock::now();
    answer_by_ = now + (close_at - now) / 2;
    cancelling_.store(true);
    std::vector<std::shared_ptr<mcp::Session>> legacy;
    {
      std::lock_guard lock(mutex_);
      for (auto& [id, session] : sessions_)
        if (session->session && session->session->running_calls() > 0)
          legacy.push_back(session->session);
    }
    for (auto& session : legacy) {
      session->interrupt(kStopping);
      reaper_.stop(session, kStopping, answer_by_);
    }
    for (auto& [id, session] : sse_sessions()) {
      session->interrupt(kStopping);
      // The stream ends once every answer is on it.
      reaper_.stop(session, kStopping, answer_by_, [this, id = id] { end_sse(id); });
    }
  }

 private:
  static bool is_request(const json& message) {
    return message.contains("method") && message.contains("id");
  }

  void serve_modern(const HttpRequest& request, const json& message, HttpExchange exchange) {
    if (std::optional<std::string> mismatch = detail::header_mismatch(request, message)) {
      exchange.respond(
          rpc_error(400, message.value("id", json()), code::kHeaderMismatch, std::move(*mismatch)));
      return;
    }
    if (!is_request(message)) {
      // 2026-07-28 defines no client notifications over HTTP (closing the stream cancels).
      exchange.respond(empty_response(202));
      return;
    }
    auto call = std::make_shared<ModernCall>();
    call->reply = std::make_unique<Reply>(exchange, true);
    std::shared_ptr<mcp::Session> session =
        server_.open_session([this, call](const mcp::OutgoingMessage& outgoing) {
          if (call->reply->deliver(outgoing)) reaper_.reap(call->take_session());
        });
    {
      std::lock_guard lock(call->mutex);
      call->session = session;
    }
    std::weak_ptr<ModernCall> weak = call;
    call->reply->watch(exchange, [this, weak, id = message["id"]] {
      std::shared_ptr<ModernCall> gone = weak.lock();
      if (!gone) return;
      if (cancelling_.load()) {
        // Cancelled by the stop, not by the client: the call is answered that the server
        // stopped it, on this exchange, which still takes an answer.
        if (std::shared_ptr<mcp::Session> session = gone->take_session()) {
          session->interrupt(kStopping);
          reaper_.stop(std::move(session), kStopping, answer_by_);
        }
        return;
      }
      if (!gone->reply->abandon()) return;
      if (std::shared_ptr<mcp::Session> session = gone->take_session()) {
        session->cancel(id, "the client closed the stream");
        reaper_.reap(std::move(session));
      }
    });
    session->handle_parsed(message);
  }

  // A JSON-RPC batch (MCP 2025-03-26 "Batching": a server MUST accept them; 2025-06-18 removed
  // them): only in a legacy session that negotiated 2025-03-26, never with initialize or a
  // 2026-07-28 request. Its responses come back as one array, on this POST.
  void serve_batch(const HttpRequest& request, const json& batch, HttpExchange exchange) {
    for (const json& element : batch) {
      if (!element.is_object()) continue;
      if (mcp::is_modern_message(element)) {
        exchange.respond(rpc_error(400, nullptr, code::kInvalidRequest,
                                   "Invalid Request: 2026-07-28 has no JSON-RPC batches; send "
                                   "each request in a POST of its own"));
        return;
      }
      if (is_request(element) && element["method"] == "initialize") {
        exchange.respond(rpc_error(400, nullptr, code::kInvalidRequest,
                                   "Invalid Request: initialize must not be part of a JSON-RPC "
                                   "batch; send it alone"));
        return;
      }
    }
    serve_legacy(request, batch, std::move(exchange));
  }

  // The ids of the requests `message` carries (itself, or a batch's elements), as JSON texts.
  static std::vector<std::string> request_keys(const json& message) {
    std::vector<std::string> keys;
    if (message.is_object() && is_request(message)) keys.push_back(message["id"].dump());
    if (message.is_array())
      for (const json& element : message)
        if (element.is_object() && is_request(element)) keys.push_back(element["id"].dump());
    return keys;
  }

  void serve_legacy(const HttpRequest& request, const json& message, HttpExchange exchange) {
    const bool initialize =
        message.is_object() && is_request(message) && message["method"] == "initialize";
    // The id an early refusal names: the request's, or null for a batch.
    const json error_id = message.is_object() ? message.value("id", json()) : json();
    std::shared_ptr<LegacySession> legacy;
    if (initialize) {
      legacy = open_legacy_session();
      if (!legacy) {
        HttpResponse response =
            rpc_error(503, message["id"], code::kInternalError,
                      "too many MCP sessions are open (" + std::to_string(options_.max_sessions) +
                          "); try again later, or use the sessionless 2026-07-28 revision");
        response.headers.emplace_back("Retry-After", std::to_string(options_.retry_after.count()));
        exchange.respond(std::move(response));
        return;
      }
    } else {
      const std::optional<std::string> id = request.header("Mcp-Session-Id");
      if (!id) {
        exchange.respond(rpc_error(
            400, error_id, code::kInvalidRequest,
            "Bad Request: the Mcp-Session-Id header is required after initialize (or declare "
            "io.modelcontextprotocol/protocolVersion in _meta for the sessionless revision)"));
        return;
      }
      legacy = find_session(*id);
      if (!legacy) {
        exchange.respond(rpc_error(404, error_id, code::kInvalidRequest,
                                   "Session not found: it ended or expired; send initialize "
                                   "again for a new session"));
        return;
      }
      // 2025-06-18 and later: an MCP-Protocol-Version the server does not speak is a 400 (a
      // request without it is taken as the negotiated version).
      if (std::optional<std::string> version = request.header("MCP-Protocol-Version")) {
        const auto& known = mcp::supported_protocol_versions();
        if (std::find(known.begin(), known.end(), *version) == known.end()) {
          exchange.respond(rpc_error(400, error_id, code::kInvalidRequest,
                                     "Bad Request: unsupported MCP-Protocol-Version '" + *version +
                                         "'; this session speaks " +
                                         legacy->session->protocol_version()));
          return;
        }
      }
    }
    if (message.is_array()) {
      // Checked here and not left to the session: its refusal would answer no POST.
      const std::string version = legacy->session->protocol_version();
      if (version != "2025-03-26" || message.empty()) {
        exchange.respond(rpc_error(
            400, nullptr, code::kInvalidRequest,
            message.empty() ? std::string("Invalid Request: the batch is empty; send at least "
                                          "one message")
                            : "Invalid Request: JSON-RPC batches exist only in MCP 2025-03-26; "
                              "this session speaks " +
                                  version + ": send one message per POST"));
        return;
      }
    }
    const std::vector<std::string> keys = request_keys(message);
    if (keys.empty()) {
      // Notifications (e.g. notifications/initialized, notifications/cancelled) and responses.
      legacy->session->handle_parsed(message);
      exchange.respond(empty_response(202));
      return;
    }
    HttpHeaders headers;
    if (initialize) headers.emplace_back("Mcp-Session-Id", legacy->id);
    auto reply = std::make_shared<Reply>(exchange, false, std::move(headers));
    {
      std::lock_guard lock(legacy->mutex);
      for (std::size_t i = 0; i < keys.size(); ++i) {
        const bool repeated = std::find(keys.begin(), keys.begin() + static_cast<long>(i),
                                        keys[i]) != keys.begin() + static_cast<long>(i);
        if (repeated || legacy->pending.count(keys[i]) > 0) {
          exchange.respond(rpc_error(
              400, error_id, code::kInvalidRequest,
              "Invalid Request: request id " + keys[i] +
                  (repeated ? " appears twice in the batch" : " is still in use in this session") +
                  "; use a new id"));
          return;
        }
      }
      // Every id leads to this POST: a batch's progress comes per request, its answer as one.
      for (const std::string& key : keys)
        legacy->pending[key] = reply;
      const std::uint64_t number = legacy->next_stream++;
      reply->make_resumable(number);
      legacy->streams[number] = reply;
      while (legacy->streams.size() > LegacySession::kResumableStreams)
        legacy->streams.erase(legacy->streams.begin());
    }
    // A lost connection is not a cancellation here (2025-11-25): the request runs on and its
    // stream can be resumed; the client cancels with notifications/cancelled.
    legacy->session->handle_parsed(message);
  }

  // GET /mcp in a legacy session: with Last-Event-ID, the rest of that stream; without, 405
  // (no standalone server stream is offered).
  void resume_stream(const HttpRequest& request, const HttpExchange& exchange) {
    const std::optional<std::string> id = request.header("Mcp-Session-Id");
    const std::optional<std::string> last = request.header("Last-Event-ID");
    if (!id || !last) {
      exchange.respond(method_not_allowed(
          "POST, DELETE", "GET " + options_.path +
                              " only resumes a stream (Mcp-Session-Id and "
                              "Last-Event-ID); no standalone server stream is offered"));
      return;
    }
    std::shared_ptr<LegacySession> legacy = find_session(*id);
    if (!legacy) {
      exchange.respond(HttpResponse::text(404, "Session not found: it ended or expired"));
      return;
    }
    std::uint64_t number = 0, after = 0;
    const std::size_t dash = last->find('-');
    const auto parse = [](std::string_view text, std::uint64_t& out) {
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
      return ec == std::errc() && end == text.data() + text.size();
    };
    if (dash == std::string::npos || !parse(std::string_view(*last).substr(0, dash), number) ||
        !parse(std::string_view(*last).substr(dash + 1), after)) {
      exchange.respond(HttpResponse::text(
          400, "Last-Event-ID '" + *last + "' is not an event id of this server"));
      return;
    }
    std::shared_ptr<Reply> reply;
    {
      std::lock_guard lock(legacy->mutex);
      auto it = legacy->streams.find(number);
      if (it != legacy->streams.end()) reply = it->second;
    }
    if (!reply || !reply->resume(exchange, after)) {
      exchange.respond(HttpResponse::text(
          404, "no stream to resume for Last-Event-ID '" + *last + "' in this session"));
    }
  }

  // GET /sse: a new session whose messages all travel on this stream, after an `endpoint` event
  // naming where to POST (MCP 2024-11-05, "HTTP with SSE").
  void open_sse_stream(const HttpRequest& request, HttpExchange exchange) {
    if (request.method != "GET") {
      exchange.respond(method_not_allowed(
          "GET", "GET " + options_.sse_path + " opens the event stream of the HTTP+SSE transport"));
      return;
    }
    if (!detail::accepts(request.header("Accept"), "text/event-stream")) {
      exchange.respond(HttpResponse::text(406, "Accept must allow text/event-stream"));
      return;
    }
    auto client = std::make_shared<SseClient>();
    client->id = random_session_id();
    {
      std::lock_guard lock(mutex_);
      expire_idle_sessions();
      if (sessions_.size() + sse_clients_.size() >= options_.max_sessions) {
        HttpResponse response = HttpResponse::text(503, "too many MCP sessions are open (" +
                                                            std::to_string(options_.max_sessions) +
                                                            "); try again later");
        response.headers.emplace_back("Retry-After", std::to_string(options_.retry_after.count()));
        exchange.respond(std::move(response));
        return;
      }
      // Complete before it is listed: POST /messages, on_stop and on_stop_cancel read it from
      // other threads. Neither call blocks: the stream's writes are posted to its connection.
      SseStream stream = exchange.start_stream(200);
      stream.send(SseEvent{
          "endpoint", {}, options_.messages_path + "?sessionId=" + client->id, std::nullopt});
      client->stream = stream;
      client->session = server_.open_session(
          [stream](const mcp::OutgoingMessage& outgoing) {
            stream.send(SseEvent{"message", {}, outgoing.text, std::nullopt});
          },
          "sse");
      sse_clients_[client->id] = client;
    }
    // The stream is the session: when the client goes away, the session ends. When the stop
    // cancels it, on_stop_cancel ends the session once its calls are answered. Outside the
    // lock: for a client gone already, end_sse runs at once.
    client->on_gone.emplace(client->stream.cancellation(), [this, id = client->id] {
      if (!cancelling_.load()) end_sse(id);
    });
  }

  // POST /messages?sessionId=ID: one message for that session; answers travel on its stream.
  void post_sse_message(const HttpRequest& request, HttpExchange exchange) {
    if (request.method != "POST") {
      exchange.respond(method_not_allowed("POST", "POST " + options_.messages_path +
                                                      "?sessionId=... sends a message of the "
                                                      "HTTP+SSE transport"));
      return;
    }
    if (!detail::is_json_content_type(request.header("Content-Type"))) {
      exchange.respond(not_json_body());
      return;
    }
    const std::optional<std::string> id = request.query_parameter("sessionId");
    if (!id) {
      exchange.respond(HttpResponse::text(
          400,
          "the sessionId query parameter is required: POST to the URL of the stream's "
          "endpoint event"));
      return;
    }
    std::shared_ptr<mcp::Session> session;
    {
      std::lock_guard lock(mutex_);
      auto it = sse_clients_.find(*id);
      if (it != sse_clients_.end()) session = it->second->session;
    }
    if (!session) {
      exchange.respond(HttpResponse::text(
          404, "Session not found: its event stream closed; open " + options_.sse_path + " again"));
      return;
    }
    session->handle_message(request.body);
    exchange.respond(HttpResponse::text(202, "Accepted"));
  }

  // The HTTP+SSE sessions open now, by id (end_sse takes a session out of its client).
  std::vector<std::pair<std::string, std::shared_ptr<mcp::Session>>> sse_sessions() {
    std::lock_guard lock(mutex_);
    std::vector<std::pair<std::string, std::shared_ptr<mcp::Session>>> out;
    for (auto& [id, client] : sse_clients_)
      out.emplace_back(id, client->session);
    return out;
  }

  // The client went away, or the server stops and the session has nothing left to answer.
  void end_sse(const std::string& id) {
    std::shared_ptr<SseClient> client;
    {
      std::lock_guard lock(mutex_);
      auto it = sse_clients_.find(id);
      if (it == sse_clients_.end()) return;
      client = std::move(it->second);
      sse_clients_.erase(it);
    }
    client->stream.close();  // after the events already sent; nothing if the client is gone
    reaper_.reap(std::move(client->session));
  }

  void end_all_sessions() {
    std::lock_guard lock(mutex_);
    for (auto& [id, legacy] : sessions_)
      reaper_.reap(std::move(legacy->session));
    sessions_.clear();
    for (auto& [id, client] : sse_clients_)
      reaper_.reap(std::move(client->session));
    sse_clients_.clear();
  }

  // Nullptr at the session limit, which Streamable HTTP sessions and HTTP+SSE sessions share.
  std::shared_ptr<LegacySession> open_legacy_session() {
    std::lock_guard lock(mutex_);
    expire_idle_sessions();
    if (sessions_.size() + sse_clients_.size() >= options_.max_sessions) return nullptr;
    auto legacy = std::make_shared<LegacySession>();
    legacy->id = random_session_id();
    std::weak_ptr<LegacySession> weak = legacy;
    legacy->session = server_.open_session(
        [this, weak](const mcp::OutgoingMessage& outgoing) {
          auto session = weak.lock();
          if (!session || !outgoing.related_request) return;  // no server stream to carry it
          const bool response = outgoing.kind == mcp::OutgoingMessage::Kind::Response;
          std::shared_ptr<Reply> reply;
          {
            std::lock_guard lock(session->mutex);
            auto take = [&](const json& id) {
              auto it = session->pending.find(id.dump());
              if (it == session->pending.end()) return;
              if (!reply) reply = it->second;
              if (response) session->pending.erase(it);
            };
            // A batch's answer relates to the ids of all its requests.
            if (outgoing.related_request->is_array()) {
              for (const json& id : *outgoing.related_request)
                take(id);
            } else {
              take(*outgoing.related_request);
            }
          }
          if (reply) reply->deliver(outgoing);
        },
        "http");
    sessions_[legacy->id] = legacy;
    return legacy;
  }

  std::shared_ptr<LegacySession> find_session(const std::string& id) {
    std::lock_guard lock(mutex_);
    expire_idle_sessions();
    auto it = sessions_.find(id);
    if (it == sessions_.end()) return nullptr;
    it->second->last_used = Clock::now();
    return it->second;
  }

  void end_session(const HttpRequest& request, const HttpExchange& exchange) {
    const std::optional<std::string> id = request.header("Mcp-Session-Id");
    if (!id) {
      exchange.respond(method_not_allowed(
          "POST, DELETE",
          "DELETE ends a legacy session named by Mcp-Session-Id; 2026-07-28 has none"));
      return;
    }
    std::shared_ptr<LegacySession> legacy;
    {
      std::lock_guard lock(mutex_);
      auto it = sessions_.find(*id);
      if (it != sessions_.end()) {
        legacy = it->second;
        sessions_.erase(it);
      }
    }
    if (!legacy) {
      exchange.respond(HttpResponse::text(404, "Session not found: it ended or expired"));
      return;
    }
    reaper_.reap(std::move(legacy->session));
    exchange.respond(empty_response(204));
  }

  // Under mutex_.
  void expire_idle_sessions() {
    const Clock::time_point now = Clock::now();
    for (auto it = sessions_.begin(); it != sessions_.end();) {
      LegacySession& legacy = *it->second;
      bool idle = false;
      {
        std::lock_guard lock(legacy.mutex);
        idle = legacy.pending.empty() && now - legacy.last_used > options_.session_idle;
      }
      if (idle) {
        spdlog::info("mcp http: session expired after {} s idle", options_.session_idle.count());
        reaper_.reap(std::move(legacy.session));
        it = sessions_.erase(it);
      } else {
        ++it;
      }
    }
  }

  mcp::Server& server_;
  McpHttpOptions options_;
  // Set by on_stop_cancel: a token cancelled from then on is the stop's. answer_by_ is written
  // before the flag and read after it.
  std::atomic<bool> cancelling_{false};
  Clock::time_point answer_by_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<LegacySession>> sessions_;
  std::map<std::string, std::shared_ptr<SseClient>> sse_clients_;
  Reaper reaper_;  // last: joined first, after the sessions were handed to it
};

}  // namespace

std::unique_ptr<HttpHandler> make_mcp_http_handler(mcp::Server& server, McpHttpOptions options) {
  return std::make_unique<McpHttpHandler>(server, std::move(options));
}

}  // namespace sparqlmcp::transport
