#include "sparqlmcp/transport/http_server.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <thread>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "http_connection.hpp"
#include "http_server_state.hpp"
#include "sparqlmcp/transport/http_security.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::transport {

namespace asio = boost::asio;
using boost::system::error_code;
using tcp = asio::ip::tcp;

namespace {

// How long stop() lets the io threads close the connections it abandons before it stops the
// io_context: closing a socket is quick unless a handler blocks an io thread.
constexpr std::chrono::milliseconds kCloseLimit{1000};

std::string url_host_of(const asio::ip::address& address) {
  return address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
}

}  // namespace

// --- State --------------------------------------------------------------------------------

namespace {

HttpServerOptions with_io_thread_count(HttpServerOptions options) {
  if (options.threads == 0) options.threads = std::max(1U, std::thread::hardware_concurrency() / 4);
  return options;
}

}  // namespace

HttpServer::State::State(HttpHandler& handler, HttpServerOptions options)
    : handler(handler),
      options(with_io_thread_count(std::move(options))),
      // The hint lets a one-thread io_context skip waking other threads.
      io(static_cast<int>(this->options.threads)),
      accept_strand(asio::make_strand(io)),
      acceptor(accept_strand) {}

SlotRefusal HttpServer::State::acquire_slot(const std::string& client) {
  std::lock_guard lock(mutex);
  if (in_flight >= options.max_concurrent_requests) return SlotRefusal::ServerBusy;
  auto& mine = per_client[client];
  if (options.max_requests_per_client > 0 && mine >= options.max_requests_per_client) {
    if (mine == 0) per_client.erase(client);
    return SlotRefusal::ClientBusy;
  }
  ++mine;
  ++in_flight;
  return SlotRefusal::None;
}

void HttpServer::State::release_slot(const std::string& client) {
  std::lock_guard lock(mutex);
  --in_flight;
  auto found = per_client.find(client);
  if (found != per_client.end() && --found->second == 0) per_client.erase(found);
  changed.notify_all();
}

void HttpServer::State::add_exchange(std::uint64_t id, CancellationTokenPtr token) {
  std::lock_guard lock(mutex);
  active.emplace(id, std::move(token));
}

void HttpServer::State::remove_exchange(std::uint64_t id) {
  std::lock_guard lock(mutex);
  active.erase(id);
}

void HttpServer::State::add_connection(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock(mutex);
  connections.emplace(connection->id(), connection);
}

void HttpServer::State::remove_connection(std::uint64_t id) {
  std::shared_ptr<Connection> gone;  // destroyed outside the lock
  std::lock_guard lock(mutex);
  auto found = connections.find(id);
  if (found == connections.end()) return;
  gone = std::move(found->second);
  connections.erase(found);
  changed.notify_all();
}

std::vector<std::shared_ptr<Connection>> HttpServer::State::open_connections() const {
  std::lock_guard lock(mutex);
  std::vector<std::shared_ptr<Connection>> out;
  for (const auto& [id, connection] : connections)
    out.push_back(connection);
  return out;
}

std::size_t HttpServer::State::connection_count() const {
  std::lock_guard lock(mutex);
  return connections.size();
}

void HttpServer::State::start_accepting() {
  asio::post(accept_strand, [this] { accept(); });
}

// The handlers capture `this`, not a shared_ptr: the State owns the io_context, and a handler
// owning the State would keep both alive forever once the io_context stopped.
void HttpServer::State::accept() {
  acceptor.async_accept(asio::make_strand(io), [self = this](error_code ec, tcp::socket socket) {
    if (!self->acceptor.is_open()) return;
    if (ec) {
      // Out of file descriptors (or memory): wait a little rather than spin on accept.
      spdlog::warn("http: accepting a connection failed: {}", ec.message());
      auto timer = std::make_shared<asio::steady_timer>(self->accept_strand);
      timer->expires_after(std::chrono::milliseconds(100));
      timer->async_wait([self, timer](error_code) {
        if (self->acceptor.is_open()) self->accept();
      });
      return;
    }
    ++self->connections_accepted;
    bool over_limit = self->connection_count() >= self->options.max_connections;
    auto connection =
        std::make_shared<Connection>(*self, std::move(socket), self->next_id++, over_limit);
    self->add_connection(connection);
    asio::post(connection->executor(), [connection] { connection->start(); });
    self->accept();
  });
}

