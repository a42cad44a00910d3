#pragma once
// The values of XSD numeric and boolean literals as answer signatures compare them (see
// signature.hpp and docs/results.md). Private to the results module: the engine has its own,
// exact arithmetic (src/engine/expression_numbers.cpp); this file only needs one text per value.

#include <optional>
#include <string>
#include <string_view>

namespace sparqlmcp::results {

// `number:` and the value of a literal of xsd:integer (or a type derived from it), xsd:decimal,
// xsd:double or xsd:float, in the form docs/results.md gives ("number:2", "number:0.1",
// "number:1e+21", "number:NaN", "number:-INF"). std::nullopt when `datatype` is not one of
// these types or `lexical` is not in its lexical space (XSD 1.1 Part 2, 3.3.3, 3.3.4, 3.3.5,
// 3.4.13-3.4.25; leading and trailing white space is collapsed away, 4.3.6).
std::optional<std::string> canonical_number(std::string_view lexical, std::string_view datatype);

// The value of an xsd:boolean literal ("true"/"1", "false"/"0"; XSD 1.1 Part 2, 3.3.2), or
// std::nullopt when `lexical` is none of them.
std::optional<bool> xsd_boolean_value(std::string_view lexical);

}  // namespace sparqlmcp::results
