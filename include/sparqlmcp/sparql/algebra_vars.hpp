#pragma once
// Which variables an algebra operator binds: in some of its solutions ("maybe") and in every
// one ("certain"), by the scoping rules of section 18.2.1 (a sub-select exposes only its
// projection, OPTIONAL's right side may stay unbound, UNION binds for certain only what both
// sides bind). Blank nodes in patterns are not variables. The federation layer uses these sets
// to decide what a SERVICE must send back and which filters may travel into it.

#include <string>
#include <vector>

#include "sparqlmcp/sparql/algebra.hpp"

namespace sparqlmcp::sparql::algebra {

struct BoundVars {
  std::vector<std::string> certain;  // sorted, unique
  std::vector<std::string> maybe;    // sorted, unique; includes `certain`
};

BoundVars bound_vars(const Operator& op);

// The variables an expression reads (EXISTS patterns included), sorted and unique.
std::vector<std::string> expression_vars(const Expr& expr);

// Whether the expression reads the graph (EXISTS / NOT EXISTS) or gives a new value on each
// evaluation (RAND, BNODE, UUID, STRUUID, NOW): it cannot be moved to another endpoint.
bool is_location_dependent(const Expr& expr);

}  // namespace sparqlmcp::sparql::algebra
