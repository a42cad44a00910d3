#pragma once
// Where an endpoint's entities live: the void:uriSpace prefixes and void:uriRegexPattern regular
// expressions of its VoID description or catalogue entry ("a URI that is a common string prefix
// of all the entity URIs in a void:Dataset", VoID §4.5). Source selection reads it for a pattern
// whose subject is a constant IRI: the subject of a triple is a resource the dataset describes,
// so an IRI outside the space is not there, unless it is one of the dataset's own classes or
// properties (datasets describe their vocabulary too), which the caller checks.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/engine/regex.hpp"

namespace sparqlmcp::federation {

class UriSpace {
 public:
  // The declaration compiled; nullptr when it declares nothing, or when a pattern does not
  // compile (named in `invalid`): what it would admit is then unknown, so it admits anything.
  static std::shared_ptr<const UriSpace> make(std::vector<std::string> prefixes,
                                              const std::vector<std::string>& patterns,
                                              std::vector<std::string>* invalid = nullptr);

  // Whether `iri` starts with one of the prefixes or matches one of the patterns (somewhere,
  // as REGEX does; a pattern that fails to run admits it).
  bool admits(std::string_view iri) const;

  // "void:uriSpace \"http://a/\"" and the like, for explain: the first declaration and how many
  // more.
  std::string describe() const;

  const std::vector<std::string>& prefixes() const { return prefixes_; }
  const std::vector<std::string>& patterns() const { return patterns_; }

 private:
  std::vector<std::string> prefixes_;
  std::vector<std::string> patterns_;
  std::vector<std::unique_ptr<engine::expr::Regex>> compiled_;
};

}  // namespace sparqlmcp::federation
