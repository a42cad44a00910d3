#pragma once
// The texts of paging (query_pager.hpp): the markers a next-page or next-part query carries
// in a closing comment, the canonical order of a graph's triples, and the result cache's key.

#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::tools {

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
