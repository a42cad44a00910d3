#include "sparqlmcp/http/sparql_protocol.hpp"

#include <curl/curl.h>

#include <catch2/catch.hpp>
#include <future>
#include <nlohmann/json.hpp>
#include <thread>

#include "sparqlmcp/util/text.hpp"
#include "test_server.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::http;
using sparqlmcp::http::testing::echo_of;
using sparqlmcp::http::testing::since;
using sparqlmcp::http::testing::TestServer;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

constexpr const char* kSelectAccept =
    "application/sparql-results+json, application/sparql-results+xml;q=0.9";
constexpr const char* kQuery = "SELECT ?s WHERE { ?s a <http://x/C> } LIMIT 3";

SparqlEndpointConfig config_for(std::string endpoint) {
  SparqlEndpointConfig config;
  config.endpoint = std::move(endpoint);
  config.timeout = milliseconds(10000);
  return config;
}

}  // namespace

TEST_CASE("a short query goes by GET with an encoded query parameter and the Accept list",
          "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  auto response =
      protocol.query(config_for(server.url("/echo")), kQuery, kSelectAccept, nullptr).take();
  CHECK(response.status == 200);
  CHECK(response.attempts == 1);
  CHECK(response.endpoint == server.url("/echo"));
  auto echo = echo_of(response);
  CHECK(echo["method"] == "GET");
  CHECK(echo["query"] == "query=" + util::percent_encode(kQuery));
  CHECK(testing::query_param(echo["query"].get<std::string>(), "query") == kQuery);
  CHECK(echo["headers"]["accept"] == kSelectAccept);
}

TEST_CASE("the raw body and content type of a SPARQL JSON answer come back unparsed",
          "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  auto response =
      protocol.query(config_for(server.url("/sparql")), kQuery, kSelectAccept, nullptr).take();
  CHECK(response.content_type == "application/sparql-results+json");
  CHECK(response.body == testing::kSparqlJson);
  CHECK_FALSE(response.truncated);
}

TEST_CASE("an endpoint URL with its own query string keeps it and gets &query=",
          "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  const std::string endpoint = server.url("/echo?default-graph-uri=http%3A%2F%2Fg%2F1");
  auto echo = echo_of(protocol.query(config_for(endpoint), kQuery, kSelectAccept, nullptr).take());
  CHECK(echo["method"] == "GET");
  CHECK(echo["query"] ==
        "default-graph-uri=http%3A%2F%2Fg%2F1&query=" + util::percent_encode(kQuery));
}

