#include "term_alternatives.hpp"

#include <algorithm>
#include <cctype>

#include "sparqlmcp/assist/term_index.hpp"
#include "sparqlmcp/assist/words.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::assist {
namespace {

double overlap(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.empty() || b.empty()) return 0;
  std::set<std::string> sa(a.begin(), a.end()), sb(b.begin(), b.end());
  std::size_t shared = 0;
  for (const std::string& w : sa)
    shared += sb.count(w);
  return static_cast<double>(shared) / static_cast<double>(sa.size() + sb.size() - shared);
}

// The share of `hint` words found among `words` (an object variable ?country names the
// property `birthCountry` fully).
double covered(const std::vector<std::string>& hint, const std::vector<std::string>& words) {
  if (hint.empty() || words.empty()) return 0;
  std::size_t found = 0;
  for (const std::string& w : hint)
    found += std::find(words.begin(), words.end(), w) != words.end();
  return static_cast<double>(found) / static_cast<double>(hint.size());
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment over three rows: the one before the last, the last, this one.
  const std::size_t m = b.size();
  std::vector<std::size_t> before(m + 1), last(m + 1), row(m + 1);
  for (std::size_t j = 0; j <= m; ++j)
    last[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({last[j] + 1, row[j - 1] + 1, last[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, last);
    std::swap(last, row);
  }
  return last[m];
}

std::vector<std::string> rank_alternatives(std::string_view wrong,
                                           const std::vector<Candidate>& candidates,
                                           const AlternativeHints& hints, std::size_t limit) {
  const std::string wrong_local = util::ascii_lowercase(local_name(wrong));
  const std::string_view wrong_namespace = namespace_of(wrong);
  const std::vector<std::string> wrong_words = iri_words(wrong);
  std::vector<std::string> hint_words;
  for (const std::string& h : hints.words)
    for (std::string& w : identifier_words(h))
      hint_words.push_back(std::move(w));
  std::vector<std::pair<double, const Candidate*>> scored;
  for (const Candidate& c : candidates) {
    if (c.iri == wrong) continue;
    const std::string local = util::ascii_lowercase(local_name(c.iri));
    double score = 0;
    if (local == wrong_local) {
      score = 3;  // the same name in another namespace
    } else {
      const std::size_t longest = std::max(local.size(), wrong_local.size());
      const double spelling = longest ? 1 - static_cast<double>(edit_distance(local, wrong_local)) /
                                                static_cast<double>(longest)
                                      : 0;
      const std::vector<std::string> words = iri_words(c.iri);
      score = spelling + 0.8 * overlap(words, wrong_words) + 0.8 * covered(hint_words, words);
      if (auto label = hints.labels.find(c.iri); label != hints.labels.end()) {
        const std::vector<std::string> label_words = text_words(label->second);
        score = std::max(score, 0.8 * overlap(label_words, wrong_words) +
                                    0.8 * covered(hint_words, label_words) + 0.5 * spelling);
      }
    }
    if (namespace_of(c.iri) == wrong_namespace) score += 0.05;
    if (hints.used.count(c.iri)) score -= 0.5;
    scored.emplace_back(score * usage_factor(c.count), &c);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first > b.first;
    return a.second->iri < b.second->iri;
  });
  std::vector<std::string> out;
  // One term several endpoints use is one alternative, at its best score.
  for (std::size_t i = 0; i < scored.size() && out.size() < limit; ++i)
    if (std::find(out.begin(), out.end(), scored[i].second->iri) == out.end())
      out.push_back(scored[i].second->iri);
  return out;
}

}  // namespace sparqlmcp::assist
