// read_void: finds the datasets a graph describes, reads each into the model, picks or merges
// them for the endpoint asked about, then adds the linksets. Every walk has a fixed depth
// (dataset -> class partition -> property partition -> object class / datatype / language),
// so a cycle of partitions or a node shared by several parents cannot make it loop; shared
// nodes are read once per parent, duplicates within one parent once.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "rdf_graph.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/void/turtle.hpp"
#include "sparqlmcp/void/vocabulary.hpp"
#include "xsd_datetime.hpp"

namespace sparqlmcp::void_ {

namespace {

using rdf::Term;
namespace v = vocab;

bool is_integer_datatype(std::string_view datatype) {
  // xsd:integer and the types derived from it (XML Schema 1.1 Part 2, §3.4.13-3.4.25).
  static const std::unordered_set<std::string_view> types = {
      "integer",         "long",         "int",
      "short",           "byte",         "nonNegativeInteger",
      "positiveInteger", "unsignedLong", "unsignedInt",
      "unsignedShort",   "unsignedByte", "nonPositiveInteger",
      "negativeInteger"};
  return datatype.starts_with(v::kXsd) && types.contains(datatype.substr(v::kXsd.size()));
}

// A count: a literal of an integer type whose value fits 0..2^64-1.
std::optional<std::uint64_t> parse_count(const RdfGraph::Literal& literal) {
  if (!literal.language.empty() || !is_integer_datatype(literal.datatype)) return std::nullopt;
  std::string_view s = literal.value;
  // XSD's whiteSpace facet for these types is "collapse": blanks around the value do not count.
  while (!s.empty() &&
         (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  std::uint64_t n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    if (__builtin_mul_overflow(n, 10u, &n) ||
        __builtin_add_overflow(n, static_cast<std::uint64_t>(c - '0'), &n))
      return std::nullopt;
  }
  return n;
}

Count add_counts(const Count& a, const Count& b) {
  std::uint64_t sum = 0;
  if (!a || !b || __builtin_add_overflow(*a, *b, &sum)) return std::nullopt;
  return sum;
}

// The ClassProperty maps: 0 is "count unknown", and stays so when added to.
void add_to(std::map<std::string, std::uint64_t>& map, const std::string& key, std::uint64_t n) {
  auto [it, inserted] = map.try_emplace(key, n);
  if (inserted) return;
  std::uint64_t sum = 0;
  it->second = (it->second == 0 || n == 0 || __builtin_add_overflow(it->second, n, &sum)) ? 0 : sum;
}

// --- merging (see read_void's contract: additive counts add, distinct counts get lost) ---

void merge_class_property(ClassProperty& into, const ClassProperty& from) {
  into.triples = add_counts(into.triples, from.triples);
  into.distinct_subjects.reset();
  into.distinct_objects.reset();
  into.resource_objects = add_counts(into.resource_objects, from.resource_objects);
  for (const auto& [k, n] : from.object_classes)
    add_to(into.object_classes, k, n);
  for (const auto& [k, n] : from.datatypes)
    add_to(into.datatypes, k, n);
  for (const auto& [k, n] : from.languages)
    add_to(into.languages, k, n);
}

void add_class_property(std::vector<ClassProperty>& list, ClassProperty&& cp) {
  for (ClassProperty& existing : list)
    if (existing.property == cp.property) {
      merge_class_property(existing, cp);
      return;
    }
  list.push_back(std::move(cp));
}

void merge_class(ClassPartition& into, ClassPartition&& from) {
  into.entities = add_counts(into.entities, from.entities);
  into.properties_known = into.properties_known || from.properties_known;
  for (ClassProperty& cp : from.properties)
    add_class_property(into.properties, std::move(cp));
}

void merge_property(PropertyPartition& into, const PropertyPartition& from) {
  into.triples = add_counts(into.triples, from.triples);
  into.distinct_subjects.reset();
  into.distinct_objects.reset();
}

// Adds partitions by IRI, merging those already there; indexes kept for thousands of classes.
class PartitionSet {
 public:
  void add(ClassPartition&& c) {
    auto [it, inserted] = class_index_.try_emplace(c.class_iri, classes_.size());
    if (inserted)
      classes_.push_back(std::move(c));
    else
      merge_class(classes_[it->second], std::move(c));
  }
  void add(PropertyPartition&& p) {
    auto [it, inserted] = property_index_.try_emplace(p.property, properties_.size());
    if (inserted)
      properties_.push_back(std::move(p));
    else
      merge_property(properties_[it->second], p);
  }
  ClassPartition* find_class(const std::string& iri) {
    auto it = class_index_.find(iri);
    return it == class_index_.end() ? nullptr : &classes_[it->second];
  }
  std::vector<ClassPartition> take_classes() { return std::move(classes_); }
  std::vector<PropertyPartition> take_properties() { return std::move(properties_); }

 private:
  std::vector<ClassPartition> classes_;
  std::vector<PropertyPartition> properties_;
  std::unordered_map<std::string, std::size_t> class_index_, property_index_;
};

bool declares_uri_space(const Description& d) {
  return !d.uri_spaces.empty() || !d.uri_patterns.empty();
}

void add_uri_spaces(Description& into, const Description& from) {
  into.uri_spaces.insert(into.uri_spaces.end(), from.uri_spaces.begin(), from.uri_spaces.end());
  into.uri_patterns.insert(into.uri_patterns.end(), from.uri_patterns.begin(),
                           from.uri_patterns.end());
}

// `parts` merged into one; nullopt when empty.
std::optional<Description> merge_all(std::vector<Description>&& parts) {
  if (parts.empty()) return std::nullopt;
  if (parts.size() == 1) return std::move(parts.front());
  Description merged;
  PartitionSet partitions;
  // The whole's entities are in the URI spaces of its parts only if every part declares one:
  // a part that declares none may hold any IRI.
  bool every_part_declares = true;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    Description& part = parts[i];
    if (declares_uri_space(part))
      add_uri_spaces(merged, part);
    else
      every_part_declares = false;
    merged.triples = i == 0 ? part.triples : add_counts(merged.triples, part.triples);
    for (ClassPartition& c : part.classes)
      partitions.add(std::move(c));
    for (PropertyPartition& p : part.properties)
      partitions.add(std::move(p));
  }
  if (!every_part_declares) {
    merged.uri_spaces.clear();
    merged.uri_patterns.clear();
  }
  // Distinct counts of the whole cannot be told from the parts'.
  merged.classes = partitions.take_classes();
  merged.properties = partitions.take_properties();
  return merged;
}

bool has_partitions(const Description& d) {
  return !d.classes.empty() || !d.properties.empty();
}
bool has_totals(const Description& d) {
  return d.triples || d.distinct_subjects || d.distinct_objects || d.class_count ||
         d.property_count;
}

using Id = RdfGraph::Id;

// One dataset a graph may describe: a plain VoID dataset, or a service's default dataset with
// its default graph (`primary`, with the sd:Dataset node itself) and its named graphs (`named`).
struct Unit {
  std::vector<Id> primary;
  std::vector<Id> named;
  std::vector<Id> all;  // every node that belongs to it (for linksets hanging from it)
  std::vector<std::string> endpoints;
};

// The numbers of the vocabulary's IRIs in one graph (kNone for those it does not use).
struct Terms {
  explicit Terms(const RdfGraph& g)
      : type(g.predicate(v::kRdfType)),
        void_dataset(g.iri(v::kVoidDataset)),
        void_linkset(g.iri(v::kVoidLinkset)),
        sd_dataset(g.iri(v::kSdDataset)),
        sparql_endpoint(g.predicate(v::kVoidSparqlEndpoint)),
        triples(g.predicate(v::kVoidTriples)),
        entities(g.predicate(v::kVoidEntities)),
        classes(g.predicate(v::kVoidClasses)),
        properties(g.predicate(v::kVoidProperties)),
        distinct_subjects(g.predicate(v::kVoidDistinctSubjects)),
        distinct_objects(g.predicate(v::kVoidDistinctObjects)),
        class_partition(g.predicate(v::kVoidClassPartition)),
        property_partition(g.predicate(v::kVoidPropertyPartition)),
        class_(g.predicate(v::kVoidClass)),
        property(g.predicate(v::kVoidProperty)),
        subset(g.predicate(v::kVoidSubset)),
        subjects_target(g.predicate(v::kVoidSubjectsTarget)),
        objects_target(g.predicate(v::kVoidObjectsTarget)),
        link_predicate(g.predicate(v::kVoidLinkPredicate)),
        uri_space(g.predicate(v::kVoidUriSpace)),
        uri_regex_pattern(g.predicate(v::kVoidUriRegexPattern)),
        datatype_partition(g.predicate(v::kVoidExtDatatypePartition)),
        datatype(g.predicate(v::kVoidExtDatatype)),
        language_partition(g.predicate(v::kVoidExtLanguagePartition)),
        language(g.predicate(v::kVoidExtLanguage)),
        sd_endpoint(g.predicate(v::kSdEndpoint)),
        default_dataset(g.predicate(v::kSdDefaultDataset)),
        default_graph(g.predicate(v::kSdDefaultGraph)),
        named_graph(g.predicate(v::kSdNamedGraph)),
        sd_graph(g.predicate(v::kSdGraph)),
        was_generated_by(g.predicate(v::kProvWasGeneratedBy)),
        started(g.predicate(v::kProvStartedAtTime)),
        ended(g.predicate(v::kProvEndedAtTime)),
        source(g.predicate(v::kDctermsSource)),
        sh_prefix(g.predicate(v::kShPrefix)),
        sh_namespace(g.predicate(v::kShNamespace)),
        id(g.predicate(v::kSmcpId)),
        resource_objects(g.predicate(v::kSmcpResourceObjects)),
        properties_known(g.predicate(v::kSmcpPropertiesKnown)),
        origin(g.predicate(v::kSmcpOrigin)),
        method(g.predicate(v::kSmcpMethod)),
        queries(g.predicate(v::kSmcpQueries)),
        failed_queries(g.predicate(v::kSmcpFailedQueries)),
        query_timeout(g.predicate(v::kSmcpQueryTimeoutMs)),
        concurrency(g.predicate(v::kSmcpConcurrency)),
        longest_query(g.predicate(v::kSmcpLongestQueryMs)),
        user_agent(g.predicate(v::kSmcpUserAgent)),
        missing(g.predicate(v::kSmcpMissing)),
        part(g.predicate(v::kSmcpPart)),
        subject(g.predicate(v::kSmcpSubject)),
        reason(g.predicate(v::kSmcpReason)) {}
  Id type, void_dataset, void_linkset, sd_dataset, sparql_endpoint, triples, entities, classes,
      properties, distinct_subjects, distinct_objects, class_partition, property_partition, class_,
      property, subset, subjects_target, objects_target, link_predicate, uri_space,
      uri_regex_pattern, datatype_partition, datatype, language_partition, language, sd_endpoint,
      default_dataset, default_graph, named_graph, sd_graph, was_generated_by, started, ended,
      source, sh_prefix, sh_namespace, id, resource_objects, properties_known, origin, method,
      queries, failed_queries, query_timeout, concurrency, longest_query, user_agent, missing, part,
      subject, reason;
};

class Reader {
 public:
  Reader(const RdfGraph& graph, ReadNotes& notes) : graph_(graph), t_(graph), notes_(notes) {}

