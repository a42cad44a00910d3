#include "sparqlmcp/void/model.hpp"

#include <algorithm>
#include <tuple>

namespace sparqlmcp::void_ {

namespace {

// Descending by count, unknown counts last, then by IRI so that equal counts keep one order.
template <typename T, typename CountOf, typename IriOf>
void sort_by_count(std::vector<T>& items, CountOf count_of, IriOf iri_of) {
  std::sort(items.begin(), items.end(), [&](const T& a, const T& b) {
    const Count ca = count_of(a);
    const Count cb = count_of(b);
    return std::make_tuple(!ca.has_value(), ca ? ~*ca : 0, std::cref(iri_of(a))) <
           std::make_tuple(!cb.has_value(), cb ? ~*cb : 0, std::cref(iri_of(b)));
  });
}

}  // namespace

const ClassPartition* Description::find_class(const std::string& iri) const {
  for (const ClassPartition& c : classes)
    if (c.class_iri == iri) return &c;
  return nullptr;
}

const PropertyPartition* Description::find_property(const std::string& iri) const {
  for (const PropertyPartition& p : properties)
    if (p.property == iri) return &p;
  return nullptr;
}

void Description::sort() {
  sort_by_count(
      classes, [](const ClassPartition& c) { return c.entities; },
      [](const ClassPartition& c) -> const std::string& { return c.class_iri; });
  sort_by_count(
      properties, [](const PropertyPartition& p) { return p.triples; },
      [](const PropertyPartition& p) -> const std::string& { return p.property; });
  for (ClassPartition& c : classes)
    sort_by_count(
        c.properties, [](const ClassProperty& p) { return p.triples; },
        [](const ClassProperty& p) -> const std::string& { return p.property; });
  for (std::vector<std::string>* declared : {&uri_spaces, &uri_patterns}) {
    std::sort(declared->begin(), declared->end());
    declared->erase(std::unique(declared->begin(), declared->end()), declared->end());
  }
}

}  // namespace sparqlmcp::void_
