#include "sparqlmcp/federation/source_index.hpp"

#include <algorithm>
#include <iterator>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::federation {

SourceIndex::SourceIndex(std::vector<Entry> endpoints) : entries_(std::move(endpoints)) {
  for (std::uint32_t i = 0; i < entries_.size(); ++i) {
    position_.emplace(entries_[i].endpoint, i);
    if (entries_[i].uri_space) any_uri_space_ = true;
    const Vocabulary* vocabulary = entries_[i].vocabulary.get();
    if (vocabulary == nullptr) {
      unknown_.push_back(i);
      continue;
    }
    for (const std::string& predicate : vocabulary->predicates)
      by_predicate_[predicate].push_back(i);
    for (const std::string& cls : vocabulary->classes)
      by_class_[cls].push_back(i);
  }
}

bool SourceIndex::built_from(const std::vector<Entry>& endpoints) const {
  return endpoints == entries_;
}

namespace {

constexpr std::size_t kNamed = 5;

// "<a>, <b> and 3 more": a few names, then a count.
std::string named(const std::vector<std::string>& endpoints) {
  std::string out;
  for (std::size_t i = 0; i < endpoints.size() && i < kNamed; ++i)
    out += (i == 0 ? "<" : ", <") + endpoints[i] + ">";
  if (endpoints.size() > kNamed)
    out += " and " + std::to_string(endpoints.size() - kNamed) + " more";
  return out;
}

// "<a>, <b> and 3 more: their data has no <p>".
std::string ruled_out_line(const std::vector<std::string>& endpoints, const std::string& needed) {
  return named(endpoints) +
         (endpoints.size() == 1 ? ": its data has no <" : ": their data has no <") + needed + ">";
}

}  // namespace

sparql::PatternSources SourceIndex::sources(const sparql::algebra::TriplePattern& pattern,
                                            const std::vector<std::string>& endpoints) const {
  sparql::PatternSources out = by_term(pattern, endpoints);
  const sparql::VarOrTerm& s = pattern.subject;
  if (any_uri_space_ && !s.is_var && s.term.is_iri()) by_subject(s.term.value, out);
  return out;
}

void SourceIndex::by_subject(const std::string& subject, sparql::PatternSources& sources) const {
  std::vector<std::string> kept, outside;
  const UriSpace* example = nullptr;  // one of the spaces that leaves it out, for the message
  for (std::string& endpoint : sources.endpoints) {
    auto at = position_.find(endpoint);
    const Entry* entry = at == position_.end() ? nullptr : &entries_[at->second];
    // A dataset describes its own classes and properties too, whatever its URI space: without
    // its vocabulary, that cannot be told, and the subject may be one of them.
    const bool out_of_space = entry != nullptr && entry->uri_space && entry->vocabulary &&
                              !entry->uri_space->admits(subject) &&
                              !entry->vocabulary->classes.contains(subject) &&
                              !entry->vocabulary->predicates.contains(subject);
    if (out_of_space) {
      if (example == nullptr) example = entry->uri_space.get();
      outside.push_back(std::move(endpoint));
    } else {
      kept.push_back(std::move(endpoint));
    }
  }
  sources.endpoints = std::move(kept);
  if (outside.empty()) return;
  sources.ruled_out.push_back(named(outside) + ": <" + subject + "> is outside " +
                              (outside.size() == 1
                                   ? "its URI space (" + example->describe() + ")"
                                   : "their URI spaces (" + example->describe() + ", ...)"));
}

sparql::PatternSources SourceIndex::by_term(const sparql::algebra::TriplePattern& pattern,
                                            const std::vector<std::string>& endpoints) const {
  sparql::PatternSources out;
  const sparql::VarOrTerm& p = pattern.predicate;
  if (p.is_var || !p.term.is_iri()) {
    out.endpoints = endpoints;
    return out;
  }
  // The term the pattern needs, and the endpoints whose vocabulary has it (in entry order).
  const bool typed =
      p.term.value == rdf::kRdfType && !pattern.object.is_var && pattern.object.term.is_iri();
  const std::string& needed = typed ? pattern.object.term.value : p.term.value;
  const auto& index = typed ? by_class_ : by_predicate_;
  auto found = index.find(needed);
  static const std::vector<std::uint32_t> kNone;
  const std::vector<std::uint32_t>& holders = found == index.end() ? kNone : found->second;
  std::vector<std::string> lacking;
  if (endpoints.size() == entries_.size() && endpoints.size() > holders.size() + unknown_.size()) {
    // The whole catalogue: the holders and the endpoints of unknown vocabulary, merged in
    // entry order, without a look at the others.
    std::vector<std::uint32_t> kept;
    std::merge(holders.begin(), holders.end(), unknown_.begin(), unknown_.end(),
               std::back_inserter(kept));
    for (std::uint32_t i : kept)
      out.endpoints.push_back(entries_[i].endpoint);
    const std::size_t ruled = entries_.size() - kept.size();
    if (ruled > kNamed) {
      out.ruled_out.push_back(std::to_string(ruled) +
                              " endpoints of the catalogue: their data has no <" + needed + ">");
    } else if (ruled > 0) {
      // Few: named, found beside the kept ones.
      std::size_t next = 0;
      for (std::uint32_t i = 0; i < entries_.size(); ++i) {
        if (next < kept.size() && kept[next] == i) {
          ++next;
          continue;
        }
        lacking.push_back(entries_[i].endpoint);
      }
      out.ruled_out.push_back(ruled_out_line(lacking, needed));
    }
    return out;
  }
  for (const std::string& endpoint : endpoints) {
    auto at = position_.find(endpoint);
    const bool known = at != position_.end() && entries_[at->second].vocabulary != nullptr;
    if (!known || std::binary_search(holders.begin(), holders.end(), at->second)) {
      out.endpoints.push_back(endpoint);
    } else {
      lacking.push_back(endpoint);
    }
  }
  if (!lacking.empty()) out.ruled_out.push_back(ruled_out_line(lacking, needed));
  return out;
}

}  // namespace sparqlmcp::federation