  std::optional<Description> read(const std::string& endpoint) {
    std::vector<Unit> units = find_units();
    notes_.datasets = units.size();
    if (units.empty()) return std::nullopt;

    std::vector<const Unit*> chosen;
    if (!endpoint.empty()) {
      const std::string wanted = catalogue::normalize_endpoint_iri(endpoint);
      for (const Unit& u : units)
        if (std::any_of(u.endpoints.begin(), u.endpoints.end(), [&](const std::string& e) {
              return catalogue::normalize_endpoint_iri(e) == wanted;
            }))
          chosen.push_back(&u);
    }
    if (chosen.empty())
      for (const Unit& u : units)
        chosen.push_back(&u);
    notes_.merged = chosen.size() > 1;

    std::vector<Description> parts;
    for (const Unit* u : chosen)
      if (auto d = read_unit(*u)) parts.push_back(std::move(*d));
    std::optional<Description> result = merge_all(std::move(parts));
    if (!result) return std::nullopt;
    add_linksets(*result, chosen);

    // Ours: the id and provenance of the one dataset node that carries them.
    std::vector<Id> marked;
    for (const Unit* u : chosen)
      for (Id n : u->primary)
        if (graph_.has(n, t_.was_generated_by) || graph_.has(n, t_.id)) marked.push_back(n);
    if (marked.size() == 1) {
      if (auto id = single_literal(marked[0], t_.id, "smcp:id")) result->id = *id;
      read_provenance(marked[0], result->provenance);
    }
    if (!has_totals(*result) && !has_partitions(*result) && !ours_) return std::nullopt;

    result->endpoint = endpoint;
    if (result->endpoint.empty())
      for (const Unit* u : chosen)
        if (!u->endpoints.empty()) {
          result->endpoint = u->endpoints.front();
          break;
        }
    result->prefixes = read_prefixes();
    result->sort();
    return result;
  }

