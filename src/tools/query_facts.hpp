#pragma once
// Facts about a parsed query that the output needs: its outermost OFFSET/LIMIT (for the
// next-page query), its prefixes (for compact IRIs) and its projected variables.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::tools {

struct SliceBounds {
  std::optional<std::uint64_t> offset;
  std::optional<std::uint64_t> limit;
};

SliceBounds outer_slice(const sparql::Query& query);

// The query's PREFIX declarations as (name, namespace IRI).
std::vector<std::pair<std::string, std::string>> query_prefixes(const sparql::Query& query);

using sparql::is_graph_form;

// Variable names (without '?') a SELECT query projects; empty for other forms.
std::vector<std::string> projected_variables(const sparql::Query& query);

// What SERVICE SILENT makes of a failed endpoint for a SELECT or ASK query: the single empty
// solution (SPARQL 1.1 Federated Query, section 4): one row with every projected variable
// unbound, or true.
results::QueryResults silent_solutions(const sparql::Query& query);

}  // namespace sparqlmcp::tools
