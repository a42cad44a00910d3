#pragma once
// A minimal RDF/XML reader for the few .rdf files of the W3C evaluation suite (the result sets
// of sparql10/sort and the data of sparql11/subquery), which Serd cannot read. It covers the
// striped syntax those files use: rdf:RDF, node elements (rdf:Description or typed) with
// rdf:about / rdf:nodeID / rdf:ID, property elements with rdf:resource, rdf:nodeID,
// rdf:datatype, xml:lang, rdf:parseType="Resource", nested node elements and text, property
// attributes, xml:base and namespace scoping. Not supported (throws Unsupported):
// rdf:parseType="Literal" / "Collection", rdf:li, reification with rdf:ID on properties.

#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::engine::w3c {

// Throws Exception(Syntax) for malformed XML. Blank node labels are unique per call.
std::vector<rdf::Triple> parse_rdfxml(std::string_view text, const std::string& base_iri);

}  // namespace sparqlmcp::engine::w3c