 private:
  void skip(std::string sentence) {
    ++notes_.skipped_total;
    if (notes_.skipped.size() < ReadNotes::kMaxSkipped)
      notes_.skipped.push_back(std::move(sentence));
  }
  std::string describe(Id node) const { return graph_.describe(node); }

  Count count(Id node, Id predicate, std::string_view name) {
    Count result;
    bool conflict = false;
    for (const RdfGraph::Object& o : graph_.objects(node, predicate)) {
      const auto n = o.literal ? parse_count(graph_.literal(o.id)) : std::nullopt;
      if (!n) {
        skip(std::string(name) + " of " + describe(node) +
             " is not a count: " + graph_.term(o).to_ntriples());
        continue;
      }
      if (result && *result != *n) conflict = true;
      result = n;
    }
    if (conflict) {
      skip(std::string(name) + " of " + describe(node) + " has several values");
      return std::nullopt;
    }
    return result;
  }

  // The one value of (`node`, `predicate`) when it is of the kind `accept` allows; nullopt and a
  // note otherwise (nothing noted when there is no value at all).
  template <class Accept>
  std::optional<std::string> single(Id node, Id predicate, std::string_view name,
                                    std::string_view expected, Accept accept) {
    const auto values = graph_.objects(node, predicate);
    if (values.empty()) return std::nullopt;
    if (values.size() > 1) {
      skip(std::string(name) + " of " + describe(node) + " has several values");
      return std::nullopt;
    }
    const rdf::Term term = graph_.term(values[0]);
    if (!accept(term)) {
      skip(std::string(name) + " of " + describe(node) + " is not " + std::string(expected));
      return std::nullopt;
    }
    return term.value;
  }
  std::optional<std::string> single_iri(Id node, Id predicate, std::string_view name) {
    return single(node, predicate, name, "an IRI", [](const Term& t) { return t.is_iri(); });
  }
  std::optional<std::string> single_literal(Id node, Id predicate, std::string_view name) {
    return single(node, predicate, name, "a literal", [](const Term& t) { return t.is_literal(); });
  }
  // An IRI or a literal, as text (sources, subjects of missing parts).
  std::optional<std::string> single_text(Id node, Id predicate, std::string_view name) {
    return single(node, predicate, name, "an IRI or a literal",
                  [](const Term& t) { return !t.is_blank(); });
  }

