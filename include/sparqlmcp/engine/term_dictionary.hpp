#pragma once
// Dictionary-encoded RDF terms. Every term the engine handles is a 32-bit TermId; solutions
// are rows of TermIds, joins compare integers and strings are touched only by expressions,
// ORDER BY and the final conversion back to rdf::Term.
//
// Two dictionaries meet in one query: the dataset's (shared by every query, read-only after
// loading) and the query's own (terms that expressions compute: BIND(STR(?x) AS ?s), COUNT,
// constants of the query that the data does not contain). Query-local ids have kLocalBit set,
// so two concurrent queries never write to shared state.
//
// Equal ids mean the same RDF term (sameTerm) and vice versa, as long as a term is looked up
// with QueryTerms::intern/find, which look in the dataset's dictionary first. SPARQL's join
// compatibility is sameTerm, so joins and DISTINCT compare ids.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::engine {

using TermId = std::uint32_t;
inline constexpr TermId kUnbound = 0;                 // no value (also: "expression error")
inline constexpr TermId kLocalBit = 0x80000000u;      // set on query-local ids
inline constexpr TermId kDefaultGraph = 0x7fffffffu;  // graph id of a store's default graph

// A term whose strings live in a dictionary; valid as long as that dictionary is alive and
// (for OwnedDictionary) whatever appends to it does not matter: storage never moves.
struct TermView {
  rdf::TermKind kind = rdf::TermKind::Iri;
  std::string_view value;     // IRI, blank node label, or lexical form
  std::string_view datatype;  // literals: empty = xsd:string (or rdf:langString with language)
  std::string_view language;  // literals: as written (case preserved)

  bool is_iri() const { return kind == rdf::TermKind::Iri; }
  bool is_blank() const { return kind == rdf::TermKind::BlankNode; }
  bool is_literal() const { return kind == rdf::TermKind::Literal; }
  rdf::Term to_term() const;
  static TermView of(const rdf::Term& term) {
    return TermView{term.kind, term.value, term.datatype, term.language};
  }
  friend bool operator==(const TermView&, const TermView&) = default;
};

std::size_t hash_value(const TermView& term);

// Read access to a dictionary; what a dataset exposes.
class TermDictionary {
 public:
  virtual ~TermDictionary() = default;
  // `id` must have been returned by this dictionary.
  virtual TermView view(TermId id) const = 0;
  // kUnbound when the term is not in the dictionary.
  virtual TermId find(const TermView& term) const = 0;
  virtual std::size_t size() const = 0;
};

// A growable dictionary that owns its strings (in chunks that never move). Ids are
// `first_id`, first_id+1, ... Not thread-safe for intern(); safe for concurrent readers once
// no one interns any more.
class OwnedDictionary final : public TermDictionary {
 public:
  explicit OwnedDictionary(TermId first_id = 1);
  OwnedDictionary(const OwnedDictionary&) = delete;
  OwnedDictionary& operator=(const OwnedDictionary&) = delete;

  TermId intern(const TermView& term);
  TermView view(TermId id) const override;
  TermId find(const TermView& term) const override;
  std::size_t size() const override { return terms_.size(); }
  // Bytes held (strings, entries and hash index), for memory reports.
  std::size_t memory_bytes() const;

 private:
  std::string_view store(std::string_view text);

  TermId first_id_;
  std::vector<TermView> terms_;
  std::deque<std::string> chunks_;
  std::size_t chunk_used_ = 0;
  // content hash -> id; collisions resolved by comparing views
  std::unordered_multimap<std::size_t, TermId> index_;
};

// The terms of one query: the dataset's dictionary plus a local overlay. One per query
// evaluation, used by one thread at a time.
class QueryTerms {
 public:
  explicit QueryTerms(const TermDictionary* base);  // base may be nullptr (no dataset)

  TermView view(TermId id) const;
  rdf::Term term(TermId id) const { return view(id).to_term(); }
  // The id of `term` in the base dictionary, else in the local overlay, else kUnbound.
  TermId find(const TermView& term) const;
  // Like find(), but adds the term to the local overlay when it is in neither.
  TermId intern(const TermView& term);
  TermId intern(const rdf::Term& term) { return intern(TermView::of(term)); }
  static bool is_local(TermId id) { return (id & kLocalBit) != 0; }
  const TermDictionary* base() const { return base_; }

 private:
  const TermDictionary* base_;
  OwnedDictionary local_;
};

}  // namespace sparqlmcp::engine