void HttpServer::State::check_not_io_thread() const {
  // run_stop() joins the io threads: from one of them it would wait for itself.
  for (const auto& thread : threads)
    if (thread.get_id() == std::this_thread::get_id())
      throw_error(ErrorKind::Internal,
                  "HttpServer::stop()/wait() called from an io thread (a handler): call "
                  "request_stop() there instead");
}

StopReport HttpServer::State::run_stop() {
  check_not_io_thread();
  {
    std::unique_lock lock(mutex);
    changed.wait(lock, [this] { return stop_requested; });
    if (stop_started) {
      changed.wait(lock, [this] { return stop_done; });
      return report;
    }
    stop_started = true;
  }
  spdlog::info("http: stopping");
  stopping = true;
  asio::post(accept_strand, [this] {
    error_code ignored;
    acceptor.close(ignored);
  });
  for (auto& connection : open_connections())
    asio::post(connection->executor(), [connection] { connection->on_server_stop(); });

  StopReport result;
  std::size_t at_begin = 0;
  {
    std::lock_guard lock(mutex);
    at_begin = in_flight;
  }
  auto deadline = std::chrono::steady_clock::now() + options.stop_timeout;
  try {
    handler.on_stop(deadline);
  } catch (const std::exception& e) {
    spdlog::error("http: the handler's on_stop threw: {}", e.what());
  }

  std::vector<CancellationTokenPtr> tokens;
  {
    std::unique_lock lock(mutex);
    changed.wait_until(lock, deadline, [this] { return in_flight == 0; });
    result.finished = at_begin > in_flight ? at_begin - in_flight : 0;
    for (const auto& [id, token] : active)
      tokens.push_back(token);
  }
  if (!tokens.empty()) {
    spdlog::info("http: cancelling {} request(s) still running", tokens.size());
    try {
      handler.on_stop_cancel(std::chrono::steady_clock::now() + options.cancel_grace);
    } catch (const std::exception& e) {
      spdlog::error("http: the handler's on_stop_cancel threw: {}", e.what());
    }
    for (auto& token : tokens)
      token->cancel();
    result.cancelled = tokens.size();
    std::unique_lock lock(mutex);
    changed.wait_for(lock, options.cancel_grace, [this] { return in_flight == 0; });
  }
  {
    std::lock_guard lock(mutex);
    result.closed = in_flight;
  }
  if (result.closed > 0)
    spdlog::warn("http: closing {} request(s) that did not end when cancelled", result.closed);
  for (auto& connection : open_connections())
    asio::post(connection->executor(), [connection] { connection->force_close(); });
  {
    std::unique_lock lock(mutex);
    changed.wait_for(lock, kCloseLimit, [this] { return connections.empty(); });
  }
  work.reset();
  io.stop();
  for (auto& thread : threads)
    if (thread.joinable()) thread.join();
  spdlog::info("http: stopped ({} finished, {} cancelled, {} closed)", result.finished,
               result.cancelled, result.closed);
  {
    std::lock_guard lock(mutex);
    report = result;
    stop_done = true;
    changed.notify_all();
  }
  return result;
}

// --- HttpServer ---------------------------------------------------------------------------

