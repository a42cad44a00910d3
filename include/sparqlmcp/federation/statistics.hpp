#pragma once
// What a federated evaluation did, for the result an agent reads, for explain and for tests:
// per SERVICE operator of the plan and per endpoint, the requests, rows, bytes and time, and
// what went wrong without stopping the query (a SILENT failure, an answer that may lack rows).

#include <chrono>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace sparqlmcp::federation {

// What one SERVICE operator of the plan did, summed over its requests.
struct ServiceStats {
  int operator_id = 0;
  std::string endpoint;
  std::string route;       // "direct" or "in-process"
  std::string first_text;  // the first sub-query sent (bindings included)
  std::size_t calls = 0;   // evaluations asked by the engine
  std::size_t requests = 0;
  std::size_t binding_rows = 0;  // rows pushed into the pattern as VALUES
  std::size_t rows = 0;          // rows received
  std::size_t bytes = 0;
  std::size_t cache_hits = 0;
  std::chrono::milliseconds time{0};  // waited for its answers
  bool silent_failure = false;
  bool left_out = false;                // failed and left out (RequestContext::leave_out_failing)
  std::string failure;                  // the error SILENT swallowed, or why it was left out
  std::vector<std::string> incomplete;  // why some answers may lack rows
  std::vector<std::string> notes;       // blocks halved, pages fetched, ...
};

struct EndpointStats {
  std::size_t requests = 0;
  std::size_t rows = 0;
  std::size_t bytes = 0;
};

struct FederationStats {
  std::map<int, ServiceStats> services;
  std::map<std::string, EndpointStats> endpoints;
  // Source selection: probe requests sent, answers remembered from earlier calls, and the
  // UNION branches dropped ("<endpoint> for (bgp ...)").
  std::size_t probe_requests = 0;
  std::size_t probes_remembered = 0;
  std::vector<std::string> pruned;
  std::size_t requests() const;
  bool possibly_incomplete() const;
};

}  // namespace sparqlmcp::federation
