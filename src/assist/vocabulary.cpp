#include "vocabulary.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>

#include "sparqlmcp/assist/words.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::assist {
namespace {

// Words that many terms share ("has", "id") tell little and cost much: not followed.
constexpr std::size_t kCommonWord = 500;

std::uint64_t hash_of(std::string_view s) {
  return std::hash<std::string_view>{}(s);
}

// The hashes of a spelling and of its deletions of up to `depth` letters (a deletion repeated
// by a doubled letter is given again: harmless, the lists are made unique).
template <typename F>
void spellings_of(const std::string& name, int depth, F&& each) {
  each(hash_of(name));
  if (depth == 0) return;
  std::string shorter;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (i > 0 && name[i] == name[i - 1]) continue;  // the same deletion as the one before
    shorter.assign(name, 0, i);
    shorter.append(name, i + 1);
    spellings_of(shorter, depth - 1, each);
  }
}

}  // namespace

std::vector<std::string> similar_terms(const Vocabulary& v, std::string_view wrong,
                                       const std::vector<std::string>& hints, std::size_t cap) {
  std::vector<std::string> out;
  std::set<std::uint32_t> taken;
  auto take = [&](std::uint32_t i) {
    if (out.size() < cap && taken.insert(i).second) out.push_back(v.terms[i]);
  };
  spellings_of(util::ascii_lowercase(local_name(wrong)), 2, [&](std::uint64_t h) {
    auto range = std::equal_range(v.spellings.begin(), v.spellings.end(),
                                  std::make_pair(h, std::uint32_t{0}),
                                  [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto it = range.first; it != range.second; ++it)
      take(it->second);
  });
  std::vector<std::string> words = iri_words(wrong);
  for (const std::string& h : hints)
    for (std::string& w : identifier_words(h))
      words.push_back(std::move(w));
  for (const std::string& w : words) {
    auto it = v.words.find(w);
    if (it == v.words.end() || it->second.size() > kCommonWord) continue;
    for (std::uint32_t i : it->second)
      take(i);
  }
  return out;
}

std::shared_ptr<const Vocabulary> make_vocabulary(const void_::Description& d) {
  auto v = std::make_shared<Vocabulary>();
  v->endpoint = d.endpoint;
  v->prefixes = d.prefixes;
  auto add_namespace = [&](const std::string& iri) {
    v->namespaces[std::string(namespace_of(iri))].insert(std::string(local_name(iri)));
    v->by_local[std::string(local_name(iri))].push_back(iri);
  };
  for (const void_::PropertyPartition& p : d.properties) {
    v->properties.emplace(p.property, p.triples);
    add_namespace(p.property);
  }
  for (const void_::ClassPartition& c : d.classes) {
    v->classes.emplace(c.class_iri, c.entities);
    add_namespace(c.class_iri);
    if (!c.properties_known) continue;
    auto& uses = v->class_properties[c.class_iri];
    for (const void_::ClassProperty& use : c.properties) {
      uses.insert(use.property);
      v->classes_using[use.property].push_back(c.class_iri);
      if (v->properties.emplace(use.property, use.triples).second) add_namespace(use.property);
    }
  }
  for (const auto& [iri, n] : v->classes)
    v->terms.push_back(iri);
  for (const auto& [iri, n] : v->properties)
    v->terms.push_back(iri);
  for (std::uint32_t i = 0; i < v->terms.size(); ++i) {
    // Classes within two edits, properties (many more) within one.
    spellings_of(util::ascii_lowercase(local_name(v->terms[i])), i < v->classes.size() ? 2 : 1,
                 [&](std::uint64_t h) { v->spellings.emplace_back(h, i); });
    for (std::string& w : iri_words(v->terms[i]))
      v->words[std::move(w)].push_back(i);
  }
  std::sort(v->spellings.begin(), v->spellings.end());
  v->spellings.erase(std::unique(v->spellings.begin(), v->spellings.end()), v->spellings.end());

  // Published VoID may leave out what its generator skipped; a computation says what it
  // missed. Only a description made here with nothing missing is taken as whole.
  const bool made_here = d.provenance.origin != void_::Provenance::Origin::Retrieved;
  bool lists_missing = false;
  for (const void_::MissingPart& missing : d.provenance.missing) {
    if (missing.part == "classes" || missing.part == "properties" ||
        missing.part == "property count")
      lists_missing = true;
    else if (missing.part == "properties of class")
      v->incomplete_classes.insert(missing.subject);
  }
  v->classes_complete =
      made_here && !lists_missing && (!d.class_count || *d.class_count <= d.classes.size());
  v->properties_complete = made_here && !lists_missing &&
                           (!d.property_count || *d.property_count <= d.properties.size());
  return v;
}

}  // namespace sparqlmcp::assist