  // Every value that is a literal or an IRI (void:uriSpace is a literal, some publish an IRI),
  // as text; a blank node is noted.
  std::vector<std::string> texts(Id node, Id predicate, std::string_view name) {
    std::vector<std::string> found;
    for (const RdfGraph::Object& o : graph_.objects(node, predicate)) {
      const rdf::Term term = graph_.term(o);
      if (term.is_blank() || term.value.empty())
        skip(std::string(name) + " of " + describe(node) + " is not a literal or an IRI");
      else
        found.push_back(term.value);
    }
    return found;
  }

  // The IRI and blank node objects; a literal where a node belongs is noted.
  std::vector<Id> children(Id node, Id predicate, std::string_view name) {
    std::vector<Id> found;
    for (const RdfGraph::Object& o : graph_.objects(node, predicate)) {
      if (o.literal)
        skip(std::string(name) + " of " + describe(node) +
             " is a literal: " + graph_.term(o).to_ntriples());
      else
        found.push_back(o.id);
    }
    return found;
  }

  // --- finding the datasets ---

  bool described(Id n) const {
    for (Id p : {t_.triples, t_.entities, t_.classes, t_.properties, t_.distinct_subjects,
                 t_.distinct_objects, t_.class_partition, t_.property_partition})
      if (graph_.has(n, p)) return true;
    return is_ours(n);
  }
  // A dataset write_turtle wrote: it says so even when every count is missing (a computation
  // that failed throughout is still a description, with its missing parts).
  bool is_ours(Id n) const {
    return graph_.has_type(n, t_.void_dataset) && graph_.has(n, t_.was_generated_by);
  }

  // A partition, linkset or part of one: never a dataset of its own. (Not the targets of
  // linksets: a linkset between datasets targets the datasets themselves.)
  bool is_part(Id n) const {
    for (Id p :
         {t_.class_partition, t_.property_partition, t_.datatype_partition, t_.language_partition})
      if (graph_.is_object_of(p, n)) return true;
    for (Id p : {t_.class_, t_.property, t_.link_predicate, t_.datatype, t_.language})
      if (graph_.has(n, p)) return true;
    if (graph_.has_type(n, t_.void_linkset)) return true;
    // A subset of a dataset that is described itself is part of it; a subset of a bare dataset
    // node (a DBpedia-like umbrella with statistics only on its subsets) stands for it.
    for (Id parent : graph_.subjects(t_.subset, n))
      if (described(parent)) return true;
    return false;
  }

