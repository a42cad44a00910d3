#include "rewrite.hpp"

#include <algorithm>

#include "exists_patterns.hpp"
#include "sparqlmcp/sparql/algebra_vars.hpp"
#include "sparqlmcp/sparql/service_analysis.hpp"

namespace sparqlmcp::federation {
namespace {

using sparql::Expr;
using sparql::algebra::FilterOp;
using sparql::algebra::JoinOp;
using sparql::algebra::LeftJoinOp;
using sparql::algebra::Operator;
using sparql::algebra::OpKind;
using sparql::algebra::ProjectOp;
using sparql::algebra::ServiceOp;
using sparql::algebra::SliceOp;
using sparql::algebra::ToMultiSetOp;
using sparql::algebra::UnionOp;

bool is_remote_service(const Operator& op) {
  const auto* service = op.get_if<ServiceOp>();
  return service != nullptr &&
         !(!service->name.is_var && sparql::is_endpoint_internal_service(service->name.term.value));
}

bool contains_remote_service(const Operator& op) {
  if (is_remote_service(op)) return true;
  return std::any_of(op.children.begin(), op.children.end(), contains_remote_service);
}

// A plain SERVICE with a fixed IRI that may be merged or given filters.
bool mergeable(const Operator& op) {
  const auto* service = op.get_if<ServiceOp>();
  return service != nullptr && !service->silent && !service->name.is_var;
}

Operator join_of(Operator left, Operator right) {
  if (left.is_unit()) return right;
  if (right.is_unit()) return left;
  return Operator(JoinOp{}, {std::move(left), std::move(right)});
}

Operator service_of(const Operator& like, Operator pattern) {
  return Operator(like.as<ServiceOp>(), {std::move(pattern)});
}

// SERVICE <a> { P } with P holding SERVICE <b> { Q }: the operators of P are evaluated here,
// each leaf pattern at <a>, Q at <b>. Returns false (leaving the block to <a>) where P cannot
// be split: a GRAPH around the inner SERVICE names a graph of <a>.
bool distribute(const Operator& outer, const Operator& op, Operator& out) {
  if (!contains_remote_service(op)) {
    out = service_of(outer, op);
    return true;
  }
  if (is_remote_service(op)) {
    out = op;
    return true;
  }
  if (op.kind() == OpKind::Graph) return false;
  out = op;
  for (std::size_t i = 0; i < op.children.size(); ++i)
    if (!distribute(outer, op.children[i], out.children[i])) return false;
  return true;
}

void flatten_join(Operator op, std::vector<Operator>& members) {
  if (op.kind() == OpKind::Join) {
    for (Operator& child : op.children)
      flatten_join(std::move(child), members);
    return;
  }
  members.push_back(std::move(op));
}

// Joined SERVICE clauses to one endpoint become one SERVICE, at the place of the first.
Operator merge_join_group(Operator join) {
  std::vector<Operator> members;
  flatten_join(std::move(join), members);
  std::vector<Operator> merged;
  for (Operator& member : members) {
    auto same = std::find_if(merged.begin(), merged.end(), [&](const Operator& m) {
      return mergeable(m) && mergeable(member) &&
             m.as<ServiceOp>().name == member.as<ServiceOp>().name;
    });
    if (same != merged.end()) {
      Operator pattern = std::move(same->children[0]);
      same->children[0] = join_of(std::move(pattern), std::move(member.children[0]));
    } else {
      merged.push_back(std::move(member));
    }
  }
  Operator out = std::move(merged[0]);
  for (std::size_t i = 1; i < merged.size(); ++i)
    out = join_of(std::move(out), std::move(merged[i]));
  return out;
}

bool movable(const Expr& e) {
  return !sparql::algebra::is_location_dependent(e);
}

bool covers(const std::vector<std::string>& certain, const std::vector<std::string>& vars) {
  return std::includes(certain.begin(), certain.end(), vars.begin(), vars.end());
}

// Moves `e` into `op` where an operand binds all its variables in every solution. Returns
// false when it found no place (then `op` is unchanged).
bool push_filter(const Expr& e, const std::vector<std::string>& vars, Operator& op) {
  switch (op.kind()) {
    case OpKind::Service: {
      if (!mergeable(op)) return false;
      if (!covers(sparql::algebra::bound_vars(op.children[0]).certain, vars)) return false;
      Operator& pattern = op.children[0];
      if (auto* filter = pattern.get_if<FilterOp>()) {
        filter->exprs.push_back(e);
      } else {
        pattern = Operator(FilterOp{{e}}, {std::move(pattern)});
      }
      return true;
    }
    case OpKind::Union: {
      Operator left = op.children[0], right = op.children[1];
      if (!push_filter(e, vars, left) || !push_filter(e, vars, right)) return false;
      op.children[0] = std::move(left);
      op.children[1] = std::move(right);
      return true;
    }
    case OpKind::Join:
      for (Operator& child : op.children)
        if (covers(sparql::algebra::bound_vars(child).certain, vars) && push_filter(e, vars, child))
          return true;
      return false;
    case OpKind::LeftJoin:
      return covers(sparql::algebra::bound_vars(op.children[0]).certain, vars) &&
             push_filter(e, vars, op.children[0]);
    case OpKind::Filter:
      return push_filter(e, vars, op.children[0]);
    // A filter keeps a row or not by the row's own values: it commutes with DISTINCT, and with
    // a sub-select that projects every variable it reads (a merge unit of plain patterns).
    case OpKind::Distinct:
    case OpKind::ToMultiSet:
      return push_filter(e, vars, op.operand());
    case OpKind::Project: {
      const auto& kept = op.as<ProjectOp>().vars;
      for (const std::string& var : vars)
        if (std::find(kept.begin(), kept.end(), var) == kept.end()) return false;
      return push_filter(e, vars, op.operand());
    }
    default:
      return false;
  }
}

Operator rewrite(const Operator& op, const RewriteOptions& options) {
  if (is_remote_service(op)) {
    const auto& service = op.as<ServiceOp>();
    const bool passes_through = !service.name.is_var && options.calls_services &&
                                options.calls_services(service.name.term.value);
    if (!service.silent && !passes_through && contains_remote_service(op.operand())) {
      Operator distributed;
      if (distribute(op, op.children[0], distributed)) return rewrite(distributed, options);
    }
    return op;
  }
  Operator out = op;
  for (Operator& child : out.children)
    child = rewrite(child, options);
  for_each_exists_pattern(out, [&](Operator& pattern) { pattern = rewrite(pattern, options); });
  switch (out.kind()) {
    case OpKind::Join:
      return merge_join_group(std::move(out));
    case OpKind::LeftJoin: {
      Operator& left = out.children[0];
      Operator& right = out.children[1];
      if (mergeable(left) && mergeable(right) &&
          left.as<ServiceOp>().name == right.as<ServiceOp>().name) {
        // OPTIONAL between two blocks of one endpoint: one request with the OPTIONAL inside.
        Operator inner(out.as<LeftJoinOp>(),
                       {std::move(left.operand()), std::move(right.operand())});
        return service_of(left, std::move(inner));
      }
      return out;
    }
    case OpKind::Filter: {
      // A copy of each conjunct goes into the SERVICE (fewer rows come back) and the original
      // stays here: endpoints differ where SPARQL has a type error (Virtuoso takes every string
      // as greater than every number), and the local filter restores the specified answer
      // whenever the endpoint kept too many rows.
      for (const Expr& e : out.as<FilterOp>().exprs) {
        std::vector<std::string> vars = sparql::algebra::expression_vars(e);
        if (!vars.empty() && movable(e)) push_filter(e, vars, out.children[0]);
      }
      return out;
    }
    default:
      return out;
  }
}

// Whether every row `op` gives is a distinct triple of one endpoint: a SERVICE around one
// triple pattern that binds its three positions' variables (an endpoint's default graph is a
// set of triples), or a UNION of such.
bool gives_distinct_triples(const Operator& op) {
  if (op.is<UnionOp>())
    return std::all_of(op.children.begin(), op.children.end(), gives_distinct_triples);
  const auto* service = op.get_if<ServiceOp>();
  if (service == nullptr || service->silent) return false;
  const auto* bgp = op.operand().get_if<sparql::algebra::BgpOp>();
  return bgp != nullptr && bgp->triples.size() == 1;
}

// Gives the SERVICE clauses below a LIMIT of `rows` (its limit plus offset) a LIMIT of their
// own where that cannot change the answer: through projections, BIND, both branches of a UNION
// and the left side of an OPTIONAL (each of its rows gives at least one), never through a join,
// FILTER, ORDER BY or grouping, and through DISTINCT only onto a merge unit of plain patterns
// (a DISTINCT over one triple pattern's SERVICEs: each branch's first `rows` rows are distinct,
// so they hold the first `rows` distinct rows of the whole). Only below the endpoint's result
// cap: an answer of exactly the cap is paged, and pages of an unordered sub-select are not
// stable.
void push_limit(Operator& op, std::uint64_t rows, const LimitOptions& options) {
  switch (op.kind()) {
    case OpKind::ToMultiSet:
      push_limit(op.operand(), rows, options);
      return;
    case OpKind::Distinct: {
      // (A projection that drops a variable would make the rows of one triple repeat.)
      Operator* below = &op.operand();
      if (const auto* project = below->get_if<ProjectOp>()) {
        below = &below->operand();
        for (const std::string& var : sparql::algebra::bound_vars(*below).maybe)
          if (std::find(project->vars.begin(), project->vars.end(), var) == project->vars.end())
            return;
      }
      if (gives_distinct_triples(*below)) push_limit(*below, rows, options);
      return;
    }
    case OpKind::Project:
    case OpKind::Extend:
    case OpKind::LeftJoin:  // its left side
      push_limit(op.children[0], rows, options);
      return;
    case OpKind::Union:
      for (Operator& child : op.children)
        push_limit(child, rows, options);
      return;
    case OpKind::Service: {
      const auto& service = op.as<ServiceOp>();
      if (!is_remote_service(op) || service.name.is_var) return;
      const std::uint64_t cap = options.row_cap ? options.row_cap(service.name.term.value) : 0;
      if (cap > 0 && rows >= cap) return;
      Operator& pattern = op.children[0];
      if (pattern.kind() == OpKind::ToMultiSet) {
        const auto* sent = pattern.operand().get_if<SliceOp>();
        if (sent != nullptr && sent->limit && !sent->offset && *sent->limit <= rows) return;
      }
      // The variables before the pattern moves: the order of a call's arguments is unspecified.
      std::vector<std::string> vars = sparql::algebra::bound_vars(pattern).maybe;
      Operator project(ProjectOp{std::move(vars)}, {std::move(pattern)});
      SliceOp slice;
      slice.limit = rows;
      op.operand() = Operator(ToMultiSetOp{}, {Operator(std::move(slice), {std::move(project)})});
      return;
    }
    default:
      return;
  }
}

void push_limits(Operator& op, const LimitOptions& options) {
  if (op.kind() == OpKind::Service) return;
  if (const auto* slice = op.get_if<SliceOp>(); slice != nullptr && slice->limit) {
    push_limit(op.operand(), *slice->limit + slice->offset.value_or(0), options);
  }
  for (Operator& child : op.children)
    push_limits(child, options);
  for_each_exists_pattern(op, [&](Operator& pattern) { push_limits(pattern, options); });
}

}  // namespace

void push_limits_into_services(Operator& op, const LimitOptions& options) {
  push_limits(op, options);
}

Operator rewrite_for_federation(const Operator& op, const RewriteOptions& options) {
  return rewrite(op, options);
}

}  // namespace sparqlmcp::federation
