#pragma once
// Why an answer is empty (docs/validation.md, "Diagnosis"): the parts a query joins are asked
// alone, each with LIMIT 1, through the same QueryService (so the sub-query cache serves what
// it already holds): first every required part (a SERVICE block, a UNION of them, a group);
// an empty SERVICE block then pattern by pattern, and its patterns pairwise; when every part
// has rows, the joins between parts pairwise. Within the caller's deadline and a bounded
// number of probes; the result says when it was cut short.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/assist/validation.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/sparql/query.hpp"
#include "sparqlmcp/util/cancellation.hpp"

namespace sparqlmcp::assist {

struct EmptyPart {
  std::size_t service = 0;  // 1-based, in text order; 0: not inside a SERVICE
  std::string endpoint;     // the SERVICE's endpoint IRI
  std::string pattern;      // the pattern (or patterns) that match nothing, as SPARQL
  std::string message;      // one line: what matched nothing, and what the endpoint has
};

// A part of the query as the diagnosis names it: its SERVICE blocks (several for a UNION of
// blocks, a pattern sent to each endpoint that may hold it) and its pattern.
struct PartName {
  std::vector<std::size_t> services;  // 1-based, in text order; empty outside SERVICE
  std::string pattern;
};

// Two parts that each have rows, but none that join.
struct EmptyJoin {
  PartName left, right;
  std::vector<std::string> variables;  // the variables they share
  std::string message;
};

struct Diagnosis {
  std::vector<EmptyPart> empty;   // most specific first
  std::optional<EmptyJoin> join;  // two parts that have rows alone but none together
  std::string message;            // the conclusion, one line
  std::size_t probes = 0;         // queries sent
  bool bounded = false;           // the deadline or the probe limit cut it short
};

struct DiagnosisRequest {
  std::chrono::steady_clock::time_point deadline;
  CancellationTokenPtr cancel;
  std::function<void(const federation::RequestRecord&)> on_request;
  std::size_t max_probes = 40;
  // The checks of the same query, whose alternatives say what the endpoint has instead.
  const Validation* validation = nullptr;
};

Diagnosis diagnose_empty(const federation::QueryService& service, const sparql::Query& query,
                         const DiagnosisRequest& request);

}  // namespace sparqlmcp::assist
