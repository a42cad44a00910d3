#include "sparqlmcp/http/client.hpp"

#include <curl/curl.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <condition_variable>
#include <future>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "test_server.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::http;
using sparqlmcp::http::testing::echo_of;
using sparqlmcp::http::testing::since;
using sparqlmcp::http::testing::TestServer;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

Request get(std::string url) {
  Request request;
  request.url = std::move(url);
  return request;
}

}  // namespace

TEST_CASE("a GET returns status, content type, headers, body and effective URL",
          "[http][integration]") {
  TestServer server;
  Client client;
  Outcome<Response> outcome = client.send(get(server.url("/sparql")), nullptr);
  REQUIRE(outcome.ok());
  const Response& response = outcome.value();
  CHECK(response.status == 200);
  CHECK(response.content_type == "application/sparql-results+json");
  CHECK(find_header(response.headers, "content-type") == "application/sparql-results+json");
  CHECK(response.body == testing::kSparqlJson);
  CHECK_FALSE(response.truncated);
  CHECK(response.effective_url == server.url("/sparql"));
}

TEST_CASE("the client sends the descriptive User-Agent unless configured otherwise",
          "[http][integration]") {
  TestServer server;
  {
    Client client;
    auto response = client.send(get(server.url("/echo")), nullptr).take();
    CHECK(echo_of(response)["headers"]["user-agent"] ==
          "sparql-mcp/0.1 (+https://github.com/sparql-mcp; MCP server for SPARQL)");
  }
  {
    ClientOptions options;
    options.user_agent = "my-agent/2.0";
    Client client(options);
    auto response = client.send(get(server.url("/echo")), nullptr).take();
    CHECK(echo_of(response)["headers"]["user-agent"] == "my-agent/2.0");
  }
}

TEST_CASE("POST and other methods send their body and headers", "[http][integration]") {
  TestServer server;
  Client client;
  Request request = get(server.url("/echo?a=1"));
  request.method = "POST";
  request.body = "SELECT * WHERE { ?s ?p \"é\" }";
  request.headers = {{"Content-Type", "application/sparql-query"}, {"X-Custom", "yes"}};
  auto echo = echo_of(client.send(request, nullptr).take());
  CHECK(echo["method"] == "POST");
  CHECK(echo["query"] == "a=1");
  CHECK(echo["body"] == "SELECT * WHERE { ?s ?p \"é\" }");
  CHECK(echo["headers"]["content-type"] == "application/sparql-query");
  CHECK(echo["headers"]["x-custom"] == "yes");
  CHECK_FALSE(echo["headers"].contains("expect"));

  request.method = "PUT";
  echo = echo_of(client.send(request, nullptr).take());
  CHECK(echo["method"] == "PUT");
  CHECK(echo["body"] == "SELECT * WHERE { ?s ?p \"é\" }");
}

TEST_CASE("HTTP error statuses are responses, not errors", "[http][integration]") {
  TestServer server;
  Client client;
  auto outcome = client.send(get(server.url("/status?code=404&body=nothing%20here")), nullptr);
  REQUIRE(outcome.ok());
  CHECK(outcome.value().status == 404);
  CHECK(outcome.value().body == "nothing here");
}

TEST_CASE("redirect chains are followed and the final URL is reported", "[http][integration]") {
  TestServer server;
  Client client;
  auto response = client.send(get(server.url("/redirect?n=3&code=302")), nullptr).take();
  CHECK(response.status == 200);
  CHECK(response.effective_url == server.url("/echo"));
  CHECK(echo_of(response)["method"] == "GET");
  // Only the final response's headers are kept.
  CHECK_FALSE(find_header(response.headers, "Location").has_value());
}

TEST_CASE("POST keeps its body on 307 and 308 and becomes GET on 303", "[http][integration]") {
  TestServer server;
  Client client;
  for (std::string code : {"307", "308"}) {
    Request request = get(server.url("/redirect?n=1&code=" + code));
    request.method = "POST";
    request.body = "ASK {}";
    auto echo = echo_of(client.send(request, nullptr).take());
    CHECK(echo["method"] == "POST");
    CHECK(echo["body"] == "ASK {}");
  }
  Request request = get(server.url("/redirect?n=1&code=303"));
  request.method = "POST";
  request.body = "ASK {}";
  auto echo = echo_of(client.send(request, nullptr).take());
  CHECK(echo["method"] == "GET");
  CHECK(echo["body"] == "");
}

