#pragma once
// The seam between the engine and whatever answers SERVICE clauses. The engine evaluates
// SERVICE as an operator of its own plans but never reaches an endpoint itself: it hands the
// pattern and the solutions the pattern must extend to a ServiceHandler and joins what comes
// back. The federation module implements the handler over HTTP endpoints and in-process dumps;
// tests implement it over in-memory data. (Oxigraph's spareval ServiceHandler is the model:
// algebra in, solutions or an error out; bindings are added so that a bound join costs one
// request per block of rows instead of one per row.)
//
// Calls are asynchronous so that independent SERVICE clauses run at the same time: the engine
// starts a request when it opens the operator and waits for it when it needs the first row.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::engine {

using ServiceRow = std::vector<std::optional<rdf::Term>>;  // nullopt = unbound

// One evaluation of SERVICE <endpoint> { pattern } joined with `binding_rows` (a bound join:
// the pattern is evaluated once per row, with that row's values substituted, as
// Join(Table(binding_vars, binding_rows), pattern) would be). No binding variables and one
// empty row means "no bindings". Binding values are never blank nodes (a blank node of one
// source means nothing to another; such values are sent as unbound).
struct ServiceRequest {
  std::string endpoint;                                // the SERVICE IRI, as written in the query
  const sparql::algebra::Operator* pattern = nullptr;  // the SERVICE group (outlives the call)
  const sparql::Prologue* prologue = nullptr;          // for printing the pattern
  bool silent = false;
  std::vector<std::string> binding_vars;
  std::vector<ServiceRow> binding_rows;
  // Variables of the pattern that the query uses above the SERVICE; empty = all in scope.
  std::vector<std::string> wanted_vars;
  // Stop after this many rows and say the answer is incomplete (an adaptive join tries a
  // small answer first and binds its other side's rows into the pattern when it is large).
  std::optional<std::size_t> row_limit;
  int operator_id = 0;  // which SERVICE of the plan asks (for statistics and explain)
};

struct ServiceAnswer {
  std::vector<std::string> vars;
  std::vector<ServiceRow> rows;
  // Per row, the index of the binding row it extends (a row is compatible with it). Empty when
  // the request had one binding row.
  std::vector<std::uint32_t> origin;
  bool complete = true;  // false: row_limit stopped the answer early
};

// A started request. wait() returns the answer or throws Exception (Remote, Timeout,
// Cancelled, LimitExceeded, ...). Destroying it before wait() abandons the request.
class PendingService {
 public:
  virtual ~PendingService() = default;
  virtual ServiceAnswer wait() = 0;
};

class ServiceHandler {
 public:
  virtual ~ServiceHandler() = default;
  // Starts the request; a failure may be thrown here or by wait(). SERVICE SILENT is the
  // handler's business: a silent failure answers the single empty solution per binding row
  // (Federated Query 1.1, section 4: the SERVICE then contributes nothing to the join).
  virtual std::unique_ptr<PendingService> start(ServiceRequest request) = 0;
  // The endpoints a SERVICE ?variable that no solution binds ranges over (a bounded list).
  virtual std::vector<std::string> candidate_endpoints() const { return {}; }
  // What the SERVICE operator `operator_id` cost, for explain (requests, time, ...).
  virtual std::string describe(int /*operator_id*/) const { return {}; }
};

}  // namespace sparqlmcp::engine