TEST_CASE("a query too long for a GET URL goes by URL-encoded POST", "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  std::string query = "SELECT * WHERE { VALUES ?x {";
  for (int i = 0; i < 300; ++i)
    query += " <http://example.org/item/" + std::to_string(i) + ">";
  query += " } }";
  const std::string endpoint = server.url("/echo?default-graph-uri=http%3A%2F%2Fg%2F1");
  auto echo = echo_of(protocol.query(config_for(endpoint), query, kSelectAccept, nullptr).take());
  CHECK(echo["method"] == "POST");
  CHECK(echo["headers"]["content-type"] == "application/x-www-form-urlencoded");
  CHECK(echo["headers"]["accept"] == kSelectAccept);
  CHECK(testing::query_param(echo["body"].get<std::string>(), "query") == query);
  CHECK(echo["query"] == "default-graph-uri=http%3A%2F%2Fg%2F1");
}

TEST_CASE("the URL length threshold and the forced methods decide GET or POST",
          "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config = config_for(server.url("/echo"));
  const std::string get_url = build_query_url(config.endpoint, kQuery);

  config.get_max_url_length = get_url.size();
  CHECK(echo_of(protocol.query(config, kQuery, "", nullptr).take())["method"] == "GET");
  config.get_max_url_length = get_url.size() - 1;
  CHECK(echo_of(protocol.query(config, kQuery, "", nullptr).take())["method"] == "POST");

  config.method = HttpMethodPreference::Get;
  CHECK(echo_of(protocol.query(config, kQuery, "", nullptr).take())["method"] == "GET");
  config.method = HttpMethodPreference::Post;
  config.get_max_url_length = 100000;
  auto echo = echo_of(protocol.query(config, kQuery, "", nullptr).take());
  CHECK(echo["method"] == "POST");
  CHECK(testing::query_param(echo["body"].get<std::string>(), "query") == kQuery);
}

TEST_CASE("configured endpoint headers are sent", "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config = config_for(server.url("/echo"));
  config.headers = {{"Authorization", "Bearer abc"}, {"Accept", "text/csv"}};
  auto echo = echo_of(protocol.query(config, kQuery, kSelectAccept, nullptr).take());
  CHECK(echo["headers"]["authorization"] == "Bearer abc");
  CHECK(echo["headers"]["accept"] == kSelectAccept);  // the caller's Accept wins
}

TEST_CASE("a 500 is a remote error that says the endpoint failed and quotes the body",
          "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  const std::string endpoint = server.url("/error500");
  auto outcome = protocol.query(config_for(endpoint), kQuery, kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  const Error& error = outcome.error();
  CHECK(error.kind == ErrorKind::Remote);
  CHECK(error.message ==
        "the endpoint failed (HTTP 500 Internal Server Error): Internal error: the triple store "
        "is out of memory");
  REQUIRE(error.remote);
  CHECK(error.remote->endpoint == endpoint);
  CHECK(error.remote->http_status == 500);
  CHECK(error.remote->transport_code == 0);
  CHECK(error.remote->body_head == "Internal error: the triple store is out of memory");
}

TEST_CASE("a 400 says the endpoint rejected the query and includes its parser message",
          "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  const std::string endpoint = server.url(
      "/status?code=400&body=Virtuoso%2037000%20Error%20SP030%3A%20syntax%20error%20at%20line%201");
  auto outcome = protocol.query(config_for(endpoint), kQuery, kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Remote);
  CHECK(outcome.error().message ==
        "the endpoint rejected the query (HTTP 400 Bad Request): Virtuoso 37000 Error SP030: "
        "syntax error at line 1");
  CHECK(outcome.error().remote->http_status == 400);
  CHECK(outcome.error().remote->body == RemoteBody::QueryError);
}

TEST_CASE("401, 403 and 404 say access was refused or the URL is wrong",
          "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  auto message_for = [&](int code) {
    auto outcome = protocol.query(config_for(server.url("/status?code=" + std::to_string(code))),
                                  kQuery, kSelectAccept, nullptr);
    REQUIRE_FALSE(outcome.ok());
    CHECK(outcome.error().kind == ErrorKind::Remote);
    CHECK(outcome.error().remote->http_status == code);
    return outcome.error().message;
  };
  CHECK(message_for(401) ==
        "the endpoint refused access (HTTP 401 Unauthorized); it requires credentials: configure "
        "an Authorization header for it");
  CHECK(message_for(403) ==
        "the endpoint refused access (HTTP 403 Forbidden); it may block this client or this kind "
        "of query");
  CHECK(message_for(404) ==
        "the endpoint URL is wrong (HTTP 404 Not Found); check the endpoint address in the "
        "catalogue");
  CHECK(message_for(502) ==
        "the endpoint failed (HTTP 502 Bad Gateway); a gateway in front of "
        "it gave up");
}

TEST_CASE("a 200 carrying an HTML page is a remote error", "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  auto outcome = protocol.query(config_for(server.url("/html")), kQuery, kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Remote);
  CHECK(outcome.error().message ==
        "the endpoint answered with an HTML page instead of SPARQL results (is the URL the SPARQL "
        "service, not its web page?): Welcome to our portal Please log in.");
  CHECK(outcome.error().remote->http_status == 200);
  CHECK(outcome.error().remote->body_head.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(outcome.error().remote->body == RemoteBody::HtmlPage);
}

TEST_CASE("a 200 carrying a Virtuoso error text is a remote error", "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  auto outcome =
      protocol.query(config_for(server.url("/virtuoso-error")), kQuery, kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Remote);
  CHECK(outcome.error().message.rfind(
            "the endpoint rejected the query (its error message came with HTTP status 200 "
            "instead of results): Virtuoso 37000 Error SP030: SPARQL compiler, line 1: syntax "
            "error",
            0) == 0);
  CHECK(outcome.error().remote->http_status == 200);
  CHECK(outcome.error().remote->body == RemoteBody::QueryError);
}

TEST_CASE("429 with Retry-After in seconds is retried after the delay, and the retry is announced",
          "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config = config_for(server.url("/retry?key=a&status=429&times=1&after=1"));
  std::vector<SparqlNotice> notices;  // written on the client's thread, read after query()
  config.on_notice = [&notices](const SparqlNotice& notice) { notices.push_back(notice); };
  auto start = Clock::now();
  auto response = protocol.query(config, kQuery, kSelectAccept, nullptr).take();
  CHECK(response.status == 200);
  CHECK(response.attempts == 2);
  CHECK(response.body == testing::kSparqlJson);
  // Lower bounds: the wait can only be made longer by a busy machine.
  CHECK(since(start) >= milliseconds(1000));
  CHECK(response.elapsed >= milliseconds(1000));
  CHECK(server.retry_count("a") == 2);
  REQUIRE(notices.size() == 1);
  CHECK(notices[0].kind == SparqlNotice::Kind::Retry);
  CHECK(notices[0].endpoint == config.endpoint);
  CHECK(notices[0].status == 429);
  CHECK(notices[0].delay == milliseconds(1000));
  CHECK(notices[0].retry == 1);
  CHECK(notices[0].max_retries == 2);
  CHECK(notices[0].message == config.endpoint +
                                  " answered HTTP 429 Too Many Requests; retrying in 1000 ms "
                                  "(retry 1 of 2)");
}

TEST_CASE("503 with an HTTP-date Retry-After is retried", "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  auto response = protocol
                      .query(config_for(server.url("/retry?key=b&status=503&times=1&after=date:1")),
                             kQuery, kSelectAccept, nullptr)
                      .take();
  CHECK(response.attempts == 2);
  CHECK(server.retry_count("b") == 2);
}

TEST_CASE("503 without Retry-After is retried after the default delay, 429 is not",
          "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config =
      config_for(server.url("/retry?key=c&status=503&times=2&after=none"));
  config.default_retry_delay = milliseconds(100);
  std::vector<SparqlNotice> notices;
  config.on_notice = [&notices](const SparqlNotice& notice) { notices.push_back(notice); };
  auto response = protocol.query(config, kQuery, kSelectAccept, nullptr).take();
  CHECK(response.attempts == 3);
  REQUIRE(notices.size() == 2);
  CHECK(notices[1].message == config.endpoint +
                                  " answered HTTP 503 Service Unavailable; retrying in 100 ms "
                                  "(retry 2 of 2)");

  auto outcome =
      protocol.query(config_for(server.url("/retry?key=d&status=429&times=1&after=none")), kQuery,
                     kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().message ==
        "the endpoint is rate-limiting requests (HTTP 429 Too Many Requests); wait before "
        "sending more queries");
  CHECK(server.retry_count("d") == 1);
}

TEST_CASE("retries are bounded by max_retries", "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config = config_for(server.url("/retry?key=e&status=503&times=10&after=0"));
  config.max_retries = 2;
  auto outcome = protocol.query(config, kQuery, kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Remote);
  CHECK(outcome.error().remote->http_status == 503);
  CHECK(outcome.error().message.rfind("the endpoint failed (HTTP 503 Service Unavailable)", 0) ==
        0);
  CHECK(server.retry_count("e") == 3);
}

TEST_CASE("a Retry-After longer than the remaining timeout is not waited for",
          "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config = config_for(server.url("/retry?key=f&status=429&times=1&after=30"));
  config.timeout = milliseconds(2000);
  int notices = 0;
  config.on_notice = [&notices](const SparqlNotice&) { ++notices; };
  auto outcome = protocol.query(config, kQuery, kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  // No retry was announced, and the error is the 429 itself, not the timeout a wait would end in.
  CHECK(notices == 0);
  CHECK(outcome.error().message ==
        "the endpoint is rate-limiting requests (HTTP 429 Too Many Requests) and asked to wait "
        "(Retry-After: 30); wait before sending more queries");
  CHECK(server.retry_count("f") == 1);
}

TEST_CASE("the wait before a retry is cancellable", "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  auto token = std::make_shared<CancellationToken>();
  std::promise<Outcome<SparqlResponse>> done;
  std::promise<void> waiting;  // the retry notice comes just before the wait begins
  SparqlEndpointConfig config = config_for(server.url("/retry?key=g&status=503&times=1&after=5"));
  config.on_notice = [&waiting](const SparqlNotice&) { waiting.set_value(); };
  protocol.async_query(
      config, kQuery, kSelectAccept, token,
      [&done](Outcome<SparqlResponse> outcome) { done.set_value(std::move(outcome)); });
  REQUIRE(waiting.get_future().wait_for(std::chrono::seconds(10)) == std::future_status::ready);
  token->cancel();
  auto outcome = done.get_future().get();
  REQUIRE_FALSE(outcome.ok());
  // Had the cancel not stopped the 5 s wait, the retry would have succeeded.
  CHECK(outcome.error().kind == ErrorKind::Cancelled);
  CHECK(outcome.error().message == "the query to " +
                                       server.url("/retry?key=g&status=503&times=1&after=5") +
                                       " was cancelled while waiting to retry");
  REQUIRE(outcome.error().remote);
  CHECK(outcome.error().remote->http_status == 503);
  CHECK(server.retry_count("g") == 1);
}

TEST_CASE("cancelling a running query aborts it", "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  auto token = std::make_shared<CancellationToken>();
  std::promise<Outcome<SparqlResponse>> done;
  protocol.async_query(
      config_for(server.url("/hold")), kQuery, kSelectAccept, token,
      [&done](Outcome<SparqlResponse> outcome) { done.set_value(std::move(outcome)); });
  REQUIRE(server.wait_requests("/hold", 1));
  token->cancel();
  auto outcome = done.get_future().get();
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Cancelled);
}

TEST_CASE("a slow endpoint runs into the query timeout", "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config = config_for(server.url("/hold"));
  config.timeout = milliseconds(400);
  auto outcome = protocol.query(config, kQuery, kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Timeout);
  REQUIRE(outcome.error().remote);
  CHECK(outcome.error().remote->endpoint == config.endpoint);
  CHECK(outcome.error().remote->transport_code == CURLE_OPERATION_TIMEDOUT);
}

TEST_CASE("transport errors name the configured endpoint", "[http][integration][error]") {
  const unsigned short port = testing::closed_port();
  Client client;
  SparqlProtocolClient protocol(client);
  const std::string endpoint = "http://127.0.0.1:" + std::to_string(port) + "/sparql";
  auto outcome = protocol.query(config_for(endpoint), kQuery, kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Remote);
  CHECK(outcome.error().message == "could not connect to 127.0.0.1:" + std::to_string(port) +
                                       " (connection refused); is the endpoint up?");
  CHECK(outcome.error().remote->endpoint == endpoint);
  CHECK(outcome.error().remote->transport_code == CURLE_COULDNT_CONNECT);
}

TEST_CASE("redirects are followed and a POST keeps its body on 307", "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config = config_for(server.url("/redirect?n=2&code=307"));
  config.method = HttpMethodPreference::Post;
  auto echo = echo_of(protocol.query(config, kQuery, kSelectAccept, nullptr).take());
  CHECK(echo["method"] == "POST");
  CHECK(testing::query_param(echo["body"].get<std::string>(), "query") == kQuery);
  CHECK(echo["headers"]["content-type"] == "application/x-www-form-urlencoded");
}

TEST_CASE("a response over max_response_bytes comes back truncated", "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config = config_for(server.url("/sparql"));
  config.max_response_bytes = 20;
  auto response = protocol.query(config, kQuery, kSelectAccept, nullptr).take();
  CHECK(response.truncated);
  CHECK(response.body == std::string(testing::kSparqlJson).substr(0, 20));
}

TEST_CASE("an answer Virtuoso cut at its result cap says so with X-SPARQL-MaxRows",
          "[http][integration]") {
  TestServer server;
  server.route("/capped", [](const testing::TestRequest&) {
    return testing::TestReply{
        200,
        {{"Content-Type", "application/sparql-results+json"}, {"X-SPARQL-MaxRows", "10000"}},
        testing::kSparqlJson};
  });
  Client client;
  SparqlProtocolClient protocol(client);
  CHECK(protocol.query(config_for(server.url("/capped")), kQuery, kSelectAccept, nullptr)
            .take()
            .capped_at == std::optional<std::size_t>(10000));
  CHECK_FALSE(protocol.query(config_for(server.url("/sparql")), kQuery, kSelectAccept, nullptr)
                  .take()
                  .capped_at);
}

TEST_CASE("a 414 on GET falls back to POST", "[http][integration]") {
  TestServer server;
  server.route("/picky", [](const testing::TestRequest& request) {
    if (request.method == "GET")
      return testing::TestReply{414, {{"Content-Type", "text/plain"}}, "URI too long"};
    return testing::TestReply{
        200, {{"Content-Type", "application/sparql-results+json"}}, testing::kSparqlJson};
  });
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config = config_for(server.url("/picky"));
  std::vector<SparqlNotice> notices;
  config.on_notice = [&notices](const SparqlNotice& notice) { notices.push_back(notice); };
  auto response = protocol.query(config, kQuery, kSelectAccept, nullptr).take();
  CHECK(response.status == 200);
  CHECK(response.attempts == 2);
  REQUIRE(notices.size() == 1);
  CHECK(notices[0].kind == SparqlNotice::Kind::Fallback);
  CHECK(notices[0].status == 414);
  CHECK(notices[0].message ==
        config.endpoint +
            " answered HTTP 414 URI Too Long; sending the query by POST instead of GET");
  // Learned: the next query of that length goes by POST at once; another endpoint still GETs.
  CHECK(protocol.query(config, kQuery, kSelectAccept, nullptr).take().attempts == 1);
  CHECK(notices.size() == 1);
  CHECK(protocol.memory().refused_get_length(config.endpoint).has_value());
  CHECK_FALSE(protocol.memory().refused_get_length(server.url("/sparql")).has_value());
}

TEST_CASE("a POST keeps its method and body when the endpoint moved with 301 or 302",
          "[http][integration]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  for (std::string code : {"301", "302"}) {
    SparqlEndpointConfig config = config_for(server.url("/redirect?n=1&code=" + code));
    config.method = HttpMethodPreference::Post;
    auto echo = echo_of(protocol.query(config, kQuery, kSelectAccept, nullptr).take());
    CHECK(echo["method"] == "POST");
    CHECK(testing::query_param(echo["body"].get<std::string>(), "query") == kQuery);
  }
}

TEST_CASE("blocking calls from the client's own thread fail instead of deadlocking",
          "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  std::promise<std::pair<Error, Error>> done;
  client.async_wait(milliseconds(0), nullptr, [&](bool) {
    Request request;
    request.url = server.url("/sparql");
    auto nested = client.send(request, nullptr);
    auto nested_query = protocol.query(config_for(server.url("/sparql")), kQuery, "", nullptr);
    done.set_value({nested.error(), nested_query.error()});
  });
  auto [send_error, query_error] = done.get_future().get();
  CHECK(send_error.kind == ErrorKind::Internal);
  CHECK(send_error.message ==
        "Client::send called from the HTTP client's own thread (an on_done callback); use "
        "async_send there");
  CHECK(query_error.kind == ErrorKind::Internal);
}

TEST_CASE("a 200 with an empty body is not a SPARQL result", "[http][integration][error]") {
  TestServer server;
  Client client;
  SparqlProtocolClient protocol(client);
  auto outcome = protocol.query(
      config_for(server.url("/status?code=200&type=application/sparql-results%2Bjson")), kQuery,
      kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Remote);
  CHECK(outcome.error().message ==
        "the endpoint answered with an empty body instead of SPARQL results");
  CHECK(outcome.error().remote->http_status == 200);
}

TEST_CASE("a redirect the client may not follow is a remote error naming the target",
          "[http][integration][error]") {
  TestServer server;
  ClientOptions options;
  options.max_redirects = 0;
  Client client(options);
  SparqlProtocolClient protocol(client);
  auto outcome = protocol.query(config_for(server.url("/redirect?n=1&code=301")), kQuery,
                                kSelectAccept, nullptr);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Remote);
  CHECK(outcome.error().message ==
        "the endpoint answered with a redirect that was not followed (HTTP 301 to /echo); use "
        "the target URL as the endpoint");
  CHECK(outcome.error().remote->http_status == 301);
}

