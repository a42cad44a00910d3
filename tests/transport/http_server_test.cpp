#include "sparqlmcp/transport/http_server.hpp"

#include <catch2/catch.hpp>
#include <condition_variable>
#include <functional>
#include <future>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "raw_http_client.hpp"
#include "sparqlmcp/http/client.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::transport;
using sparqlmcp::test::is_error;
using sparqlmcp::transport::testing::RawHttpClient;
using json = nlohmann::json;
using namespace std::chrono_literals;

namespace {

// The handler the tests drive. Routes:
//   /echo         200 JSON {method, path, query, body, version, host, connection}
//   /status?code  that status, text
//   /hold         kept until the test answers it (held()); its token's cancellation counted,
//                 and answered 503 "cancelled" when answer_on_cancel
//   /events?n     an event stream; n events sent from another thread, then closed
//   /stream       an event stream opened with one "hello" event and kept (streams())
//   /slow-reader  an event stream fed 64 KiB events from another thread until send() fails
//   /stop         calls server->stop() from the io thread and answers what it threw
//   /throw        throws;  /drop  keeps nothing and answers nothing
class TestHandler : public HttpHandler {
 public:
  ~TestHandler() override {
    for (auto& thread : threads_)
      thread.join();
  }

  void handle(HttpRequest request, HttpExchange exchange) override {
    std::unique_lock lock(mutex_);
    ++handled;
    if (request.path == "/echo") {
      json body = {{"method", request.method},
                   {"path", request.path},
                   {"query", request.query},
                   {"body", request.body},
                   {"version", request.version},
                   {"host", request.header("Host").value_or("")},
                   {"connection", request.connection_id}};
      exchange.respond(
          {200, {{"Content-Type", "application/json"}, {"X-Test", "yes"}}, body.dump()});
    } else if (request.path == "/status") {
      int code = std::stoi(request.query_parameter("code").value_or("200"));
      exchange.respond(HttpResponse::text(code, "status " + std::to_string(code)));
    } else if (request.path == "/hold") {
      held_.push_back(exchange);
      // A callback holding the exchange, kept by the exchange's own token, would keep both
      // alive for good: the subscription ends with the handler.
      subscriptions_.push_back(
          std::make_unique<CancellationSubscription>(exchange.cancellation(), [this, exchange] {
            if (answer_on_cancel) exchange.respond(HttpResponse::text(503, "cancelled"));
            std::lock_guard lock(mutex_);
            ++cancelled;
            changed_.notify_all();
          }));
    } else if (request.path == "/events") {
      int n = std::stoi(request.query_parameter("n").value_or("1"));
      SseStream stream = exchange.start_stream();
      // From a thread of our own, as a binding's workers would.
      threads_.emplace_back([stream, n] {
        for (int i = 0; i < n; ++i)
          stream.send({"message", std::to_string(i), "event " + std::to_string(i) + "\nline 2",
                       std::nullopt});
        stream.close();
      });
    } else if (request.path == "/stream") {
      SseStream stream = exchange.start_stream(200, {{"X-Stream", "1"}});
      stream.send({"", "", "hello", std::nullopt});
      stream.cancellation()->subscribe([this] {
        std::lock_guard lock(mutex_);
        ++streams_gone;
        changed_.notify_all();
      });
      streams_.push_back(stream);
    } else if (request.path == "/slow-reader") {
      SseStream stream = exchange.start_stream();
      stream.cancellation()->subscribe([this] {
        std::lock_guard lock(mutex_);
        slow_cancelled = true;
        changed_.notify_all();
      });
      threads_.emplace_back([this, stream] {
        std::string big(64 * 1024, 'x');
        int sent = 0;
        while (sent < 2000 && stream.send({"", "", big, std::nullopt}))
          ++sent;
        std::lock_guard lock(mutex_);
        slow_sent = sent;
        slow_done = true;
        changed_.notify_all();
      });
    } else if (request.path == "/stop") {
      // stop() joins the io threads, and this is one of them.
      try {
        server->stop();
        exchange.respond(HttpResponse::text(200, "stopped?"));
      } catch (const Exception& e) {
        exchange.respond(HttpResponse::text(500, e.error().message));
      }
    } else if (request.path == "/throw") {
      throw std::runtime_error("handler failure");
    } else if (request.path == "/drop") {
      // nothing: the exchange goes unanswered
    } else {
      exchange.respond(HttpResponse::text(404, "no route " + request.path));
    }
    changed_.notify_all();
  }

  void on_stop(std::chrono::steady_clock::time_point) override {
    std::lock_guard lock(mutex_);
    stop_called = true;
    if (finish_on_stop)
      for (auto& exchange : held_)
        exchange.respond(HttpResponse::text(200, "finished"));
    if (close_streams_on_stop)
      for (auto& stream : streams_)
        stream.close();
    changed_.notify_all();
  }

