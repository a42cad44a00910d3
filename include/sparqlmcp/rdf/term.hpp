#pragma once
// RDF 1.1 terms as plain values: what the results module parses, the catalogue reads and the
// tools print. (The engine will intern terms in a dictionary of its own; this type is the
// exchange format between modules.)

#include <cstdint>
#include <string>
#include <string_view>

namespace sparqlmcp::rdf {

inline constexpr std::string_view kXsd = "http://www.w3.org/2001/XMLSchema#";
inline constexpr std::string_view kXsdString = "http://www.w3.org/2001/XMLSchema#string";
inline constexpr std::string_view kXsdInteger = "http://www.w3.org/2001/XMLSchema#integer";
inline constexpr std::string_view kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
inline constexpr std::string_view kRdfLangString =
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString";

enum class TermKind : std::uint8_t { Iri, BlankNode, Literal };

struct Term {
  TermKind kind = TermKind::Iri;
  // IRI text, blank node label (without "_:"), or the literal's lexical form.
  std::string value;
  // Literal datatype IRI. Empty means a simple literal (xsd:string) when `language` is empty,
  // rdf:langString otherwise.
  std::string datatype;
  // Literal language tag as written (case preserved), empty if none.
  std::string language;

  static Term iri(std::string value) { return Term{TermKind::Iri, std::move(value), {}, {}}; }
  static Term blank(std::string label) {
    return Term{TermKind::BlankNode, std::move(label), {}, {}};
  }
  static Term literal(std::string lexical, std::string datatype = {}, std::string language = {}) {
    if (datatype == kXsdString) datatype.clear();
    return Term{TermKind::Literal, std::move(lexical), std::move(datatype), std::move(language)};
  }

  bool is_iri() const { return kind == TermKind::Iri; }
  bool is_blank() const { return kind == TermKind::BlankNode; }
  bool is_literal() const { return kind == TermKind::Literal; }

  // N-Triples form: <iri>, _:label, "lexical"@lang, "lexical"^^<dt>, "lexical".
  std::string to_ntriples() const;

  friend bool operator==(const Term&, const Term&) = default;
};

// Escapes a string for use between double quotes in N-Triples / Turtle / SPARQL.
std::string escape_string_literal(std::string_view text);
// Escapes characters not allowed in an IRIREF (N-Triples / SPARQL) as \uXXXX.
std::string escape_iri(std::string_view iri);

struct Triple {
  Term subject, predicate, object;
  friend bool operator==(const Triple&, const Triple&) = default;
};

struct Quad {
  Term subject, predicate, object;
  Term graph;  // an IRI; kind Iri with empty value means the default graph
  friend bool operator==(const Quad&, const Quad&) = default;
};

}  // namespace sparqlmcp::rdf
