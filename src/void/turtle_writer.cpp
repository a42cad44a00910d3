// write_turtle: the model as VoID triples, then rdf::serialize_turtle. The triples are made in
// the order the file should read: the dataset, its totals and provenance first (what a person
// opening the file wants to see), then the class partitions, then the property partitions.

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/rdf/iri.hpp"
#include "sparqlmcp/rdf/writer.hpp"
#include "sparqlmcp/void/turtle.hpp"
#include "sparqlmcp/void/vocabulary.hpp"
#include "xsd_datetime.hpp"

namespace sparqlmcp::void_ {

namespace {

using rdf::Term;
namespace v = vocab;

class Triples {
 public:
  Term blank() { return Term::blank("b" + std::to_string(++blanks_)); }

  void add(const Term& subject, std::string_view predicate, Term object) {
    triples_.push_back(rdf::Triple{subject, Term::iri(std::string(predicate)), std::move(object)});
  }
  void add_iri(const Term& subject, std::string_view predicate, std::string_view iri) {
    add(subject, predicate, Term::iri(std::string(iri)));
  }
  void add_string(const Term& subject, std::string_view predicate, std::string text) {
    add(subject, predicate, Term::literal(std::move(text)));
  }
  void add_count(const Term& subject, std::string_view predicate, std::uint64_t n) {
    add(subject, predicate, Term::literal(std::to_string(n), std::string(rdf::kXsdInteger)));
  }
  void add_count(const Term& subject, std::string_view predicate, const Count& n) {
    if (n) add_count(subject, predicate, *n);
  }
  // An absolute IRI as an IRI, anything else (a file path, a label) as a string: the model
  // keeps these as text and both read back to the same text.
  void add_iri_or_string(const Term& subject, std::string_view predicate, const std::string& text) {
    if (rdf::is_absolute_iriref(text))
      add_iri(subject, predicate, text);
    else
      add_string(subject, predicate, text);
  }

  std::vector<rdf::Triple>& triples() { return triples_; }