  void on_stop_cancel(std::chrono::steady_clock::time_point) override {
    std::lock_guard lock(mutex_);
    ++stop_cancel_calls;
    cancelled_at_stop_cancel = cancelled;
  }

  // Waits for `condition` (checked under the handler's lock). The 20 s limit only keeps a
  // broken server from hanging the suite; no test depends on it.
  bool wait_until(const std::function<bool()>& condition) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, 20s, condition);
  }

  std::vector<HttpExchange> held() {
    std::lock_guard lock(mutex_);
    return held_;
  }
  std::vector<SseStream> streams() {
    std::lock_guard lock(mutex_);
    return streams_;
  }
  std::size_t held_count() const { return held_.size(); }  // under the lock (wait_until)

  // Set before requests are sent.
  HttpServer* server = nullptr;
  bool answer_on_cancel = false;
  bool finish_on_stop = false;
  bool close_streams_on_stop = false;

  // Under the lock.
  int handled = 0;
  int cancelled = 0;
  int streams_gone = 0;
  bool stop_called = false;
  int stop_cancel_calls = 0;
  int cancelled_at_stop_cancel = -1;  // tokens cancelled when on_stop_cancel was called
  bool slow_done = false;
  bool slow_cancelled = false;
  int slow_sent = 0;

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<HttpExchange> held_;
  std::vector<std::unique_ptr<CancellationSubscription>> subscriptions_;
  std::vector<SseStream> streams_;
  std::vector<std::thread> threads_;
};

HttpServerOptions with(std::function<void(HttpServerOptions&)> change = {}) {
  HttpServerOptions options;
  options.threads = 2;
  if (change) change(options);
  return options;
}

struct Fixture {
  explicit Fixture(HttpServerOptions options = with()) : server(handler, std::move(options)) {}

  http::Request request(std::string method, std::string path, http::Request base = {}) {
    base.method = std::move(method);
    base.url = server.url(path);
    return base;
  }
  Outcome<http::Response> get(std::string path,
                              std::vector<std::pair<std::string, std::string>> headers = {}) {
    http::Request base;
    base.headers = std::move(headers);
    return client.send(request("GET", std::move(path), std::move(base)), nullptr);
  }
  Outcome<http::Response> post(std::string path, std::string body,
                               std::vector<std::pair<std::string, std::string>> headers = {}) {
    http::Request base;
    base.headers = std::move(headers);
    base.body = std::move(body);
    return client.send(request("POST", std::move(path), std::move(base)), nullptr);
  }
  std::future<Outcome<http::Response>> get_async(std::string path) {
    auto promise = std::make_shared<std::promise<Outcome<http::Response>>>();
    auto future = promise->get_future();
    client.async_send(
        request("GET", std::move(path)), nullptr,
        [promise](Outcome<http::Response> result) { promise->set_value(std::move(result)); });
    return future;
  }
  std::string host_header() const { return "127.0.0.1:" + std::to_string(server.port()); }

  TestHandler handler;  // outlives the server
  HttpServer server;
  http::Client client;  // goes first
};

std::string header_of(const http::Response& response, std::string_view name) {
  return http::find_header(response.headers, name).value_or("<absent>");
}

std::string expected_events(int n) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += format_sse_event(
        {"message", std::to_string(i), "event " + std::to_string(i) + "\nline 2", std::nullopt});
  return out;
}

}  // namespace

// --- Whole responses ----------------------------------------------------------------------

TEST_CASE("A request is answered with the handler's whole response", "[transport][integration]") {
  Fixture f;
  auto response = f.post("/echo?a=1&b=two", "the body", {{"Content-Type", "text/plain"}}).take();
  CHECK(response.status == 200);
  CHECK(response.content_type == "application/json");
  CHECK(header_of(response, "X-Test") == "yes");
  CHECK(header_of(response, "Date") != "<absent>");
  auto echo = json::parse(response.body);
  CHECK(echo["method"] == "POST");
  CHECK(echo["path"] == "/echo");
  CHECK(echo["query"] == "a=1&b=two");
  CHECK(echo["body"] == "the body");
  CHECK(echo["version"] == 11);
  CHECK(echo["host"] == f.host_header());
  CHECK(f.server.url("/mcp") == "http://127.0.0.1:" + std::to_string(f.server.port()) + "/mcp");
}

TEST_CASE("Statuses without content are sent without a body", "[transport][integration]") {
  Fixture f;
  auto no_content = f.get("/status?code=204").take();
  CHECK(no_content.status == 204);
  CHECK(no_content.body.empty());
  CHECK(header_of(no_content, "Content-Length") == "<absent>");
  auto accepted = f.get("/status?code=202").take();
  CHECK(accepted.status == 202);
  CHECK(accepted.body == "status 202\n");
}

