#pragma once
// One bounded SELECT at one catalogue endpoint, for the search tools: the query service's
// answer_at (remote, or in-process for a dump-only entry) within a deadline, with the rows by
// column name and whether the answer may lack rows. A failure is a value, not an exception:
// a search goes on with the endpoints that answered and says which did not.

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/util/cancellation.hpp"

namespace sparqlmcp::assist {

struct EndpointRows {
  std::vector<std::map<std::string, rdf::Term>> rows;  // unbound columns are absent
  bool bounded = false;  // the LIMIT or a cap of the endpoint was reached: rows may be missing
  std::optional<std::string> failure;  // why there is no answer (timeout, HTTP error, ...)
  bool not_asked = false;              // the deadline had passed: the endpoint was sent nothing
  std::size_t requests = 0;
};

// Told of each request sent (the trace's request lines of the tool call that asked).
using RequestObserver = std::function<void(const federation::RequestRecord&)>;

EndpointRows select_at(const federation::QueryService& service, const catalogue::Endpoint& endpoint,
                       const std::string& query, std::chrono::steady_clock::time_point deadline,
                       const CancellationTokenPtr& cancel, const RequestObserver& on_request = {});

// A SPARQL literal or IRI for `term`, to put into a query text.
std::string sparql_term(const rdf::Term& term);

// SELECT ?t ?p ?l: the literals that `properties` give each of `iris`, at most `limit` rows.
// One VALUES block for each, so that an endpoint's indexes answer it: how labels and comments
// are asked for.
std::string literals_query(const std::vector<std::string>& iris,
                           const std::vector<std::string>& properties, std::size_t limit);

}  // namespace sparqlmcp::assist
