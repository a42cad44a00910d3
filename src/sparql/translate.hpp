#pragma once
// From the parse tree to the algebra (section 18.2) and the static checks the specification
// makes errors (sections 18.2.1, 18.2.4.1, 19.6-19.8). Private to the sparql module.

#include <string>
#include <vector>

#include "sparqlmcp/sparql/algebra.hpp"

namespace sparqlmcp::sparql::detail {

// Variables in scope of a group (18.2.1), in order of first appearance, without duplicates.
void in_scope_vars(const ast::GroupGraphPattern& group, std::vector<std::string>& out);
void element_in_scope_vars(const ast::PatternElement& element, std::vector<std::string>& out);
// Variables a (sub-)query makes visible: the projection, or the in-scope variables for '*'.
std::vector<std::string> projected_vars(const ast::SelectQuery& query);

// Throws Exception(ErrorKind::Syntax) with the element's span for the first violation.
void check_query(const ast::SelectQuery& query);

algebra::Operator translate_query(const ast::SelectQuery& query);

bool contains_aggregate(const Expr& expr);

}  // namespace sparqlmcp::sparql::detail
