#include "union_block.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "sparqlmcp/sparql/algebra_vars.hpp"

namespace sparqlmcp::federation {
namespace {

using sparql::Expr;
using sparql::VarOrTerm;
using sparql::algebra::BgpOp;
using sparql::algebra::ExtendOp;
using sparql::algebra::FilterOp;
using sparql::algebra::GraphOp;
using sparql::algebra::GroupOp;
using sparql::algebra::LeftJoinOp;
using sparql::algebra::Operator;
using sparql::algebra::OpKind;
using sparql::algebra::OrderByOp;
using sparql::algebra::PathOp;
using sparql::algebra::ProjectOp;
using sparql::algebra::ServiceOp;
using sparql::algebra::TableOp;
using sparql::algebra::UnionOp;

bool contains(const std::vector<std::string>& sorted, const std::string& name) {
  return std::binary_search(sorted.begin(), sorted.end(), name);
}

// The algebra's own variables (paths' "?P0", aggregates' ".0") cannot be written in a query,
// never leave the operator that binds them, and keep their spelling.
bool is_internal(const std::string& name) {
  return !name.empty() && (name[0] == '?' || name[0] == '.');
}

bool has_exists(const Expr& e) {
  if (e.kind == Expr::Kind::Exists || e.kind == Expr::Kind::NotExists) return true;
  return std::any_of(e.args.begin(), e.args.end(), [](const Expr& a) { return has_exists(a); });
}

bool has_exists(const Operator& op) {
  auto any = [](const auto& list, auto get) {
    return std::any_of(list.begin(), list.end(), [&](const auto& x) { return has_exists(get(x)); });
  };
  auto self = [](const auto& x) -> const auto& {
    return x;
  };
  auto second = [](const auto& x) -> const Expr& { return x.second; };
  auto first = [](const auto& x) -> const Expr& { return x.first; };
  bool own = false;
  switch (op.kind()) {
    case OpKind::Filter:
      own = any(op.as<FilterOp>().exprs, self);
      break;
    case OpKind::LeftJoin:
      own = any(op.as<LeftJoinOp>().exprs, self);
      break;
    case OpKind::Extend:
      own = has_exists(op.as<ExtendOp>().expr);
      break;
    case OpKind::Group:
      own = any(op.as<GroupOp>().keys, second) || any(op.as<GroupOp>().aggregates, second);
      break;
    case OpKind::OrderBy:
      own = any(op.as<OrderByOp>().order, first);
      break;
    default:
      break;
  }
  return own || std::any_of(op.children.begin(), op.children.end(),
                            [](const Operator& c) { return has_exists(c); });
}

// The variables every solution of the pattern binds, without the algebra's own.
std::vector<std::string> marker_candidates(const Operator& pattern) {
  std::vector<std::string> out;
  for (const std::string& v : sparql::algebra::bound_vars(pattern).certain)
    if (!is_internal(v)) out.push_back(v);
  return out;
}

// Calls `f` on every variable name written in the tree (patterns, expressions, projections,
// group keys, ...), in place. EXISTS patterns are not visited (see union_block.hpp).
void for_each_var(Expr& e, const std::function<void(std::string&)>& f) {
  if (e.kind == Expr::Kind::Var) f(e.name);
  for (Expr& a : e.args)
    for_each_var(a, f);
}

void for_each_var(VarOrTerm& t, const std::function<void(std::string&)>& f) {
  if (t.is_var) f(t.var);
}

void for_each_var(Operator& op, const std::function<void(std::string&)>& f) {
  switch (op.kind()) {
    case OpKind::Bgp:
      for (auto& t : op.as<BgpOp>().triples) {
        for_each_var(t.subject, f);
        for_each_var(t.predicate, f);
        for_each_var(t.object, f);
      }
      break;
    case OpKind::Path:
      for_each_var(op.as<PathOp>().subject, f);
      for_each_var(op.as<PathOp>().object, f);
      break;
    case OpKind::Graph:
      for_each_var(op.as<GraphOp>().name, f);
      break;
    case OpKind::Service:
      for_each_var(op.as<ServiceOp>().name, f);
      break;
    case OpKind::Filter:
      for (Expr& e : op.as<FilterOp>().exprs)
        for_each_var(e, f);
      break;
    case OpKind::LeftJoin:
      for (Expr& e : op.as<LeftJoinOp>().exprs)
        for_each_var(e, f);
      break;
    case OpKind::Extend:
      for_each_var(op.as<ExtendOp>().expr, f);
      f(op.as<ExtendOp>().var);
      break;
    case OpKind::Table:
      for (std::string& v : op.as<TableOp>().vars)
        f(v);
      break;
    case OpKind::Project:
      for (std::string& v : op.as<ProjectOp>().vars)
        f(v);
      break;
    case OpKind::Group:
      for (auto& [v, e] : op.as<GroupOp>().keys) {
        if (!v.empty()) f(v);
        for_each_var(e, f);
      }
      for (auto& [v, e] : op.as<GroupOp>().aggregates) {
        f(v);
        for_each_var(e, f);
      }
      break;
    case OpKind::OrderBy:
      for (auto& [e, descending] : op.as<OrderByOp>().order)
        for_each_var(e, f);
      break;
    default:
      break;
  }
  for (Operator& c : op.children)
    for_each_var(c, f);
}

// A separator that no variable of the pattern (nor a binding variable) contains: a renamed
// name `v + separator + digits` then equals neither an original name (which lacks the
// separator) nor another renamed one (the digits end it, the separator ends in '_').
std::string separator_for(const engine::ServiceRequest& request) {
  std::set<std::string> names(request.binding_vars.begin(), request.binding_vars.end());
  Operator copy = *request.pattern;
  for_each_var(copy, [&](std::string& v) { names.insert(v); });
  std::string separator = "__";
  for (;;) {
    bool clash = std::any_of(names.begin(), names.end(), [&](const std::string& v) {
      return v.find(separator) != std::string::npos;
    });
    if (!clash) return separator;
    separator += '_';
  }
}

// Renames every variable of the copy with `suffix`. Blank nodes become variables first (one
// label may not appear in two BGPs of one query; in a pattern a blank node is a variable that
// is not returned).
void rename(Operator& op, const std::string& separator, const std::string& suffix) {
  std::map<std::string, std::string> blanks;
  std::function<void(Operator&)> unblank = [&](Operator& o) {
    auto to_var = [&](VarOrTerm& t) {
      if (t.is_var || !t.term.is_blank()) return;
      auto [it, added] =
          blanks.emplace(t.term.value, "bnode" + separator + std::to_string(blanks.size()));
      t = VarOrTerm::variable(it->second);
    };
    if (auto* bgp = o.get_if<BgpOp>()) {
      for (auto& t : bgp->triples) {
        to_var(t.subject);
        to_var(t.object);
      }
    } else if (auto* path = o.get_if<PathOp>()) {
      to_var(path->subject);
      to_var(path->object);
    }
    for (Operator& c : o.children)
      unblank(c);
  };
  unblank(op);
  for_each_var(op, [&](std::string& v) {
    if (!is_internal(v)) v += suffix;
  });
}

Expr boolean(bool value) {
  return Expr::constant(
      rdf::Term::literal(value ? "true" : "false", std::string(rdf::kXsd) + "boolean"));
}

// `e` with `x` replaced by `value`; BOUND(?x) becomes true (the caller knows `x` is bound).
Expr substituted(const Expr& e, const std::string& x, const rdf::Term& value) {
  if (e.kind == Expr::Kind::Var) return e.name == x ? Expr::constant(value) : e;
  if (e.kind == Expr::Kind::Call && e.name == "bound" && e.args.size() == 1 &&
      e.args[0].kind == Expr::Kind::Var && e.args[0].name == x) {
    return boolean(true);
  }
  Expr out = e.without_args();
  for (const Expr& a : e.args)
    out.args.push_back(substituted(a, x, value));
  return out;
}

bool replace(VarOrTerm& t, const std::string& x, const rdf::Term& value, bool iri_only) {
  if (!t.is_var || t.var != x) return true;
  if (iri_only && !value.is_iri()) return false;  // a literal cannot be written there
  t = VarOrTerm::constant(value);
  return true;
}

// Replaces `x` by `value` in `op` where that keeps the meaning of Join({x: value}, op), or
// returns false (then `op` is left half-done and must be dropped).
bool substitute(Operator& op, const std::string& x, const rdf::Term& value) {
  // A pattern that never binds x is evaluated without it; the join adds x afterwards.
  if (!contains(sparql::algebra::bound_vars(op).maybe, x)) return true;
  switch (op.kind()) {
    case OpKind::Bgp:
      for (auto& t : op.as<BgpOp>().triples) {
        if (!replace(t.subject, x, value, false) || !replace(t.predicate, x, value, true) ||
            !replace(t.object, x, value, false)) {
          return false;
        }
      }
      return true;
    case OpKind::Path:
      return replace(op.as<PathOp>().subject, x, value, false) &&
             replace(op.as<PathOp>().object, x, value, false);
    case OpKind::Join:
    case OpKind::Union:
      return std::all_of(op.children.begin(), op.children.end(),
                         [&](Operator& c) { return substitute(c, x, value); });
    case OpKind::Graph:
      return replace(op.as<GraphOp>().name, x, value, true) && substitute(op.operand(), x, value);
    case OpKind::LeftJoin: {
      const Operator& left = op.children[0];
      if (contains(sparql::algebra::bound_vars(left).certain, x)) {
        // Every left row has x: only the right rows compatible with the value can extend the
        // ones that have it, which is the substituted right side.
        for (Expr& e : op.as<LeftJoinOp>().exprs) {
          if (has_exists(e)) return false;
          e = substituted(e, x, value);
        }
        return substitute(op.children[0], x, value) && substitute(op.children[1], x, value);
      }
      // Left rows without x: the right side and the condition must not see it either.
      if (contains(sparql::algebra::bound_vars(op.children[1]).maybe, x)) return false;
      for (const Expr& e : op.as<LeftJoinOp>().exprs)
        if (contains(sparql::algebra::expression_vars(e), x)) return false;
      return substitute(op.children[0], x, value);
    }
    case OpKind::Minus:
      // MINUS also asks whether the rows share a variable: x must stay out of its right side.
      if (contains(sparql::algebra::bound_vars(op.children[1]).maybe, x)) return false;
      return substitute(op.children[0], x, value);
    case OpKind::Filter: {
      // The filter sees the value only if its pattern binds x in every solution.
      if (!contains(sparql::algebra::bound_vars(op.children[0]).certain, x)) return false;
      for (Expr& e : op.as<FilterOp>().exprs) {
        if (has_exists(e)) return false;
        e = substituted(e, x, value);
      }
      return substitute(op.children[0], x, value);
    }
    default:
      return false;
  }
}

Expr same_term(const std::string& x, const rdf::Term& value) {
  return Expr::call("sameterm", {Expr::variable(x), Expr::constant(value)});
}

Operator union_of(std::vector<Operator>& branches, std::size_t lo, std::size_t hi) {
  if (hi - lo == 1) return std::move(branches[lo]);
  // Balanced, so the printed braces nest log2(n) deep, not n.
  const std::size_t mid = lo + (hi - lo) / 2;
  return Operator(UnionOp{}, {union_of(branches, lo, mid), union_of(branches, mid, hi)});
}

// The copy of the pattern for binding row `row` (not yet renamed), and its branch description
// in original names. `keep` is a variable left in place (with a sameTerm filter) as marker.
Operator copy_for(const engine::ServiceRequest& request, const SubQueryShape& shape,
                  std::size_t row, const std::string& keep, const std::vector<std::string>& certain,
                  UnionBranch& branch, std::set<std::string>& replaced) {
  Operator copy = *request.pattern;
  std::vector<Expr> filters;
  std::set<std::string> bound;
  const engine::ServiceRow& values = request.binding_rows[row];
  for (std::size_t j = 0; j < request.binding_vars.size() && j < values.size(); ++j) {
    const std::string& x = request.binding_vars[j];
    if (!values[j] || values[j]->is_blank()) continue;  // UNDEF stays a variable
    bound.insert(x);
    if (x != keep) {
      Operator attempt = copy;
      if (substitute(attempt, x, *values[j])) {
        copy = std::move(attempt);
        if (contains(sparql::algebra::bound_vars(*request.pattern).maybe, x)) replaced.insert(x);
        continue;
      }
    }
    if (!contains(sparql::algebra::bound_vars(*request.pattern).maybe, x)) continue;
    // Join compatibility itself (section 18.3): unbound, or the same term.
    Expr test = same_term(x, *values[j]);
    if (!contains(certain, x)) {
      test = Expr::call(
          "||", {Expr::call("!", {Expr::call("bound", {Expr::variable(x)})}), std::move(test)});
    }
    filters.push_back(std::move(test));
  }
  if (!filters.empty()) {
    copy = Operator(FilterOp{std::move(filters)}, {std::move(copy)});
  }
  branch.row = row;
  branch.columns.clear();
  for (const std::string& v : shape.vars)
    branch.columns.push_back(bound.count(v) ? std::string() : v);
  return copy;
}

}  // namespace

std::size_t union_block_rows(const engine::ServiceRequest& request, std::size_t rows) {
  if (marker_candidates(*request.pattern).empty() || has_exists(*request.pattern)) return 1;
  return std::max<std::size_t>(rows, 1);
}

UnionBlock union_block_query(const engine::ServiceRequest& request, const SubQueryShape& shape,
                             std::size_t first, std::size_t count,
                             std::optional<std::uint64_t> limit, std::uint64_t offset,
                             bool ordered) {
  UnionBlock block;
  block.query.prologue = request.prologue;
  const std::size_t end = std::min(first + count, request.binding_rows.size());
  const bool alone = end - first <= 1;
  const std::vector<std::string> certain = marker_candidates(*request.pattern);
  const std::string separator = alone ? std::string() : separator_for(request);
  std::vector<Operator> copies;
  for (std::size_t i = first; i < end; ++i) {
    UnionBranch branch;
    std::set<std::string> replaced;
    Operator copy = copy_for(request, shape, i, {}, certain, branch, replaced);
    if (!alone) {
      auto marker = std::find_if(certain.begin(), certain.end(),
                                 [&](const std::string& v) { return !replaced.count(v); });
      if (marker == certain.end()) {
        // The row binds every candidate: keep the first one as a variable.
        replaced.clear();
        copy = copy_for(request, shape, i, certain.front(), certain, branch, replaced);
        branch.marker = certain.front();
      } else {
        branch.marker = *marker;
      }
    }
    if (!alone) {
      const std::string suffix = separator + std::to_string(i);
      rename(copy, separator, suffix);
      branch.marker += suffix;
      for (std::string& c : branch.columns)
        if (!c.empty()) c += suffix;
    }
    for (const std::string& c : branch.columns)
      if (!c.empty()) block.query.vars.push_back(c);
    if (!branch.marker.empty() && std::find(branch.columns.begin(), branch.columns.end(),
                                            branch.marker) == branch.columns.end()) {
      block.query.vars.push_back(branch.marker);
    }
    copies.push_back(std::move(copy));
    block.branches.push_back(std::move(branch));
  }
  Operator body = copies.empty() ? Operator::unit() : union_of(copies, 0, copies.size());
  block.query.op = sliced(std::move(body), block.query.vars, limit, offset, ordered);
  return block;
}

void collect_union_rows(const results::QueryResults& answer, const SubQueryShape& shape,
                        const UnionBlock& block, const engine::ServiceRequest& request,
                        const std::string& endpoint, std::vector<engine::ServiceRow>& out,
                        std::vector<std::uint32_t>& origin) {
  auto column_of = [&](const std::string& var) -> std::optional<std::size_t> {
    if (var.empty()) return std::nullopt;
    auto it = std::find(answer.variables.begin(), answer.variables.end(), var);
    if (it == answer.variables.end()) return std::nullopt;
    return static_cast<std::size_t>(it - answer.variables.begin());
  };
  struct Columns {
    std::optional<std::size_t> marker;
    std::vector<std::optional<std::size_t>> values;
  };
  std::vector<Columns> columns;
  for (const UnionBranch& branch : block.branches) {
    Columns c;
    c.marker = column_of(branch.marker);
    for (const std::string& name : branch.columns)
      c.values.push_back(column_of(name));
    columns.push_back(std::move(c));
  }
  auto bound = [](const results::Row& row, std::optional<std::size_t> column) {
    return column && *column < row.size() && row[*column].has_value();
  };
  for (const results::Row& row : answer.rows) {
    std::size_t b = 0;
    if (block.branches.size() > 1) {
      while (b < block.branches.size() && !bound(row, columns[b].marker))
        ++b;
      if (b == block.branches.size()) {
        throw Exception(make_remote_error(
            "the endpoint's answer to a UNION block has a row that binds none of the variables "
            "marking its branches, so it cannot be joined back",
            endpoint, 200, 0, {}));
      }
    }
    const UnionBranch& branch = block.branches[b];
    const engine::ServiceRow& values = request.binding_rows[branch.row];
    engine::ServiceRow mapped;
    mapped.reserve(shape.vars.size());
    for (std::size_t c = 0; c < shape.vars.size(); ++c) {
      if (branch.columns[c].empty()) {
        // A variable the row binds: the join gives it the row's value.
        auto at =
            std::find(request.binding_vars.begin(), request.binding_vars.end(), shape.vars[c]);
        const auto j = static_cast<std::size_t>(at - request.binding_vars.begin());
        mapped.push_back(j < values.size() ? values[j] : std::nullopt);
      } else {
        const auto& column = columns[b].values[c];
        mapped.push_back(bound(row, column) ? row[*column] : std::nullopt);
      }
    }
    origin.push_back(static_cast<std::uint32_t>(branch.row));
    out.push_back(std::move(mapped));
  }
}

}  // namespace sparqlmcp::federation