  void add_endpoints(Unit& unit, Id n) {
    for (Id p : {t_.sparql_endpoint, t_.sd_endpoint})
      for (const RdfGraph::Object& o : graph_.objects(n, p)) {
        const Term term = graph_.term(o);
        if (!term.is_blank() && std::find(unit.endpoints.begin(), unit.endpoints.end(),
                                          term.value) == unit.endpoints.end())
          unit.endpoints.push_back(term.value);
      }
  }

  // Endpoints of the datasets `n` is a subset of, up the void:subset chain (cycles stop it).
  void add_ancestor_endpoints(Unit& unit, Id n) {
    std::vector<Id> pending = {n};
    std::unordered_set<Id> seen = {n};
    while (!pending.empty()) {
      const Id current = pending.back();
      pending.pop_back();
      for (Id parent : graph_.subjects(t_.subset, current))
        if (seen.insert(parent).second) {
          add_endpoints(unit, parent);
          pending.push_back(parent);
        }
    }
  }

  std::vector<Unit> find_units() {
    std::vector<Unit> units;
    std::unordered_set<Id> claimed;

    // (a) SPARQL service descriptions (SD §3.2.5-3.2.7, 3.4.x): service -> sd:defaultDataset ->
    // sd:defaultGraph, sd:namedGraph -> sd:graph; VoID sits on any of these nodes.
    std::vector<Id> datasets;
    std::unordered_map<Id, std::vector<Id>> services_of;
    for (const auto& [service, o] : graph_.with_predicate(t_.default_dataset)) {
      if (o.literal) continue;
      if (std::find(datasets.begin(), datasets.end(), o.id) == datasets.end())
        datasets.push_back(o.id);
      services_of[o.id].push_back(service);
    }
    for (const auto& [s, o] : graph_.with_predicate(t_.type))
      if (!o.literal && o.id == t_.sd_dataset &&
          std::find(datasets.begin(), datasets.end(), s) == datasets.end())
        datasets.push_back(s);
    for (Id ds : datasets) {
      Unit unit;
      const auto take = [&](Id n, std::vector<Id>& into) {
        claimed.insert(n);
        unit.all.push_back(n);
        add_endpoints(unit, n);
        if (described(n)) into.push_back(n);
      };
      for (Id service : services_of[ds]) {
        claimed.insert(service);
        add_endpoints(unit, service);
      }
      take(ds, unit.primary);
      for (Id g : children(ds, t_.default_graph, "sd:defaultGraph"))
        take(g, unit.primary);
      for (Id ng : children(ds, t_.named_graph, "sd:namedGraph")) {
        take(ng, unit.named);
        for (Id g : children(ng, t_.sd_graph, "sd:graph"))
          take(g, unit.named);
      }
      if (!unit.primary.empty() || !unit.named.empty()) units.push_back(std::move(unit));
    }

    // (b) Every other dataset: a node with VoID content that is not part of another, in the
    // order the graph first describes them.
    std::vector<Id> candidates;
    std::unordered_set<Id> seen;
    for (Id p :
         {t_.triples, t_.entities, t_.classes, t_.properties, t_.distinct_subjects,
          t_.distinct_objects, t_.class_partition, t_.property_partition, t_.was_generated_by})
      for (const auto& [s, o] : graph_.with_predicate(p))
        if (seen.insert(s).second) candidates.push_back(s);
    std::sort(candidates.begin(), candidates.end(),
              [&](Id a, Id b) { return graph_.first_as_subject(a) < graph_.first_as_subject(b); });
    for (Id n : candidates) {
      if (claimed.contains(n) || !described(n) || is_part(n)) continue;
      Unit unit;
      unit.primary.push_back(n);
      unit.all.push_back(n);
      add_endpoints(unit, n);
      add_ancestor_endpoints(unit, n);
      ours_ = ours_ || is_ours(n);
      units.push_back(std::move(unit));
    }
    return units;
  }

  // --- reading one dataset node ---

