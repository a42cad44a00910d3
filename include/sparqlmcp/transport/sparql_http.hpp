#pragma once
// The SPARQL 1.1 Protocol endpoint of `--http` (issue 13 item 9): the HttpHandler that answers
// queries on `/sparql` with the federation proxy (tools/federation_proxy.hpp), behind the same
// Host/Origin checks, bearer token and limits as the MCP binding.
// - Requests (Protocol 2.1): GET with `query=`; POST with an application/x-www-form-urlencoded
//   body holding `query=`; POST with an application/sparql-query body. `timeout=` (ms) sets the
//   time limit, up to the maximum. GET without any parameter returns the Service Description.
// - Answers (2.1.5, 2.2.5): SELECT and ASK as SPARQL JSON, XML, CSV or TSV; CONSTRUCT and
//   DESCRIBE as Turtle or N-Triples, chosen by Accept. An answer cut at the row cap carries
//   `X-SPARQL-MaxRows` (as Virtuoso sends it); what the caller should know about an answer
//   (cut, possibly incomplete, a SERVICE SILENT failure) comes in `X-SPARQL-MCP-Warning` headers.
// - Failures, as text/plain with what to do: 400 for a malformed query (with its line and
//   column), a query that cannot be routed, SPARQL Update, default-graph-uri/named-graph-uri or
//   a missing or repeated query; 405 for other methods; 406 when Accept allows no format the
//   query form has; 415 for another Content-Type; 502 when an endpoint failed; 504 when the
//   time limit ran out.

#include <cstddef>
#include <memory>
#include <string>

#include "sparqlmcp/tools/federation_proxy.hpp"
#include "sparqlmcp/transport/http_server.hpp"

namespace sparqlmcp::transport {

struct SparqlHttpOptions {
  std::string path = "/sparql";
  // Queries evaluated at once (each blocks a thread while it waits for endpoints); more wait in
  // line. The HTTP server's concurrent-request limit bounds the line.
  std::size_t threads = 8;
};

// `proxy` must outlive the handler.
std::unique_ptr<HttpHandler> make_sparql_http_handler(const tools::FederationProxy& proxy,
                                                      SparqlHttpOptions options);

}  // namespace sparqlmcp::transport