TEST_CASE("Requests of one client share one kept-alive connection", "[transport][integration]") {
  Fixture f;
  std::vector<std::uint64_t> connections;
  for (int i = 0; i < 3; ++i) {
    auto response = f.get("/echo?i=" + std::to_string(i)).take();
    REQUIRE(response.status == 200);
    connections.push_back(json::parse(response.body)["connection"]);
  }
  CHECK(connections[0] == connections[1]);
  CHECK(connections[1] == connections[2]);
  CHECK(f.server.stats().connections_accepted == 1);
}

TEST_CASE("Pipelined requests are answered in order on one connection",
          "[transport][integration]") {
  Fixture f;
  RawHttpClient raw(f.server.port());
  std::string host = "Host: " + f.host_header() + "\r\n";
  raw.send("GET /echo?n=1 HTTP/1.1\r\n" + host + "\r\nGET /echo?n=2 HTTP/1.1\r\n" + host +
           "\r\nGET /echo?n=3 HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n");
  CHECK(json::parse(raw.read_response().body())["query"] == "n=1");
  CHECK(json::parse(raw.read_response().body())["query"] == "n=2");
  auto last = raw.read_response();
  CHECK(json::parse(last.body())["query"] == "n=3");
  CHECK(last[boost::beast::http::field::connection] == "close");
  CHECK(raw.read_to_end().empty());  // closed after the request that asked for it
}

TEST_CASE("A HEAD request gets the head of the answer only", "[transport][integration]") {
  Fixture f;
  RawHttpClient raw(f.server.port());
  std::string host = "Host: " + f.host_header() + "\r\n";
  raw.send("HEAD /status?code=200 HTTP/1.1\r\n" + host + "\r\n");
  auto head = raw.read_response(true);
  CHECK(head.result_int() == 200);
  CHECK(head[boost::beast::http::field::content_length] == "11");
  // Had a body been sent, it would be read as the next response.
  raw.send("GET /status?code=201 HTTP/1.1\r\n" + host + "\r\n");
  CHECK(raw.read_response().result_int() == 201);
}

TEST_CASE("An HTTP/1.0 request is answered in HTTP/1.0 and its connection closed",
          "[transport][integration]") {
  Fixture f;
  RawHttpClient raw(f.server.port());
  raw.send("GET /echo HTTP/1.0\r\n\r\n");  // HTTP/1.0 needs no Host
  auto response = raw.read_response();
  CHECK(response.version() == 10);
  CHECK(json::parse(response.body())["version"] == 10);
  CHECK(raw.read_to_end().empty());
}

TEST_CASE("A client that sends Expect: 100-continue is told to go on before its body",
          "[transport][integration]") {
  Fixture f;
  RawHttpClient raw(f.server.port());
  raw.send("POST /echo HTTP/1.1\r\nHost: " + f.host_header() +
           "\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n");
  CHECK(raw.read_response().result_int() == 100);
  raw.send("hello");
  auto response = raw.read_response();
  CHECK(response.result_int() == 200);
  CHECK(json::parse(response.body())["body"] == "hello");
}

TEST_CASE("A handler that throws or drops a request gets it answered 500",
          "[transport][integration][error]") {
  Fixture f;
  auto thrown = f.get("/throw").take();
  CHECK(thrown.status == 500);
  CHECK(thrown.body == "internal error: the request handler failed\n");
  auto dropped = f.get("/drop").take();
  CHECK(dropped.status == 500);
  CHECK(dropped.body == "internal error: the request was dropped unanswered\n");
  CHECK(f.get("/echo").take().status == 200);  // and the server goes on
}

// --- Event streams ------------------------------------------------------------------------

TEST_CASE("An event stream delivers events written from another thread in order, then ends",
          "[transport][integration]") {
  Fixture f;
  auto response = f.get("/events?n=200").take();
  CHECK(response.status == 200);
  CHECK(response.content_type == "text/event-stream");
  CHECK(header_of(response, "Cache-Control") == "no-cache");
  CHECK(response.body == expected_events(200));
  // The connection served the stream to its end and is kept for the next request.
  CHECK(f.get("/echo").take().status == 200);
  CHECK(f.server.stats().connections_accepted == 1);
}

TEST_CASE("An event stream to an HTTP/1.0 client is not chunked and ends with the connection",
          "[transport][integration]") {
  Fixture f;
  RawHttpClient raw(f.server.port());
  raw.send("GET /events?n=3 HTTP/1.0\r\n\r\n");
  std::string all = raw.read_to_end();
  auto body_start = all.find("\r\n\r\n");
  REQUIRE(body_start != std::string::npos);
  CHECK(all.find("Transfer-Encoding") == std::string::npos);
  CHECK(all.substr(body_start + 4) == expected_events(3));
}

