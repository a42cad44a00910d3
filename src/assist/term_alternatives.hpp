#pragma once
// Ranks the terms an endpoint has as replacements for one it does not: the same local name in
// another namespace first (http for https, a `#` for a `/`), then the closest spelling, shared
// words, and words of the query around the term (an object variable ?birthPlace names the
// property it wants), with the endpoint's counts as a tie-breaker.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sparqlmcp::assist {

struct Candidate {
  std::string iri;
  std::optional<std::uint64_t> count;
};

struct AlternativeHints {
  std::vector<std::string> words;  // words of the query near the term (variable names)
  std::set<std::string> used;      // terms the query uses already in the same place
  // The labels the endpoints give candidates (IRI -> label): a label sharing words with the
  // wrong term or the query's words counts as its local name does ("citizenship" for P27).
  std::map<std::string, std::string> labels;
};

// Best first, at most `limit`; never the wrong term itself.
std::vector<std::string> rank_alternatives(std::string_view wrong,
                                           const std::vector<Candidate>& candidates,
                                           const AlternativeHints& hints, std::size_t limit = 5);

// Damerau-Levenshtein (optimal string alignment) distance of two strings, in bytes.
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace sparqlmcp::assist
