#pragma once
// A compact, bounded text rendering of query results for LLM agents: tab-separated, terms in
// SPARQL/Turtle form, IRIs shortened with the caller's prefixes. The output never exceeds the
// limits in TextTableOptions (apart from the header line) and never cuts a row in half.

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/results/query_results.hpp"

namespace sparqlmcp::results {

struct TextTableOptions {
  std::size_t max_rows = 100;        // rows shown at most
  std::size_t max_chars = 20000;     // bytes of text at most (the header line always fits)
  std::size_t max_cell_chars = 500;  // code points per cell; longer cells end in "…"
  // (prefix name, namespace IRI): an IRI starting with the namespace is written prefix:local
  // when the local part is a valid PN_LOCAL; the longest namespace wins.
  std::vector<std::pair<std::string, std::string>> prefixes;
  // IRI -> label: an IRI with a label is written "label (prefix:local)", as a person reads it
  // (may be null).
  const std::map<std::string, std::string>* labels = nullptr;
};

struct TextTable {
  std::string text;
  std::size_t rows_shown = 0;
  bool truncated = false;  // rows or characters were cut
};

// Header line "?a\t?b", then one line per row, each line ending in '\n'. Unbound cells are
// empty. Typed numbers (xsd:integer, xsd:decimal, xsd:double) and booleans are written bare;
// other typed literals as "lex"^^prefix:local or "lex"^^<iri>. Boolean results render as
// "true" or "false".
TextTable render_tsv_table(const QueryResults& results, const TextTableOptions& options);

// One term as render_tsv_table writes it in a cell (cut at max_cell_chars): the same short
// string an answer's compact structured form carries, so both say the same.
std::string render_cell(const rdf::Term& term, const TextTableOptions& options);

}  // namespace sparqlmcp::results
