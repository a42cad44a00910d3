#include "join_order.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "exists_patterns.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/sparql/algebra_vars.hpp"

namespace sparqlmcp::federation {
namespace {

using sparql::algebra::BgpOp;
using sparql::algebra::Operator;
using sparql::algebra::OpKind;
using sparql::algebra::ServiceOp;
using sparql::algebra::TableOp;
using sparql::algebra::TriplePattern;

double or_triples(const void_::Count& count, const void_::Description& d) {
  return static_cast<double>(count.value_or(d.triples.value_or(0)));
}

bool fixed(const sparql::VarOrTerm& term) {
  return !term.is_var;
}

// The estimate of a SERVICE's pattern: a BGP (or a FILTER over one, as pushdown leaves it) by
// its most selective triple pattern.
std::optional<double> estimate_block(const void_::Description& description, const Operator& op) {
  if (op.is<sparql::algebra::FilterOp>()) return estimate_block(description, op.operand());
  if (op.is<sparql::algebra::JoinOp>()) {
    std::optional<double> left = estimate_block(description, op.left());
    std::optional<double> right = estimate_block(description, op.right());
    if (!left || !right) return std::nullopt;
    return std::min(*left, *right);
  }
  const auto* bgp = op.get_if<BgpOp>();
  if (bgp == nullptr || bgp->triples.empty()) return std::nullopt;
  std::optional<double> best;
  for (const TriplePattern& t : bgp->triples) {
    std::optional<double> one = estimate_triple(description, t);
    if (!one) return std::nullopt;
    best = best ? std::min(*best, *one) : *one;
  }
  return best;
}

// An operand's estimated rows, when known.
std::optional<double> estimate_of(const Operator& op) {
  switch (op.kind()) {
    case OpKind::Service: {
      const auto& rows = op.as<ServiceOp>().estimated_rows;
      if (!rows) return std::nullopt;
      return static_cast<double>(*rows);
    }
    case OpKind::Union: {
      double sum = 0;
      for (const Operator& branch : op.children) {
        std::optional<double> one = estimate_of(branch);
        if (!one) return std::nullopt;
        sum += *one;
      }
      return sum;
    }
    case OpKind::Distinct:
    case OpKind::Project:
    case OpKind::ToMultiSet:
      return estimate_of(op.operand());
    case OpKind::Table:
      return static_cast<double>(op.as<TableOp>().rows.size());
    default:
      return std::nullopt;
  }
}

void flatten_join(Operator& op, std::vector<Operator>& out) {
  if (op.is<sparql::algebra::JoinOp>()) {
    flatten_join(op.left(), out);
    flatten_join(op.right(), out);
    return;
  }
  out.push_back(std::move(op));
}

// How much smaller the first operand of the estimated order must be than the written one.
constexpr double kWorthReordering = 10.0;

class Planner {
 public:
  Planner(const StatisticsOf& statistics, const RowsSeen& seen)
      : statistics_(statistics), seen_(seen) {}

  void annotate(Operator& op) {
    if (auto* service = op.get_if<ServiceOp>()) {
      if (service->name.is_var) return;
      const std::string& endpoint = service->name.term.value;
      if (seen_) service->estimated_rows = seen_(endpoint, op.operand());
      if (!service->estimated_rows && statistics_) {
        if (auto description = statistics_(endpoint)) {
          if (std::optional<double> rows = estimate_block(*description, op.operand()))
            service->estimated_rows = static_cast<std::uint64_t>(std::ceil(*rows));
        }
      }
      return;  // what is inside goes to the endpoint as it is
    }
    for (Operator& child : op.children)
      annotate(child);
    for_each_exists_pattern(op, [&](Operator& pattern) { annotate(pattern); });
  }

  void order(Operator& op) {
    if (op.is<ServiceOp>()) return;
    if (op.is<sparql::algebra::JoinOp>()) {
      std::vector<Operator> operands;
      flatten_join(op, operands);
      for (Operator& operand : operands)
        order(operand);
      op = joined(std::move(operands));
      return;
    }
    for (Operator& child : op.children)
      order(child);
    for_each_exists_pattern(op, [&](Operator& pattern) { order(pattern); });
  }

  std::size_t reordered = 0;

