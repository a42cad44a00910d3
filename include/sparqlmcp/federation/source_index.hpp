#pragma once
// Which catalogue endpoints may hold the triples of a pattern, answered from an index of what
// their vocabularies hold (from VoID descriptions or learned from earlier answers): predicate
// -> endpoints and class -> endpoints, so that a catalogue of a thousand endpoints is not
// scanned per pattern. Then a constant subject IRI outside an endpoint's declared URI space
// (void:uriSpace, void:uriRegexPattern) rules that endpoint out, unless it is one of the
// endpoint's own classes or properties. An endpoint whose vocabulary is unknown may hold any
// term and describe any of them; one that declares no URI space, any subject: nothing is ruled
// out on a guess.

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sparqlmcp/federation/uri_space.hpp"
#include "sparqlmcp/federation/vocabulary.hpp"
#include "sparqlmcp/sparql/service_wrap.hpp"

namespace sparqlmcp::federation {

class SourceIndex {
 public:
  // An endpoint of the catalogue with its vocabulary (nullptr: unknown) and the URI space of its
  // entities (nullptr: none declared).
  struct Entry {
    std::string endpoint;
    std::shared_ptr<const Vocabulary> vocabulary;
    std::shared_ptr<const UriSpace> uri_space;

    friend bool operator==(const Entry&, const Entry&) = default;
  };
  // Every endpoint of the catalogue, in catalogue order.
  explicit SourceIndex(std::vector<Entry> endpoints);

  // Those of `endpoints` that may hold a triple matching `pattern` (a constant predicate, and
  // for rdf:type a constant class, must be in the vocabulary; a constant subject IRI in the URI
  // space or the vocabulary), in the order given; ruled_out says which were left out and why.
  // Given every indexed endpoint (the whole catalogue), the predicate and class are answered
  // from the index alone, without a pass over the others.
  sparql::PatternSources sources(const sparql::algebra::TriplePattern& pattern,
                                 const std::vector<std::string>& endpoints) const;

  // Whether this index was built from exactly these vocabularies and URI spaces.
  bool built_from(const std::vector<Entry>& endpoints) const;

 private:
  std::vector<Entry> entries_;
  std::unordered_map<std::string, std::uint32_t> position_;  // endpoint IRI -> entry
  std::unordered_map<std::string, std::vector<std::uint32_t>> by_predicate_, by_class_;
  std::vector<std::uint32_t> unknown_;  // entries without a vocabulary
  bool any_uri_space_ = false;

  // `endpoints` by the pattern's predicate (or class).
  sparql::PatternSources by_term(const sparql::algebra::TriplePattern& pattern,
                                 const std::vector<std::string>& endpoints) const;
  // `sources` less the endpoints whose URI space and vocabulary leave out `subject`.
  void by_subject(const std::string& subject, sparql::PatternSources& sources) const;
};

}  // namespace sparqlmcp::federation
