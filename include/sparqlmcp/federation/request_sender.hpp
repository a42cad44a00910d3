#pragma once
// The one thing federation needs from HTTP: send a query to an endpoint and get its response,
// asynchronously. The SPARQL protocol client satisfies it (make_http_sender); tests give a fake
// that answers from memory, so the remote path, its error texts and its request counts are
// unit-tested without a server.

#include <functional>
#include <memory>
#include <string>

#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/util/cancellation.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::federation {

class RequestSender {
 public:
  virtual ~RequestSender() = default;
  // Sends `query` to `config.endpoint` with `accept` as the Accept header. `on_done` runs
  // exactly once, possibly on another thread, with the response or the error (the contract of
  // http::SparqlProtocolClient::async_query: non-2xx statuses and bodies that are no results
  // are Remote errors naming the endpoint, the status and the first bytes of the body).
  virtual void send(const http::SparqlEndpointConfig& config, std::string query, std::string accept,
                    CancellationTokenPtr cancellation,
                    std::function<void(Outcome<http::SparqlResponse>)> on_done) = 0;
};

// `client` must outlive the sender.
std::unique_ptr<RequestSender> make_http_sender(http::SparqlProtocolClient& client);

// Sends and waits. Must not be called on the HTTP client's thread.
Outcome<http::SparqlResponse> send_and_wait(RequestSender& sender,
                                            const http::SparqlEndpointConfig& config,
                                            std::string query, std::string accept,
                                            CancellationTokenPtr cancellation);

}  // namespace sparqlmcp::federation
