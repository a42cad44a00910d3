#pragma once
// Pruning trivial federations (FedX's source selection, with ASK probes): agents often send a
// pattern to every endpoint as a UNION of SERVICE clauses. Before evaluation, each UNION of
// plain SERVICE clauses over one pattern finds which endpoints have any solution for that
// pattern, and drops the branches that have none: an endpoint without a solution for P
// contributes nothing to P joined with anything. First the endpoints' vocabularies (their
// predicates and classes, learned with one request per endpoint and remembered; see
// vocabulary.hpp) decide what they can: a pattern requiring a predicate or class an endpoint
// lacks, and a single triple pattern whose predicate it has. The rest is asked with ASK-style
// probes: one request per endpoint for
// all its patterns (a UNION of LIMIT 1 sub-selects), sent in parallel, and only to endpoints
// that appear in two UNIONs or more (otherwise the branch itself costs no more). Answers are
// remembered per endpoint and pattern shape (variable names do not matter) across calls, and
// so is every unbound SERVICE answer (FederatedServices): what was learned is not asked again.
// A probe that fails keeps its branch: pruning never changes an answer.

#include <string>
#include <vector>

#include "sparqlmcp/federation/federated_services.hpp"
#include "sparqlmcp/sparql/algebra.hpp"

namespace sparqlmcp::federation {

struct PruningReport {
  std::size_t vocabulary_requests = 0;
  std::size_t decided_by_vocabulary = 0;  // branches the endpoints' vocabularies decided
  std::size_t probes = 0;                 // probe requests sent
  std::size_t remembered = 0;             // answers that came from what was learned before
  std::vector<std::string> pruned;        // "<endpoint> for { pattern }", one per dropped branch
};

// Rewrites `op` in place. `lookup` and `context` as for FederatedServices; probe results are
// kept in `memory`.
PruningReport prune_sources(sparql::algebra::Operator& op, const sparql::Prologue& prologue,
                            const SourceLookup& lookup, const RequestContext& context,
                            const FederationSettings& settings, EndpointMemory& memory,
                            FederationStats& stats);

// The pattern's SSE with its variables renamed in order of appearance (?v0, ?v1, ...): the
// key under which a probe's answer is remembered. Read from the parsed pattern token by token,
// so a '?' inside an IRI or a literal is no variable: patterns that differ in a constant never
// share a key.
std::string pattern_shape(const sparql::algebra::Operator& pattern);

}  // namespace sparqlmcp::federation