TEST_CASE("A client that closes its event stream cancels the stream's token",
          "[transport][integration]") {
  Fixture f;
  RawHttpClient raw(f.server.port());
  raw.send("GET /stream HTTP/1.1\r\nHost: " + f.host_header() + "\r\n\r\n");
  std::string head = raw.read_until("data: hello\n\n");
  CHECK(head.find("Transfer-Encoding: chunked") != std::string::npos);
  CHECK(head.find("X-Stream: 1") != std::string::npos);
  raw.close();
  REQUIRE(f.handler.wait_until([&] { return f.handler.streams_gone == 1; }));
  auto stream = f.handler.streams().at(0);
  CHECK_FALSE(stream.is_open());
  CHECK_FALSE(stream.send({"", "", "too late", std::nullopt}));
  CHECK(f.server.stats().in_flight == 0);
}

TEST_CASE("A client that goes away while its request is handled cancels the request's token",
          "[transport][integration]") {
  Fixture f;
  {
    RawHttpClient raw(f.server.port());
    raw.send("GET /hold HTTP/1.1\r\nHost: " + f.host_header() + "\r\n\r\n");
    REQUIRE(f.handler.wait_until([&] { return f.handler.held_count() == 1; }));
  }
  REQUIRE(f.handler.wait_until([&] { return f.handler.cancelled == 1; }));
  CHECK(f.server.stats().in_flight == 0);
  CHECK_FALSE(f.handler.held().at(0).respond(HttpResponse::text(200, "too late")));
}

TEST_CASE("A quiet event stream gets comment pings", "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) { o.sse_ping_interval = 10ms; }));
  RawHttpClient raw(f.server.port());
  raw.send("GET /stream HTTP/1.1\r\nHost: " + f.host_header() + "\r\n\r\n");
  raw.read_until("data: hello\n\n");
  CHECK(raw.read_until(": ping\n\n").find(": ping") != std::string::npos);
}

TEST_CASE("A client that does not read its event stream is dropped once its queue is full",
          "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) {
    o.max_stream_queue_bytes = 256 * 1024;
    o.write_timeout = 600s;  // the queue, not the write timeout, must end it
  }));
  RawHttpClient raw(f.server.port());
  raw.send("GET /slow-reader HTTP/1.1\r\nHost: " + f.host_header() + "\r\n\r\n");
  REQUIRE(f.handler.wait_until([&] { return f.handler.slow_done && f.handler.slow_cancelled; }));
  CHECK(f.handler.slow_sent < 2000);  // send() failed before the handler gave up
}

// --- Security -----------------------------------------------------------------------------

TEST_CASE("Requests with a Host or Origin outside the allow-list are refused 403",
          "[transport][integration][error]") {
  Fixture f;
  auto evil_host = f.get("/echo", {{"Host", "evil.example.com"}}).take();
  CHECK(evil_host.status == 403);
  CHECK(evil_host.body ==
        "Host 'evil.example.com' is not allowed by this server (DNS-rebinding protection)\n");
  auto evil_origin = f.get("/echo", {{"Origin", "http://evil.example.com"}}).take();
  CHECK(evil_origin.status == 403);
  CHECK(evil_origin.body ==
        "Origin 'http://evil.example.com' is not allowed by this server "
        "(DNS-rebinding protection)\n");
  std::string port = std::to_string(f.server.port());
  CHECK(f.get("/echo", {{"Host", "localhost:" + port}}).take().status == 200);
  CHECK(f.get("/echo", {{"Host", "[::1]:" + port}}).take().status == 200);
  CHECK(f.get("/echo", {{"Origin", "http://localhost:" + port}}).take().status == 200);
  CHECK(f.handler.wait_until([&] { return f.handler.handled == 3; }));  // none of the 403s
}

TEST_CASE("Configured allow-lists replace the defaults", "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) {
    o.allowed_hosts = {"mcp.example.org"};
    o.allowed_origins = {"https://app.example.org"};
  }));
  CHECK(f.get("/echo").take().status == 403);  // 127.0.0.1:PORT is no longer listed
  CHECK(f.get("/echo", {{"Host", "mcp.example.org"}}).take().status == 200);
  CHECK(f.get("/echo", {{"Host", "mcp.example.org"}, {"Origin", "https://app.example.org"}})
            .take()
            .status == 200);
}