TEST_CASE("destroying the client during a retry wait completes the query with Cancelled",
          "[http][integration][error]") {
  TestServer server;
  std::promise<Outcome<SparqlResponse>> done;
  auto future = done.get_future();
  {
    Client client;
    SparqlProtocolClient protocol(client);
    std::promise<void> waiting;  // the retry notice comes just before the wait begins
    SparqlEndpointConfig config = config_for(server.url("/retry?key=h&status=503&times=1&after=5"));
    config.on_notice = [&waiting](const SparqlNotice&) { waiting.set_value(); };
    protocol.async_query(
        config, kQuery, kSelectAccept, nullptr,
        [&done](Outcome<SparqlResponse> outcome) { done.set_value(std::move(outcome)); });
    REQUIRE(waiting.get_future().wait_for(std::chrono::seconds(10)) == std::future_status::ready);
  }
  REQUIRE(future.wait_for(milliseconds(0)) == std::future_status::ready);
  auto outcome = future.get();
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.error().kind == ErrorKind::Cancelled);
}

TEST_CASE("a 415 on a URL-encoded POST falls back to a direct POST", "[http][integration]") {
  TestServer server;
  server.route("/direct-only", [](const testing::TestRequest& request) {
    for (const auto& [name, value] : request.headers) {
      if (name == "Content-Type" && value == "application/sparql-query" && request.body == kQuery)
        return testing::TestReply{
            200, {{"Content-Type", "application/sparql-results+json"}}, testing::kSparqlJson};
    }
    return testing::TestReply{415, {{"Content-Type", "text/plain"}}, "unsupported media type"};
  });
  Client client;
  SparqlProtocolClient protocol(client);
  SparqlEndpointConfig config = config_for(server.url("/direct-only"));
  config.method = HttpMethodPreference::Post;
  std::vector<SparqlNotice> notices;
  config.on_notice = [&notices](const SparqlNotice& notice) { notices.push_back(notice); };
  auto response = protocol.query(config, kQuery, kSelectAccept, nullptr).take();
  CHECK(response.attempts == 2);
  CHECK(response.body == testing::kSparqlJson);
  REQUIRE(notices.size() == 1);
  CHECK(notices[0].kind == SparqlNotice::Kind::Fallback);
  CHECK(notices[0].message == config.endpoint +
                                  " answered HTTP 415 Unsupported Media Type; sending the query "
                                  "as an application/sparql-query POST instead");
  // Learned: the next POST is direct at once.
  CHECK(protocol.query(config, kQuery, kSelectAccept, nullptr).take().attempts == 1);
  CHECK(notices.size() == 1);
}
