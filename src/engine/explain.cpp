// Explain: the plan that ran, one node per operator, with the counts the iterators kept.

#include "sparqlmcp/engine/explain.hpp"

#include <variant>

#include "plan.hpp"

namespace sparqlmcp::engine {
namespace detail {
namespace {

std::string strategy_name(JoinStrategy strategy) {
  switch (strategy) {
    case JoinStrategy::BindPass:
      return "bind";
    case JoinStrategy::Hash:
      return "hash";
    case JoinStrategy::NestedLoop:
      return "nested loop";
    case JoinStrategy::BatchBind:
      return "bound join (VALUES blocks)";
    case JoinStrategy::Adaptive:
      return "adaptive";
  }
  return "";
}

std::string slots_text(const SlotSet& slots, const Context& ctx) {
  std::string text;
  for (Slot s : slots)
    text += (text.empty() ? "?" : " ?") + ctx.vars.name(s);
  return text;
}

std::string join_detail(JoinStrategy strategy, const SlotSet& key, const PlanNode& node,
                        const Context& ctx) {
  std::string detail = strategy_name(strategy);
  if (!node.outcome.empty()) detail += ": " + node.outcome;
  if ((strategy == JoinStrategy::Hash || strategy == JoinStrategy::Adaptive) && !key.empty())
    detail += " on " + slots_text(key, ctx);
  return detail;
}

struct Describe {
  const PlanNode& node;
  const Context& ctx;

  ExplainNode operator()(const BgpPlan& bgp) const {
    return {"bgp", std::to_string(bgp.triples.size()) + " triple patterns", 0, 0, {}};
  }
  ExplainNode operator()(const PathPlan&) const { return {"path", "", 0, 0, {}}; }
  ExplainNode operator()(const JoinPlan& join) const {
    return {"join", join_detail(join.strategy, join.key, node, ctx), 0, 0, {}};
  }
  ExplainNode operator()(const LeftJoinPlan& join) const {
    return {"optional", join_detail(join.strategy, join.key, node, ctx), 0, 0, {}};
  }
  ExplainNode operator()(const FilterPlan& filter) const {
    return {"filter",
            std::to_string(filter.exprs.size() + filter.seed_bindings.size()) + " conditions",
            0,
            0,
            {}};
  }
  ExplainNode operator()(const UnionPlan&) const { return {"union", "", 0, 0, {}}; }
  ExplainNode operator()(const GraphPlan&) const { return {"graph", "", 0, 0, {}}; }
  ExplainNode operator()(const ExtendPlan& extend) const {
    std::string vars;
    for (Slot s : extend.slots)
      vars += (vars.empty() ? "?" : " ?") + ctx.vars.name(s);
    return {"bind", vars, 0, 0, {}};
  }
  ExplainNode operator()(const MinusPlan&) const { return {"minus", "", 0, 0, {}}; }
  ExplainNode operator()(const TablePlan& table) const {
    return {"values", std::to_string(table.rows.size()) + " rows", 0, 0, {}};
  }
  ExplainNode operator()(const GroupPlan& group) const {
    return {"group",
            std::to_string(group.keys.size()) + " keys, " +
                std::to_string(group.aggregates.size()) + " aggregates",
            0,
            0,
            {}};
  }
  ExplainNode operator()(const OrderPlan& order) const {
    return {"order", order.top_k ? "top " + std::to_string(*order.top_k) : "", 0, 0, {}};
  }
  ExplainNode operator()(const ProjectPlan& project) const {
    std::string vars;
    for (Slot s : project.vars)
      vars += (vars.empty() ? "?" : " ?") + ctx.vars.name(s);
    return {"project", vars, 0, 0, {}};
  }
  ExplainNode operator()(const DistinctPlan&) const { return {"distinct", "", 0, 0, {}}; }
  ExplainNode operator()(const ReducedPlan&) const { return {"reduced", "", 0, 0, {}}; }
  ExplainNode operator()(const SlicePlan& slice) const {
    std::string detail;
    if (slice.offset > 0) detail += "offset " + std::to_string(slice.offset);
    if (slice.limit)
      detail += (detail.empty() ? "" : " ") + std::string("limit ") + std::to_string(*slice.limit);
    return {"slice", detail, 0, 0, {}};
  }
  ExplainNode operator()(const ToMultiSetPlan&) const { return {"subquery", "", 0, 0, {}}; }
  ExplainNode operator()(const ServicePlan& service) const {
    std::string detail = "#" + std::to_string(service.id) + " ";
    detail += service.endpoint.is_var ? "?" + ctx.vars.name(service.endpoint.slot)
                                      : "<" + service.endpoint_iri + ">";
    if (service.silent) detail += " silent";
    if (!node.outcome.empty()) detail += " " + node.outcome;
    if (ctx.options.service_handler != nullptr) {
      std::string cost = ctx.options.service_handler->describe(service.id);
      if (!cost.empty()) detail += " " + cost;
    }
    return {"service", detail, 0, 0, {}};
  }
};

}  // namespace

ExplainNode explain_plan(const PlanNode& node, const Context& ctx) {
  ExplainNode out = std::visit(Describe{node, ctx}, node.payload);
  out.rows = node.rows_out;
  out.opens = node.opens;
  out.estimated = node.estimated_rows;
  for (const PlanPtr& child : node.children)
    out.children.push_back(explain_plan(*child, ctx));
  return out;
}

}  // namespace detail

namespace {

void write(const ExplainNode& node, int depth, std::string& out) {
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
  out += node.op;
  if (!node.detail.empty()) out += " (" + node.detail + ")";
  if (node.estimated) out += " estimated=" + std::to_string(*node.estimated);
  out += " rows=" + std::to_string(node.rows);
  if (node.opens > 1) out += " opened=" + std::to_string(node.opens);
  out += '\n';
  for (const ExplainNode& child : node.children)
    write(child, depth + 1, out);
}

}  // namespace

std::string explain_text(const ExplainNode& root) {
  std::string out;
  write(root, 0, out);
  return out;
}

}  // namespace sparqlmcp::engine
