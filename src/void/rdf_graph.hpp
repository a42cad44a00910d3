#pragma once
// The graph read_void walks: triples with every IRI and blank node interned once, so that the
// walk compares small integers instead of hashing strings (a cached description of 2,000
// classes is about 170,000 triples, read at start-up or on a cache miss). Nodes are numbered
// in the order they first appear; every list below keeps the order of the triples.

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::void_ {

class RdfGraph {
 public:
  using Id = std::uint32_t;
  static constexpr Id kNone = 0xffffffff;

  // An object: a node (IRI or blank node) or a literal, each by its number.
  struct Object {
    bool literal = false;
    Id id = 0;
    friend bool operator==(const Object&, const Object&) = default;
  };
  struct Literal {
    std::string value;
    std::string_view datatype;  // interned; empty for a simple literal
    std::string language;
  };

  // Adds a triple; triples with a literal subject or a non-IRI predicate are ignored.
  void add(const rdf::Term& subject, const rdf::Term& predicate, const rdf::Term& object);

  // The node or predicate with this IRI, or kNone.
  Id iri(std::string_view iri) const;
  Id predicate(std::string_view iri) const;

  const rdf::Term& node(Id id) const { return nodes_[id]; }
  const Literal& literal(Id id) const { return literals_[id]; }
  // The object as a term (for messages).
  rdf::Term term(const Object& object) const;
  std::string describe(Id node) const;  // "<iri>" or "_:label"

  // The objects of (`node`, `predicate`), without repeats.
  std::vector<Object> objects(Id node, Id predicate) const;
  bool has(Id node, Id predicate) const;
  bool has_type(Id node, Id type) const;  // `type` a node id (iri())
  // The subjects of (?, `predicate`, `node`), without repeats.
  std::vector<Id> subjects(Id predicate, Id node) const;
  bool is_object_of(Id predicate, Id node) const;
  // (subject, object) of every triple with `predicate`.
  const std::vector<std::pair<Id, Object>>& with_predicate(Id predicate) const;
  // Where `node` first appears as a subject (the number of triples before it).
  std::size_t first_as_subject(Id node) const;

 private:
  struct Edge {
    Id predicate;
    Object object;
  };
  Id intern(const rdf::Term& term);
  Id intern_predicate(const std::string& iri);

  std::deque<rdf::Term> nodes_;  // a deque: the index's keys view into its strings
  std::unordered_map<std::string_view, Id> iri_index_, blank_index_;
  std::deque<std::string> predicates_;
  std::unordered_map<std::string_view, Id> predicate_index_;
  std::vector<Literal> literals_;
  std::unordered_set<std::string> datatypes_;
  std::vector<std::vector<Edge>> out_;              // by subject
  std::vector<std::vector<std::pair<Id, Id>>> in_;  // by object node: (predicate, subject)
  std::vector<std::vector<std::pair<Id, Object>>> by_predicate_;
  std::vector<std::size_t> first_as_subject_;
  std::size_t triples_ = 0;
  Id rdf_type_ = kNone;
};

}  // namespace sparqlmcp::void_
