#pragma once
// What the evaluator reads: quads of TermIds in a default graph and named graphs. The embedded
// store (store.hpp) is the implementation; the interface keeps the evaluator independent of
// Sord and lets tests or a future federation layer supply other sources.
//
// Thread safety: a Dataset that is not being modified may be read by several threads at
// once (each with its own cursors).

#include <cstddef>
#include <memory>
#include <vector>

#include "sparqlmcp/engine/term_dictionary.hpp"

namespace sparqlmcp::engine {

struct IdQuad {
  TermId subject = kUnbound, predicate = kUnbound, object = kUnbound;
  TermId graph = kDefaultGraph;  // kDefaultGraph or a named graph's IRI id
  friend bool operator==(const IdQuad&, const IdQuad&) = default;
};

// A pull cursor over matching quads; next() returns false at the end.
class QuadCursor {
 public:
  virtual ~QuadCursor() = default;
  virtual bool next(IdQuad& quad) = 0;
};

class Dataset {
 public:
  virtual ~Dataset() = default;
  virtual const TermDictionary& dictionary() const = 0;

  // Quads matching the pattern; kUnbound in subject/predicate/object is a wildcard.
  // `graph`: kDefaultGraph = the default graph only; a named graph's id = that graph only;
  // kUnbound = every named graph (not the default graph). Each quad appears once per graph
  // it is in; order is unspecified.
  virtual std::unique_ptr<QuadCursor> match(TermId subject, TermId predicate, TermId object,
                                            TermId graph) const = 0;

  // An estimate of how many quads match(subject, predicate, object, graph) yields, for join
  // ordering: exact or an upper bound, cheap to compute (no full scan).
  virtual std::size_t estimate(TermId subject, TermId predicate, TermId object,
                               TermId graph) const = 0;

  // The ids of all named graphs that hold at least one quad.
  virtual std::vector<TermId> named_graphs() const = 0;

  // Total number of quads.
  virtual std::size_t size() const = 0;
};

}  // namespace sparqlmcp::engine
