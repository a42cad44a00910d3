#include "test_server.hpp"

#include <zlib.h>

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <ctime>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <thread>

#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::http::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using tcp = asio::ip::tcp;

struct TestServer::State {
  asio::io_context io;
  tcp::acceptor acceptor{io};
  std::thread thread;
  mutable std::mutex mutex;
  std::map<std::string, Handler> routes;
  std::map<std::string, int> retries;
  std::map<std::string, std::size_t> arrivals;  // requests per path, under `mutex`
  mutable std::condition_variable arrived;
  std::atomic<std::size_t> connections{0};
  std::atomic<std::size_t> requests{0};
  std::atomic<std::size_t> streamed{0};
  // Timers of the requests held at the barrier; touched on the server thread only.
  std::vector<std::weak_ptr<asio::steady_timer>> barrier;
  unsigned short port = 0;

  void record_arrival(const std::string& path) {
    std::lock_guard lock(mutex);
    ++arrivals[path];
    arrived.notify_all();
  }

  Handler find(const std::string& path) {
    std::lock_guard lock(mutex);
    auto found = routes.find(path);
    return found == routes.end() ? Handler{} : found->second;
  }
};

namespace {

std::string http_date(std::time_t when) {
  std::tm tm{};
  gmtime_r(&when, &tm);
  char buffer[64];
  std::strftime(buffer, sizeof buffer, "%a, %d %b %Y %H:%M:%S GMT", &tm);
  return buffer;
}

class Session : public std::enable_shared_from_this<Session> {
 public:
  // The State outlives every session: its io_context destroys them when it is destroyed.
  Session(tcp::socket socket, TestServer::State* state)
      : socket_(std::move(socket)),
        state_(state),
        timer_(std::make_shared<asio::steady_timer>(socket_.get_executor())) {}

  void read() {
    parser_.emplace();
    parser_->body_limit(64 * 1024 * 1024);
    bhttp::async_read(socket_, buffer_, *parser_,
                      [self = shared_from_this()](beast::error_code ec, std::size_t) {
                        if (!ec) self->on_request();
                      });
  }

 private:
  void on_request() {
    auto& message = parser_->get();
    TestRequest request;
    request.method = std::string(message.method_string());
    request.target = std::string(message.target());
    auto question = request.target.find('?');
    request.path = request.target.substr(0, question);
    if (question != std::string::npos) request.query = request.target.substr(question + 1);
    for (const auto& field : message)
      request.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
    request.body = message.body();
    keep_alive_ = message.keep_alive();
    ++state_->requests;

    Handler handler = state_->find(request.path);
    reply_ = handler ? handler(request)
                     : TestReply{404, {{"Content-Type", "text/plain"}}, "no route " + request.path};
    state_->record_arrival(request.path);
    if (reply_.barrier > 0) {
      hold_at_barrier();
    } else if (reply_.delay.count() > 0) {
      timer_->expires_after(reply_.delay);
      timer_->async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec) self->write();
      });
    } else {
      write();
    }
  }

  // Waits (a timer that only the barrier cancels) until reply_.barrier requests are held, then
  // releases them all.
  void hold_at_barrier() {
    auto& held = state_->barrier;
    held.erase(std::remove_if(held.begin(), held.end(), [](const auto& t) { return t.expired(); }),
               held.end());
    held.push_back(timer_);
    timer_->expires_after(std::chrono::hours(1));
    timer_->async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec == asio::error::operation_aborted) self->write();
    });
    if (held.size() < reply_.barrier) return;
    for (auto& weak : held)
      if (auto timer = weak.lock()) timer->cancel();
    held.clear();
  }

  void write() {
    if (reply_.raw) {
      chunk_ = *reply_.raw;
      asio::async_write(socket_, asio::buffer(chunk_),
                        [self = shared_from_this()](beast::error_code, std::size_t) {
                          beast::error_code ignored;
                          self->socket_.shutdown(tcp::socket::shutdown_both, ignored);
                          self->socket_.close(ignored);
                        });
      return;
    }
    if (reply_.stream_bytes > 0) {
      std::string head = "HTTP/1.1 " + std::to_string(reply_.status) + " OK\r\n";
      for (const auto& [name, value] : reply_.headers)
        head += name + ": " + value + "\r\n";
      head += "Content-Length: " + std::to_string(reply_.stream_bytes) + "\r\n\r\n";
      chunk_ = std::move(head);
      remaining_ = reply_.stream_bytes;
      asio::async_write(socket_, asio::buffer(chunk_),
                        [self = shared_from_this()](beast::error_code ec, std::size_t) {
                          if (!ec) self->stream_next();
                        });
      return;
    }
    response_.emplace();
    response_->result(static_cast<unsigned>(reply_.status));
    response_->version(11);
    for (const auto& [name, value] : reply_.headers)
      response_->set(name, value);
    response_->body() = reply_.body;
    response_->keep_alive(keep_alive_);
    response_->prepare_payload();
    bhttp::async_write(socket_, *response_,
                       [self = shared_from_this()](beast::error_code ec, std::size_t) {
                         if (!ec) self->after_write();
                       });
  }

  void stream_next() {
    if (remaining_ == 0) {
      after_write();
      return;
    }
    const std::size_t size = std::min<std::size_t>(remaining_, 256 * 1024);
    chunk_.assign(size, 'x');
    for (std::size_t i = 0; i < size; i += 64)
      chunk_[i] = '\n';
    remaining_ -= size;
    state_->streamed += size;
    asio::async_write(socket_, asio::buffer(chunk_),
                      [self = shared_from_this()](beast::error_code ec, std::size_t) {
                        if (!ec) self->stream_next();
                      });
  }

  void after_write() {
    if (keep_alive_) {
      read();
    } else {
      beast::error_code ignored;
      socket_.shutdown(tcp::socket::shutdown_send, ignored);
    }
  }

  tcp::socket socket_;
  TestServer::State* state_;
  std::shared_ptr<asio::steady_timer> timer_;
  beast::flat_buffer buffer_;
  std::optional<bhttp::request_parser<bhttp::string_body>> parser_;
  std::optional<bhttp::response<bhttp::string_body>> response_;
  TestReply reply_;
  bool keep_alive_ = true;
  std::string chunk_;
  std::size_t remaining_ = 0;
};

