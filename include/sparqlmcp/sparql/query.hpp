#pragma once
// A parsed query: prologue, parse tree and algebra. Immutable after parse_query(); copyable.

#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/sparql/algebra.hpp"
#include "sparqlmcp/sparql/ast.hpp"

namespace sparqlmcp::sparql {

struct Prologue {
  std::string base;  // the effective base IRI (BASE or ParseOptions::base_iri), may be empty
  bool has_base_decl = false;  // whether the query text contained BASE
  std::vector<std::pair<std::string, std::string>>
      prefixes;  // declaration order, prefix without ':'
  // Prefixes supplied by ParseOptions::default_prefixes that the query used without declaring.
  std::vector<std::pair<std::string, std::string>> implicit_prefixes;
};

class Query {
 public:
  Query() = default;
  Query(Prologue prologue, ast::SelectQuery syntax, algebra::Operator algebra)
      : prologue_(std::move(prologue)), syntax_(std::move(syntax)), algebra_(std::move(algebra)) {}

  QueryForm form() const { return syntax_.form; }
  const Prologue& prologue() const { return prologue_; }
  const ast::SelectQuery& syntax() const { return syntax_; }
  const algebra::Operator& algebra() const { return algebra_; }

 private:
  Prologue prologue_;
  ast::SelectQuery syntax_;
  algebra::Operator algebra_;
};

}  // namespace sparqlmcp::sparql
