#pragma once
// The per-format parsers behind parse_results (parser.cpp). Each takes the body with any byte
// order mark already removed and throws as parse_results documents.

#include <optional>
#include <string_view>

#include "sparqlmcp/results/parser.hpp"
#include "sparqlmcp/results/query_results.hpp"

namespace sparqlmcp::results::detail {

QueryResults parse_json_results(std::string_view body, const ParseOptions& options);
QueryResults parse_xml_results(std::string_view body, const ParseOptions& options);
QueryResults parse_csv_results(std::string_view body, const ParseOptions& options);
QueryResults parse_tsv_results(std::string_view body, const ParseOptions& options);

// Throws Exception(LimitExceeded) when a row beyond options.max_rows is about to be added.
void check_row_limit(std::size_t rows_so_far, const ParseOptions& options);

// CSV rules (RFC 4180 quoting, term kinds guessed from the text) with any delimiter: CSV
// itself, and the "TSV" Virtuoso sends, which is CSV with tabs (quoted header and values).
// `format` ("CSV", "TSV") names the format in messages.
// CSV and TSV have no boolean form: Oxigraph answers ASK with the bare word true or false.
// Returns the boolean result when `body` is just that word (and surrounding whitespace).
std::optional<QueryResults> bare_boolean_results(std::string_view body);

QueryResults parse_delimited_results(std::string_view body, char delimiter, std::string_view format,
                                     const ParseOptions& options);

}  // namespace sparqlmcp::results::detail
