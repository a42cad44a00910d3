#pragma once
// Parsers for SPARQL query results documents:
//  - SPARQL 1.1 Query Results JSON Format (https://www.w3.org/TR/sparql11-results-json/),
//    also accepting the SPARQL 1.0-era "typed-literal" type;
//  - SPARQL Query Results XML Format (https://www.w3.org/TR/rdf-sparql-XMLres/), read with a
//    small non-validating XML reader of our own;
//  - SPARQL 1.1 Query Results CSV and TSV Formats
//  (https://www.w3.org/TR/sparql11-results-csv-tsv/).
// CSV loses term types: a value that looks like an absolute IRI becomes an IRI, "_:x" a blank
// node, anything else a simple literal (numbers included).
// Endpoint quirks accepted (docs/results.md): CSV/TSV ASK answers as a single "_askResult"
// column (Jena), a quoted "bool" column holding 1/0 (Virtuoso) or the bare word true/false
// (Oxigraph); Virtuoso's CSV-style TSV; null JSON bindings; variables missing from the head.
//
// All parsers run in time linear in the size of the body and stream the bindings, so a body of
// hundreds of megabytes costs little more than its rows. Results hold only valid UTF-8:
// invalid bytes become U+FFFD, XML declared ISO-8859-1 is transcoded.

#include <cstddef>
#include <limits>
#include <string_view>

#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::results {

struct ParseOptions {
  // More rows than this fail with ErrorKind::LimitExceeded instead of filling memory.
  std::size_t max_rows = std::numeric_limits<std::size_t>::max();
  // JSON nesting deeper than this is refused (results need 5 levels; this guards the stack).
  std::size_t max_json_depth = 512;
};

// Parses `body` (UTF-8, an optional byte order mark is skipped) in `format`. The body is only
// read during the call; the results own copies of everything.
// Throws Exception with ErrorKind::Syntax when the document is malformed: with a SourceSpan
// (1-based line, column in code points) where the position is known, and a message that says
// what was wrong, e.g. "the endpoint's JSON results have no 'head' member".
// Throws ErrorKind::Unsupported for RDF-star quoted triples, which rdf::Term cannot hold.
QueryResults parse_results(std::string_view body, ResultsFormat format);
QueryResults parse_results(std::string_view body, ResultsFormat format,
                           const ParseOptions& options);

}  // namespace sparqlmcp::results
