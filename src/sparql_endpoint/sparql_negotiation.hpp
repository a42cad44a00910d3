#pragma once
// Content negotiation for the SPARQL endpoint (SPARQL 1.1 Protocol 2.1.5 and 2.2.5, RFC 9110
// 12.5.1): which of the formats the endpoint writes a client's Accept header prefers, for a
// result set or boolean (JSON, XML, CSV, TSV) or for a graph (Turtle, N-Triples).

#include <optional>
#include <string>
#include <string_view>

namespace sparqlmcp::sparql_endpoint::detail {

enum class AnswerFormat { Json, Xml, Csv, Tsv, Turtle, NTriples };

struct Offer {
  std::string_view media_type;  // sent as the answer's Content-Type (with charset for text/*)
  AnswerFormat format;
};

// The offer the Accept header ranks highest: the q of the most specific range that matches an
// offer (type/subtype, then type/*, then */*) is its weight; equal weights go to the first offer
// in the endpoint's own order (SPARQL JSON, XML, CSV, TSV; Turtle, N-Triples). No Accept header,
// or an empty one: the first offer. nullopt when every offer has weight 0 (answer 406).
std::optional<Offer> negotiate(const std::optional<std::string>& accept, bool graph);

// "application/sparql-results+json, application/sparql-results+xml, ..." for a 406 message.
std::string offered_media_types(bool graph);

// The Content-Type header value for an offer: "text/csv; charset=utf-8", ...
std::string content_type(const Offer& offer);

}  // namespace sparqlmcp::sparql_endpoint::detail
