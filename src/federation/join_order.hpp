#pragma once
// Plans from statistics: cardinality estimates over the endpoints' cached VoID, and the join
// order they give. Each SERVICE with a fixed endpoint gets an estimate of its rows
// (ServiceOp::estimated_rows; the engine's planner reads it to skip the adaptive probe of an
// inner side too large to hash, and explain shows it beside the rows seen). A triple pattern's
// estimate uses the formulas Comunica takes from Hagedorn et al. (COLD 2014): class entities
// for ?s a <C>; a property partition's triples for ?s <p> ?o, divided by its distinct subjects
// or objects where the subject or object is fixed; the dataset's triples over its distinct
// subjects or objects for a variable predicate. A block of several patterns is estimated by
// its most selective one.
//
// Then each group of joined operands (a Join tree flattened: SERVICE blocks, merge units,
// VALUES) whose every operand has an estimate, and whose smallest operand is at least 10 times
// smaller than the one written first, is ordered greedily: the smallest first, then
// always the smallest one that shares a variable with those before (a cross product only when
// nothing connects), as a left-deep join, so the engine's bound joins carry the fewest rows.
// A group where some operand has no estimate (no description, nothing seen) keeps the order
// written, and
// the adaptive probe decides as before.

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "sparqlmcp/sparql/algebra.hpp"
#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::federation {

// The cached description of an endpoint (nullptr: none).
using StatisticsOf =
    std::function<std::shared_ptr<const void_::Description>(const std::string& endpoint_iri)>;

// The estimated number of solutions of `pattern` in the dataset `description` describes.
std::optional<double> estimate_triple(const void_::Description& description,
                                      const sparql::algebra::TriplePattern& pattern);

// The rows an endpoint's whole answer to a pattern had when last asked (nullopt: not seen).
using RowsSeen = std::function<std::optional<std::uint64_t>(
    const std::string& endpoint_iri, const sparql::algebra::Operator& pattern)>;

// Annotates the SERVICE clauses of `op` (EXISTS patterns included) and orders its join groups.
// A pattern whose whole answer was seen before is estimated by that (earlier answers correct
// the statistics); else by the VoID formulas. Returns how many groups were reordered.
std::size_t order_joins_by_estimates(sparql::algebra::Operator& op, const StatisticsOf& statistics,
                                     const RowsSeen& seen = {});

}  // namespace sparqlmcp::federation
