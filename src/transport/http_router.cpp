#include "sparqlmcp/transport/http_router.hpp"

#include <algorithm>

namespace sparqlmcp::transport {

void HttpRouter::add(std::vector<std::string> paths, HttpHandler& handler) {
  for (std::string& path : paths)
    routes_.push_back({std::move(path), &handler});
}

void HttpRouter::handle(HttpRequest request, HttpExchange exchange) {
  for (const Route& route : routes_) {
    if (route.path == request.path) {
      route.handler->handle(std::move(request), std::move(exchange));
      return;
    }
  }
  std::string paths;
  for (const Route& route : routes_)
    paths += (paths.empty() ? "" : ", ") + route.path;
  exchange.respond(HttpResponse::text(
      404, "nothing is served at " + request.path + "; this server answers " + paths));
}

void HttpRouter::on_stop(std::chrono::steady_clock::time_point deadline) {
  std::vector<HttpHandler*> told;
  for (const Route& route : routes_) {
    if (std::find(told.begin(), told.end(), route.handler) != told.end()) continue;
    told.push_back(route.handler);
    route.handler->on_stop(deadline);
  }
}

}  // namespace sparqlmcp::transport