void accept_next(TestServer::State* state) {
  state->acceptor.async_accept([state](beast::error_code ec, tcp::socket socket) {
    if (ec) return;  // the acceptor was closed
    ++state->connections;
    std::make_shared<Session>(std::move(socket), state)->read();
    accept_next(state);
  });
}

TestReply json_reply(std::string body) {
  return TestReply{200, {{"Content-Type", "application/sparql-results+json"}}, std::move(body)};
}

void install_default_routes(TestServer& server, TestServer::State& state) {
  server.route("/sparql", [](const TestRequest&) { return json_reply(kSparqlJson); });
  server.route("/echo", [](const TestRequest& request) {
    nlohmann::json headers = nlohmann::json::object();
    for (const auto& [name, value] : request.headers) {
      headers[sparqlmcp::util::ascii_lowercase(name)] = value;
    }
    nlohmann::json echo = {{"method", request.method},
                           {"path", request.path},
                           {"query", request.query},
                           {"headers", headers},
                           {"body", request.body}};
    return TestReply{200, {{"Content-Type", "application/json"}}, echo.dump()};
  });
  server.route("/status", [](const TestRequest& request) {
    std::string type = query_param(request.query, "type");
    return TestReply{std::stoi(query_param(request.query, "code")),
                     {{"Content-Type", type.empty() ? "text/plain" : type}},
                     query_param(request.query, "body")};
  });
  server.route("/error500", [](const TestRequest&) {
    return TestReply{500,
                     {{"Content-Type", "text/plain; charset=utf-8"}},
                     "Internal error: the triple store is out of memory"};
  });
  server.route("/html", [](const TestRequest&) {
    return TestReply{200,
                     {{"Content-Type", "text/html; charset=UTF-8"}},
                     "<!DOCTYPE html><html><head><title>Welcome</title></head>"
                     "<body><h1>Welcome to our portal</h1><p>Please log in.</p></body></html>"};
  });
  server.route("/virtuoso-error", [](const TestRequest&) {
    return TestReply{200,
                     {{"Content-Type", "text/plain"}},
                     "Virtuoso 37000 Error SP030: SPARQL compiler, line 1: syntax error at "
                     "'SELEC' before '?s'\n\nSPARQL query:\nSELEC ?s WHERE { ?s ?p ?o }"};
  });
  server.route("/retry", [&state](const TestRequest& request) {
    const std::string key = query_param(request.query, "key");
    const int status = std::stoi(query_param(request.query, "status"));
    const int times = std::stoi(query_param(request.query, "times"));
    const std::string after = query_param(request.query, "after");
    int count = 0;
    {
      std::lock_guard lock(state.mutex);
      count = state.retries[key]++;
    }
    if (count >= times) return json_reply(kSparqlJson);
    TestReply reply{status, {{"Content-Type", "text/plain"}}, "slow down"};
    if (after.rfind("date:", 0) == 0)
      reply.headers.emplace_back("Retry-After",
                                 http_date(std::time(nullptr) + std::stoi(after.substr(5))));
    else if (after != "none" && !after.empty())
      reply.headers.emplace_back("Retry-After", after);
    return reply;
  });
  server.route("/redirect", [](const TestRequest& request) {
    const int n = std::stoi(query_param(request.query, "n"));
    const std::string code = query_param(request.query, "code");
    std::string location =
        n <= 1 ? "/echo" : "/redirect?n=" + std::to_string(n - 1) + "&code=" + code;
    return TestReply{std::stoi(code), {{"Location", location}}, ""};
  });
  server.route("/loop", [](const TestRequest&) {
    return TestReply{302, {{"Location", "/loop"}}, ""};
  });
  server.route("/slow", [](const TestRequest& request) {
    TestReply reply = json_reply(kSparqlJson);
    reply.delay = std::chrono::milliseconds(std::stoi(query_param(request.query, "ms")));
    return reply;
  });
  server.route("/hold", [](const TestRequest&) {
    TestReply reply = json_reply(kSparqlJson);
    reply.delay = std::chrono::hours(1);
    return reply;
  });
  server.route("/barrier", [](const TestRequest& request) {
    TestReply reply = json_reply(kSparqlJson);
    reply.barrier = std::stoul(query_param(request.query, "n"));
    return reply;
  });
  server.route("/gzip", [](const TestRequest& request) {
    std::string seen;
    for (const auto& [name, value] : request.headers)
      if (name == "Accept-Encoding") seen = value;
    return TestReply{200,
                     {{"Content-Type", "application/sparql-results+json"},
                      {"Content-Encoding", "gzip"},
                      {"X-Seen-Accept-Encoding", seen}},
                     gzip(kSparqlJson)};
  });
  server.route("/drop", [](const TestRequest&) {
    TestReply reply;
    reply.raw = "";
    return reply;
  });
  server.route("/short", [](const TestRequest&) {
    TestReply reply;
    reply.raw = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nabc";
    return reply;
  });
  server.route("/garbage", [](const TestRequest&) {
    TestReply reply;
    reply.raw = "SPARQL ENDPOINT READY\r\n\r\n";
    return reply;
  });
  server.route("/huge", [](const TestRequest& request) {
    TestReply reply{200, {{"Content-Type", "text/plain"}}, ""};
    reply.stream_bytes = std::stoull(query_param(request.query, "bytes"));
    return reply;
  });
}

}  // namespace

