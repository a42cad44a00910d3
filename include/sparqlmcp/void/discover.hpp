#pragma once
// Finding the VoID an endpoint publishes, in the order the VoID Note and practice suggest,
// before anything is computed:
//   1. the well-known URL (VoID Note §7.2, RFC 8615): `/.well-known/void` under the endpoint's
//      own path, under its folder, and at its origin (most specific first: one server often
//      hosts several endpoints);
//   2. the SPARQL service description a GET on the endpoint URL returns (SPARQL 1.1 Service
//      Description §3), with VoID on its sd:Graph nodes or linked from it (void:inDataset,
//      rdfs:seeAlso, IRIs of its sd: nodes: each dereferenced once, no further);
//   3. VoID triples in the default graph, read with one SELECT over the partition tree;
//   4. VoID in named graphs: the graphs holding partitions, each read the same way.
// Every source is tried within a time and size limit; one that fails (HTTP error, a page that
// is no RDF, malformed Turtle, a query the endpoint refuses) is recorded with the reason and the
// next one is tried. A source counts only when it describes classes or properties: totals alone
// do not tell an agent what to query.

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/util/cancellation.hpp"
#include "sparqlmcp/void/model.hpp"
#include "sparqlmcp/void/query_runner.hpp"

namespace sparqlmcp::void_ {

// One document discovery fetched (a well-known URL, a service description, a linked document),
// when its GET ended: what a trace records of it.
struct DocumentFetch {
  std::string endpoint;  // the endpoint IRI it was fetched for
  std::string url;
  long status = 0;  // the HTTP status; 0 when no response came
  std::size_t bytes = 0;
  std::chrono::milliseconds elapsed{0};
  std::string error;  // why no response came; empty when one did, whatever its status
};

struct DiscoverySettings {
  std::chrono::milliseconds timeout{10000};  // each request
  std::size_t max_bytes = 16 * 1024 * 1024;  // each document
  std::size_t max_linked_documents = 5;      // dereferenced from a service description
  std::size_t max_named_graphs = 5;          // named graphs read
  std::size_t max_triples = 200000;          // read from the endpoint's graphs, per graph
  bool query_graphs = true;                  // steps 3 and 4
  // Told of every GET when it ends, on the discovering thread. May be empty. (The queries of
  // steps 3 and 4 go through the runner, which has observers of its own.)
  std::function<void(const DocumentFetch&)> on_fetch;
};

// One source tried, and what came of it.
struct DiscoveryAttempt {
  std::string method;   // "well-known", "service-description", "default-graph", "named-graph"
  std::string source;   // the URL or graph IRI
  std::string outcome;  // "found: 12 classes, 40 properties", "HTTP 404", "not RDF: text/html"...
  bool endpoint_unreachable = false;  // no HTTP answer at all (refused, DNS, timeout)
};

struct DiscoveryResult {
  std::optional<Description> found;  // with provenance Retrieved, its method and source
  std::vector<DiscoveryAttempt> attempts;
  // The URI space of its entities, declared by published VoID that was not used for want of
  // partitions: a computed description keeps it (only the publisher can say it).
  std::vector<std::string> uri_spaces;
  std::vector<std::string> uri_patterns;
  // Every HTTP attempt got no answer at all: the endpoint is down (a stale cache is better).
  bool unreachable() const;
};

// The well-known URLs of `endpoint`, most specific first, without duplicates.
std::vector<std::string> well_known_urls(const std::string& endpoint);

// `runner` answers SELECT queries for the endpoint (steps 3 and 4); `client` does the GETs.
DiscoveryResult discover(const catalogue::Endpoint& endpoint, http::Client& client,
                         const QueryRunner& runner, const DiscoverySettings& settings,
                         CancellationTokenPtr cancel);

}  // namespace sparqlmcp::void_
