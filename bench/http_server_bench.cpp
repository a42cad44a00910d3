// http_server_bench [clients] [requests-per-client] [events]
//
// The transport's own cost, without MCP: an HttpServer on 127.0.0.1 (2 io threads) with a
// handler that answers at once, driven by `clients` threads, each on one kept-alive connection
// sending `requests-per-client` small POSTs one after another; then one event stream of
// `events` events of 100 bytes. Prints requests per second, median and p99 latency, the CPU time
// of the whole process (clients included) per request, and events per second. Loops are
// bounded by the counts, not by time (docs/http-server.md).

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "../tests/transport/raw_http_client.hpp"
#include "sparqlmcp/transport/http_server.hpp"

using namespace sparqlmcp::transport;
using Clock = std::chrono::steady_clock;

namespace {

class BenchHandler : public HttpHandler {
 public:
  void handle(HttpRequest request, HttpExchange exchange) override {
    if (request.path == "/sse") {
      int n = std::atoi(request.query_parameter("n").value_or("0").c_str());
      SseStream stream = exchange.start_stream();
      std::string data(100, 'e');
      for (int i = 0; i < n; ++i)
        stream.send({"message", "", data, std::nullopt});
      stream.close();
      return;
    }
    exchange.respond(
        {200, {{"Content-Type", "application/json"}}, R"({"jsonrpc":"2.0","id":1,"result":{}})"});
  }
};

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  int clients = argc > 1 ? std::atoi(argv[1]) : 50;
  int per_client = argc > 2 ? std::atoi(argv[2]) : 200;
  int events = argc > 3 ? std::atoi(argv[3]) : 100000;

  BenchHandler handler;
  HttpServerOptions options;
  options.max_concurrent_requests = static_cast<std::size_t>(clients) + 1;
  options.threads = 2;  // the figures in docs/http-server.md were measured with two
  HttpServer server(handler, options);
  std::string host = "Host: 127.0.0.1:" + std::to_string(server.port()) + "\r\n";
  std::string body = R"({"jsonrpc":"2.0","id":1,"method":"ping"})";
  std::string request =
      "POST /mcp HTTP/1.1\r\n" + host +
      "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
      "\r\n\r\n" + body;

  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(clients));
  std::vector<std::thread> threads;
  double cpu_before = cpu_seconds();
  auto start = Clock::now();
  for (int c = 0; c < clients; ++c)
    threads.emplace_back([&, c] {
      testing::RawHttpClient client(server.port());
      auto& mine = latencies[static_cast<std::size_t>(c)];
      for (int i = 0; i < per_client; ++i) {
        auto sent = Clock::now();
        client.send(request);
        if (client.read_response().result_int() != 200) std::abort();
        mine.push_back(std::chrono::duration<double, std::micro>(Clock::now() - sent).count());
      }
    });
  for (auto& thread : threads)
    thread.join();
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  double cpu = cpu_seconds() - cpu_before;

  std::vector<double> all;
  for (auto& list : latencies)
    all.insert(all.end(), list.begin(), list.end());
  std::sort(all.begin(), all.end());
  auto total = static_cast<double>(all.size());
  std::printf("requests: %zu from %d kept-alive clients in %.2f s: %.0f requests/s\n", all.size(),
              clients, seconds, total / seconds);
  std::printf("latency: median %.0f us, p99 %.0f us\n", all[all.size() / 2],
              all[std::min(all.size() - 1, all.size() * 99 / 100)]);
  std::printf("process CPU (clients included): %.1f us per request\n", cpu * 1e6 / total);

  testing::RawHttpClient stream(server.port());
  start = Clock::now();
  stream.send("GET /sse?n=" + std::to_string(events) + " HTTP/1.1\r\n" + host + "\r\n");
  auto response = stream.read_response();
  seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("event stream: %d events of 100 bytes (%zu bytes) in %.3f s: %.0f events/s\n", events,
              response.body().size(), seconds, events / seconds);
  return 0;
}
