#pragma once
// What the HttpServer's connections and exchanges share (private to src/transport).
//
// Ownership: HttpServer owns the State through shared_ptr; exchanges hold it weakly (a handler
// may keep an HttpExchange after the server is gone: its calls then do nothing). The State owns
// every open Connection (`connections`, strong) until the connection closes; pending Asio
// handlers own it until they run. Members are declared so that the connections go before the
// io_context their sockets belong to, and the io_context before the mutex and maps its pending
// handlers' destructors may still touch.

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "sparqlmcp/transport/http_server.hpp"

namespace sparqlmcp::transport {

class Connection;

// Why a request was not given a slot.
enum class SlotRefusal { None, ServerBusy, ClientBusy };

struct HttpServer::State : std::enable_shared_from_this<HttpServer::State> {
  State(HttpHandler& handler, HttpServerOptions options);

  HttpHandler& handler;
  HttpServerOptions options;
  std::vector<std::string> allowed_hosts;  // options' lists, or the defaults once bound
  std::vector<std::string> allowed_origins;
  std::string url_host;  // "127.0.0.1", "[::1]"
  unsigned short port = 0;

  // Set when stop() begins: new requests are answered 503 and connections close after their
  // current exchange.
  std::atomic<bool> stopping{false};

  std::atomic<std::size_t> connections_accepted{0};
  std::atomic<std::size_t> requests_handled{0};
  std::atomic<std::size_t> requests_rejected{0};
  std::atomic<std::uint64_t> next_id{1};

  // --- under `mutex` ---
  mutable std::mutex mutex;
  std::condition_variable changed;  // in_flight, connections, the stop flags
  std::size_t in_flight = 0;
  std::map<std::string, std::size_t> per_client;         // in-flight requests per client address
  std::map<std::uint64_t, CancellationTokenPtr> active;  // exchange id -> its token
  bool stop_requested = false;
  bool stop_started = false;
  bool stop_done = false;
  StopReport report;

  // Takes a request slot for `client`, or says which limit refused it. A slot is held from an
  // accepted header until the exchange completes (its stream included).
  SlotRefusal acquire_slot(const std::string& client);
  void release_slot(const std::string& client);
  // The exchanges being handled, whose tokens stop() cancels when its time is up.
  void add_exchange(std::uint64_t id, CancellationTokenPtr token);
  void remove_exchange(std::uint64_t id);

  void add_connection(const std::shared_ptr<Connection>& connection);
  void remove_connection(std::uint64_t id);
  std::vector<std::shared_ptr<Connection>> open_connections() const;
  std::size_t connection_count() const;

  void start_accepting();
  void check_not_io_thread() const;  // throws Exception(Internal) on an io thread
  StopReport run_stop();

  // --- Asio; declared last so that they are destroyed first (see above) ---
  boost::asio::io_context io;
  boost::asio::strand<boost::asio::io_context::executor_type> accept_strand;
  boost::asio::ip::tcp::acceptor acceptor;
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work;
  std::map<std::uint64_t, std::shared_ptr<Connection>> connections;  // under `mutex`
  std::vector<std::thread> threads;

 private:
  void accept();
};

}  // namespace sparqlmcp::transport