 private:
  // The operands as a left-deep join, smallest first and connected where possible, when every
  // one has an estimate; else in the order written.
  Operator joined(std::vector<Operator> operands) {
    std::vector<double> estimates;
    for (const Operator& operand : operands) {
      std::optional<double> e = estimate_of(operand);
      if (!e) return left_deep(std::move(operands));
      estimates.push_back(*e);
    }
    std::vector<std::vector<std::string>> vars;
    for (const Operator& operand : operands)
      vars.push_back(sparql::algebra::bound_vars(operand).maybe);
    std::vector<std::size_t> chosen;
    std::vector<bool> used(operands.size(), false);
    std::set<std::string> bound;
    for (std::size_t step = 0; step < operands.size(); ++step) {
      std::size_t best = operands.size();
      bool best_connected = false;
      for (std::size_t i = 0; i < operands.size(); ++i) {
        if (used[i]) continue;
        const bool connected =
            std::any_of(vars[i].begin(), vars[i].end(),
                        [&](const std::string& v) { return bound.count(v) > 0; });
        const bool better = best == operands.size() || (connected && !best_connected) ||
                            (connected == best_connected && estimates[i] < estimates[best]);
        if (better) {
          best = i;
          best_connected = connected;
        }
      }
      used[best] = true;
      chosen.push_back(best);
      bound.insert(vars[best].begin(), vars[best].end());
    }
    // Only an order that starts much smaller than the one written is worth its risk: the
    // estimates are rough (no join selectivity), and the written order is often the writer's
    // own knowledge of the data.
    if (estimates[chosen[0]] * kWorthReordering > estimates[0])
      return left_deep(std::move(operands));
    bool moved = false;
    for (std::size_t i = 0; i < chosen.size(); ++i)
      moved = moved || chosen[i] != i;
    if (moved) ++reordered;
    std::vector<Operator> in_order;
    for (std::size_t i : chosen)
      in_order.push_back(std::move(operands[i]));
    return left_deep(std::move(in_order));
  }

  static Operator left_deep(std::vector<Operator> operands) {
    Operator out = std::move(operands[0]);
    for (std::size_t i = 1; i < operands.size(); ++i) {
      std::vector<Operator> sides;
      sides.push_back(std::move(out));
      sides.push_back(std::move(operands[i]));
      out = Operator(sparql::algebra::JoinOp{}, std::move(sides));
    }
    return out;
  }

  const StatisticsOf& statistics_;
  const RowsSeen& seen_;
};

}  // namespace

std::optional<double> estimate_triple(const void_::Description& d, const TriplePattern& t) {
  if (!d.triples) return std::nullopt;
  const double triples = static_cast<double>(*d.triples);
  const bool s = fixed(t.subject), p = fixed(t.predicate), o = fixed(t.object);
  const bool typed = p && t.predicate.term.value == rdf::kRdfType;
  const bool partitions = !d.properties.empty();
  if (typed && !s && o) {
    if (const void_::ClassPartition* c = d.find_class(t.object.term.value))
      return static_cast<double>(c->entities.value_or(0));
    if (!d.classes.empty()) return 0.0;  // classes listed, this one not among them
    return triples;
  }
  if (!p) {
    const double subjects = or_triples(d.distinct_subjects, d);
    const double objects = or_triples(d.distinct_objects, d);
    if (!s && !o) return triples;
    if (s && !o) return subjects > 0 ? triples / subjects : triples;
    if (!s && o) return objects > 0 ? triples / objects : triples;
    return subjects > 0 && objects > 0 ? triples / (subjects * objects) : triples;
  }
  const void_::PropertyPartition* partition = d.find_property(t.predicate.term.value);
  if (partition == nullptr) return partitions ? 0.0 : triples;
  const double pt = static_cast<double>(partition->triples.value_or(0));
  const double ps = static_cast<double>(partition->distinct_subjects.value_or(0));
  const double po = static_cast<double>(partition->distinct_objects.value_or(0));
  if (!s && !o) return pt;
  if (s && !o) return ps > 0 ? pt / ps : pt;
  if (!s && o) return po > 0 ? pt / po : pt;
  return ps > 0 && po > 0 ? pt / (ps * po) : pt;
}

std::size_t order_joins_by_estimates(Operator& op, const StatisticsOf& statistics,
                                     const RowsSeen& seen) {
  Planner planner(statistics, seen);
  planner.annotate(op);
  planner.order(op);
  return planner.reordered;
}

}  // namespace sparqlmcp::federation
