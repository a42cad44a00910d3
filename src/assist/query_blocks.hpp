#pragma once
// The triple patterns of a parsed query grouped by where they go (each SERVICE block, and the
// patterns outside SERVICE), with the UNION each block is a branch of: what validation checks
// block by block. Blocks are numbered as the SERVICE clauses appear in the text.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/sparql/ast.hpp"

namespace sparqlmcp::assist {

inline constexpr std::string_view kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

// The triple patterns that go to one place: a SERVICE block, or the patterns outside SERVICE.
struct Block {
  std::size_t service = 0;  // 1-based in text order; 0: outside SERVICE
  std::string name;         // the SERVICE IRI; empty outside SERVICE or for a variable
  bool variable = false;    // SERVICE ?var
  std::vector<const sparql::ast::TriplePath*> triples;
  // The innermost UNION the block is a branch of, and which branch: blocks of other branches
  // are alternatives (a pattern sent to every endpoint that may hold it).
  const void* union_of = nullptr;
  std::size_t branch = 0;
};

// Walks a WHERE pattern into blocks: blocks[0] holds the patterns outside SERVICE, each SERVICE
// adds one (nested ones too); FILTER EXISTS, OPTIONAL, MINUS, GRAPH and sub-selects add their
// patterns to the block they are in.
class BlockCollector {
 public:
  std::vector<Block> blocks{Block{}};
  std::vector<const sparql::ast::ValuesBlock*> values;
  std::size_t patterns = 0;

  void group(const sparql::ast::GroupGraphPattern& g, std::size_t block);

 private:
  void element(const sparql::ast::PatternElement& e, std::size_t block);
  void expression(const sparql::Expr& x, std::size_t block);
  std::size_t services_ = 0;
  const void* union_ = nullptr;
  std::size_t branch_ = 0;
};

// The IRIs of a property path's links, added to `out`.
void collect_links(const sparql::Path& path, std::vector<std::string>& out);

// The predicate of a triple when it is one IRI (not a variable, not a longer path).
std::optional<std::string> direct_predicate(const sparql::ast::TriplePath& t);

// A subject as a key: "?name" or "<iri>".
std::string key_of(const sparql::VarOrTerm& v);

}  // namespace sparqlmcp::assist