 private:
  std::vector<rdf::Triple> triples_;
  unsigned long blanks_ = 0;
};

std::string_view origin_iri(Provenance::Origin origin) {
  switch (origin) {
    case Provenance::Origin::Retrieved:
      return v::kSmcpRetrieved;
    case Provenance::Origin::Computed:
      return v::kSmcpComputed;
    case Provenance::Origin::InProcess:
      return v::kSmcpInProcess;
  }
  return v::kSmcpComputed;
}

void write_provenance(Triples& out, const Term& dataset, const Provenance& p) {
  const Term activity = out.blank();
  out.add(dataset, v::kProvWasGeneratedBy, activity);
  out.add_iri(activity, v::kRdfType, v::kProvActivity);
  out.add_iri(activity, v::kSmcpOrigin, origin_iri(p.origin));
  if (!p.method.empty()) out.add_string(activity, v::kSmcpMethod, p.method);
  if (!p.source.empty()) out.add_iri_or_string(activity, v::kDctermsSource, p.source);
  // The epoch is the model's "never set"; it is left out and read back as such.
  const auto add_time = [&](std::string_view predicate, SystemTime time) {
    if (time != SystemTime{})
      out.add(activity, predicate,
              Term::literal(to_xsd_datetime(time), std::string(v::kXsdDateTime)));
  };
  add_time(v::kProvStartedAtTime, p.started);
  add_time(v::kProvEndedAtTime, p.finished);
  // A computation's settings are worth reading even when 0 (no failed query); a retrieved
  // description ran no query, so only what was set is written. Absent reads back as 0.
  const bool ran_queries = p.origin != Provenance::Origin::Retrieved;
  const auto add_setting = [&](std::string_view predicate, std::uint64_t n) {
    if (ran_queries || n != 0) out.add_count(activity, predicate, n);
  };
  add_setting(v::kSmcpQueries, p.queries);
  add_setting(v::kSmcpFailedQueries, p.failed_queries);
  add_setting(v::kSmcpQueryTimeoutMs, static_cast<std::uint64_t>(p.query_timeout.count()));
  add_setting(v::kSmcpConcurrency, p.concurrency);
  add_setting(v::kSmcpLongestQueryMs, static_cast<std::uint64_t>(p.longest_query.count()));
  if (!p.user_agent.empty()) out.add_string(activity, v::kSmcpUserAgent, p.user_agent);
  for (const MissingPart& missing : p.missing) {
    const Term node = out.blank();
    out.add(activity, v::kSmcpMissing, node);
    out.add_string(node, v::kSmcpPart, missing.part);
    if (!missing.subject.empty()) out.add_iri_or_string(node, v::kSmcpSubject, missing.subject);
    out.add_string(node, v::kSmcpReason, missing.reason);
  }
}

// A partition counted by triples: `[ <key predicate> key ; void:triples n ]` (n left out when
// unknown, which the model's maps store as 0).
void write_keyed_partition(Triples& out, const Term& parent, std::string_view partition_predicate,
                           std::string_view key_predicate, Term key, std::uint64_t triples) {
  const Term node = out.blank();
  out.add(parent, partition_predicate, node);
  out.add(node, key_predicate, std::move(key));
  if (triples != 0) out.add_count(node, v::kVoidTriples, triples);
}

void write_class_property(Triples& out, const Term& class_node, const ClassProperty& cp) {
  const Term node = out.blank();
  out.add(class_node, v::kVoidPropertyPartition, node);
  out.add_iri(node, v::kVoidProperty, cp.property);
  out.add_count(node, v::kVoidTriples, cp.triples);
  out.add_count(node, v::kVoidDistinctSubjects, cp.distinct_subjects);
  out.add_count(node, v::kVoidDistinctObjects, cp.distinct_objects);
  out.add_count(node, v::kSmcpResourceObjects, cp.resource_objects);
  for (const auto& [object_class, n] : cp.object_classes)
    write_keyed_partition(out, node, v::kVoidClassPartition, v::kVoidClass, Term::iri(object_class),
                          n);
  for (const auto& [datatype, n] : cp.datatypes)
    write_keyed_partition(out, node, v::kVoidExtDatatypePartition, v::kVoidExtDatatype,
                          Term::iri(datatype), n);
  for (const auto& [language, n] : cp.languages)
    write_keyed_partition(out, node, v::kVoidExtLanguagePartition, v::kVoidExtLanguage,
                          Term::literal(language), n);
}

void write_class(Triples& out, const Term& dataset, const ClassPartition& c) {
  const Term node = out.blank();
  out.add(dataset, v::kVoidClassPartition, node);
  out.add_iri(node, v::kVoidClass, c.class_iri);
  out.add_count(node, v::kVoidEntities, c.entities);
  // A reader infers "properties known" from nested property partitions; say it only where
  // that inference would be wrong.
  if (c.properties_known == c.properties.empty())
    out.add(node, v::kSmcpPropertiesKnown,
            Term::literal(c.properties_known ? "true" : "false", std::string(v::kXsdBoolean)));
  for (const ClassProperty& cp : c.properties)
    write_class_property(out, node, cp);
}

void write_property(Triples& out, const Term& dataset, const PropertyPartition& p) {
  const Term node = out.blank();
  out.add(dataset, v::kVoidPropertyPartition, node);
  out.add_iri(node, v::kVoidProperty, p.property);
  out.add_count(node, v::kVoidTriples, p.triples);
  out.add_count(node, v::kVoidDistinctSubjects, p.distinct_subjects);
  out.add_count(node, v::kVoidDistinctObjects, p.distinct_objects);
}

// The vocabularies' prefixes, then the description's own where they do not clash with them.
std::vector<std::pair<std::string, std::string>> file_prefixes(const Description& d) {
  std::vector<std::pair<std::string, std::string>> prefixes = {
      {"rdf", std::string(v::kRdf)},   {"xsd", std::string(v::kXsd)},
      {"void", std::string(v::kVoid)}, {"void-ext", std::string(v::kVoidExt)},
      {"prov", std::string(v::kProv)}, {"dcterms", std::string(v::kDcterms)},
      {"sh", std::string(v::kSh)},     {"smcp", std::string(v::kSmcp)},
  };
  std::set<std::string> names, namespaces;
  for (const auto& [name, ns] : prefixes) {
    names.insert(name);
    namespaces.insert(ns);
  }
  for (const auto& [name, ns] : d.prefixes)
    if (!names.contains(name) && !namespaces.contains(ns) && rdf::is_absolute_iriref(ns)) {
      names.insert(name);
      namespaces.insert(ns);
      prefixes.emplace_back(name, ns);
    }
  return prefixes;
}

}  // namespace

std::string write_turtle(const Description& description) {
  Description d = description;
  d.sort();
  Triples out;
  const Term dataset = Term::blank("dataset");
  out.add_iri(dataset, v::kRdfType, v::kVoidDataset);
  if (!d.id.empty()) out.add_string(dataset, v::kSmcpId, d.id);
  if (!d.endpoint.empty()) out.add_iri_or_string(dataset, v::kVoidSparqlEndpoint, d.endpoint);
  out.add_count(dataset, v::kVoidTriples, d.triples);
  out.add_count(dataset, v::kVoidDistinctSubjects, d.distinct_subjects);
  out.add_count(dataset, v::kVoidDistinctObjects, d.distinct_objects);
  out.add_count(dataset, v::kVoidClasses, d.class_count);
  out.add_count(dataset, v::kVoidProperties, d.property_count);
  for (const std::string& space : d.uri_spaces)
    out.add_string(dataset, v::kVoidUriSpace, space);
  for (const std::string& pattern : d.uri_patterns)
    out.add_string(dataset, v::kVoidUriRegexPattern, pattern);
  write_provenance(out, dataset, d.provenance);
  // SHACL prefix declarations (sh:declare, SHACL §5.2.1): what sparql-llm reads prefixes from.
  for (const auto& [name, ns] : d.prefixes) {
    const Term node = out.blank();
    out.add(dataset, v::kShDeclare, node);
    out.add_string(node, v::kShPrefix, name);
    out.add(node, v::kShNamespace, Term::literal(ns, std::string(v::kXsdAnyUri)));
  }
  for (const ClassPartition& c : d.classes)
    write_class(out, dataset, c);
  for (const PropertyPartition& p : d.properties)
    write_property(out, dataset, p);

  std::string text = "# VoID description";
  if (!d.endpoint.empty()) text += " of <" + rdf::escape_iri(d.endpoint) + ">";
  text += ", written by sparql-mcp; the smcp: terms are described in its docs/void.md.\n";
  text += rdf::serialize_turtle(out.triples(), file_prefixes(d));
  return text;
}

}  // namespace sparqlmcp::void_