  std::optional<ClassProperty> read_class_property(Id pp) {
    // The property and its counts read as a dataset's property partition is.
    std::optional<PropertyPartition> partition = read_property(pp);
    if (!partition) return std::nullopt;
    ClassProperty cp;
    cp.property = std::move(partition->property);
    cp.triples = partition->triples;
    cp.distinct_subjects = partition->distinct_subjects;
    cp.distinct_objects = partition->distinct_objects;
    cp.resource_objects = count(pp, t_.resource_objects, "smcp:resourceObjects");
    for (Id ocp : children(pp, t_.class_partition, "void:classPartition")) {
      const auto object_class = single_iri(ocp, t_.class_, "void:class");
      if (!object_class) continue;
      // void:triples on ours and void-generator's nested partitions; void:entities on
      // void-generator's dataset-level ones.
      Count n = count(ocp, t_.triples, "void:triples");
      if (!n) n = count(ocp, t_.entities, "void:entities");
      add_to(cp.object_classes, *object_class, n.value_or(0));
    }
    for (Id dtp : children(pp, t_.datatype_partition, "void-ext:datatypePartition")) {
      const auto datatype = single_iri(dtp, t_.datatype, "void-ext:datatype");
      if (!datatype) continue;
      add_to(cp.datatypes, *datatype, count(dtp, t_.triples, "void:triples").value_or(0));
      // Language partitions nested under the rdf:langString datatype partition, as some
      // producers write them.
      read_languages(dtp, cp);
    }
    read_languages(pp, cp);
    return cp;
  }

  void read_languages(Id parent, ClassProperty& cp) {
    for (Id lp : children(parent, t_.language_partition, "void-ext:languagePartition")) {
      const auto language = single_literal(lp, t_.language, "void-ext:language");
      if (!language) continue;
      add_to(cp.languages, *language, count(lp, t_.triples, "void:triples").value_or(0));
    }
  }

  std::optional<ClassPartition> read_class(Id cp) {
    const auto class_iri = single_iri(cp, t_.class_, "void:class");
    if (!class_iri) {
      skip("class partition " + describe(cp) + " has no single void:class IRI; skipped");
      return std::nullopt;
    }
    ClassPartition c;
    c.class_iri = *class_iri;
    c.entities = count(cp, t_.entities, "void:entities");
    for (Id pp : children(cp, t_.property_partition, "void:propertyPartition"))
      if (auto property = read_class_property(pp))
        add_class_property(c.properties, std::move(*property));
    c.properties_known = !c.properties.empty();
    if (auto known = single_literal(cp, t_.properties_known, "smcp:propertiesKnown")) {
      if (*known == "true" || *known == "1")
        c.properties_known = true;
      else if (*known == "false" || *known == "0")
        c.properties_known = false;
      else
        skip("smcp:propertiesKnown of " + describe(cp) + " is not a boolean");
    }
    return c;
  }

  std::optional<PropertyPartition> read_property(Id pp) {
    const auto property = single_iri(pp, t_.property, "void:property");
    if (!property) {
      skip("property partition " + describe(pp) + " has no single void:property IRI; skipped");
      return std::nullopt;
    }
    PropertyPartition p;
    p.property = *property;
    p.triples = count(pp, t_.triples, "void:triples");
    p.distinct_subjects = count(pp, t_.distinct_subjects, "void:distinctSubjects");
    p.distinct_objects = count(pp, t_.distinct_objects, "void:distinctObjects");
    return p;
  }

  Description read_node(Id n) {
    Description d;
    d.triples = count(n, t_.triples, "void:triples");
    d.distinct_subjects = count(n, t_.distinct_subjects, "void:distinctSubjects");
    d.distinct_objects = count(n, t_.distinct_objects, "void:distinctObjects");
    d.class_count = count(n, t_.classes, "void:classes");
    d.property_count = count(n, t_.properties, "void:properties");
    d.uri_spaces = texts(n, t_.uri_space, "void:uriSpace");
    d.uri_patterns = texts(n, t_.uri_regex_pattern, "void:uriRegexPattern");
    PartitionSet partitions;
    for (Id cp : children(n, t_.class_partition, "void:classPartition"))
      if (auto c = read_class(cp)) partitions.add(std::move(*c));
    for (Id pp : children(n, t_.property_partition, "void:propertyPartition"))
      if (auto p = read_property(pp)) partitions.add(std::move(*p));
    d.classes = partitions.take_classes();
    d.properties = partitions.take_properties();
    return d;
  }

  // The totals `into` lacks, taken from `from`.
  static void complete_totals(Description& into, const Description& from) {
    for (auto [to, source] : {std::pair{&into.triples, &from.triples},
                              {&into.distinct_subjects, &from.distinct_subjects},
                              {&into.distinct_objects, &from.distinct_objects},
                              {&into.class_count, &from.class_count},
                              {&into.property_count, &from.property_count}})
      if (!*to) *to = *source;
  }

