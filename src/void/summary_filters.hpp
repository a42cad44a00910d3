#pragma once
// The classes and properties an agent asks a summary for. A value names IRIs of the
// description by full IRI (with or without <>), by prefixed name (the summary's prefixes,
// then well-known ones), or by local name, case-insensitively ("person" finds foaf:Person and
// schema:Person). A value that finds nothing gets the closest names the description has.

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "summary_names.hpp"

namespace sparqlmcp::void_::summary {

enum class MatchedBy { Iri, PrefixedName, LocalName, Nothing };

struct FilterMatch {
  std::string value;  // as asked, trimmed
  MatchedBy by = MatchedBy::Nothing;
  std::vector<std::string> matches;  // IRIs, in the candidates' order
  std::vector<std::string> closest;  // IRIs, closest first, when nothing matched
  bool names_other_kind = false;     // nothing matched, but it names a property (or a class)
};

// The IRIs one filter is matched against, in rank order (biggest first): the order of
// matches and the tie-break of closest names.
class Candidates {
 public:
  explicit Candidates(std::vector<std::string> iris);
  bool contains(const std::string& iri) const { return index_.count(iri) > 0; }
  const std::vector<std::string>& iris() const { return iris_; }

  // `other` holds the IRIs of the other kind (properties for a class filter). Closest names
  // are computed for the first `max_suggested` values that match nothing (a long list of
  // unknown names must not cost seconds).
  std::vector<FilterMatch> match(const std::vector<std::string>& values, const Names& names,
                                 const Candidates& other, std::size_t max_suggested = 20) const;

 private:
  FilterMatch match_one(const std::string& value, const Names& names) const;
  std::vector<std::string> closest(const std::string& value, std::size_t count) const;

  std::vector<std::string> iris_;
  std::unordered_map<std::string, std::size_t> index_;
  std::unordered_map<std::string, std::vector<std::size_t>> by_local_;  // lower-case local name
};

}  // namespace sparqlmcp::void_::summary
