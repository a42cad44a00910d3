#pragma once
// The embedded RDF store: quads parsed with Serd into Sord models (the default graph's triples
// indexed SPO, OPS, POS; named graphs' quads GSPO, GOPS, GPOS), with a dictionary that gives
// each node a TermId (views on Sord's own node strings). It backs
// catalogue entries that only have RDF dumps (void:dataDump), the W3C evaluation tests and the
// offline demo.
//
// Loading happens before querying: add()/load_*() must not run concurrently with anything
// else; after loading, any number of threads may query the store at once.

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "sparqlmcp/engine/dataset.hpp"
#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::engine {

struct LoadStatistics {
  std::size_t quads_read = 0;   // statements in the input
  std::size_t quads_added = 0;  // of which new (duplicates are stored once)
};

class Store final : public Dataset {
 public:
  Store();
  ~Store() override;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Adds one quad (graph Term::iri("") = the default graph). Duplicates are ignored.
  void add(const rdf::Quad& quad);

  // Loads a file (gzip-compressed or plain; syntax from the extension when not given).
  // `graph`: when set, triples outside a named graph go into that named graph instead of the
  // default graph (quads of TriG / N-Quads named graphs keep their own graph). Errors throw
  // Exception: Syntax with file, line and column; InvalidArgument for a missing or unreadable
  // file or an unknown extension. Quads read before a syntax error stay in the store.
  LoadStatistics load_file(const std::filesystem::path& path,
                           std::optional<rdf::RdfSyntax> syntax = {},
                           std::optional<std::string> graph = {});
  LoadStatistics load_text(std::string_view text, rdf::RdfSyntax syntax,
                           const std::string& base_iri, const std::string& source_name,
                           std::optional<std::string> graph = {});

  // Dataset
  const TermDictionary& dictionary() const override;
  std::unique_ptr<QuadCursor> match(TermId subject, TermId predicate, TermId object,
                                    TermId graph) const override;
  std::size_t estimate(TermId subject, TermId predicate, TermId object,
                       TermId graph) const override;
  std::vector<TermId> named_graphs() const override;
  std::size_t size() const override;

  // Bytes held by the dictionary and the Sord model (an estimate), for memory reports.
  std::size_t memory_bytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sparqlmcp::engine
