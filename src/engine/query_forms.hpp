#pragma once
// CONSTRUCT and DESCRIBE: turning solutions into triples. Private to the engine module.

#include <array>
#include <vector>

#include "plan.hpp"
#include "sparqlmcp/sparql/ast.hpp"

namespace sparqlmcp::engine::detail {

// A CONSTRUCT template with its variables given slots (done before the row width is fixed).
struct ConstructTemplate {
  struct Term {
    enum class Kind { Var, Const, Blank } kind = Kind::Const;
    Slot slot = 0;
    TermId id = kUnbound;
    std::size_t blank = 0;  // index of the template's blank node label
  };
  std::vector<std::array<Term, 3>> triples;
  std::size_t blanks = 0;
};

ConstructTemplate prepare_construct(const std::vector<sparql::ast::TriplePath>& pattern,
                                    Context& ctx);

// Instantiates the template for every solution of `solutions` (fresh blank nodes per
// solution; triples with unbound or invalid parts skipped), without duplicates.
std::vector<rdf::Triple> run_construct(const ConstructTemplate& t, RowIterator& solutions,
                                       Context& ctx);

// The slots of the variables DESCRIBE names (or all visible ones for DESCRIBE *) and the ids
// of the IRIs it names.
struct DescribeTargets {
  std::vector<Slot> slots;
  std::vector<TermId> ids;
};
DescribeTargets prepare_describe(const sparql::ast::SelectQuery& query, const PlanNode& root,
                                 Context& ctx);

// The concise bounded description of every resource named or bound: its triples as subject in
// the default graph, following blank-node objects.
std::vector<rdf::Triple> run_describe(const DescribeTargets& targets, RowIterator& solutions,
                                      Context& ctx);

// Converts id triples to terms (blank nodes of the data keep their labels; `fresh` ones made
// by CONSTRUCT are numbered "_c0", "_c1", ...).
rdf::Term term_of(std::uint64_t key, const Context& ctx);
inline constexpr std::uint64_t kFreshBlank = std::uint64_t{1} << 32;

}  // namespace sparqlmcp::engine::detail