HttpServer::HttpServer(HttpHandler& handler, HttpServerOptions options)
    : state_(std::make_shared<State>(handler, std::move(options))) {
  auto& state = *state_;
  const auto& listen = state.options.listen;
  std::string where = listen.host + ":" + std::to_string(listen.port);
  if (state.options.bearer_token && state.options.bearer_token->empty())
    throw_error(ErrorKind::InvalidArgument, "the bearer token is empty");

  error_code ec;
  tcp::resolver resolver(state.io);
  auto results = resolver.resolve(listen.host, std::to_string(listen.port),
                                  tcp::resolver::passive | tcp::resolver::numeric_service, ec);
  if (ec || results.empty())
    throw_error(ErrorKind::InvalidArgument, "cannot listen on " + where +
                                                ": the host does not resolve (" + ec.message() +
                                                "); give an IP address or a known name");
  tcp::endpoint endpoint = *results.begin();
  auto fail = [&](const char* step) {
    throw_error(ErrorKind::InvalidArgument,
                "cannot listen on " + where + ": " + step + " failed: " + ec.message());
  };
  if (state.acceptor.open(endpoint.protocol(), ec)) fail("opening the socket");
  if (state.acceptor.set_option(tcp::acceptor::reuse_address(true), ec)) fail("SO_REUSEADDR");
  if (state.acceptor.bind(endpoint, ec)) fail("bind");
  if (state.acceptor.listen(asio::socket_base::max_listen_connections, ec)) fail("listen");

  auto bound = state.acceptor.local_endpoint();
  state.port = bound.port();
  state.url_host = url_host_of(bound.address());
  state.allowed_hosts = state.options.allowed_hosts.empty()
                            ? default_allowed_hosts(state.url_host, state.port)
                            : state.options.allowed_hosts;
  state.allowed_origins = state.options.allowed_origins.empty()
                              ? default_allowed_origins(state.url_host, state.port)
                              : state.options.allowed_origins;
  state.allowed_hosts.insert(state.allowed_hosts.end(), state.options.extra_allowed_hosts.begin(),
                             state.options.extra_allowed_hosts.end());
  state.allowed_origins.insert(state.allowed_origins.end(),
                               state.options.extra_allowed_origins.begin(),
                               state.options.extra_allowed_origins.end());

  state.work.emplace(state.io.get_executor());
  state.start_accepting();
  std::size_t count = state.options.threads;
  for (std::size_t i = 0; i < count; ++i)
    state.threads.emplace_back([&state] {
      // A handler that throws out of Asio is our bug: log it and keep the thread serving.
      while (true) {
        try {
          state.io.run();
          return;
        } catch (const std::exception& e) {
          spdlog::error("http: an io thread caught: {}", e.what());
        }
      }
    });
  spdlog::info("http: listening on {}:{} ({} thread(s){})", state.url_host, state.port, count,
               state.options.bearer_token ? ", bearer token required" : "");
}

HttpServer::~HttpServer() {
  stop();
}

unsigned short HttpServer::port() const {
  return state_->port;
}

std::string HttpServer::host() const {
  return state_->url_host;
}

std::string HttpServer::url(std::string_view path) const {
  std::string out = "http://" + state_->url_host + ":" + std::to_string(state_->port);
  if (path.empty() || path.front() != '/') out.push_back('/');
  out.append(path);
  return out;
}

void HttpServer::request_stop() {
  std::lock_guard lock(state_->mutex);
  state_->stop_requested = true;
  state_->changed.notify_all();
}

StopReport HttpServer::wait() {
  return state_->run_stop();
}

StopReport HttpServer::stop() {
  state_->check_not_io_thread();  // before asking: a refused stop() must not half-happen
  request_stop();
  return wait();
}

HttpServerStats HttpServer::stats() const {
  HttpServerStats out;
  out.connections_accepted = state_->connections_accepted;
  out.requests_handled = state_->requests_handled;
  out.requests_rejected = state_->requests_rejected;
  std::lock_guard lock(state_->mutex);
  out.connections_open = state_->connections.size();
  out.in_flight = state_->in_flight;
  return out;
}

}  // namespace sparqlmcp::transport
