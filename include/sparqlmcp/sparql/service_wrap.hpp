#pragma once
// A query's plain triple patterns (those outside every SERVICE) sent to one named endpoint:
// each run of them becomes SERVICE <endpoint> { ... } where it stands, in groups, OPTIONAL,
// UNION, MINUS and GRAPH alike; SERVICE blocks stay as they are. What run_sparql_query does
// with `endpoints` naming one endpoint: the result is an ordinary federated query text, so
// its next-page query runs without the argument.

#include <functional>
#include <string>
#include <vector>

#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::sparql {

// Which endpoints may hold triples matching a pattern (source selection from what is known of
// their data), and a line per reason for those left out.
struct PatternSources {
  std::vector<std::string> endpoints;
  std::vector<std::string> ruled_out;
};
using SourcesOf = std::function<PatternSources(const algebra::TriplePattern& pattern,
                                               const std::vector<std::string>& endpoints)>;

struct WrappedQuery {
  Query query;
  std::size_t wrapped = 0;  // runs (one endpoint) or triple patterns (several) put in SERVICE
  // Several endpoints: per pattern, those `sources_of` left out and why ("<pattern>: ...").
  std::vector<std::string> ruled_out;
  // A sentence per pattern that no endpoint can match (its part of the answer is empty), with
  // why and what to do: a warning for the caller.
  std::vector<std::string> unmatched;
};

// Throws Exception(ErrorKind::Syntax) only when the rewritten tree breaks a static rule,
// which it cannot for a query that parsed.
WrappedQuery wrap_plain_patterns(const Query& query, const std::string& endpoint_iri);

// The same over several endpoints, as the RDF merge of their default graphs: each plain triple
// pattern becomes a merge unit, { SELECT DISTINCT * { { SERVICE <e1> { t } } UNION ... } }
// (a triple several endpoints hold counts once), and the units are joined where the pattern
// stood, so solutions may join across endpoints. Blank nodes of a pattern become variables
// (one per label and basic graph pattern, never projected), so the units that share one still
// join on it. The federation's source selection then drops the branches that cannot match
// and merges what one endpoint alone answers into one request. One endpoint: the same as
// wrap_plain_patterns. `sources_of`, when given, chooses each pattern's endpoints among them
// (a unit of one endpoint is a plain SERVICE; of none, an empty VALUES). Throws
// Exception(InvalidArgument) for what cannot be split per triple: a property path with *, +,
// ?, | or ! and GRAPH outside SERVICE, with what to do.
WrappedQuery spread_plain_patterns(const Query& query, const std::vector<std::string>& endpoints,
                                   const SourcesOf& sources_of = {});

}  // namespace sparqlmcp::sparql
