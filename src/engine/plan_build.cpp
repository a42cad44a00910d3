// Planning (once per query): walks the algebra, gives every variable a slot (blank nodes of
// patterns get hidden slots named "_:label": they are non-distinguished variables), resolves
// constants to ids, compiles expressions, computes the variables each operator certainly or
// maybe binds, and picks join strategies from them.

#include <algorithm>
#include <iterator>

#include "plan.hpp"
#include "service_eval.hpp"
#include "sparqlmcp/sparql/algebra_vars.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::engine::detail {

using sparql::Expr;
using sparql::VarOrTerm;
using sparql::algebra::BgpOp;
using sparql::algebra::ExtendOp;
using sparql::algebra::FilterOp;
using sparql::algebra::GraphOp;
using sparql::algebra::GroupOp;
using sparql::algebra::LeftJoinOp;
using sparql::algebra::Operator;
using sparql::algebra::OrderByOp;
using sparql::algebra::PathOp;
using sparql::algebra::ProjectOp;
using sparql::algebra::ServiceOp;
using sparql::algebra::SliceOp;
using sparql::algebra::TableOp;

SlotSet set_union(const SlotSet& a, const SlotSet& b) {
  SlotSet out;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

SlotSet set_intersection(const SlotSet& a, const SlotSet& b) {
  SlotSet out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

bool set_contains(const SlotSet& a, Slot s) {
  return std::binary_search(a.begin(), a.end(), s);
}

namespace {

void add_slot(SlotSet& set, Slot s) {
  auto it = std::lower_bound(set.begin(), set.end(), s);
  if (it == set.end() || *it != s) set.insert(it, s);
}

class Planner {
 public:
  explicit Planner(Context& ctx) : ctx_(ctx), probe_rows_(ctx.options.service_probe_rows) {}

  PlanPtr plan(const Operator& op);

 private:
  PatternTerm term(const VarOrTerm& v) {
    PatternTerm t;
    if (v.is_var) {
      t.is_var = true;
      t.slot = ctx_.vars.slot(v.var);
    } else if (v.term.is_blank()) {
      t.is_var = true;
      t.slot = ctx_.vars.slot("_:" + v.term.value);
    } else {
      t.id = constant(v.term);
    }
    return t;
  }

  // The id of a constant of a pattern or VALUES. Language tags are case-insensitive (RDF 1.1):
  // a tag the data spells otherwise ("en" for "EN", "en-US" for "en-us") finds its term.
  TermId constant(const rdf::Term& term) {
    if (term.is_literal() && !term.language.empty()) {
      const TermDictionary& dictionary = ctx_.data.dictionary();
      TermView view = TermView::of(term);
      if (dictionary.find(view) == kUnbound) {
        std::string lower = util::ascii_lowercase(term.language);
        // BCP 47 case: language lower, 2-letter region upper, 4-letter script title case.
        std::string bcp47 = lower;
        for (std::size_t start = lower.find('-'); start != std::string::npos;) {
          std::size_t end = lower.find('-', start + 1);
          std::size_t len = (end == std::string::npos ? lower.size() : end) - start - 1;
          if (len == 2) {
            bcp47[start + 1] = util::ascii_upper(bcp47[start + 1]);
            bcp47[start + 2] = util::ascii_upper(bcp47[start + 2]);
          } else if (len == 4) {
            bcp47[start + 1] = util::ascii_upper(bcp47[start + 1]);
          }
          start = end;
        }
        for (const std::string* tag : {&lower, &bcp47}) {
          view.language = *tag;
          if (TermId id = dictionary.find(view); id != kUnbound) return id;
        }
      }
    }
    return ctx_.terms.intern(term);
  }

  void plan_exists(const Expr& e) {
    if ((e.kind == Expr::Kind::Exists || e.kind == Expr::Kind::NotExists) && e.op &&
        !ctx_.exists_plans.count(e.op.get())) {
      bool saved = first_rows_;
      first_rows_ = true;
      PlanPtr p = plan(*e.op);
      first_rows_ = saved;
      ctx_.exists_plans.emplace(e.op.get(), std::move(p));
    }
    for (const auto& a : e.args)
      plan_exists(a);
  }

  CompiledExpression compile(const Expr& e) {
    plan_exists(e);
    return CompiledExpression::compile(e, ctx_.vars, ctx_.terms);
  }

  PathNode compile_path(const sparql::Path& p) {
    using Kind = sparql::Path::Kind;
    PathNode n;
    n.kind = p.kind;
    if (p.kind == Kind::Link) n.iri = ctx_.terms.intern(rdf::Term::iri(p.iri));
    if (p.kind == Kind::Negated) {
      for (const auto& el : p.args) {
        if (el.kind == Kind::Inverse) {
          n.has_inverse = true;
          n.inverse.push_back(ctx_.terms.intern(rdf::Term::iri(el.args[0].iri)));
        } else {
          n.has_forward = true;
          n.forward.push_back(ctx_.terms.intern(rdf::Term::iri(el.iri)));
        }
      }
      return n;
    }
    for (const auto& a : p.args)
      n.args.push_back(compile_path(a));
    return n;
  }

  // For operators that pass their child's rows through (or a subset of them).
  static void same_vars(PlanNode& node, const PlanNode& child) {
    node.certain = child.certain;
    node.maybe = child.maybe;
  }

  void add_var(PlanNode& node, const PatternTerm& t) {
    if (!t.is_var) return;
    add_slot(node.certain, t.slot);
    add_slot(node.maybe, t.slot);
  }

  // FILTER(?v = c) or FILTER(sameTerm(?v, c)) where c is an IRI or a simple string (whose
  // '=' is sameTerm) and ?v is bound in every row of `child`: the same as seeding ?v = c.
  std::optional<std::pair<Slot, TermId>> equality_binding(const Expr& e, const PlanNode& child) {
    if (e.kind != Expr::Kind::Call || (e.name != "=" && e.name != "sameterm") || e.args.size() != 2)
      return std::nullopt;
    const Expr* var = &e.args[0];
    const Expr* value = &e.args[1];
    if (var->kind != Expr::Kind::Var) std::swap(var, value);
    if (var->kind != Expr::Kind::Var || value->kind != Expr::Kind::Constant) return std::nullopt;
    const rdf::Term& t = value->term;
    bool simple_string = t.is_literal() && t.datatype.empty() && t.language.empty();
    if (!t.is_iri() && !simple_string) return std::nullopt;
    auto slot = ctx_.vars.find(var->name);
    if (!slot || !set_contains(child.certain, *slot)) return std::nullopt;
    return std::make_pair(*slot, ctx_.terms.intern(t));
  }

  // Whether `e` depends only on its variables' values (no EXISTS, which reads the graph), and
  // which variables those are.
  bool pushable(const Expr& e, SlotSet& vars) {
    if (e.kind == Expr::Kind::Exists || e.kind == Expr::Kind::NotExists ||
        e.kind == Expr::Kind::Aggregate)
      return false;
    if (e.kind == Expr::Kind::Var) add_slot(vars, ctx_.vars.slot(e.name));
    for (const auto& a : e.args)
      if (!pushable(a, vars)) return false;
    return true;
  }

  static bool holds_service(const Operator& op) {
    return op.is<ServiceOp>() || std::any_of(op.children.begin(), op.children.end(),
                                             [](const Operator& c) { return holds_service(c); });
  }

  // The EXISTS / NOT EXISTS patterns in `e` that hold a SERVICE.
  static void remote_exists(const Expr& e, std::vector<const Operator*>& out) {
    if ((e.kind == Expr::Kind::Exists || e.kind == Expr::Kind::NotExists) && e.op &&
        holds_service(*e.op))
      out.push_back(e.op.get());
    for (const Expr& a : e.args)
      remote_exists(a, out);
  }

  static bool is_open_path(const PlanNode& n) {
    const auto* path = n.as<PathPlan>();
    return path && path->subject.is_var && path->object.is_var;
  }

  // The strategy of a join (or, with `left_join`, an OPTIONAL, which never swaps) of l and r.
  JoinPlan choose_join(const PlanNode& l, const PlanNode& r, bool left_join) const {
    JoinPlan join;
    bool shared = !set_intersection(l.maybe, r.maybe).empty();
    join.key = set_intersection(l.certain, r.certain);
    if (r.seedable && (shared || left_join)) {
      join.strategy = JoinStrategy::BindPass;
      // An unbounded path on the left is cheaper evaluated from the right side's rows.
      join.swap = !left_join && is_open_path(l) && r.as<BgpPlan>();
      if (left_join && !shared) join.strategy = JoinStrategy::NestedLoop;
    } else if (!left_join && l.seedable && shared) {
      join.strategy = JoinStrategy::BindPass;
      join.swap = true;
    } else {
      join.strategy = join.key.empty() ? JoinStrategy::NestedLoop : JoinStrategy::Hash;
    }
    if (join.strategy == JoinStrategy::BindPass) {
      // An inner side with SERVICE is never opened per outer row (one request per row): its
      // requests take blocks of outer rows, or, when the outer side is remote as well, it is
      // first fetched alone beside it (see JoinStrategy).
      const PlanNode& inner = join.swap ? l : r;
      const PlanNode& outer = join.swap ? r : l;
      if (inner.has_service) {
        // An inner side estimated beyond what the probe may read would not be hashed: bind at
        // once, without the probe's request.
        const bool too_large =
            inner.estimated_rows && probe_rows_ > 0 && *inner.estimated_rows > probe_rows_;
        join.strategy = outer.has_service && probeable(inner) && !too_large
                            ? JoinStrategy::Adaptive
                            : JoinStrategy::BatchBind;
      }
    }
    return join;
  }

  Context& ctx_;
  std::uint64_t probe_rows_;  // the adaptive join's probe limit (0: none)
  // Whether the operator being planned is read only until some first rows (under a LIMIT,
  // ASK or EXISTS) rather than to the end.
  bool first_rows_ = false;

 public:
  void set_first_rows(bool value) { first_rows_ = value; }
};

PlanPtr Planner::plan(const Operator& op) {
  auto node = std::make_unique<PlanNode>();
  bool saved_first_rows = first_rows_;
  if (op.kind() == OpKind::Group || op.kind() == OpKind::OrderBy) first_rows_ = false;
  if (const auto* slice = op.get_if<SliceOp>(); slice && slice->limit) first_rows_ = true;
  auto child = [&](std::size_t i) -> PlanNode& {
    while (node->children.size() <= i)
      node->children.push_back(plan(op.children[node->children.size()]));
    return *node->children[i];
  };
  switch (op.kind()) {
    case OpKind::Bgp: {
      auto& bgp = node->payload.emplace<BgpPlan>();
      bgp.first_rows = first_rows_;
      for (const auto& t : op.as<BgpOp>().triples) {
        IdTriple it{term(t.subject), term(t.predicate), term(t.object)};
        add_var(*node, it.s);
        add_var(*node, it.p);
        add_var(*node, it.o);
        bgp.triples.push_back(it);
      }
      node->seedable = true;
      break;
    }
    case OpKind::Path: {
      const auto& p = op.as<PathOp>();
      auto& path = node->payload.emplace<PathPlan>();
      path.subject = term(p.subject);
      path.object = term(p.object);
      path.path = compile_path(p.path);
      add_var(*node, path.subject);
      add_var(*node, path.object);
      node->seedable = true;
      break;
    }
    case OpKind::Join: {
      PlanNode& l = child(0);
      PlanNode& r = child(1);
      node->certain = set_union(l.certain, r.certain);
      node->maybe = set_union(l.maybe, r.maybe);
      node->seedable = l.seedable && r.seedable;
      node->payload = choose_join(l, r, false);
      break;
    }
    case OpKind::LeftJoin: {
      PlanNode& l = child(0);
      PlanNode& r = child(1);
      node->certain = l.certain;
      node->maybe = set_union(l.maybe, r.maybe);
      JoinPlan join = choose_join(l, r, true);
      auto& left_join = node->payload.emplace<LeftJoinPlan>();
      left_join.strategy = join.strategy;
      left_join.key = std::move(join.key);
      for (const auto& e : op.as<LeftJoinOp>().exprs)
        left_join.exprs.push_back(compile(e));
      break;
    }
    case OpKind::Filter: {
      PlanNode& c = child(0);
      node->certain = c.certain;
      node->maybe = c.maybe;
      auto& filter = node->payload.emplace<FilterPlan>();
      for (const auto& e : op.as<FilterOp>().exprs) {
        if (c.seedable) {
          if (auto binding = equality_binding(e, c)) {
            filter.seed_bindings.push_back(*binding);
            continue;
          }
        }
        if (auto* bgp = c.as<BgpPlan>()) {
          SlotSet vars;
          if (pushable(e, vars) && !vars.empty() &&
              std::includes(c.certain.begin(), c.certain.end(), vars.begin(), vars.end())) {
            bgp->early_filters.push_back({std::move(vars), compile(e)});
            continue;
          }
        }
        filter.exprs.push_back(compile(e));
        remote_exists(e, filter.remote_exists);
      }
      break;
    }
    case OpKind::Union: {
      PlanNode& l = child(0);
      PlanNode& r = child(1);
      node->certain = set_intersection(l.certain, r.certain);
      node->maybe = set_union(l.maybe, r.maybe);
      node->seedable = l.seedable && r.seedable;
      node->payload.emplace<UnionPlan>();
      break;
    }
    case OpKind::Graph: {
      PlanNode& c = child(0);
      auto& graph = node->payload.emplace<GraphPlan>();
      graph.graph = term(op.as<GraphOp>().name);
      node->certain = c.certain;
      node->maybe = c.maybe;
      add_var(*node, graph.graph);
      node->seedable = c.seedable;
      break;
    }
    case OpKind::Extend: {
      const auto& bind = op.as<ExtendOp>();
      PlanPtr c = plan(op.operand());
      Slot slot = ctx_.vars.slot(bind.var);
      CompiledExpression e = compile(bind.expr);
      // BIND chains (and SELECT expressions) become one operator, so one solution is one
      // row_serial for BNODE().
      if (c->as<ExtendPlan>()) {
        node = std::move(c);
      } else {
        node->certain = c->certain;
        node->maybe = c->maybe;
        node->seedable = c->seedable;
        node->children.push_back(std::move(c));
        node->payload.emplace<ExtendPlan>();
      }
      // Seeding equals joining when the expression reads only variables the pattern always
      // binds (a seed cannot change their values) and no EXISTS: then BIND does not block
      // binding passing. A seed that binds the target too is checked as a join would.
      SlotSet read;
      const SlotSet& bound = node->children[0]->certain;
      node->seedable = node->seedable && pushable(bind.expr, read) &&
                       std::includes(bound.begin(), bound.end(), read.begin(), read.end());
      auto& extend = std::get<ExtendPlan>(node->payload);
      extend.slots.push_back(slot);
      extend.exprs.push_back(std::move(e));
      add_slot(node->maybe, slot);
      break;
    }
    case OpKind::Minus: {
      PlanNode& l = child(0);
      PlanNode& r = child(1);
      node->certain = l.certain;
      node->maybe = l.maybe;
      node->payload = MinusPlan{set_intersection(l.certain, r.certain)};
      break;
    }
    case OpKind::Table: {
      const auto& values = op.as<TableOp>();
      auto& table = node->payload.emplace<TablePlan>();
      for (const auto& v : values.vars) {
        Slot s = ctx_.vars.slot(v);
        table.vars.push_back(s);
        add_slot(node->maybe, s);
      }
      for (std::size_t i = 0; i < values.vars.size(); ++i) {
        bool always = true;
        for (const auto& row : values.rows)
          if (i >= row.size() || !row[i]) always = false;
        if (always) add_slot(node->certain, table.vars[i]);
      }
      for (const auto& row : values.rows) {
        std::vector<TermId> ids;
        for (std::size_t i = 0; i < values.vars.size(); ++i)
          ids.push_back(i < row.size() && row[i] ? constant(*row[i]) : kUnbound);
        table.rows.push_back(std::move(ids));
      }
      node->seedable = true;
      break;
    }
    case OpKind::Service: {
      const auto& remote = op.as<ServiceOp>();
      auto& service = node->payload.emplace<ServicePlan>();
      service.pattern = &op.operand();
      service.endpoint = term(remote.name);
      if (!remote.name.is_var) service.endpoint_iri = remote.name.term.value;
      service.silent = remote.silent;
      service.id = ++ctx_.services_planned;
      node->estimated_rows = remote.estimated_rows;
      sparql::algebra::BoundVars vars = sparql::algebra::bound_vars(op.children[0]);
      for (const std::string& v : vars.maybe) {
        Slot slot = ctx_.vars.slot(v);
        service.names.push_back(v);
        service.slots.push_back(slot);
        add_slot(node->maybe, slot);
      }
      // A SILENT failure answers the empty solution: nothing is bound for certain.
      if (!remote.silent) {
        for (const std::string& v : vars.certain)
          add_slot(node->certain, ctx_.vars.slot(v));
      }
      add_var(*node, service.endpoint);
      node->seedable = true;
      break;
    }
    case OpKind::Group: {
      child(0);
      const auto& grouping = op.as<GroupOp>();
      auto& group = node->payload.emplace<GroupPlan>();
      for (const auto& [var, e] : grouping.keys) {
        GroupKey key;
        if (!var.empty()) {
          key.out = ctx_.vars.slot(var);
        } else if (e.kind == Expr::Kind::Var) {
          key.out = ctx_.vars.slot(e.name);
        }
        key.expr = compile(e);
        if (key.out) add_slot(node->maybe, *key.out);
        group.keys.push_back(std::move(key));
      }
      for (const auto& [var, e] : grouping.aggregates) {
        plan_exists(e);
        Slot s = ctx_.vars.slot(var);
        group.aggregates.emplace_back(s, AggregateFactory::compile(e, ctx_.vars, ctx_.terms));
        add_slot(node->maybe, s);
      }
      break;
    }
    case OpKind::OrderBy: {
      PlanNode& c = child(0);
      node->certain = c.certain;
      node->maybe = c.maybe;
      auto& order = node->payload.emplace<OrderPlan>();
      for (const auto& [e, descending] : op.as<OrderByOp>().order)
        order.order.emplace_back(compile(e), descending);
      break;
    }
    case OpKind::Project: {
      PlanNode& c = child(0);
      auto& project = node->payload.emplace<ProjectPlan>();
      SlotSet kept;
      for (const auto& v : op.as<ProjectOp>().vars) {
        Slot s = ctx_.vars.slot(v);
        project.vars.push_back(s);
        add_slot(kept, s);
      }
      node->certain = set_intersection(c.certain, kept);
      node->maybe = set_intersection(c.maybe, kept);
      break;
    }
    case OpKind::Distinct:
      same_vars(*node, child(0));
      node->payload.emplace<DistinctPlan>();
      break;
    case OpKind::Reduced:
      same_vars(*node, child(0));
      node->payload.emplace<ReducedPlan>();
      break;
    case OpKind::ToMultiSet:
      same_vars(*node, child(0));
      node->payload.emplace<ToMultiSetPlan>();
      break;
    case OpKind::Slice: {
      PlanNode& c = child(0);
      same_vars(*node, c);
      auto& slice = node->payload.emplace<SlicePlan>();
      const auto& range = op.as<SliceOp>();
      slice.offset = range.offset.value_or(0);
      slice.limit = range.limit;
      PlanNode* below = &c;
      if (below->as<ProjectPlan>()) below = below->children[0].get();
      // Huge limits (LIMIT 9223372036854775807) sort everything; no overflow.
      auto* order = below->as<OrderPlan>();
      if (order && slice.limit && slice.offset < (1u << 30) && *slice.limit < (1u << 30))
        order->top_k = slice.offset + *slice.limit;
      break;
    }
  }
  first_rows_ = saved_first_rows;
  node->has_service = node->as<ServicePlan>() != nullptr ||
                      std::any_of(node->children.begin(), node->children.end(),
                                  [](const PlanPtr& c) { return c->has_service; });
  // Estimates carry through what neither adds nor multiplies rows; a union adds its branches'.
  if (node->as<UnionPlan>()) {
    std::uint64_t sum = 0;
    bool all = !node->children.empty();
    for (const PlanPtr& c : node->children) {
      all = all && c->estimated_rows.has_value();
      if (all) sum += *c->estimated_rows;
    }
    if (all) node->estimated_rows = sum;
  } else if ((node->as<DistinctPlan>() || node->as<ProjectPlan>() || node->as<ToMultiSetPlan>() ||
              node->as<ReducedPlan>()) &&
             !node->children.empty()) {
    node->estimated_rows = node->children[0]->estimated_rows;
  }
  return node;
}

}  // namespace

Context::~Context() = default;

PlanPtr build_plan(const Operator& op, Context& ctx, bool first_rows) {
  Planner planner(ctx);
  planner.set_first_rows(first_rows);
  return planner.plan(op);
}

namespace {

// Explain: counts the rows an operator yields.
class CountingIterator final : public RowIterator {
 public:
  CountingIterator(IteratorPtr inner, const PlanNode& node)
      : inner_(std::move(inner)), node_(node) {}
  bool next(Row& row) override {
    if (!inner_->next(row)) return false;
    ++node_.rows_out;
    return true;
  }

 private:
  IteratorPtr inner_;
  const PlanNode& node_;
};

}  // namespace

IteratorPtr open(const PlanNode& plan, const Row& seed, const GraphScope& scope, Context& ctx) {
  IteratorPtr it = std::visit(
      [&](const auto& payload) { return open_operator(plan, payload, seed, scope, ctx); },
      plan.payload);
  if (!ctx.options.explain) return it;
  ++plan.opens;
  return std::make_unique<CountingIterator>(std::move(it), plan);
}

}  // namespace sparqlmcp::engine::detail
