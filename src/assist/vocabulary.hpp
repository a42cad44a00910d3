#pragma once
// What validation reads of one endpoint's description, indexed for look-ups in constant time:
// its classes, its properties, the properties each class uses and the classes using each
// property, the local names of each namespace, and how far the description can be trusted to
// be complete. Built once per description (QueryValidator keeps it while the description lives).

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::assist {

struct Vocabulary {
  std::string endpoint;  // IRI
  // The prefixes the endpoint declares (sh:declare in what it publishes).
  std::vector<std::pair<std::string, std::string>> prefixes;
  std::unordered_map<std::string, std::optional<std::uint64_t>> classes;     // -> instances
  std::unordered_map<std::string, std::optional<std::uint64_t>> properties;  // -> triples
  // class -> the properties its instances use (only classes whose properties are known)
  std::unordered_map<std::string, std::unordered_set<std::string>> class_properties;
  std::unordered_map<std::string, std::vector<std::string>> classes_using;  // property -> classes
  std::map<std::string, std::set<std::string>> namespaces;             // namespace -> local names
  std::unordered_map<std::string, std::vector<std::string>> by_local;  // local name -> terms
  // Whether the lists can be trusted to be whole: computed here, with nothing missing.
  bool classes_complete = false;
  bool properties_complete = false;
  std::unordered_set<std::string> incomplete_classes;  // classes whose properties are partial

  // For finding the terms close to one it lacks without comparing every term: the hashes of
  // each term's lower-case local name and of its deletions of two letters for a class, one
  // for a property (spellings a few edits apart share one, as in SymSpell), sorted, and the
  // terms of each word of a local name.
  std::vector<std::string> terms;                                  // classes, then properties
  std::vector<std::pair<std::uint64_t, std::uint32_t>> spellings;  // hash -> index in terms
  std::unordered_map<std::string, std::vector<std::uint32_t>> words;

  bool has_term(const std::string& iri) const {
    return classes.count(iri) > 0 || properties.count(iri) > 0;
  }
  bool class_properties_complete(const std::string& class_iri) const {
    return classes_complete && class_properties.count(class_iri) > 0 &&
           incomplete_classes.count(class_iri) == 0;
  }
};

// Terms of `v` spelled like `wrong` (within about two edits of its local name, or the same
// local name in another namespace) or sharing a word with it or with `hints`: the candidates
// worth ranking, at most `cap` (the spelling ones first).
std::vector<std::string> similar_terms(const Vocabulary& v, std::string_view wrong,
                                       const std::vector<std::string>& hints, std::size_t cap);

// Holds nothing of `description` (a memo keyed weakly on the description keeps it).
std::shared_ptr<const Vocabulary> make_vocabulary(const void_::Description& description);

}  // namespace sparqlmcp::assist