  std::optional<Description> read_unit(const Unit& unit) {
    // A service's sd:Dataset and its default graph describe the same data from two nodes: their
    // totals complement each other rather than add up.
    std::optional<Description> primary;
    for (Id n : unit.primary) {
      Description part = read_node(n);
      if (!primary) {
        primary = std::move(part);
        continue;
      }
      complete_totals(*primary, part);
      add_uri_spaces(*primary, part);
      if (!has_partitions(*primary)) {
        primary->classes = std::move(part.classes);
        primary->properties = std::move(part.properties);
      }
    }
    std::vector<Description> named_parts;
    for (Id n : unit.named)
      named_parts.push_back(read_node(n));
    std::optional<Description> named = merge_all(std::move(named_parts));
    if (!primary) return named;
    if (!named) return primary;
    // void-generator's layout: totals on the default graph (the union of the named graphs
    // under sd:UnionDefaultGraph), partitions on the named graphs.
    complete_totals(*primary, *named);
    if (!declares_uri_space(*primary)) add_uri_spaces(*primary, *named);
    if (!has_partitions(*primary)) {
      primary->classes = std::move(named->classes);
      primary->properties = std::move(named->properties);
    }
    return primary;
  }

  // --- linksets (Note §5): class-to-class links through a predicate ---

  void add_linksets(Description& d, const std::vector<const Unit*>& chosen) {
    std::vector<Id> linksets;
    std::unordered_set<Id> seen;
    for (const auto& [s, o] : graph_.with_predicate(t_.link_predicate))
      if (seen.insert(s).second) linksets.push_back(s);
    for (const auto& [s, o] : graph_.with_predicate(t_.type))
      if (!o.literal && o.id == t_.void_linkset && seen.insert(s).second) linksets.push_back(s);
    if (linksets.empty()) return;

    std::unordered_set<Id> chosen_nodes;
    for (const Unit* u : chosen)
      chosen_nodes.insert(u->all.begin(), u->all.end());

    PartitionSet index;  // the description's classes, by IRI, while links are added
    for (ClassPartition& c : d.classes)
      index.add(std::move(c));
    for (Id ls : linksets) {
      const auto subjects_target = children(ls, t_.subjects_target, "void:subjectsTarget");
      const auto objects_target = children(ls, t_.objects_target, "void:objectsTarget");
      if (subjects_target.size() != 1 || objects_target.size() != 1) {
        skip("linkset " + describe(ls) + " has no single subjects and objects target; skipped");
        continue;
      }
      if (!applies(ls, subjects_target[0], chosen_nodes)) continue;
      const auto subject_class = single_iri(subjects_target[0], t_.class_, "void:class");
      const auto object_class = single_iri(objects_target[0], t_.class_, "void:class");
      const auto predicate = single_iri(ls, t_.link_predicate, "void:linkPredicate");
      if (!subject_class || !object_class || !predicate) {
        skip("linkset " + describe(ls) +
             " does not link two class partitions through one predicate; skipped");
        continue;
      }
      const std::uint64_t n = count(ls, t_.triples, "void:triples").value_or(0);
      ClassPartition* c = index.find_class(*subject_class);
      if (!c) {
        ClassPartition added;
        added.class_iri = *subject_class;
        index.add(std::move(added));
        c = index.find_class(*subject_class);
      }
      c->properties_known = true;
      auto it = std::find_if(c->properties.begin(), c->properties.end(),
                             [&](const ClassProperty& cp) { return cp.property == *predicate; });
      if (it == c->properties.end()) {
        ClassProperty cp;
        cp.property = *predicate;
        c->properties.push_back(std::move(cp));
        it = std::prev(c->properties.end());
      }
      // void-generator writes a link both as a nested partition and as a linkset: the linkset
      // only fills in what the partitions lack, never adds to it.
      auto [link, inserted] = it->object_classes.try_emplace(*object_class, n);
      if (!inserted && link->second == 0) link->second = n;
    }
    d.classes = index.take_classes();
  }

  // A linkset counts for the chosen datasets when it is their subset, links from one of their
  // class partitions, or hangs from no dataset at all.
  bool applies(Id ls, Id subjects_target, const std::unordered_set<Id>& chosen_nodes) const {
    const auto owners = graph_.subjects(t_.subset, ls);
    const auto partition_of = graph_.subjects(t_.class_partition, subjects_target);
    if (owners.empty() && partition_of.empty()) return true;
    for (Id o : owners)
      if (chosen_nodes.contains(o)) return true;
    for (Id o : partition_of)
      if (chosen_nodes.contains(o)) return true;
    return false;
  }

  // --- ours: provenance and prefixes ---

