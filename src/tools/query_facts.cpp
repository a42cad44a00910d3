#include "query_facts.hpp"

namespace sparqlmcp::tools {
namespace {

// Descends through the solution modifiers that sit above the WHERE pattern.
const sparql::algebra::Operator* find_modifier(const sparql::algebra::Operator& root,
                                               sparql::algebra::OpKind wanted) {
  using sparql::algebra::OpKind;
  const sparql::algebra::Operator* op = &root;
  while (op != nullptr) {
    if (op->kind == wanted) return op;
    switch (op->kind) {
      case OpKind::Slice:
      case OpKind::Distinct:
      case OpKind::Reduced:
      case OpKind::Project:
      case OpKind::OrderBy:
        op = op->children.empty() ? nullptr : &op->children.front();
        break;
      default:
        return nullptr;
    }
  }
  return nullptr;
}

}  // namespace

SliceBounds outer_slice(const sparql::Query& query) {
  const auto* slice = find_modifier(query.algebra(), sparql::algebra::OpKind::Slice);
  if (slice == nullptr) return {};
  return {slice->offset, slice->limit};
}

std::vector<std::pair<std::string, std::string>> query_prefixes(const sparql::Query& query) {
  std::vector<std::pair<std::string, std::string>> prefixes = query.prologue().prefixes;
  for (const auto& prefix : query.prologue().implicit_prefixes)
    prefixes.push_back(prefix);
  return prefixes;
}

std::vector<std::string> projected_variables(const sparql::Query& query) {
  if (query.form() != sparql::QueryForm::Select) return {};
  const auto* project = find_modifier(query.algebra(), sparql::algebra::OpKind::Project);
  return project == nullptr ? std::vector<std::string>{} : project->vars;
}

results::QueryResults silent_solutions(const sparql::Query& query) {
  results::QueryResults empty;
  if (query.form() == sparql::QueryForm::Ask) {
    empty.kind = results::QueryResults::Kind::Boolean;
    empty.boolean = true;
  } else {
    empty.variables = projected_variables(query);
    empty.rows.emplace_back(empty.variables.size());
  }
  return empty;
}

}  // namespace sparqlmcp::tools
