#pragma once
// Turtle/SPARQL term syntax shared by the TSV parser, the TSV serializer and the text table:
// which tokens are bare numeric/boolean literals (Turtle grammar productions INTEGER [19],
// DECIMAL [20], DOUBLE [21], BooleanLiteral [133s]).

#include <string>
#include <string_view>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::results::detail {

inline constexpr std::string_view kXsdInteger = "http://www.w3.org/2001/XMLSchema#integer";
inline constexpr std::string_view kXsdDecimal = "http://www.w3.org/2001/XMLSchema#decimal";
inline constexpr std::string_view kXsdDouble = "http://www.w3.org/2001/XMLSchema#double";
inline constexpr std::string_view kXsdBoolean = "http://www.w3.org/2001/XMLSchema#boolean";

// The datatype a bare token denotes: xsd:integer, xsd:decimal, xsd:double or xsd:boolean, or
// an empty view when the token is not a bare literal.
std::string_view bare_literal_datatype(std::string_view token);

// True when `term` is a literal that may be written without quotes and reads back as itself.
bool can_write_bare(const rdf::Term& term);

// The term in Turtle form: bare when can_write_bare, N-Triples form otherwise.
std::string to_turtle(const rdf::Term& term);

}  // namespace sparqlmcp::results::detail