  void read_provenance(Id dataset, Provenance& p) {
    const auto activities = children(dataset, t_.was_generated_by, "prov:wasGeneratedBy");
    if (activities.size() != 1) return;
    const Id a = activities[0];
    if (auto origin = single_iri(a, t_.origin, "smcp:origin")) {
      if (*origin == v::kSmcpRetrieved)
        p.origin = Provenance::Origin::Retrieved;
      else if (*origin == v::kSmcpComputed)
        p.origin = Provenance::Origin::Computed;
      else if (*origin == v::kSmcpInProcess)
        p.origin = Provenance::Origin::InProcess;
      else
        skip("smcp:origin of " + describe(a) +
             " is not one of smcp:Retrieved, smcp:Computed, smcp:InProcess");
    }
    p.method = single_literal(a, t_.method, "smcp:method").value_or("");
    p.source = single_text(a, t_.source, "dcterms:source").value_or("");
    const auto time = [&](Id predicate, std::string_view name) -> SystemTime {
      const auto text = single_literal(a, predicate, name);
      if (!text) return SystemTime{};
      if (auto t = parse_xsd_datetime(*text)) return *t;
      skip(std::string(name) + " of " + describe(a) + " is not an xsd:dateTime: " + *text);
      return SystemTime{};
    };
    p.started = time(t_.started, "prov:startedAtTime");
    p.finished = time(t_.ended, "prov:endedAtTime");
    const auto number = [&](Id predicate, std::string_view name) {
      return count(a, predicate, name).value_or(0);
    };
    p.queries = number(t_.queries, "smcp:queries");
    p.failed_queries = number(t_.failed_queries, "smcp:failedQueries");
    p.concurrency = number(t_.concurrency, "smcp:concurrency");
    const auto millis = [&](Id predicate, std::string_view name) {
      const std::uint64_t ms = number(predicate, name);
      return std::chrono::milliseconds(static_cast<std::chrono::milliseconds::rep>(
          std::min<std::uint64_t>(ms, std::numeric_limits<std::int64_t>::max())));
    };
    p.query_timeout = millis(t_.query_timeout, "smcp:queryTimeoutMs");
    p.longest_query = millis(t_.longest_query, "smcp:longestQueryMs");
    p.user_agent = single_literal(a, t_.user_agent, "smcp:userAgent").value_or("");
    for (Id m : children(a, t_.missing, "smcp:missing")) {
      MissingPart part;
      part.part = single_literal(m, t_.part, "smcp:part").value_or("");
      part.subject = single_text(m, t_.subject, "smcp:subject").value_or("");
      part.reason = single_literal(m, t_.reason, "smcp:reason").value_or("");
      p.missing.push_back(std::move(part));
    }
  }

  // Every SHACL prefix declaration in the graph (a node with sh:prefix and sh:namespace), in
  // the order of the triples; the first declaration of a name wins.
  std::vector<std::pair<std::string, std::string>> read_prefixes() {
    std::vector<std::pair<std::string, std::string>> prefixes;
    for (const auto& [s, o] : graph_.with_predicate(t_.sh_prefix)) {
      if (!o.literal) continue;
      const std::string& name = graph_.literal(o.id).value;
      const auto ns = single_text(s, t_.sh_namespace, "sh:namespace");
      if (!ns) continue;
      if (std::none_of(prefixes.begin(), prefixes.end(),
                       [&](const auto& p) { return p.first == name; }))
        prefixes.emplace_back(name, *ns);
    }
    return prefixes;
  }

  const RdfGraph& graph_;
  const Terms t_;
  ReadNotes& notes_;
  bool ours_ = false;
};

}  // namespace

std::optional<Description> read_void(const std::vector<rdf::Triple>& triples,
                                     const std::string& endpoint, ReadNotes* notes) {
  RdfGraph graph;
  for (const rdf::Triple& t : triples)
    graph.add(t.subject, t.predicate, t.object);
  ReadNotes local;
  return Reader(graph, notes ? *notes : local).read(endpoint);
}

std::optional<Description> read_void_turtle(std::string_view text, const std::string& endpoint,
                                            const std::string& source_name, ReadNotes* notes) {
  // Straight from the parser into the graph: no vector of triples in between.
  RdfGraph graph;
  rdf::for_each_rdf_quad(text, rdf::RdfSyntax::Turtle, "", source_name,
                         [&](const rdf::Quad& q) { graph.add(q.subject, q.predicate, q.object); });
  ReadNotes local;
  return Reader(graph, notes ? *notes : local).read(endpoint);
}

}  // namespace sparqlmcp::void_
