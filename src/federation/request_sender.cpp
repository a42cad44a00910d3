#include "sparqlmcp/federation/request_sender.hpp"

#include <future>

namespace sparqlmcp::federation {
namespace {

class HttpSender final : public RequestSender {
 public:
  explicit HttpSender(http::SparqlProtocolClient& client) : client_(client) {}

  void send(const http::SparqlEndpointConfig& config, std::string query, std::string accept,
            CancellationTokenPtr cancellation,
            std::function<void(Outcome<http::SparqlResponse>)> on_done) override {
    client_.async_query(config, std::move(query), std::move(accept), std::move(cancellation),
                        std::move(on_done));
  }

 private:
  http::SparqlProtocolClient& client_;
};

}  // namespace

std::unique_ptr<RequestSender> make_http_sender(http::SparqlProtocolClient& client) {
  return std::make_unique<HttpSender>(client);
}

Outcome<http::SparqlResponse> send_and_wait(RequestSender& sender,
                                            const http::SparqlEndpointConfig& config,
                                            std::string query, std::string accept,
                                            CancellationTokenPtr cancellation) {
  auto promise = std::make_shared<std::promise<Outcome<http::SparqlResponse>>>();
  std::future<Outcome<http::SparqlResponse>> future = promise->get_future();
  sender.send(
      config, std::move(query), std::move(accept), std::move(cancellation),
      [promise](Outcome<http::SparqlResponse> outcome) { promise->set_value(std::move(outcome)); });
  return future.get();
}

}  // namespace sparqlmcp::federation
