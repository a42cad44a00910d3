#pragma once
// Which catalogue endpoints may hold the triples of a pattern, answered from an index of what
// their vocabularies hold (from VoID descriptions or learned from earlier answers): predicate
// -> endpoints and class -> endpoints, so that a catalogue of a thousand endpoints is not
// scanned per pattern. An endpoint whose vocabulary is unknown may hold anything and stays a
// candidate: nothing is ruled out on a guess.

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sparqlmcp/federation/vocabulary.hpp"
#include "sparqlmcp/sparql/service_wrap.hpp"

namespace sparqlmcp::federation {

class SourceIndex {
 public:
  // Every endpoint of the catalogue with its vocabulary (nullptr: unknown), in catalogue order.
  using Entry = std::pair<std::string, std::shared_ptr<const Vocabulary>>;
  explicit SourceIndex(std::vector<Entry> endpoints);

  // Those of `endpoints` that may hold a triple matching `pattern` (a constant predicate, and
  // for rdf:type a constant class, must be in the vocabulary), in the order given; ruled_out
  // says which were left out and the term their data lacks. Given every indexed endpoint (the
  // whole catalogue), the answer comes from the index alone, without a pass over the others.
  sparql::PatternSources sources(const sparql::algebra::TriplePattern& pattern,
                                 const std::vector<std::string>& endpoints) const;

  // Whether this index was built from exactly these vocabularies.
  bool built_from(const std::vector<Entry>& endpoints) const;

 private:
  std::vector<Entry> entries_;
  std::unordered_map<std::string, std::uint32_t> position_;  // endpoint IRI -> entry
  std::unordered_map<std::string, std::vector<std::uint32_t>> by_predicate_, by_class_;
  std::vector<std::uint32_t> unknown_;  // entries without a vocabulary
};

}  // namespace sparqlmcp::federation
