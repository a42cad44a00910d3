#pragma once
// The literals a question names, which term search looks up at the endpoints to find the
// properties holding them (search_service.hpp, properties_holding): quoted text, numbers, and
// runs of capitalised words that do not open a sentence ("singers from France", "made in
// United States"). An apostrophe inside a word ("Brazil's", "don't"), typographic or not, is
// no quote, and a possessive's "'s" is not part of the name.

#include <string>
#include <string_view>
#include <vector>

namespace sparqlmcp::assist {

// At most kMostLiteralCandidates of them, quoted text first, each once.
std::vector<std::string> literal_candidates(std::string_view text);

inline constexpr std::size_t kMostLiteralCandidates = 8;

}  // namespace sparqlmcp::assist
