#pragma once
// Learning an endpoint's Vocabulary with one request, and judging a SERVICE pattern by it.
//
// The request lists the distinct predicates and classes (each at most kMaxVocabularyTerms) and,
// in the same answer, how many there are: an answer cut by a result cap, or too large to be
// useful, disagrees with its own counts and is not trusted. Endpoints too large to answer
// quickly (the request has a short deadline of its own) are remembered as such and asked again
// much later only.

#include <optional>
#include <string>

#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/federation/vocabulary.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/sparql/algebra.hpp"

namespace sparqlmcp::federation {

inline constexpr std::size_t kMaxVocabularyTerms = 2000;

// SELECT ?p ?c ?np ?nc: the predicates, the classes, and one row with their numbers.
const PatternQuery& vocabulary_query();

// The vocabulary the answer lists; nullopt when it is not whole (more terms than the limit, a
// count row that is missing or disagrees with the rows).
std::optional<Vocabulary> read_vocabulary(const results::QueryResults& answer);

enum class Verdict {
  Lacks,    // some predicate or class the pattern requires is not in the vocabulary
  Has,      // a single triple pattern whose predicate (or class) is in the vocabulary
  Unknown,  // everything required is there, but the pattern asks more (a probe can tell)
};

struct Judgement {
  Verdict verdict = Verdict::Unknown;
  std::string missing;  // the IRI that is lacking (Verdict::Lacks)
};

Judgement judge(const Vocabulary& vocabulary, const sparql::algebra::Operator& pattern);

}  // namespace sparqlmcp::federation