TEST_CASE("Extra allow-list entries add to the defaults", "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) {
    o.extra_allowed_hosts = {"mcp.example.org:8080"};
    o.extra_allowed_origins = {"https://app.example.org"};
  }));
  CHECK(f.get("/echo").take().status == 200);  // 127.0.0.1:PORT still listed
  CHECK(f.get("/echo", {{"Host", "mcp.example.org:8080"}}).take().status == 200);
  CHECK(f.get("/echo", {{"Host", "mcp.example.org:9090"}}).take().status == 403);
  CHECK(f.get("/echo", {{"Origin", "https://app.example.org"}}).take().status == 200);
  CHECK(f.get("/echo", {{"Origin", "https://other.example.org"}}).take().status == 403);
}

TEST_CASE("An HTTP/1.1 request without a Host field is refused 400",
          "[transport][integration][error]") {
  Fixture f;
  RawHttpClient raw(f.server.port());
  raw.send("GET /echo HTTP/1.1\r\n\r\n");
  auto response = raw.read_response();
  CHECK(response.result_int() == 400);
  CHECK(response.body() == "missing Host header field (HTTP/1.1 requires it)\n");
  RawHttpClient twice(f.server.port());
  twice.send("GET /echo HTTP/1.1\r\nHost: " + f.host_header() + "\r\nHost: " + f.host_header() +
             "\r\n\r\n");
  CHECK(twice.read_response().body() == "more than one Host header field\n");
}

TEST_CASE("With a bearer token set, requests without it or with another are refused 401",
          "[transport][integration][error]") {
  Fixture f(with([](HttpServerOptions& o) { o.bearer_token = "s3cret-t0ken"; }));
  auto missing = f.get("/echo").take();
  CHECK(missing.status == 401);
  CHECK(header_of(missing, "WWW-Authenticate") == "Bearer realm=\"sparql-mcp\"");
  CHECK(missing.body ==
        "authentication required: send Authorization: Bearer <token> (or HTTP Basic "
        "credentials with the token as the password)\n");
  auto wrong = f.get("/echo", {{"Authorization", "Bearer s3cret-t0kem"}}).take();
  CHECK(wrong.status == 401);
  CHECK(header_of(wrong, "WWW-Authenticate") ==
        "Bearer realm=\"sparql-mcp\", error=\"invalid_token\"");
  CHECK(wrong.body == "the bearer token is not valid\n");
  auto basic = f.get("/echo", {{"Authorization", "Basic czNjcmV0LXQwa2Vu"}}).take();
  CHECK(basic.status == 401);
  CHECK(f.get("/echo", {{"Authorization", "Bearer s3cret-t0ken"}}).take().status == 200);
  CHECK(f.get("/echo", {{"Authorization", "bearer s3cret-t0ken"}}).take().status == 200);
  CHECK(f.handler.wait_until([&] { return f.handler.handled == 2; }));
  // The 401s keep the connection: a client retrying with its token needs no new one.
  CHECK(f.server.stats().connections_accepted == 1);
}

TEST_CASE("An allowed browser Origin may read the answers, refusals included (CORS)",
          "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) {
    o.extra_allowed_origins = {"https://yasgui.example.org"};
    o.bearer_token = "s3cret-t0ken";
  }));
  auto answer = f.get("/echo", {{"Origin", "https://yasgui.example.org"},
                                {"Authorization", "Bearer s3cret-t0ken"}})
                    .take();
  CHECK(answer.status == 200);
  CHECK(header_of(answer, "Access-Control-Allow-Origin") == "https://yasgui.example.org");
  CHECK(header_of(answer, "Vary") == "Origin");
  CHECK(header_of(answer, "Access-Control-Expose-Headers").find("X-SPARQL-MaxRows") !=
        std::string::npos);
  auto refused = f.get("/echo", {{"Origin", "https://yasgui.example.org"}}).take();
  CHECK(refused.status == 401);
  CHECK(header_of(refused, "Access-Control-Allow-Origin") == "https://yasgui.example.org");
  // Without an Origin (curl, SDK clients) nothing is added.
  auto plain = f.get("/echo", {{"Authorization", "Bearer s3cret-t0ken"}}).take();
  CHECK(header_of(plain, "Access-Control-Allow-Origin") == "<absent>");
}

