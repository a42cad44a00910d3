#pragma once
// The vocabulary a VoID description gives: its property partitions and class partitions, when
// they are known to be all of them. Source selection then needs no request to learn it, and
// skips an endpoint for a pattern whose predicate or class the description lacks.

#include <memory>

#include "sparqlmcp/federation/vocabulary.hpp"
#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::federation {

// nullptr unless the description is whole: no missing parts, and as many property and class
// partitions as its own void:properties and void:classes counts say (a listing cut at its
// limit, or published VoID that lists some partitions only, could make a present predicate
// look absent and lose answers).
std::shared_ptr<const Vocabulary> described_vocabulary(const void_::Description& description);

}  // namespace sparqlmcp::federation
