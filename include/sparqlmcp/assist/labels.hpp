#pragma once
// The vocabulary of names and descriptions the search reads from endpoints, and which of
// several language versions a person is shown.

#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::assist {

// Predicates that give a resource a name: rdfs:label, skos:prefLabel, skos:altLabel,
// schema:name (http and https), dcterms:title, dc:title, foaf:name.
const std::vector<std::string>& label_properties();
// Predicates that describe it: rdfs:comment, skos:definition, dcterms:description,
// schema:description (http and https).
const std::vector<std::string>& comment_properties();
bool is_label_property(std::string_view iri);
bool is_comment_property(std::string_view iri);

// A literal in English (en, en-GB, ...) or with no language: the one shown first.
bool english_or_untagged(const rdf::Term& literal);

}  // namespace sparqlmcp::assist