TEST_CASE("a redirect loop stops at the redirect limit with a remote error",
          "[http][integration][error]") {
  TestServer server;
  ClientOptions options;
  options.max_redirects = 3;
  Client client(options);
  auto outcome = client.send(get(server.url("/loop")), nullptr);
  REQUIRE_FALSE(outcome.ok());
  const Error& error = outcome.error();
  CHECK(error.kind == ErrorKind::Remote);
  CHECK(error.message == "the server at 127.0.0.1:" + std::to_string(server.port()) +
                             " redirected more than 3 times (a redirect loop?); check the "
                             "endpoint URL");
  REQUIRE(error.remote);
  CHECK(error.remote->transport_code == CURLE_TOO_MANY_REDIRECTS);
  CHECK(error.remote->endpoint == server.url("/loop"));
  CHECK(server.requests_served() == 4);
}

TEST_CASE("gzip-compressed bodies are requested and decoded", "[http][integration]") {
  TestServer server;
  Client client;
  auto response = client.send(get(server.url("/gzip")), nullptr).take();
  CHECK(response.body == testing::kSparqlJson);
  auto seen = find_header(response.headers, "X-Seen-Accept-Encoding");
  REQUIRE(seen);
  CHECK(seen->find("gzip") != std::string::npos);
}

TEST_CASE("a body over the byte limit is truncated or refused as the request asks",
          "[http][integration][error]") {
  TestServer server;
  Client client;
  const std::string url = server.url("/huge?bytes=" + std::to_string(50 * 1024 * 1024));

  Request request = get(url);
  request.max_response_bytes = 1000000;
  auto truncated = client.send(request, nullptr).take();
  CHECK(truncated.truncated);
  CHECK(truncated.status == 200);
  CHECK(truncated.body.size() == 1000000);
  // The transfer stopped at the limit: had the client read on and discarded the rest, the
  // server would have written all 50 MiB before the call returned (socket buffers hold a few).
  CHECK(server.bytes_streamed() < 50u * 1024 * 1024);

  request.truncate_on_limit = false;
  auto refused = client.send(request, nullptr);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().kind == ErrorKind::LimitExceeded);
  CHECK(refused.error().message == "the response from " + url +
                                       " is larger than the limit of 1000000 bytes; ask for less "
                                       "(add a LIMIT) or raise the limit");
  REQUIRE(refused.error().remote);
  CHECK(refused.error().remote->http_status == 200);

  // Under the client's default limit (64 MiB) the whole 50 MiB arrive.
  auto whole = client.send(get(url), nullptr).take();
  CHECK_FALSE(whole.truncated);
  CHECK(whole.body.size() == 50u * 1024 * 1024);

  // The client-wide limit applies when the request sets none.
  ClientOptions options;
  options.max_response_bytes = 4096;
  Client small(options);
  auto limited = small.send(get(url), nullptr).take();
  CHECK(limited.truncated);
  CHECK(limited.body.size() == 4096);
}

TEST_CASE("a refused connection is a remote error in plain words", "[http][integration][error]") {
  const unsigned short port = testing::closed_port();
  Client client;
  const std::string url = "http://127.0.0.1:" + std::to_string(port) + "/sparql";
  auto outcome = client.send(get(url), nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Remote);
  CHECK(outcome.error().message == "could not connect to 127.0.0.1:" + std::to_string(port) +
                                       " (connection refused); is the endpoint up?");
  REQUIRE(outcome.error().remote);
  CHECK(outcome.error().remote->endpoint == url);
  CHECK(outcome.error().remote->transport_code == CURLE_COULDNT_CONNECT);
  CHECK(outcome.error().remote->http_status == 0);
}

TEST_CASE("a malformed URL is an invalid argument", "[http][error]") {
  Client client;
  auto outcome = client.send(get("ftp://127.0.0.1/x"), nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::InvalidArgument);
  CHECK(outcome.error().message ==
        "the URL 'ftp://127.0.0.1/x' uses a scheme other than http or https");
}

TEST_CASE("a slow response runs into the per-request timeout", "[http][integration][error]") {
  TestServer server;
  Client client;
  Request request = get(server.url("/hold"));
  request.timeout = milliseconds(300);
  auto start = Clock::now();
  auto outcome = client.send(request, nullptr);
  auto took = since(start);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Timeout);
  CHECK(outcome.error().message ==
        "no complete response from 127.0.0.1:" + std::to_string(server.port()) +
            " within 300 ms; the endpoint may be slow or overloaded: "
            "try a simpler query, a LIMIT, or a longer timeout");
  REQUIRE(outcome.error().remote);
  CHECK(outcome.error().remote->transport_code == CURLE_OPERATION_TIMEDOUT);
  CHECK(took >= milliseconds(290));  // a lower bound: load only makes it later
}

