#pragma once
// The SPARQL 1.0 form of a bound-join block, for endpoints that refuse VALUES (SPARQL 1.0
// servers, some gateways, old Virtuoso configurations): a UNION of copies of the pattern, one
// per binding row, as FedX sends its bound joins. In the copy of row i
// - the row's values replace the binding variables where that keeps the meaning of
//   Join({row}, pattern) (section 18.5): in triple patterns, paths and GRAPH names, through
//   joins and UNIONs, in a FILTER or OPTIONAL whose (left) pattern binds the variable in every
//   solution, and in the left side of an OPTIONAL or MINUS whose right side never binds it;
//   elsewhere (BIND, sub-selects, a variable a FILTER may see unbound, a MINUS that may share
//   it) the variable stays and the copy gets FILTER(!BOUND(?x) || sameTerm(?x, value)), which
//   is that join's compatibility test itself; UNDEF values stay variables;
// - every variable is renamed with a suffix (?name -> ?name__3, the separator lengthened until
//   no variable of the pattern contains it, so no renamed name equals another or an original),
//   and blank nodes become variables (a label may not appear in two BGPs of one query);
// - one variable that the pattern binds in every solution is kept as a variable (when the row
//   binds all of them, the first is constrained by FILTER(sameTerm(...)) instead of being
//   replaced): it marks which copy an answer row came from. SPARQL 1.0 has no BIND or VALUES to
//   bind a constant per copy, so a variable of the pattern itself is the only marker that
//   survives. A pattern that binds no variable in every solution (only OPTIONAL or UNION
//   branches with different variables), or that holds EXISTS (printed from its syntax, so its
//   variables cannot be renamed), gets blocks of one row, which need no marker.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/engine/service_handler.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sub_query.hpp"

namespace sparqlmcp::federation {

// One copy of the pattern in a UNION block.
struct UnionBranch {
  std::size_t row = 0;  // the binding row
  std::string marker;   // the column every answer row of this copy binds ("" when alone)
  // Per variable of the shape: the column holding its value, "" when the binding row gives it.
  std::vector<std::string> columns;
};

struct UnionBlock {
  PatternQuery query;
  std::vector<UnionBranch> branches;
};

// How many binding rows one UNION block of `request` may hold: `rows` when answer rows can be
// told apart by a marker, 1 otherwise.
std::size_t union_block_rows(const engine::ServiceRequest& request, std::size_t rows);

// The UNION block for binding rows [first, first + count) of `request`, cut and ordered as
// block_query does.
UnionBlock union_block_query(const engine::ServiceRequest& request, const SubQueryShape& shape,
                             std::size_t first, std::size_t count,
                             std::optional<std::uint64_t> limit = std::nullopt,
                             std::uint64_t offset = 0, bool ordered = false);

// Appends the rows of `answer` to `out` in the shape's variable order, each with its binding
// row in `origin`. Throws a Remote error when a row binds no copy's marker.
void collect_union_rows(const results::QueryResults& answer, const SubQueryShape& shape,
                        const UnionBlock& block, const engine::ServiceRequest& request,
                        const std::string& endpoint, std::vector<engine::ServiceRow>& out,
                        std::vector<std::uint32_t>& origin);

}  // namespace sparqlmcp::federation
