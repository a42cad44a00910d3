#include "sparqlmcp/sparql/query_shape.hpp"

#include <algorithm>
#include <memory>

#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

namespace sparqlmcp::sparql {
namespace {

// Descends through the solution modifiers that sit above the WHERE pattern.
template <class Modifier>
const Modifier* find_modifier(const algebra::Operator& root) {
  using algebra::OpKind;
  const algebra::Operator* op = &root;
  while (op != nullptr) {
    if (const auto* wanted = op->get_if<Modifier>()) return wanted;
    switch (op->kind()) {
      case OpKind::Slice:
      case OpKind::Distinct:
      case OpKind::Reduced:
      case OpKind::Project:
      case OpKind::OrderBy:
        op = op->children.empty() ? nullptr : &op->operand();
        break;
      default:
        return nullptr;
    }
  }
  return nullptr;
}

ast::SelectQuery count_syntax(const Query& query, std::string& count_var) {
  std::vector<std::string> projected = projected_variables(query);
  count_var = "count";
  while (std::find(projected.begin(), projected.end(), count_var) != projected.end())
    count_var += "_";
  Expr count;
  count.kind = Expr::Kind::Aggregate;
  count.name = "count";
  count.star = true;

  ast::PatternElement subquery;
  subquery.kind = ast::PatternElement::Kind::SubSelect;
  subquery.subselect = std::make_shared<ast::SelectQuery>(query.syntax());

  ast::SelectQuery outer;
  outer.form = QueryForm::Select;
  outer.projection.push_back({count_var, count});
  outer.where.elements.push_back(std::move(subquery));
  return outer;
}

}  // namespace

SliceBounds outer_slice(const Query& query) {
  const auto* slice = find_modifier<algebra::SliceOp>(query.algebra());
  if (slice == nullptr) return {};
  return {slice->offset, slice->limit};
}

std::vector<std::string> projected_variables(const Query& query) {
  if (query.form() != QueryForm::Select) return {};
  const auto* project = find_modifier<algebra::ProjectOp>(query.algebra());
  return project == nullptr ? std::vector<std::string>{} : project->vars;
}

std::vector<std::pair<std::string, std::string>> query_prefixes(const Query& query) {
  std::vector<std::pair<std::string, std::string>> prefixes = query.prologue().prefixes;
  for (const auto& prefix : query.prologue().implicit_prefixes)
    prefixes.push_back(prefix);
  return prefixes;
}

bool has_order_by(const Query& query) {
  return !query.syntax().order_by.empty();
}

ast::SelectQuery with_total_order(const Query& query) {
  ast::SelectQuery syntax = query.syntax();
  for (const std::string& var : projected_variables(query)) {
    bool ordered = std::any_of(
        syntax.order_by.begin(), syntax.order_by.end(), [&](const ast::OrderCondition& condition) {
          return condition.expr.kind == Expr::Kind::Var && condition.expr.name == var;
        });
    if (!ordered) syntax.order_by.push_back({Expr::variable(var), false});
  }
  return syntax;
}

Query sliced_query(const Query& query, ast::SelectQuery syntax, std::optional<std::uint64_t> offset,
                   std::optional<std::uint64_t> limit) {
  syntax.offset = offset;
  syntax.limit = limit;
  return make_query(query.prologue(), std::move(syntax));
}

std::string serialize_sliced(const Query& query, ast::SelectQuery syntax,
                             std::optional<std::uint64_t> offset,
                             std::optional<std::uint64_t> limit) {
  syntax.offset = offset;
  syntax.limit = limit;
  return serialize_syntax(query.prologue(), syntax);
}

Query count_query(const Query& query, std::string& count_var) {
  return make_query(query.prologue(), count_syntax(query, count_var));
}

}  // namespace sparqlmcp::sparql
