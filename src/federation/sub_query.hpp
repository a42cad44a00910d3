#pragma once
// The sub-query sent for a SERVICE request: the pattern, joined with a VALUES block of binding
// rows numbered by an extra variable, so that each answer row says which binding row it extends
// (a row that leaves a binding UNDEF may match several binding rows; the number keeps them
// apart without substituting values into the pattern).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/engine/service_handler.hpp"
#include "sparqlmcp/federation/source.hpp"

namespace sparqlmcp::federation {

struct SubQueryShape {
  std::vector<std::string> vars;  // the variables sent back (wanted), without the row number
  std::string row_var;            // empty when the request has no bindings
};

// The shape of the answers `request` needs.
SubQueryShape shape_of(const engine::ServiceRequest& request);

// The query for binding rows [first, first + count) of `request` (all of it when it has no
// bindings), cut to `limit` rows after `offset` in the order of `order_by_vars` when given
// (the paging of a capped answer).
PatternQuery block_query(const engine::ServiceRequest& request, const SubQueryShape& shape,
                         std::size_t first, std::size_t count,
                         std::optional<std::uint64_t> limit = std::nullopt,
                         std::uint64_t offset = 0, bool ordered = false);

// `body` projected on `vars` and cut to `limit` rows after `offset` (ordered by `vars` when
// `ordered`); `body` itself when neither applies.
sparql::algebra::Operator sliced(sparql::algebra::Operator body,
                                 const std::vector<std::string>& vars,
                                 std::optional<std::uint64_t> limit, std::uint64_t offset,
                                 bool ordered);

// Whether `answer` has rows but none carries a row number: the endpoint ignored or dropped the
// VALUES block it was sent (its rows cannot be joined back, but the UNION form may work).
bool lacks_row_numbers(const results::QueryResults& answer, const SubQueryShape& shape);
// The error for such an answer.
Error row_numbers_missing(const SubQueryShape& shape, const std::string& endpoint);

// Appends the rows of `answer` to `out` in the shape's variable order, with their binding row
// numbers in `origin` (when the shape has a row variable). Throws a Remote error when a row
// number is missing or out of [first, first + count).
void collect_rows(const results::QueryResults& answer, const SubQueryShape& shape,
                  const std::string& endpoint, std::size_t first, std::size_t count,
                  std::vector<engine::ServiceRow>& out, std::vector<std::uint32_t>& origin);

}  // namespace sparqlmcp::federation
