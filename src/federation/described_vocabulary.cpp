#include "sparqlmcp/federation/described_vocabulary.hpp"

namespace sparqlmcp::federation {

std::shared_ptr<const Vocabulary> described_vocabulary(const void_::Description& description) {
  if (!description.provenance.complete()) return nullptr;
  if (!description.property_count || *description.property_count != description.properties.size())
    return nullptr;
  if (!description.class_count || *description.class_count != description.classes.size())
    return nullptr;
  auto vocabulary = std::make_shared<Vocabulary>();
  for (const void_::PropertyPartition& property : description.properties)
    vocabulary->predicates.insert(property.property);
  for (const void_::ClassPartition& cls : description.classes)
    vocabulary->classes.insert(cls.class_iri);
  return vocabulary;
}

}  // namespace sparqlmcp::federation