TEST_CASE("cancelling a transfer in flight completes it with Cancelled",
          "[http][integration][error]") {
  TestServer server;
  Client client;
  auto token = std::make_shared<CancellationToken>();
  std::promise<Outcome<Response>> done;
  Request request = get(server.url("/hold"));  // never answered: only the cancel can end it
  request.timeout = milliseconds(30000);
  client.async_send(request, token,
                    [&done](Outcome<Response> outcome) { done.set_value(std::move(outcome)); });
  REQUIRE(server.wait_requests("/hold", 1));
  token->cancel();
  auto outcome = done.get_future().get();
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Cancelled);
  CHECK(outcome.error().message == "the request to " + request.url + " was cancelled");
}

TEST_CASE("a request whose token is already cancelled never reaches the server",
          "[http][integration][error]") {
  TestServer server;
  Client client;
  auto token = std::make_shared<CancellationToken>();
  token->cancel();
  auto outcome = client.send(get(server.url("/sparql")), token);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Cancelled);
  CHECK(server.requests_served() == 0);
}

TEST_CASE("fifty concurrent requests run in parallel on the one client thread",
          "[http][integration]") {
  TestServer server;
  ClientOptions options;
  options.max_host_connections = 64;
  Client client(options);
  constexpr int kRequests = 50;
  std::mutex mutex;
  std::condition_variable finished;
  int done = 0;
  int succeeded = 0;
  // The barrier answers none of them until all fifty are held at once: run one after another,
  // they would never end.
  for (int i = 0; i < kRequests; ++i) {
    client.async_send(get(server.url("/barrier?n=50")), nullptr, [&](Outcome<Response> outcome) {
      std::lock_guard lock(mutex);
      ++done;
      if (outcome.ok() && outcome.value().status == 200) ++succeeded;
      finished.notify_one();
    });
  }
  {
    std::unique_lock lock(mutex);
    REQUIRE(finished.wait_for(lock, std::chrono::seconds(30), [&] { return done == kRequests; }));
  }
  CHECK(succeeded == kRequests);
  CHECK(server.requests_served() == kRequests);
}

namespace {

// Six requests to a route that answers two at a time, once two are held: the client must run
// two at once to finish. A connection carries one request at a time, so the connections the
// server accepted are the parallelism the client allowed itself. Returns that number.
std::size_t connections_for_six_barrier_requests(const ClientOptions& options) {
  TestServer server;
  Client client(options);
  std::vector<std::future<Outcome<Response>>> futures;
  for (int i = 0; i < 6; ++i) {
    auto promise = std::make_shared<std::promise<Outcome<Response>>>();
    futures.push_back(promise->get_future());
    client.async_send(
        get(server.url("/barrier?n=2")), nullptr,
        [promise](Outcome<Response> outcome) { promise->set_value(std::move(outcome)); });
  }
  for (auto& future : futures) {
    REQUIRE(future.wait_for(std::chrono::seconds(30)) == std::future_status::ready);
    CHECK(future.get().ok());
  }
  return server.connections_accepted();
}

}  // namespace

TEST_CASE("max_host_connections bounds the parallel connections to one host",
          "[http][integration]") {
  ClientOptions options;
  options.max_host_connections = 2;
  CHECK(connections_for_six_barrier_requests(options) == 2);
}

TEST_CASE("max_total_connections bounds the parallel connections of all hosts together",
          "[http][integration]") {
  ClientOptions options;
  options.max_host_connections = 8;
  options.max_total_connections = 2;
  CHECK(connections_for_six_barrier_requests(options) == 2);
}

TEST_CASE("sequential requests reuse one kept-alive connection", "[http][integration]") {
  TestServer server;
  Client client;
  for (int i = 0; i < 5; ++i)
    CHECK(client.send(get(server.url("/sparql")), nullptr).take().status == 200);
  CHECK(server.requests_served() == 5);
  CHECK(server.connections_accepted() == 1);
}

