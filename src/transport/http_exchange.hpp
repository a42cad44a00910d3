#pragma once
// The shared core of one request's answer (private to src/transport). Three owners:
// - the Connection (while the exchange is its current one),
// - ExchangeAnswer, held by every HttpExchange copy the handler keeps: when the last copy goes
//   without an answer, the server answers 500;
// - StreamOwner, held by every SseStream copy: when the last copy goes, the stream is closed.
// Every member may be called from any thread: the work is posted to the connection's strand.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "sparqlmcp/transport/http_server.hpp"

namespace sparqlmcp::transport {

class Connection;

namespace detail {

struct ExchangeCore : std::enable_shared_from_this<ExchangeCore> {
  ExchangeCore(std::weak_ptr<HttpServer::State> state, std::weak_ptr<Connection> connection,
               std::uint64_t id, std::size_t max_queue_bytes);

  std::weak_ptr<HttpServer::State> state;
  std::weak_ptr<Connection> connection;
  const std::uint64_t id;
  const std::size_t max_queue_bytes;
  const CancellationTokenPtr token = std::make_shared<CancellationToken>();

  std::atomic<bool> answered{false};
  // Set by the connection when the exchange is over (answered, or the client is gone).
  std::atomic<bool> detached{false};
  std::atomic<bool> stream_open{false};
  // Event bytes handed to the connection and not yet written (slow-client bound).
  std::atomic<std::size_t> queued_bytes{0};

  // The handle given to the handler (its first ExchangeAnswer).
  HttpExchange make_exchange();

  bool respond(HttpResponse response);
  // Marks the exchange answered by a stream and posts its head; false if it was answered.
  bool begin_stream(int status, HttpHeaders headers);
  // `text`: formatted event or comment lines, ending with the blank line.
  bool send_event(std::string text);
  void close_stream();

 private:
  // Runs `work(connection)` on the connection's strand, if the server and connection live.
  template <class Work>
  bool post(Work work);
};

struct ExchangeAnswer {
  explicit ExchangeAnswer(std::shared_ptr<ExchangeCore> core) : core(std::move(core)) {}
  ~ExchangeAnswer();
  std::shared_ptr<ExchangeCore> core;
};

struct StreamOwner {
  explicit StreamOwner(std::shared_ptr<ExchangeCore> core) : core(std::move(core)) {}
  ~StreamOwner() { core->close_stream(); }
  std::shared_ptr<ExchangeCore> core;
};

}  // namespace detail
}  // namespace sparqlmcp::transport
