#pragma once
// Expected results of the W3C evaluation tests and their comparison with what the engine
// produced.
//
// Expected results are read from .srx / .srj (results::parse_results), .tsv, .csv, result-set
// graphs in Turtle or RDF/XML (the DAWG rs: vocabulary: rs:ResultSet, rs:resultVariable,
// rs:solution, rs:binding, rs:variable, rs:value, rs:index, rs:boolean) and plain graphs
// (.ttl / .nt / .rdf) for CONSTRUCT and DESCRIBE.
//
// Comparison rules (what the suite intends):
// - Terms compare as RDF terms: exact lexical forms and datatypes (xsd:string and a plain
//   literal are the same term), language tags case-insensitively. One exception (on by
//   default, CompareOptions::numbers_by_value): valid numeric literals of the same datatype
//   compare by value, because the suite's expected files write numbers in lexical forms that
//   neither the data nor the specification produce (data "0E1"^^xsd:double is expected back
//   unchanged as "0.0"; 3 + 3 as "6"^^xsd:double), so exact forms would fail every engine.
//   Diagnostics show such numbers in that canonical form ("6"^^xsd:decimal).
// - Blank nodes compare up to renaming: one bijection between the expected and the actual
//   labels must hold for the whole result (backtracking search over rows bucketed by their
//   non-blank part, so the search only runs inside buckets).
// - Solutions are multisets over the union of both sides' variables (a variable missing from
//   one side's head is unbound in all its rows); the head itself is not compared.
// - Order: when the query has a top-level ORDER BY and the expected results are ordered (a
//   results document, or rs:index on every solution), the multisets must match AND, position
//   by position, our rows must carry the same sort keys as the expected rows. When every
//   ORDER BY condition is a plain variable the keys are those variables, so rows tied on all
//   keys may come in any order (the expected file shows just one valid order); otherwise the
//   keys are the whole rows (exact sequence, still up to blank-node renaming; also when an
//   ORDER BY variable is not projected). Blank nodes as keys are all alike.
// - mf:LaxCardinality (REDUCED): duplicates are removed on both sides before comparing.
// - CSV (mf:CSVResultFormatTest): our results are written with the CSV serializer and read
//   back, and the expected file is read the same way, so both sides lose term types alike and
//   compare field by field.
// - Graphs: sets of triples, isomorphic up to blank nodes.

#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"

namespace sparqlmcp::engine::w3c {

struct Expected {
  enum class Kind { Bindings, Boolean, Graph } kind = Kind::Bindings;
  results::QueryResults results;   // Bindings, Boolean
  bool ordered = false;            // the expected solutions come in a meaningful order
  std::vector<rdf::Triple> graph;  // Graph
};

// Reads an expected-results file; `graph_form`: the query is CONSTRUCT or DESCRIBE, so a
// Turtle file is a graph rather than a result set. Throws Exception for unreadable files.
Expected read_expected(const std::string& path, bool graph_form);

// Loads an RDF file of the suite (.ttl, .nt, .rdf) as triples; RDF/XML through our reader.
std::vector<rdf::Triple> read_graph_file(const std::string& path);

struct CompareOptions {
  bool ordered = false;                                // compare sort keys position by position
  std::optional<std::vector<std::string>> order_keys;  // ORDER BY variables; nullopt = rows
  bool lax_cardinality = false;
  std::size_t max_steps = 2'000'000;  // backtracking budget of the blank-node search
  // Valid numeric literals (xsd:integer and its derived types, decimal, float, double)
  // compare by value within their datatype; false = exact lexical forms.
  bool numbers_by_value = true;
};

// Empty when equal; otherwise a short diagnosis (first differing rows, counts).
std::string compare_solutions(const results::QueryResults& expected,
                              const results::QueryResults& actual,
                              const CompareOptions& options = {});
std::string compare_graphs(const std::vector<rdf::Triple>& expected,
                           const std::vector<rdf::Triple>& actual);

// Both sides through CSV: our results serialized as CSV and parsed back, the expected file
// parsed as CSV; then compare_solutions.
std::string compare_csv(const std::string& expected_csv_text, const results::QueryResults& actual,
                        const CompareOptions& options = {});

// One line per row, for diagnostics: "?x=<iri> ?y="lit"".
std::string describe_row(const std::vector<std::string>& variables, const results::Row& row);

}  // namespace sparqlmcp::engine::w3c
