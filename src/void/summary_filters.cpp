#include "summary_filters.hpp"

#include <algorithm>
#include <tuple>

#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::void_::summary {
namespace {

// Names longer than this are compared on their first characters only: closeness of names an
// agent types does not need more, and it bounds the cost per candidate.
constexpr std::size_t kCompared = 64;

std::string folded_local(std::string_view iri) {
  return util::ascii_lowercase(local_name(iri).substr(0, kCompared));
}

// Levenshtein distance (bytes; both at most kCompared long).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

Candidates::Candidates(std::vector<std::string> iris) : iris_(std::move(iris)) {
  for (std::size_t i = 0; i < iris_.size(); ++i) {
    index_.emplace(iris_[i], i);
    by_local_[util::ascii_lowercase(local_name(iris_[i]))].push_back(i);
  }
}

FilterMatch Candidates::match_one(const std::string& asked, const Names& names) const {
  FilterMatch match;
  std::string value(util::trim_whitespace(asked));
  match.value = value;
  if (value.size() >= 2 && value.front() == '<' && value.back() == '>')
    value = value.substr(1, value.size() - 2);
  if (value.empty()) return match;
  if (contains(value)) {
    match.by = MatchedBy::Iri;
    match.matches.push_back(value);
    return match;
  }
  if (std::optional<std::string> expanded = names.expand(value); expanded && contains(*expanded)) {
    match.by = MatchedBy::PrefixedName;
    match.matches.push_back(*expanded);
    return match;
  }
  // "Person", "foaf:Persom"'s neighbour "foaf:Person" under an unknown prefix, the local
  // name of an IRI the description spells otherwise (http vs https schema.org).
  if (auto it = by_local_.find(util::ascii_lowercase(local_name(value))); it != by_local_.end()) {
    match.by = MatchedBy::LocalName;
    for (std::size_t index : it->second)
      match.matches.push_back(iris_[index]);
  }
  return match;
}

std::vector<std::string> Candidates::closest(const std::string& value, std::size_t count) const {
  const std::string wanted = folded_local(value);
  // (not a substring either way, distance, rank): names containing what was typed (or
  // contained in it) first, then the fewest edits, then the biggest.
  std::vector<std::tuple<bool, std::size_t, std::size_t>> scored;
  scored.reserve(iris_.size());
  for (std::size_t i = 0; i < iris_.size(); ++i) {
    const std::string candidate = folded_local(iris_[i]);
    const bool related = wanted.size() >= 3 && candidate.size() >= 3 &&
                         (candidate.find(wanted) != std::string::npos ||
                          wanted.find(candidate) != std::string::npos);
    scored.emplace_back(!related, edit_distance(wanted, candidate), i);
  }
  const std::size_t n = std::min(count, scored.size());
  std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(n), scored.end());
  // Names much farther than the closest one are noise ("persn" is not near "Country").
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n; ++i) {
    const auto& [unrelated, distance, index] = scored[i];
    if (i > 0 && unrelated && distance > std::get<1>(scored[0]) + 1) break;
    out.push_back(iris_[index]);
  }
  return out;
}

std::vector<FilterMatch> Candidates::match(const std::vector<std::string>& values,
                                           const Names& names, const Candidates& other,
                                           std::size_t max_suggested) const {
  std::vector<FilterMatch> out;
  std::size_t suggested = 0;
  for (const std::string& value : values) {
    FilterMatch match = match_one(value, names);
    if (match.by == MatchedBy::Nothing && !match.value.empty()) {
      match.names_other_kind = other.match_one(value, names).by != MatchedBy::Nothing;
      if (suggested < max_suggested) {
        match.closest = closest(match.value, 3);
        ++suggested;
      }
    }
    out.push_back(std::move(match));
  }
  return out;
}

}  // namespace sparqlmcp::void_::summary
