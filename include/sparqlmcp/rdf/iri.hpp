#pragma once
// IRI references (RFC 3986 / RFC 3987): what a scheme is, which characters an IRIREF may hold,
// and the one resolver of relative references that BASE and relative IRIs in a query
// (SPARQL 1.1 section 4.1.1.1), and IRI() in the engine (17.4.2.8) both use.

#include <cstddef>
#include <string>
#include <string_view>

namespace sparqlmcp::rdf {

// The length of the scheme `reference` starts with, without its ':', or 0 when it has none.
// RFC 3986 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), followed by ':'. So
// "urn:x" has a scheme and "1a:b", "a_b:c" and ":x" do not (they are relative paths).
std::size_t iri_scheme_length(std::string_view reference);

// Whether `c` may appear in an IRIREF (SPARQL [139], N-Triples): not a control character,
// space, or one of <>"{}|^`\.
bool allowed_in_iriref(char c);

// Whether `iri` has a scheme (an absolute IRI, RFC 3987) and only characters allowed in an
// IRIREF.
bool is_absolute_iriref(std::string_view iri);

// RFC 3986 5.2.4: the path with its "." and ".." segments applied ("/a/b/../c/./d" -> "/a/c/d").
std::string remove_dot_segments(std::string_view path);

// RFC 3986 5.2.2 (strict), 5.2.3 and 5.3: `reference` resolved against `base`.
// - An empty `base` means there is none: the reference comes back unchanged.
// - A reference with a scheme comes back as written: SPARQL resolves relative IRIs only
//   (4.1.1.1; Oxigraph and Jena do the same), so "http://a/b/../c" keeps its dot segments
//   where 5.2.2 would remove them.
// - Only the basic algorithm runs: no syntax- or scheme-based normalisation (6.2.2, 6.2.3),
//   no percent-decoding, no case change; the base's own path is taken as it is.
// - A base without a scheme (a relative BASE with no base before it) still resolves the path,
//   query and fragment; the result is then relative too.
std::string resolve_iri(std::string_view base, std::string_view reference);

}  // namespace sparqlmcp::rdf
