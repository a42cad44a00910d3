#pragma once
// The Accept field (RFC 9110 12.5.1) as the HTTP bindings read it: its media ranges with their
// weights, and how specifically a range matches a media type. The MCP binding asks whether a
// type is acceptable at all; the SPARQL endpoint ranks its formats.

#include <string>
#include <string_view>
#include <vector>

namespace sparqlmcp::transport {

struct MediaRange {
  std::string type;     // lower case; "*" for */*
  std::string subtype;  // lower case; "*" for type/* and */*
  double q = 1.0;       // a malformed or out-of-range weight counts as 1
};

// The ranges of an Accept value in order; items without a '/' are skipped.
std::vector<MediaRange> parse_accept(std::string_view accept);

// How specifically `range` matches the lower-case `media_type`: 2 for type/subtype, 1 for
// type/*, 0 for */*, -1 when it does not match.
int match_specificity(const MediaRange& range, std::string_view media_type);

}  // namespace sparqlmcp::transport
