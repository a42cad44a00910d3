#pragma once
// How run_sparql_query pages an answer: the bounded request sent for a page, the total order
// that keeps LIMIT/OFFSET pages stable on endpoints that reorder rows, the next-page query an
// agent runs, the COUNT query behind `count: true`, and the parts of a graph result.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::tools {

// The query with its ORDER BY extended by the projected variables it does not already order by
// (all of them when it has none): one total order over the distinct rows, so that every request
// for a page sees the rows in the same sequence. A SELECT's own ORDER BY keys stay first, so the
// order it asked for is kept; ties are broken the same way every time.
sparql::ast::SelectQuery with_total_order(const sparql::Query& query);

// Whether a query orders its rows itself (an outermost ORDER BY).
bool has_order_by(const sparql::Query& query);

// `syntax` (a rewrite of `query`'s parse tree) with its outermost OFFSET and LIMIT replaced,
// printed as SPARQL text with `query`'s prologue.
std::string serialize_sliced(const sparql::Query& query, sparql::ast::SelectQuery syntax,
                             std::optional<std::uint64_t> offset,
                             std::optional<std::uint64_t> limit);

// The request for a page: `syntax` with its outermost OFFSET and LIMIT replaced, as a query
// (built from the tree, not printed and parsed again).
sparql::Query sliced_query(const sparql::Query& query, sparql::ast::SelectQuery syntax,
                           std::optional<std::uint64_t> offset, std::optional<std::uint64_t> limit);

// SELECT (COUNT(*) AS ?count) WHERE { <the SELECT query as a subquery> }: the exact number of
// rows the query returns, its own DISTINCT, LIMIT and OFFSET included. `count_var` receives the
// variable's name (chosen so it cannot clash with the query's).
std::string count_query_text(const sparql::Query& query, std::string& count_var);
sparql::Query count_query(const sparql::Query& query, std::string& count_var);

// Graph results are paged by triples: the triples are put in one canonical order (their
// N-Triples text), and the next part is the same query text with a closing comment that says
// how many triples to skip. A comment keeps the query runnable anywhere.
void sort_triples(std::vector<rdf::Triple>& triples);
std::string with_part_marker(std::string_view query_text, std::size_t skip);
// The number of triples a query text's part marker skips, and the text without it.
std::size_t part_marker_skip(std::string_view query_text);
std::string without_part_marker(std::string_view query_text);

// A next-page query whose ORDER BY the server added (the agent's query had none) says so in a
// closing comment, so that the order can be dropped again where an endpoint cannot sort that
// far (Virtuoso refuses ORDER BY beyond MaxSortedTopRows).
std::string with_order_marker(std::string_view query_text);
bool has_order_marker(std::string_view query_text);

// The query text an agent sent, with surrounding white space removed: the key of the result
// cache.
std::string cache_key(std::string_view query_text);

}  // namespace sparqlmcp::tools
