#pragma once
// One accepted TCP connection (private to src/transport): reads requests one at a time,
// applies the checks, hands each to the handler and writes its answer. Every member runs on
// the connection's strand (the socket's executor); other threads reach it through asio::post.
//
// While a request is being handled the connection keeps reading: the next request's header (a
// pipelining client's, answered once the current one is done) or the end of the connection,
// which is how a client going away is noticed before anything is written to it.

#include <boost/asio/buffer.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
// GCC 12 with the sanitizers reports -Wmaybe-uninitialized inside Beast's parser (the empty
// boost::optional content_length() returns); the code is Boost's alone.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/beast/http/parser.hpp>
#pragma GCC diagnostic pop
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "http_exchange.hpp"
#include "http_server_state.hpp"

namespace sparqlmcp::transport {

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  // `over_limit`: the server already has max_connections open; the first request is answered
  // 503 and the connection closed.
  Connection(HttpServer::State& state, boost::asio::ip::tcp::socket socket, std::uint64_t id,
             bool over_limit);

  std::uint64_t id() const { return id_; }
  boost::asio::any_io_executor executor() { return socket_.get_executor(); }

  void start();
  // stop() began: an idle connection closes now, a busy one after its exchange.
  void on_server_stop();
  // stop() ends: close whatever is left (the exchange counts as abandoned).
  void force_close();

  // From ExchangeCore, on the strand. Each ignores an exchange that is no longer current.
  void write_response(const std::shared_ptr<detail::ExchangeCore>& core, HttpResponse response);
  void write_stream_head(const std::shared_ptr<detail::ExchangeCore>& core, int status,
                         HttpHeaders headers);
  void write_stream_event(const std::shared_ptr<detail::ExchangeCore>& core, std::string text);
  void end_stream(const std::shared_ptr<detail::ExchangeCore>& core);
  // The stream's queue overflowed: the client is too slow to keep.
  void drop_slow_client(const std::shared_ptr<detail::ExchangeCore>& core);

 private:
  enum class After { Nothing, CompleteExchange, ReadNext, Close };
  struct Pending {
    std::string bytes;
    std::size_t event_bytes = 0;  // counted in the exchange's queued_bytes
    After after = After::Nothing;
  };

  void read_header();
  void on_header(boost::system::error_code ec);
  void on_read_error(boost::system::error_code ec);
  void process_header();
  void read_body();
  void on_body(boost::system::error_code ec);
  void dispatch();

  // Answers a request the server refuses itself. Keeps the connection when the request had no
  // body still to read and may be kept alive, else closes it after the answer.
  void reject(int status, std::string_view reason, HttpHeaders headers = {});
  void answer_preflight(std::string_view requested_headers);
  void reject_and_close(int status, std::string_view reason, HttpHeaders headers = {});

  std::string serialize_head(int status, const HttpHeaders& headers, bool keep_alive,
                             std::optional<std::size_t> content_length, bool chunked) const;
  void queue(std::string bytes, After after, std::size_t event_bytes = 0);
  void write_next();
  void on_write(boost::system::error_code ec);
  void arm_ping();
  std::string frame(std::string_view text) const;  // one chunk when chunked_
  void arm_read_timer(std::chrono::milliseconds after);
  void disarm_read_timer();

  void complete_exchange();
  void client_gone(const char* why);
  void release_slot();
  // Takes the current exchange off the connection and the server's books.
  std::shared_ptr<detail::ExchangeCore> detach_exchange();
  void graceful_close();
  void drain();
  void close_now();

  HttpServer::State& state_;
  boost::asio::ip::tcp::socket socket_;
  const std::uint64_t id_;
  const bool over_limit_;
  std::string remote_;  // "address:port"
  std::string client_;  // address only: the per-client limit's key

  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  boost::asio::steady_timer read_timer_;
  boost::asio::steady_timer write_timer_;
  boost::asio::steady_timer ping_timer_;
  std::string drain_buffer_;

  bool read_pending_ = false;
  // Bumped whenever a timer is re-armed or disarmed, so a wait that completed just before
  // (its handler already queued) does not act.
  std::uint64_t read_generation_ = 0;
  std::uint64_t write_generation_ = 0;
  bool next_header_ready_ = false;  // a pipelined request's header waits in parser_
  std::optional<boost::system::error_code> next_error_;  // its read failed (answered later)

  // The current request.
  unsigned version_ = 11;
  bool keep_alive_ = false;
  bool head_request_ = false;
  bool slot_held_ = false;
  std::string method_, path_;  // for the debug log (never the query: it may hold session ids)
  // The allowed Origin a browser sent, echoed in Access-Control-Allow-Origin; empty without one.
  std::string cors_origin_;
  std::shared_ptr<detail::ExchangeCore> exchange_;
  bool streaming_ = false;
  bool stream_ending_ = false;
  bool chunked_ = false;
  bool wrote_since_ping_ = false;
  bool close_after_exchange_ = false;

  std::deque<Pending> queue_;
  std::vector<boost::asio::const_buffer> write_buffers_;  // the write under way: queue_'s front
  bool writing_ = false;
  bool closing_ = false;  // answer sent with Connection: close; draining until the client closes
  bool closed_ = false;
};

}  // namespace sparqlmcp::transport
