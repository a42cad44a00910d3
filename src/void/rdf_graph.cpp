#include "rdf_graph.hpp"

#include <algorithm>

namespace sparqlmcp::void_ {

namespace {
const std::vector<std::pair<RdfGraph::Id, RdfGraph::Object>> kNoTriples;
}

RdfGraph::Id RdfGraph::intern(const rdf::Term& term) {
  auto& index = term.is_blank() ? blank_index_ : iri_index_;
  auto it = index.find(term.value);
  if (it != index.end()) return it->second;
  const Id id = static_cast<Id>(nodes_.size());
  nodes_.push_back(rdf::Term{term.kind, term.value, {}, {}});
  index.emplace(nodes_.back().value, id);
  out_.emplace_back();
  in_.emplace_back();
  first_as_subject_.push_back(static_cast<std::size_t>(-1));
  return id;
}

RdfGraph::Id RdfGraph::intern_predicate(const std::string& iri) {
  auto it = predicate_index_.find(iri);
  if (it != predicate_index_.end()) return it->second;
  const Id id = static_cast<Id>(predicates_.size());
  predicates_.push_back(iri);
  predicate_index_.emplace(predicates_.back(), id);
  by_predicate_.emplace_back();
  if (iri == rdf::kRdfType) rdf_type_ = id;
  return id;
}

void RdfGraph::add(const rdf::Term& subject, const rdf::Term& predicate, const rdf::Term& object) {
  if (subject.is_literal() || !predicate.is_iri()) return;
  const Id s = intern(subject);
  const Id p = intern_predicate(predicate.value);
  Object o;
  if (object.is_literal()) {
    o.literal = true;
    o.id = static_cast<Id>(literals_.size());
    std::string_view datatype;
    if (!object.datatype.empty()) datatype = *datatypes_.insert(object.datatype).first;
    literals_.push_back(Literal{object.value, datatype, object.language});
  } else {
    o.id = intern(object);
    in_[o.id].emplace_back(p, s);
  }
  if (first_as_subject_[s] == static_cast<std::size_t>(-1)) first_as_subject_[s] = triples_;
  ++triples_;
  out_[s].push_back(Edge{p, o});
  by_predicate_[p].emplace_back(s, o);
}

RdfGraph::Id RdfGraph::iri(std::string_view iri) const {
  auto it = iri_index_.find(iri);
  return it == iri_index_.end() ? kNone : it->second;
}

RdfGraph::Id RdfGraph::predicate(std::string_view iri) const {
  auto it = predicate_index_.find(iri);
  return it == predicate_index_.end() ? kNone : it->second;
}

rdf::Term RdfGraph::term(const Object& object) const {
  if (!object.literal) return nodes_[object.id];
  const Literal& l = literals_[object.id];
  return rdf::Term::literal(l.value, std::string(l.datatype), l.language);
}

std::string RdfGraph::describe(Id node) const {
  const rdf::Term& t = nodes_[node];
  return t.is_blank() ? "_:" + t.value : "<" + t.value + ">";
}

std::vector<RdfGraph::Object> RdfGraph::objects(Id node, Id predicate) const {
  std::vector<Object> found;
  if (node == kNone || predicate == kNone) return found;
  // Repeats are looked for in the list while it is short, in a set once it is long (a dataset
  // with thousands of partitions).
  std::unordered_set<std::uint64_t> seen;
  const auto key = [](const Object& o) {
    return (static_cast<std::uint64_t>(o.literal) << 32) | o.id;
  };
  for (const Edge& e : out_[node]) {
    if (e.predicate != predicate) continue;
    if (found.size() < 16) {
      if (std::find(found.begin(), found.end(), e.object) != found.end()) continue;
      found.push_back(e.object);
      if (found.size() == 16)
        for (const Object& o : found)
          seen.insert(key(o));
    } else if (seen.insert(key(e.object)).second) {
      found.push_back(e.object);
    }
  }
  return found;
}

bool RdfGraph::has(Id node, Id predicate) const {
  if (node == kNone || predicate == kNone) return false;
  return std::any_of(out_[node].begin(), out_[node].end(),
                     [&](const Edge& e) { return e.predicate == predicate; });
}

bool RdfGraph::has_type(Id node, Id type) const {
  if (node == kNone || type == kNone || rdf_type_ == kNone) return false;
  return std::any_of(out_[node].begin(), out_[node].end(), [&](const Edge& e) {
    return e.predicate == rdf_type_ && !e.object.literal && e.object.id == type;
  });
}

std::vector<RdfGraph::Id> RdfGraph::subjects(Id predicate, Id node) const {
  std::vector<Id> found;
  if (node == kNone || predicate == kNone) return found;
  for (const auto& [p, s] : in_[node])
    if (p == predicate && std::find(found.begin(), found.end(), s) == found.end())
      found.push_back(s);
  return found;
}

bool RdfGraph::is_object_of(Id predicate, Id node) const {
  if (node == kNone || predicate == kNone) return false;
  return std::any_of(in_[node].begin(), in_[node].end(),
                     [&](const auto& edge) { return edge.first == predicate; });
}

const std::vector<std::pair<RdfGraph::Id, RdfGraph::Object>>& RdfGraph::with_predicate(
    Id predicate) const {
  return predicate == kNone ? kNoTriples : by_predicate_[predicate];
}

std::size_t RdfGraph::first_as_subject(Id node) const {
  return first_as_subject_[node];
}

}  // namespace sparqlmcp::void_
