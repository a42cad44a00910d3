#pragma once
// Serialising triples as N-Triples, N-Quads and compact Turtle, by hand (no Serd state needed).
//
// Contract:
// - Output is UTF-8; strings are escaped with rdf::escape_string_literal and IRIs with
//   rdf::escape_iri, so every output parses back (through rdf::parse_rdf) to the same triples,
//   up to blank node labels.
// - Blank node labels that are not valid BLANK_NODE_LABELs (Turtle §6.5 production [141s])
//   are rewritten to "b<N>" consistently within one call.
// - Triples are written in the order given; serialize_turtle groups triples by subject (in order
//   of first appearance), and objects by predicate, with ';' and ','.

#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::rdf {

// One triple per line: `<s> <p> "o" .`
std::string serialize_ntriples(const std::vector<Triple>& triples);

// One quad per line; quads in the default graph (empty graph IRI) have no graph label.
std::string serialize_nquads(const std::vector<Quad>& quads);

// Compact Turtle. `prefixes` are (prefix name without ':', namespace IRI) pairs, declared with
// @prefix in the order given and used for every IRI whose local part is a safe PN_LOCAL.
// rdf:type is written `a`; xsd:integer, xsd:decimal, xsd:double and xsd:boolean literals with a
// canonical-looking lexical form are written bare. A blank node used exactly once as an object
// is nested as `[ ... ]`, a well-formed rdf:first/rdf:rest chain as `( ... )`, rdf:nil as `()`.
// Blank nodes that only nest inside each other (cycles) are written with labels.
std::string serialize_turtle(const std::vector<Triple>& triples,
                             const std::vector<std::pair<std::string, std::string>>& prefixes);

}  // namespace sparqlmcp::rdf