TestServer::TestServer() : state_(std::make_shared<State>()) {
  tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), 0);
  state_->acceptor.open(endpoint.protocol());
  state_->acceptor.set_option(asio::socket_base::reuse_address(true));
  state_->acceptor.bind(endpoint);
  state_->acceptor.listen(asio::socket_base::max_listen_connections);
  state_->port = state_->acceptor.local_endpoint().port();
  install_default_routes(*this, *state_);
  accept_next(state_.get());
  state_->thread = std::thread([state = state_.get()] { state->io.run(); });
}

TestServer::~TestServer() {
  asio::post(state_->io, [state = state_.get()] {
    beast::error_code ignored;
    state->acceptor.close(ignored);
    state->io.stop();
  });
  state_->thread.join();
}

void TestServer::route(const std::string& path, Handler handler) {
  std::lock_guard lock(state_->mutex);
  state_->routes[path] = std::move(handler);
}

std::string TestServer::url(std::string_view path_and_query) const {
  return "http://127.0.0.1:" + std::to_string(port()) + std::string(path_and_query);
}

unsigned short TestServer::port() const {
  return state_->port;
}

std::size_t TestServer::connections_accepted() const {
  return state_->connections.load();
}

std::size_t TestServer::requests_served() const {
  return state_->requests.load();
}

int TestServer::retry_count(const std::string& key) const {
  std::lock_guard lock(state_->mutex);
  auto found = state_->retries.find(key);
  return found == state_->retries.end() ? 0 : found->second;
}

std::size_t TestServer::bytes_streamed() const {
  return state_->streamed.load();
}

bool TestServer::wait_requests(const std::string& path, std::size_t count,
                               std::chrono::milliseconds limit) const {
  std::unique_lock lock(state_->mutex);
  return state_->arrived.wait_for(lock, limit, [&] {
    auto found = state_->arrivals.find(path);
    return found != state_->arrivals.end() && found->second >= count;
  });
}

unsigned short closed_port() {
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  unsigned short port = acceptor.local_endpoint().port();
  acceptor.close();
  return port;
}

std::string gzip(std::string_view data) {
  z_stream stream{};
  if (deflateInit2(&stream, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2 failed");
  std::string out(deflateBound(&stream, data.size()) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int result = deflate(&stream, Z_FINISH);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) throw std::runtime_error("deflate did not finish");
  out.resize(stream.total_out);
  return out;
}

std::string query_param(std::string_view query, std::string_view name) {
  std::size_t start = 0;
  while (start <= query.size()) {
    std::size_t end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    std::string_view pair = query.substr(start, end - start);
    std::size_t equals = pair.find('=');
    if (pair.substr(0, equals) == name) {
      std::string_view raw = equals == std::string_view::npos ? "" : pair.substr(equals + 1);
      std::string value;
      for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '%' && i + 2 < raw.size()) {
          value += static_cast<char>(std::stoi(std::string(raw.substr(i + 1, 2)), nullptr, 16));
          i += 2;
        } else if (raw[i] == '+') {
          value += ' ';
        } else {
          value += raw[i];
        }
      }
      return value;
    }
    start = end + 1;
  }
  return {};
}

}  // namespace sparqlmcp::http::testing
