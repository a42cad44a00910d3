#pragma once
// The plan that ran, as a tree an agent or a test can read: one node per operator, with what
// it did (join strategy, endpoint, rows produced, times opened) and, for SERVICE operators,
// what the ServiceHandler reports (requests, time, cache hits, the sub-query sent).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sparqlmcp::engine {

struct ExplainNode {
  std::string op;           // "join", "service", "bgp", "filter", ...
  std::string detail;       // e.g. "hash on ?city", "#2 <http://...> requests=1 time=3ms"
  std::uint64_t rows = 0;   // rows the operator produced
  std::uint64_t opens = 0;  // times it was opened (per seed, per block, ...)
  std::vector<ExplainNode> children;
  // Rows expected, where the federation estimated them.
  std::optional<std::uint64_t> estimated = std::nullopt;
};

// One line per operator, children indented by two spaces:
//   join (adaptive: hashed) rows=9
//     service #1 <http://a/sparql> requests=1 rows=10 ... estimated=12 rows=10
std::string explain_text(const ExplainNode& root);

}  // namespace sparqlmcp::engine