TEST_CASE("A CORS preflight is answered by the server without the bearer token",
          "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) {
    o.extra_allowed_origins = {"https://yasgui.example.org"};
    o.bearer_token = "s3cret-t0ken";
  }));
  http::Request base;
  base.headers = {{"Origin", "https://yasgui.example.org"},
                  {"Access-Control-Request-Method", "POST"},
                  {"Access-Control-Request-Headers", "authorization, content-type"}};
  auto preflight = f.client.send(f.request("OPTIONS", "/sparql", base), nullptr).take();
  CHECK(preflight.status == 204);
  CHECK(header_of(preflight, "Access-Control-Allow-Origin") == "https://yasgui.example.org");
  CHECK(header_of(preflight, "Access-Control-Allow-Methods") == "GET, POST, DELETE");
  CHECK(header_of(preflight, "Access-Control-Allow-Headers") == "authorization, content-type");
  CHECK(f.handler.handled == 0);  // the handler never sees a preflight
  // A preflight from an Origin outside the allow-list is refused like any request.
  base.headers[0].second = "http://evil.example.com";
  CHECK(f.client.send(f.request("OPTIONS", "/sparql", base), nullptr).take().status == 403);
}

TEST_CASE("Host and Origin are checked before the bearer token", "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) { o.bearer_token = "s3cret-t0ken"; }));
  CHECK(f.get("/echo", {{"Host", "evil.example.com"}}).take().status == 403);
}

