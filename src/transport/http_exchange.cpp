#include "http_exchange.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "http_connection.hpp"

namespace sparqlmcp::transport {

namespace detail {

ExchangeCore::ExchangeCore(std::weak_ptr<HttpServer::State> state,
                           std::weak_ptr<Connection> connection, std::uint64_t id,
                           std::size_t max_queue_bytes)
    : state(std::move(state)),
      connection(std::move(connection)),
      id(id),
      max_queue_bytes(max_queue_bytes) {}

template <class Work>
bool ExchangeCore::post(Work work) {
  // The State keeps the io_context (and so the connection's socket) alive while we post.
  auto server = state.lock();
  if (!server) return false;
  auto target = connection.lock();
  if (!target) return false;
  boost::asio::post(target->executor(),
                    [target, self = shared_from_this(), work = std::move(work)]() mutable {
                      work(*target, self);
                    });
  return true;
}

HttpExchange ExchangeCore::make_exchange() {
  return HttpExchange(std::make_shared<ExchangeAnswer>(shared_from_this()));
}

bool ExchangeCore::respond(HttpResponse response) {
  if (answered.exchange(true) || detached) return false;
  return post([response = std::move(response)](Connection& target,
                                               const std::shared_ptr<ExchangeCore>& self) mutable {
    target.write_response(self, std::move(response));
  });
}

bool ExchangeCore::begin_stream(int status, HttpHeaders headers) {
  if (answered.exchange(true) || detached) return false;
  stream_open = true;
  bool posted = post([status, headers = std::move(headers)](
                         Connection& target, const std::shared_ptr<ExchangeCore>& self) mutable {
    target.write_stream_head(self, status, std::move(headers));
  });
  if (!posted) stream_open = false;
  return posted;
}

bool ExchangeCore::send_event(std::string text) {
  if (!stream_open) return false;
  std::size_t size = text.size();
  std::size_t before = queued_bytes.fetch_add(size);
  if (before > 0 && before + size > max_queue_bytes) {
    queued_bytes -= size;
    stream_open = false;
    post([](Connection& target, const std::shared_ptr<ExchangeCore>& self) {
      target.drop_slow_client(self);
    });
    return false;
  }
  bool posted = post([text = std::move(text)](Connection& target,
                                              const std::shared_ptr<ExchangeCore>& self) mutable {
    target.write_stream_event(self, std::move(text));
  });
  if (!posted) queued_bytes -= size;
  return posted;
}

void ExchangeCore::close_stream() {
  if (!stream_open.exchange(false)) return;
  post([](Connection& target, const std::shared_ptr<ExchangeCore>& self) {
    target.end_stream(self);
  });
}

ExchangeAnswer::~ExchangeAnswer() {
  if (core->answered || core->detached || core->state.expired()) return;
  if (core->token->cancelled()) {  // stop() cancelled it and the handler gave up: no bug
    core->respond(HttpResponse::text(503, "the request was cancelled: the server is stopping"));
    return;
  }
  spdlog::error("http: a request was dropped by its handler without an answer; answering 500");
  core->respond(HttpResponse::text(500, "internal error: the request was dropped unanswered"));
}

}  // namespace detail

// --- The public handles -------------------------------------------------------------------

namespace {

// What an empty SseStream reports: a stream that was never open.
const CancellationTokenPtr& cancelled_token() {
  static const CancellationTokenPtr token = [] {
    auto t = std::make_shared<CancellationToken>();
    t->cancel();
    return t;
  }();
  return token;
}

}  // namespace

CancellationTokenPtr HttpExchange::cancellation() const {
  return answer_->core->token;
}

bool HttpExchange::respond(HttpResponse response) const {
  return answer_->core->respond(std::move(response));
}

SseStream HttpExchange::start_stream(int status, HttpHeaders headers) const {
  if (!answer_->core->begin_stream(status, std::move(headers))) return SseStream();
  return SseStream(std::make_shared<detail::StreamOwner>(answer_->core));
}

bool HttpExchange::answered() const {
  return answer_->core->answered;
}

bool SseStream::send(const SseEvent& event) const {
  if (!owner_) return false;
  return owner_->core->send_event(format_sse_event(event));
}

bool SseStream::send_comment(std::string_view text) const {
  if (!owner_) return false;
  // Every line of the text is its own comment line.
  std::string out;
  std::size_t start = 0;
  while (true) {
    std::size_t end = text.find_first_of("\r\n", start);
    out.append(": ").append(text.substr(start, end == std::string_view::npos ? end : end - start));
    out.push_back('\n');
    if (end == std::string_view::npos) break;
    start = end + (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? 2 : 1);
  }
  out.push_back('\n');
  return owner_->core->send_event(std::move(out));
}

void SseStream::close() const {
  if (owner_) owner_->core->close_stream();
}

bool SseStream::is_open() const {
  return owner_ && owner_->core->stream_open;
}

CancellationTokenPtr SseStream::cancellation() const {
  return owner_ ? owner_->core->token : cancelled_token();
}

}  // namespace sparqlmcp::transport
