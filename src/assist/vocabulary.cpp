#include "vocabulary.hpp"

#include "sparqlmcp/assist/words.hpp"

namespace sparqlmcp::assist {

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
