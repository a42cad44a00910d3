#pragma once
// Serializers for the four SPARQL results formats, and the SPARQL JSON results object as an
// nlohmann::json value (used as MCP `structuredContent`).
//  - JSON: {"head":{"vars":[...]},"results":{"bindings":[...]}} or {"head":{},"boolean":b};
//  - XML: the sparql-results# namespace, text and attributes escaped;
//  - CSV: CRLF line ends, RFC 4180 quoting, unbound = empty field, "" = empty literal;
//  - TSV: terms in SPARQL/Turtle syntax, integers/decimals/doubles/booleans written bare when
//    their lexical form allows it, LF line ends.
// CSV and TSV have no boolean form; a boolean result is written as a single "_askResult" column
// (as Jena does), which parse_results reads back.

#include <string>

#include <nlohmann/json.hpp>

#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::results {

std::string serialize_results(const QueryResults& results, ResultsFormat format);

// The SPARQL 1.1 JSON results object.
nlohmann::json to_json(const QueryResults& results);

// The inverse of to_json, with the same leniency as the JSON parser (typed-literal, variables
// missing from the head). Throws Exception(ErrorKind::Syntax) without a span when `json` is not
// a SPARQL JSON results object.
QueryResults from_json(const nlohmann::json& json);

}  // namespace sparqlmcp::results
