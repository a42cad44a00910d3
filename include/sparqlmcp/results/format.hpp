#pragma once
// The four SPARQL 1.1 results formats and their media types. There is one table of media types
// per format (format.cpp); lookups are tolerant of parameters (";charset=utf-8"), case,
// surrounding whitespace and "x-" prefixed subtypes, because endpoints in the wild send all of
// these.

#include <optional>
#include <string_view>

namespace sparqlmcp::results {

enum class ResultsFormat { Json, Xml, Csv, Tsv };

// The format a Content-Type header value names, or nullopt when it names none of them
// (e.g. "text/html" from an error page).
std::optional<ResultsFormat> results_format_from_media_type(std::string_view content_type);

// The canonical media type: application/sparql-results+json, application/sparql-results+xml,
// text/csv, text/tab-separated-values.
std::string_view media_type(ResultsFormat format);

// "json", "xml", "csv", "tsv" (case-insensitive; "srj" and "srx" are accepted too), as a tool
// argument names a format. nullopt for anything else.
std::optional<ResultsFormat> results_format_from_name(std::string_view name);

// The short name: "json", "xml", "csv" or "tsv".
std::string_view format_name(ResultsFormat format);

// The Accept header value for SELECT/ASK requests: JSON first, then XML, TSV, CSV, with
// q-values. Deliberately no "*/*": an endpoint that can produce none of these should say so
// with 406 rather than send HTML.
std::string_view results_accept_header();

}  // namespace sparqlmcp::results
