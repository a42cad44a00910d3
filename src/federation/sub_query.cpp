#include "sub_query.hpp"

#include <algorithm>
#include <charconv>

#include "sparqlmcp/sparql/algebra_vars.hpp"

namespace sparqlmcp::federation {
namespace {

using sparql::algebra::Operator;

}  // namespace

SubQueryShape shape_of(const engine::ServiceRequest& request) {
  SubQueryShape shape;
  sparql::algebra::BoundVars bound = sparql::algebra::bound_vars(*request.pattern);
  if (request.wanted_vars.empty()) {
    shape.vars = bound.maybe;
  } else {
    for (const std::string& v : request.wanted_vars)
      if (std::binary_search(bound.maybe.begin(), bound.maybe.end(), v)) shape.vars.push_back(v);
  }
  const bool bound_join = !(request.binding_vars.empty() && request.binding_rows.size() == 1);
  if (bound_join) {
    // A name the pattern cannot use: no query variable starts with two underscores and a
    // digit-free suffix chosen here, but check anyway (sub-selects may use anything).
    std::string name = "__row";
    while (std::binary_search(bound.maybe.begin(), bound.maybe.end(), name) ||
           std::find(request.binding_vars.begin(), request.binding_vars.end(), name) !=
               request.binding_vars.end())
      name += '_';
    shape.row_var = name;
  }
  return shape;
}

PatternQuery block_query(const engine::ServiceRequest& request, const SubQueryShape& shape,
                         std::size_t first, std::size_t count, std::optional<std::uint64_t> limit,
                         std::uint64_t offset, bool ordered) {
  PatternQuery query;
  query.prologue = request.prologue;
  query.vars = shape.vars;
  Operator body = *request.pattern;
  if (!shape.row_var.empty()) {
    sparql::algebra::TableOp values;
    values.vars.push_back(shape.row_var);
    values.vars.insert(values.vars.end(), request.binding_vars.begin(), request.binding_vars.end());
    for (std::size_t i = first; i < first + count && i < request.binding_rows.size(); ++i) {
      std::vector<std::optional<rdf::Term>> row;
      row.push_back(rdf::Term::literal(std::to_string(i), std::string(rdf::kXsdInteger)));
      row.insert(row.end(), request.binding_rows[i].begin(), request.binding_rows[i].end());
      values.rows.push_back(std::move(row));
    }
    body = Operator(sparql::algebra::JoinOp{}, {Operator(std::move(values)), std::move(body)});
    query.vars.push_back(shape.row_var);
  }
  query.op = sliced(std::move(body), query.vars, limit, offset, ordered);
  return query;
}

Operator sliced(Operator body, const std::vector<std::string>& vars,
                std::optional<std::uint64_t> limit, std::uint64_t offset, bool ordered) {
  if (!limit && offset == 0) return body;
  if (ordered) {
    sparql::algebra::OrderByOp order;
    for (const std::string& v : vars)
      order.order.emplace_back(sparql::Expr::variable(v), false);
    body = Operator(std::move(order), {std::move(body)});
  }
  sparql::algebra::SliceOp slice;
  slice.limit = limit;
  if (offset > 0) slice.offset = offset;
  return Operator(slice, {Operator(sparql::algebra::ProjectOp{vars}, {std::move(body)})});
}

bool lacks_row_numbers(const results::QueryResults& answer, const SubQueryShape& shape) {
  if (shape.row_var.empty() || answer.rows.empty()) return false;
  auto it = std::find(answer.variables.begin(), answer.variables.end(), shape.row_var);
  if (it == answer.variables.end()) return true;
  const auto column = static_cast<std::size_t>(it - answer.variables.begin());
  return std::none_of(answer.rows.begin(), answer.rows.end(), [&](const results::Row& row) {
    return column < row.size() && row[column].has_value();
  });
}

Error row_numbers_missing(const SubQueryShape& shape, const std::string& endpoint) {
  return make_remote_error("the endpoint's answer lacks the ?" + shape.row_var +
                               " column of the VALUES block it was sent, so its rows cannot be "
                               "joined back; the endpoint may not support VALUES",
                           endpoint, 200, 0, {});
}

void collect_rows(const results::QueryResults& answer, const SubQueryShape& shape,
                  const std::string& endpoint, std::size_t first, std::size_t count,
                  std::vector<engine::ServiceRow>& out, std::vector<std::uint32_t>& origin) {
  auto column_of = [&](const std::string& var) -> std::optional<std::size_t> {
    auto it = std::find(answer.variables.begin(), answer.variables.end(), var);
    if (it == answer.variables.end()) return std::nullopt;
    return static_cast<std::size_t>(it - answer.variables.begin());
  };
  std::vector<std::optional<std::size_t>> columns;
  for (const std::string& v : shape.vars)
    columns.push_back(column_of(v));
  std::optional<std::size_t> row_column;
  if (!shape.row_var.empty()) {
    row_column = column_of(shape.row_var);
    if (!row_column && !answer.rows.empty()) throw Exception(row_numbers_missing(shape, endpoint));
  }
  for (const results::Row& row : answer.rows) {
    engine::ServiceRow mapped;
    mapped.reserve(columns.size());
    for (const auto& column : columns)
      mapped.push_back(column && *column < row.size() ? row[*column] : std::nullopt);
    if (row_column) {
      const std::optional<rdf::Term>& number =
          *row_column < row.size() ? row[*row_column] : std::nullopt;
      std::uint64_t index = 0;
      bool ok = number && number->is_literal();
      if (ok) {
        const std::string& text = number->value;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), index);
        ok = ec == std::errc() && end == text.data() + text.size() && index >= first &&
             index < first + count;
      }
      if (!ok) {
        throw Exception(make_remote_error(
            "the endpoint's answer has a row whose ?" + shape.row_var +
                " is not one of the VALUES rows it was sent, so it cannot be joined back",
            endpoint, 200, 0, {}));
      }
      origin.push_back(static_cast<std::uint32_t>(index));
    }
    out.push_back(std::move(mapped));
  }
}

}  // namespace sparqlmcp::federation
