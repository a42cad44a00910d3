#pragma once
// What the faces and the query service read off a parsed query, and the rewrites of its parse
// tree they send instead of it: the outermost OFFSET/LIMIT, the projected variables, the
// prefixes, one total order for stable pages, a slice of the answer and a COUNT around it.
// Rewrites are built from the tree and translated once (make_query): never printed and
// parsed again.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::sparql {

struct SliceBounds {
  std::optional<std::uint64_t> offset;
  std::optional<std::uint64_t> limit;
};

// The query's outermost OFFSET and LIMIT (the solution modifiers above its WHERE pattern).
SliceBounds outer_slice(const Query& query);

// Variable names (without '?') a SELECT query projects, SELECT * included; empty for other
// forms.
std::vector<std::string> projected_variables(const Query& query);

// The query's PREFIX declarations as (name, namespace IRI), implicit ones included.
std::vector<std::pair<std::string, std::string>> query_prefixes(const Query& query);

// Whether a query orders its rows itself (an outermost ORDER BY).
bool has_order_by(const Query& query);

// The query's parse tree with its ORDER BY extended by the projected variables it does not
// already order by (all of them when it has none): one total order over the distinct rows, so
// that every request for a page sees the rows in the same sequence. A SELECT's own ORDER BY
// keys stay first, so the order it asked for is kept; ties are broken the same way every time.
ast::SelectQuery with_total_order(const Query& query);

// `syntax` (a rewrite of `query`'s parse tree) with its outermost OFFSET and LIMIT replaced,
// as a query with `query`'s prologue.
Query sliced_query(const Query& query, ast::SelectQuery syntax, std::optional<std::uint64_t> offset,
                   std::optional<std::uint64_t> limit);

// The same, printed as SPARQL text (a next-page query handed to an agent).
std::string serialize_sliced(const Query& query, ast::SelectQuery syntax,
                             std::optional<std::uint64_t> offset,
                             std::optional<std::uint64_t> limit);

// SELECT (COUNT(*) AS ?count) WHERE { <the SELECT query as a subquery> }: the exact number of
// rows the query returns, its own DISTINCT, LIMIT and OFFSET included. `count_var` receives the
// variable's name (chosen so it cannot clash with the query's).
Query count_query(const Query& query, std::string& count_var);

}  // namespace sparqlmcp::sparql
