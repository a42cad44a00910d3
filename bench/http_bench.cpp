// http_bench [rounds]: latency figures of the HTTP client against the loopback test server of
// tests/http (the figures the unit tests used to assert as wall-clock bounds; they now wait on
// events). Prints, never fails on a figure:
//   cancel      token fired on a request the server holds -> on_done (median, p99, max)
//   destroy     ~Client with a held transfer in flight -> returned
//   timeout     a 300 ms per-request timeout on a held request -> on_done
//   parallel    50 requests of /slow?ms=500 on one client thread (sequential: 25 s)
//   host limit  6 requests of /slow?ms=300 with max_host_connections 2 (three rounds: ~900 ms)
//   retry       a 429 with Retry-After: 1 -> the answer of the retry
// Exit status 1 only when a request does not end as it must (an error where none belongs).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <string>
#include <vector>

#include "../tests/http/test_server.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"

namespace {

using namespace sparqlmcp;
using Clock = std::chrono::steady_clock;
using http::testing::TestServer;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void print_samples(const char* label, std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  auto at = [&](double p) {
    auto index = static_cast<std::size_t>(p * static_cast<double>(samples.size() - 1) + 0.5);
    return samples[std::min(index, samples.size() - 1)];
  };
  std::printf("%-11s rounds=%zu median=%.2f ms p99=%.2f ms max=%.2f ms\n", label, samples.size(),
              at(0.5), at(0.99), samples.back());
}

bool failed = false;

void expect(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "http_bench: %s\n", what);
  failed = true;
}

http::Request get(std::string url) {
  http::Request request;
  request.url = std::move(url);
  return request;
}

void bench_cancel(TestServer& server, int rounds) {
  http::Client client;
  std::vector<double> samples;
  for (int i = 0; i < rounds; ++i) {
    auto token = std::make_shared<CancellationToken>();
    std::promise<Outcome<http::Response>> done;
    auto future = done.get_future();
    client.async_send(get(server.url("/hold")), token, [&done](Outcome<http::Response> outcome) {
      done.set_value(std::move(outcome));
    });
    expect(server.wait_requests("/hold", static_cast<std::size_t>(i + 1)),
           "a request never arrived");
    auto start = Clock::now();
    token->cancel();
    auto outcome = future.get();
    samples.push_back(ms_since(start));
    expect(!outcome.ok() && outcome.error().kind == ErrorKind::Cancelled,
           "a cancel did not cancel");
  }
  print_samples("cancel", samples);
}

void bench_destroy(TestServer& server, int rounds) {
  // The cancel rounds already brought `rounds` requests to /hold.
  std::vector<double> samples;
  for (int i = 0; i < rounds; ++i) {
    std::promise<Outcome<http::Response>> done;
    auto future = done.get_future();
    Clock::time_point start;
    {
      http::Client client;
      client.async_send(
          get(server.url("/hold?destroy")), nullptr,
          [&done](Outcome<http::Response> outcome) { done.set_value(std::move(outcome)); });
      expect(server.wait_requests("/hold", static_cast<std::size_t>(rounds + i + 1)),
             "a request never arrived");
      start = Clock::now();
    }
    samples.push_back(ms_since(start));
    expect(future.wait_for(std::chrono::seconds(0)) == std::future_status::ready,
           "~Client returned before completing its transfer");
  }
  print_samples("destroy", samples);
}

void bench_timeout(TestServer& server, int rounds) {
  http::Client client;
  std::vector<double> samples;
  for (int i = 0; i < rounds; ++i) {
    http::Request request = get(server.url("/hold?timeout"));
    request.timeout = std::chrono::milliseconds(300);
    auto start = Clock::now();
    auto outcome = client.send(request, nullptr);
    samples.push_back(ms_since(start));
    expect(!outcome.ok() && outcome.error().kind == ErrorKind::Timeout, "no timeout");
  }
  print_samples("timeout 300", samples);
}

void bench_parallel(TestServer& server, int rounds, int requests, int slow_ms,
                    std::size_t host_connections, const char* label) {
  http::ClientOptions options;
  options.max_host_connections = host_connections;
  http::Client client(options);
  std::vector<double> samples;
  for (int round = 0; round < rounds; ++round) {
    std::vector<std::future<Outcome<http::Response>>> futures;
    auto start = Clock::now();
    for (int i = 0; i < requests; ++i) {
      auto promise = std::make_shared<std::promise<Outcome<http::Response>>>();
      futures.push_back(promise->get_future());
      client.async_send(
          get(server.url("/slow?ms=" + std::to_string(slow_ms))), nullptr,
          [promise](Outcome<http::Response> outcome) { promise->set_value(std::move(outcome)); });
    }
    for (auto& future : futures)
      expect(future.get().ok(), "a parallel request failed");
    samples.push_back(ms_since(start));
  }
  print_samples(label, samples);
}

void bench_retry(TestServer& server, int rounds) {
  http::Client client;
  http::SparqlProtocolClient protocol(client);
  std::vector<double> samples;
  for (int i = 0; i < rounds; ++i) {
    http::SparqlEndpointConfig config;
    config.endpoint =
        server.url("/retry?key=bench" + std::to_string(i) + "&status=429&times=1&after=1");
    auto start = Clock::now();
    auto outcome = protocol.query(config, "ASK {}", "application/sparql-results+json", nullptr);
    samples.push_back(ms_since(start));
    expect(outcome.ok() && outcome.value().attempts == 2, "the retry did not succeed");
  }
  print_samples("retry 1 s", samples);
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
  TestServer server;
  bench_cancel(server, rounds);
  bench_destroy(server, rounds);
  bench_timeout(server, std::min(rounds, 5));
  bench_parallel(server, std::min(rounds, 3), 50, 500, 64, "parallel 50");
  bench_parallel(server, std::min(rounds, 3), 6, 300, 2, "host limit");
  bench_retry(server, std::min(rounds, 3));
  return failed ? 1 : 0;
}