TEST_CASE("destroying the client aborts running transfers with Cancelled",
          "[http][integration][error]") {
  TestServer server;
  std::promise<Outcome<Response>> done;
  auto future = done.get_future();
  {
    Client client;
    client.async_send(get(server.url("/hold")), nullptr,
                      [&done](Outcome<Response> outcome) { done.set_value(std::move(outcome)); });
    REQUIRE(server.wait_requests("/hold", 1));
  }
  // The destructor returned only after completing the transfer it aborted.
  REQUIRE(future.wait_for(milliseconds(0)) == std::future_status::ready);
  auto outcome = future.get();
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Cancelled);
}

TEST_CASE("async_wait fires after its delay and stops early when cancelled", "[http]") {
  Client client;
  std::promise<bool> fired;
  auto start = Clock::now();
  client.async_wait(milliseconds(150), nullptr,
                    [&fired](bool elapsed) { fired.set_value(elapsed); });
  CHECK(fired.get_future().get());
  CHECK(since(start) >= milliseconds(150));  // a lower bound: load only makes it later

  // An hour-long wait that reports "not elapsed" can only have been stopped by the token.
  auto token = std::make_shared<CancellationToken>();
  std::promise<bool> stopped;
  client.async_wait(std::chrono::hours(1), token,
                    [&stopped](bool elapsed) { stopped.set_value(elapsed); });
  token->cancel();
  auto result = stopped.get_future();
  REQUIRE(result.wait_for(std::chrono::seconds(30)) == std::future_status::ready);
  CHECK_FALSE(result.get());
}

TEST_CASE("find_header matches names case-insensitively", "[http]") {
  std::vector<std::pair<std::string, std::string>> headers{{"Content-Type", "text/csv"},
                                                           {"retry-after", "3"}};
  CHECK(find_header(headers, "content-type") == "text/csv");
  CHECK(find_header(headers, "Retry-After") == "3");
  CHECK_FALSE(find_header(headers, "Location").has_value());
}

TEST_CASE("misbehaving servers give remote errors in plain words", "[http][integration][error]") {
  TestServer server;
  Client client;
  const std::string where = "127.0.0.1:" + std::to_string(server.port());
  auto failure = [&](const std::string& path) {
    auto outcome = client.send(get(server.url(path)), nullptr);
    REQUIRE_FALSE(outcome.ok());
    CHECK(outcome.error().kind == ErrorKind::Remote);
    REQUIRE(outcome.error().remote);
    CHECK(outcome.error().remote->endpoint == server.url(path));
    return std::make_pair(outcome.error().message, outcome.error().remote->transport_code);
  };
  auto [dropped, dropped_code] = failure("/drop");
  CHECK(dropped == "the server at " + where + " closed the connection without sending a response");
  CHECK(dropped_code == CURLE_GOT_NOTHING);
  auto [cut, cut_code] = failure("/short");
  CHECK(cut == "the connection to " + where + " broke while receiving the response");
  CHECK(cut_code == CURLE_PARTIAL_FILE);
  auto [garbage, garbage_code] = failure("/garbage");
  CHECK(garbage == "the server at " + where + " sent something that is not a valid HTTP response");
  CHECK(garbage_code != 0);
}

TEST_CASE("one cancelled token aborts every transfer that shares it",
          "[http][integration][error]") {
  TestServer server;
  ClientOptions options;
  options.max_host_connections = 16;
  Client client(options);
  auto token = std::make_shared<CancellationToken>();
  std::mutex mutex;
  std::condition_variable finished;
  int cancelled = 0;
  int done = 0;
  for (int i = 0; i < 10; ++i) {
    client.async_send(get(server.url("/hold")), token, [&](Outcome<Response> outcome) {
      std::lock_guard lock(mutex);
      ++done;
      if (!outcome.ok() && outcome.error().kind == ErrorKind::Cancelled) ++cancelled;
      finished.notify_one();
    });
  }
  REQUIRE(server.wait_requests("/hold", 10));  // all ten in flight
  token->cancel();
  {
    std::unique_lock lock(mutex);
    REQUIRE(finished.wait_for(lock, std::chrono::seconds(30), [&] { return done == 10; }));
  }
  CHECK(cancelled == 10);
}

TEST_CASE("a client with max_redirects 0 returns the redirect itself", "[http][integration]") {
  TestServer server;
  ClientOptions options;
  options.max_redirects = 0;
  Client client(options);
  auto response = client.send(get(server.url("/redirect?n=1&code=302")), nullptr).take();
  CHECK(response.status == 302);
  CHECK(find_header(response.headers, "Location") == "/echo");
}
