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

std::vector<HttpHandler*> HttpRouter::handlers() const {
  std::vector<HttpHandler*> out;
  for (const Route& route : routes_)
    if (std::find(out.begin(), out.end(), route.handler) == out.end()) out.push_back(route.handler);
  return out;
}

void HttpRouter::on_stop(std::chrono::steady_clock::time_point deadline) {
  for (HttpHandler* handler : handlers())
    handler->on_stop(deadline);
}

void HttpRouter::on_stop_cancel(std::chrono::steady_clock::time_point close_at) {
  for (HttpHandler* handler : handlers())
    handler->on_stop_cancel(close_at);
}

}  // namespace sparqlmcp::transport