TEST_CASE("A body larger than the limit is refused 413", "[transport][integration][error]") {
  Fixture f(with([](HttpServerOptions& o) { o.max_body_bytes = 1000; }));
  auto large = f.post("/echo", std::string(1001, 'x')).take();
  CHECK(large.status == 413);
  CHECK(large.body == "the request body of 1001 bytes is larger than the limit of 1000 bytes\n");
  CHECK(header_of(large, "Connection") == "close");
  CHECK(f.post("/echo", std::string(1000, 'x')).take().status == 200);

  // A chunked body has no length to check first: it is refused when it grows past the limit.
  RawHttpClient raw(f.server.port());
  std::string chunk = "320\r\n" + std::string(800, 'y') + "\r\n";
  raw.send("POST /echo HTTP/1.1\r\nHost: " + f.host_header() +
           "\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk + chunk + "0\r\n\r\n");
  auto chunked = raw.read_response();
  CHECK(chunked.result_int() == 413);
  CHECK(chunked.body() == "the request body is larger than the limit of 1000 bytes\n");
}

TEST_CASE("A header larger than the limit is refused 431", "[transport][integration][error]") {
  Fixture f(with([](HttpServerOptions& o) { o.max_header_bytes = 4096; }));
  auto response = f.get("/echo", {{"X-Big", std::string(5000, 'a')}}).take();
  CHECK(response.status == 431);
  CHECK(response.body ==
        "the request header is larger than 4096 bytes; send fewer or shorter header fields\n");
  CHECK(f.get("/echo", {{"X-Big", std::string(3000, 'a')}}).take().status == 200);
}

TEST_CASE("Requests beyond the concurrency limit are refused 503 with Retry-After",
          "[transport][integration][error]") {
  Fixture f(with([](HttpServerOptions& o) {
    o.max_concurrent_requests = 2;
    o.retry_after = 3s;
  }));
  auto first = f.get_async("/hold");
  auto second = f.get_async("/hold");
  REQUIRE(f.handler.wait_until([&] { return f.handler.held_count() == 2; }));
  auto busy = f.get("/echo").take();
  CHECK(busy.status == 503);
  CHECK(header_of(busy, "Retry-After") == "3");
  CHECK(busy.body == "too many requests in progress; retry after 3 s\n");
  for (auto& exchange : f.handler.held())
    exchange.respond(HttpResponse::text(200, "done"));
  CHECK(first.get().take().body == "done\n");
  CHECK(second.get().take().body == "done\n");
  CHECK(f.get("/echo").take().status == 200);
}

TEST_CASE("Requests beyond the per-client limit are refused 429 with Retry-After",
          "[transport][integration][error]") {
  Fixture f(with([](HttpServerOptions& o) { o.max_requests_per_client = 1; }));
  auto first = f.get_async("/hold");
  REQUIRE(f.handler.wait_until([&] { return f.handler.held_count() == 1; }));
  auto busy = f.get("/echo").take();
  CHECK(busy.status == 429);
  CHECK(header_of(busy, "Retry-After") == "1");
  CHECK(busy.body == "too many requests in progress from this client; retry after 1 s\n");
  f.handler.held().at(0).respond(HttpResponse::text(200, "done"));
  CHECK(first.get().take().status == 200);
  CHECK(f.get("/echo").take().status == 200);
}

TEST_CASE("Connections beyond the limit get one 503 and are closed",
          "[transport][integration][error]") {
  Fixture f(with([](HttpServerOptions& o) { o.max_connections = 1; }));
  RawHttpClient first(f.server.port());
  std::string request = "GET /echo HTTP/1.1\r\nHost: " + f.host_header() + "\r\n\r\n";
  first.send(request);
  CHECK(first.read_response().result_int() == 200);  // `first` is now open and idle
  RawHttpClient second(f.server.port());
  second.send(request);
  auto refused = second.read_response();
  CHECK(refused.result_int() == 503);
  CHECK(refused.body() == "too many open connections; retry later\n");
  CHECK(second.read_to_end().empty());
}

// --- Malformed requests and timeouts --------------------------------------------------------

TEST_CASE("Malformed requests are refused 400 with the reason and the server goes on",
          "[transport][integration][error]") {
  Fixture f;
  {
    RawHttpClient raw(f.server.port());
    raw.send("GARBAGE\r\n\r\n");
    auto response = raw.read_response();
    CHECK(response.result_int() == 400);
    CHECK(response.body() == "malformed HTTP request: bad method\n");
    CHECK(raw.read_to_end().empty());
  }
  {
    RawHttpClient raw(f.server.port());
    raw.send("GET /echo HTTP/1.1\r\nHost: " + f.host_header() + "\r\nno colon here\r\n\r\n");
    CHECK(raw.read_response().body() == "malformed HTTP request: bad field\n");
  }
  {
    RawHttpClient raw(f.server.port());
    raw.send("POST /echo HTTP/1.1\r\nHost: " + f.host_header() + "\r\nContent-Length: 12x\r\n\r\n");
    CHECK(raw.read_response().body() == "malformed HTTP request: bad Content-Length\n");
  }
  CHECK(f.get("/echo").take().status == 200);
}

TEST_CASE("An idle connection is closed after the idle timeout", "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) { o.idle_timeout = 50ms; }));
  RawHttpClient raw(f.server.port());
  CHECK(raw.read_to_end().empty());  // returns when the server closes it
  CHECK(f.get("/echo").take().status == 200);
}

TEST_CASE("A request whose body stops arriving is closed after the body timeout",
          "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) { o.body_timeout = 50ms; }));
  RawHttpClient raw(f.server.port());
  raw.send("POST /echo HTTP/1.1\r\nHost: " + f.host_header() + "\r\nContent-Length: 10\r\n\r\nab");
  CHECK(raw.read_to_end().empty());
  CHECK(f.server.stats().in_flight == 0);
}

// --- Listening ----------------------------------------------------------------------------

TEST_CASE("The server listens on an IPv6 loopback address", "[transport][integration]") {
  TestHandler handler;
  HttpServer server(handler, with([](HttpServerOptions& o) { o.listen = {"::1", 0}; }));
  CHECK(server.host() == "[::1]");
  CHECK(server.url("x") == "http://[::1]:" + std::to_string(server.port()) + "/x");
  RawHttpClient raw(server.port(), "::1");
  raw.send("GET /echo HTTP/1.1\r\nHost: [::1]:" + std::to_string(server.port()) + "\r\n\r\n");
  CHECK(raw.read_response().result_int() == 200);
}

TEST_CASE("A port already in use is reported with the system's reason",
          "[transport][integration][error]") {
  Fixture f;
  TestHandler handler;
  unsigned short port = f.server.port();
  std::string where = "127.0.0.1:" + std::to_string(port);
  CHECK_THROWS_MATCHES(
      HttpServer(handler, with([&](HttpServerOptions& o) { o.listen.port = port; })), Exception,
      is_error(ErrorKind::InvalidArgument)
          .with_message("cannot listen on " + where + ": bind failed: Address already in use"));
}

// --- Stopping -----------------------------------------------------------------------------

TEST_CASE("stop() called by a handler is refused: it would join its own thread",
          "[transport][integration][error]") {
  Fixture f;
  f.handler.server = &f.server;
  auto response = f.get("/stop").take();
  CHECK(response.status == 500);
  CHECK(response.body ==
        "HttpServer::stop()/wait() called from an io thread (a handler): call "
        "request_stop() there instead\n");
  CHECK(f.get("/echo").take().status == 200);
}

TEST_CASE("stop() lets a request in flight finish when the handler answers it on on_stop",
          "[transport][integration]") {
  Fixture f;
  f.handler.finish_on_stop = true;
  auto pending = f.get_async("/hold");
  REQUIRE(f.handler.wait_until([&] { return f.handler.held_count() == 1; }));
  auto report = f.server.stop();
  CHECK(report.finished == 1);
  CHECK(report.cancelled == 0);
  CHECK(report.closed == 0);
  CHECK(f.handler.stop_cancel_calls == 0);  // nothing was left to cancel
  auto response = pending.get().take();
  CHECK(response.status == 200);
  CHECK(response.body == "finished\n");
  CHECK(header_of(response, "Connection") == "close");
  // Stopped: nothing listens any more.
  CHECK_FALSE(f.get("/echo").ok());
}

TEST_CASE(
    "stop() tells the handler, cancels a request still running at stop_timeout and sends its "
    "answer",
    "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) {
    o.stop_timeout = 0ms;
    o.cancel_grace = 60s;  // ends as soon as the cancelled request is answered
  }));
  f.handler.answer_on_cancel = true;
  auto pending = f.get_async("/hold");
  REQUIRE(f.handler.wait_until([&] { return f.handler.held_count() == 1; }));
  auto report = f.server.stop();
  CHECK(report.finished == 0);
  CHECK(report.cancelled == 1);
  CHECK(report.closed == 0);
  // The handler heard of the cancellation before any token was cancelled.
  CHECK(f.handler.stop_cancel_calls == 1);
  CHECK(f.handler.cancelled_at_stop_cancel == 0);
  auto response = pending.get().take();
  CHECK(response.status == 503);
  CHECK(response.body == "cancelled\n");
}

