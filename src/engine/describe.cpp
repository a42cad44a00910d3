// DESCRIBE (16.4): the form is implementation-defined; this one returns the concise bounded
// description of each resource: the triples with it as subject in the default graph and,
// recursively, those of the blank nodes among their objects.

#include <set>
#include <unordered_set>

#include "query_forms.hpp"

namespace sparqlmcp::engine::detail {

namespace {

bool hidden_name(const std::string& name) {
  return name.empty() || name[0] == '.' || name[0] == '?' || name.rfind("_:", 0) == 0;
}

}  // namespace

DescribeTargets prepare_describe(const sparql::ast::SelectQuery& query, const PlanNode& root,
                                 Context& ctx) {
  DescribeTargets out;
  if (query.describe_star) {
    for (Slot s : root.maybe)
      if (!hidden_name(ctx.vars.name(s))) out.slots.push_back(s);
  }
  for (const auto& t : query.describe_targets) {
    if (t.is_var) {
      out.slots.push_back(ctx.vars.slot(t.var));
    } else {
      out.ids.push_back(ctx.terms.intern(t.term));
    }
  }
  return out;
}

std::vector<rdf::Triple> run_describe(const DescribeTargets& targets, RowIterator& solutions,
                                      Context& ctx) {
  Held held(ctx, "DESCRIBE");
  std::vector<TermId> resources;
  std::unordered_set<TermId> queued;
  auto add = [&](TermId id) {
    if (id == kUnbound || QueryTerms::is_local(id)) return;
    if (ctx.terms.view(id).is_literal()) return;
    if (queued.insert(id).second) {
      held.add();
      resources.push_back(id);
    }
  };
  for (TermId id : targets.ids)
    add(id);
  if (!targets.slots.empty()) {
    Row row;
    while (solutions.next(row)) {
      ctx.tick();
      for (Slot s : targets.slots)
        add(row[s]);
    }
  }
  std::set<std::array<TermId, 3>> seen;
  std::vector<std::array<TermId, 3>> order;
  // `resources` grows while it is walked: blank-node objects are described too.
  for (std::size_t i = 0; i < resources.size(); ++i) {
    auto cursor = match_in(ctx, *ctx.default_scope, resources[i], kUnbound, kUnbound);
    IdQuad q;
    while (cursor->next(q)) {
      ctx.tick();
      std::array<TermId, 3> key{q.subject, q.predicate, q.object};
      if (!seen.insert(key).second) continue;
      held.add();
      order.push_back(key);
      if (ctx.terms.view(q.object).is_blank()) add(q.object);
    }
  }
  std::vector<rdf::Triple> out;
  out.reserve(order.size());
  for (const auto& k : order)
    out.push_back(rdf::Triple{ctx.terms.term(k[0]), ctx.terms.term(k[1]), ctx.terms.term(k[2])});
  return out;
}

}  // namespace sparqlmcp::engine::detail
