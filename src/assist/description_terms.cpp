#include "sparqlmcp/assist/description_terms.hpp"

#include <set>

#include "sparqlmcp/assist/words.hpp"

namespace sparqlmcp::assist {

TermSource term_source(const std::string& id, const std::string& fingerprint,
                       const void_::Description& description,
                       const std::map<std::string, TermText>& texts) {
  TermSource source;
  source.id = id;
  source.fingerprint = fingerprint;
  auto add = [&](TermKind kind, const std::string& iri, const void_::Count& count) {
    IndexedTerm term;
    term.kind = kind;
    term.iri = iri;
    term.count = count;
    if (auto found = texts.find(iri); found != texts.end()) {
      term.label = found->second.label;
      for (const std::string& label : found->second.labels)
        term.labels += label + " ";
      term.comment = found->second.comment;
    }
    source.terms.push_back(std::move(term));
  };
  std::set<std::string> properties;
  for (const void_::ClassPartition& c : description.classes) {
    add(TermKind::Class, c.class_iri, c.entities);
    for (const void_::ClassProperty& use : c.properties) {
      ClassProperty entry{c.class_iri, use.property, use.triples, {}};
      for (const auto& [object_class, triples] : use.object_classes)
        entry.object_classes.push_back(object_class);
      source.class_properties.push_back(std::move(entry));
    }
  }
  for (const void_::PropertyPartition& p : description.properties) {
    properties.insert(p.property);
    add(TermKind::Property, p.property, p.triples);
  }
  // Properties a class partition names that the dataset's own partitions do not list.
  std::map<std::string, std::uint64_t> unlisted;
  for (const void_::ClassPartition& c : description.classes)
    for (const void_::ClassProperty& use : c.properties)
      if (!properties.count(use.property)) unlisted[use.property] += use.triples.value_or(0);
  for (const auto& [iri, triples] : unlisted)
    add(TermKind::Property, iri, triples ? void_::Count(triples) : std::nullopt);

  // The words of the terms each goes with, once each.
  std::map<std::string, std::set<std::string>> related;
  for (const void_::ClassPartition& c : description.classes)
    for (const void_::ClassProperty& use : c.properties) {
      for (std::string& word : iri_words(use.property))
        related[c.class_iri].insert(std::move(word));
    }
  for (IndexedTerm& term : source.terms)
    if (auto found = related.find(term.iri); found != related.end())
      term.related = join_words({found->second.begin(), found->second.end()});
  return source;
}

}  // namespace sparqlmcp::assist