TEST_CASE("stop() closes a request that does not end when cancelled", "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) {
    o.stop_timeout = 0ms;
    o.cancel_grace = 0ms;
  }));
  auto pending = f.get_async("/hold");
  REQUIRE(f.handler.wait_until([&] { return f.handler.held_count() == 1; }));
  auto report = f.server.stop();
  CHECK(report.cancelled == 1);
  CHECK(report.closed == 1);
  CHECK_FALSE(pending.get().ok());  // the connection closed without an answer
  CHECK(f.handler.stop_called);
}

TEST_CASE("stop() ends open event streams and closes idle connections",
          "[transport][integration]") {
  Fixture f;
  f.handler.close_streams_on_stop = true;
  RawHttpClient stream(f.server.port());
  stream.send("GET /stream HTTP/1.1\r\nHost: " + f.host_header() + "\r\n\r\n");
  stream.read_until("data: hello\n\n");
  RawHttpClient idle(f.server.port());
  idle.send("GET /echo HTTP/1.1\r\nHost: " + f.host_header() + "\r\n\r\n");
  CHECK(idle.read_response().result_int() == 200);
  // A connection reads its next request only once the last one is complete: after this 403
  // (which takes no request slot) the /echo no longer counts as in flight.
  idle.send("GET /echo HTTP/1.1\r\nHost: evil.example.com\r\n\r\n");
  CHECK(idle.read_response().result_int() == 403);

  auto report = f.server.stop();
  CHECK(report.finished == 1);  // the stream, ended by the handler's on_stop
  CHECK(report.closed == 0);
  CHECK(stream.read_to_end() == "\r\n0\r\n\r\n");  // the rest of the chunk, the last chunk
  CHECK(idle.read_to_end().empty());
  CHECK(f.server.stats().connections_open == 0);
  CHECK(f.server.stop().finished == 1);  // idempotent: the first report
}

TEST_CASE("During stop() a kept-alive connection closes after its request in flight",
          "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) { o.stop_timeout = 60s; }));
  f.handler.answer_on_cancel = true;
  RawHttpClient raw(f.server.port());
  raw.send("GET /hold HTTP/1.1\r\nHost: " + f.host_header() +
           "\r\n\r\nGET /echo HTTP/1.1\r\nHost: " + f.host_header() + "\r\n\r\n");
  REQUIRE(f.handler.wait_until([&] { return f.handler.held_count() == 1; }));
  auto stopping = std::async(std::launch::async, [&] { return f.server.stop(); });
  REQUIRE(f.handler.wait_until([&] { return f.handler.stop_called; }));
  f.handler.held().at(0).respond(HttpResponse::text(200, "done"));
  auto held = raw.read_response();
  CHECK(held.result_int() == 200);
  CHECK(held[boost::beast::http::field::connection] == "close");
  // The pipelined request was never read as a request: the connection closes after the first.
  CHECK(raw.read_to_end().empty());
  CHECK(stopping.get().finished == 1);
}

TEST_CASE("A request whose body arrives during stop() is refused 503", "[transport][integration]") {
  Fixture f(with([](HttpServerOptions& o) { o.stop_timeout = 60s; }));
  RawHttpClient raw(f.server.port());
  raw.send("POST /echo HTTP/1.1\r\nHost: " + f.host_header() +
           "\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n");
  REQUIRE(raw.read_response().result_int() == 100);  // the header passed every check
  auto stopping = std::async(std::launch::async, [&] { return f.server.stop(); });
  REQUIRE(f.handler.wait_until([&] { return f.handler.stop_called; }));
  raw.send("hello");
  auto refused = raw.read_response();
  CHECK(refused.result_int() == 503);
  CHECK(refused.body() == "the server is shutting down\n");
  CHECK(refused[boost::beast::http::field::retry_after] == "1");
  CHECK(stopping.get().finished == 1);
  CHECK(f.handler.handled == 0);
}
