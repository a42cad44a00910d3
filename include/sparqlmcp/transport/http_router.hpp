#pragma once
// One HTTP server, several bindings: hands each request to the handler registered for its path
// (`/mcp`, `/sse` and `/messages` to the MCP binding, `/sparql` to the SPARQL endpoint) and
// answers 404, naming the paths served, for any other.

#include <chrono>
#include <string>
#include <vector>

#include "sparqlmcp/transport/http_server.hpp"

namespace sparqlmcp::transport {

class HttpRouter final : public HttpHandler {
 public:
  // `handler` serves requests whose path is one of `paths` (exact match); it must outlive the
  // router. The first registration of a path wins.
  void add(std::vector<std::string> paths, HttpHandler& handler);

  void handle(HttpRequest request, HttpExchange exchange) override;
  // Tell every handler, once each.
  void on_stop(std::chrono::steady_clock::time_point deadline) override;
  void on_stop_cancel(std::chrono::steady_clock::time_point close_at) override;

 private:
  struct Route {
    std::string path;
    HttpHandler* handler;
  };
  // Each handler once, in the order of their first route.
  std::vector<HttpHandler*> handlers() const;

  std::vector<Route> routes_;
};

}  // namespace sparqlmcp::transport
