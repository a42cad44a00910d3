#pragma once
// The SPARQL 1.1 Protocol endpoint of `--http`: the HttpHandler that answers queries on
// `/sparql` through the QueryService (one SERVICE straight to its endpoint, several through
// the embedded federation engine, --federation-endpoint when set; the same catalogue
// allow-list as MCP), behind the same Host/Origin checks, bearer token and limits as the MCP
// binding. It is a face: it renders the service's Answer, judging neither completeness nor
// SERVICE SILENT itself.
// - Requests (Protocol 2.1): GET with `query=`; POST with an application/x-www-form-urlencoded
//   body holding `query=`; POST with an application/sparql-query body. `timeout=` (ms) sets the
//   time limit, up to the maximum. Repeated `endpoint=` parameters (catalogue ids or IRIs) name
//   the endpoints whose merged data the triple patterns outside SERVICE match (without them,
//   every catalogue endpoint that can match them). GET without any parameter returns the
//   Service Description, with the VoID of what the endpoint federates (options.federation_void).
// - Answers (2.1.5, 2.2.5): SELECT and ASK as SPARQL JSON, XML, CSV or TSV; CONSTRUCT and
//   DESCRIBE as Turtle or N-Triples, chosen by Accept. Every row at once, up to `max_rows`: a
//   SPARQL client pages with LIMIT/OFFSET itself. An answer cut at that cap or at an
//   endpoint's result cap carries `X-SPARQL-MaxRows` (as Virtuoso sends it); what the caller
//   should know about an answer (cut, possibly incomplete, a SERVICE SILENT failure) comes in
//   `X-SPARQL-MCP-Warning` headers.
// - Failures, as text/plain with what to do: 400 for a malformed query (with its line and
//   column), a query that cannot be routed, SPARQL Update, default-graph-uri/named-graph-uri or
//   a missing or repeated query; 405 for other methods; 406 when Accept allows no format the
//   query form has; 415 for another Content-Type; 502 when an endpoint failed; 504 when the
//   time limit ran out.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/transport/http_server.hpp"

namespace sparqlmcp::sparql_endpoint {

struct SparqlEndpointOptions {
  std::string path = "/sparql";
  // Queries evaluated at once (each blocks a thread while it waits for endpoints); more wait in
  // line. The HTTP server's concurrent-request limit bounds the line.
  std::size_t threads = 8;
  std::size_t max_rows = 10000;  // rows per answer; more are cut (X-SPARQL-MaxRows)
  std::chrono::milliseconds default_timeout{45000};
  std::chrono::milliseconds max_timeout{600000};
  // Resolves `endpoint=` parameters; nullptr: the parameter is refused.
  const catalogue::Catalogue* catalogue = nullptr;
  // The VoID of what the endpoint federates, for its service description: triples about
  // `dataset` (the sd:defaultGraph of its sd:defaultDataset). May be empty.
  std::function<std::vector<rdf::Triple>(const std::string& endpoint_url, const rdf::Term& dataset)>
      federation_void;
};

// Answers one query for the endpoint: the QueryService's answer, traced or not as the caller
// chooses. Throws Exception as QueryService::answer does.
using Answerer =
    std::function<federation::Answer(const sparql::Query& query, const federation::Window& window,
                                     const federation::RequestContext& context)>;

std::unique_ptr<transport::HttpHandler> make_sparql_http_handler(Answerer answer,
                                                                 SparqlEndpointOptions options);

}  // namespace sparqlmcp::sparql_endpoint
