// Property paths (18.4 and the path semantics of 18.5): links, inverses, sequences and
// alternatives with bag semantics; ZeroOrOne, ZeroOrMore and OneOrMore with the set semantics
// of the final SPARQL 1.1 (each reachable node once, the ALP procedure); negated property
// sets. Closures keep a visited set, so cycles terminate; visited nodes count as rows held.
//
// pairs() enumerates the (start, end) pairs of a path given either end bound (or neither);
// it works from the bound end. A Path operator computes the pairs of one opening (one seed)
// and then streams them.

#include <algorithm>
#include <functional>
#include <map>
#include <unordered_set>
#include <utility>

#include "plan.hpp"

namespace sparqlmcp::engine::detail {

namespace {

using Kind = sparql::Path::Kind;
using Emit = std::function<void(TermId, TermId)>;
using Adjacency = std::vector<std::pair<TermId, TermId>>;

// Index searches a closure makes before it reads its step's edges whole.
constexpr std::size_t kLookupsBeforeScan = 2048;

class PathEvaluator {
 public:
  PathEvaluator(Context& ctx, const GraphSet& graphs) : ctx_(ctx), graphs_(graphs) {}

  // A constant end of the path: it matches itself with zero steps even when the graph lacks
  // it (18.4). A value that came from a variable (a seed) is not a constant: it joins with the
  // path's own solutions, whose zero-length pairs are nodes of the graph.
  void add_constant(TermId id) { constants_.push_back(id); }

  // Where a closure with both ends unbound can start: every node for the zero-length kinds,
  // the subjects of its first step for OneOrMore.
  std::vector<TermId> starts(const PathNode& p, Held& held) {
    if (p.kind != Kind::OneOrMore) return all_nodes(held);
    std::unordered_set<TermId> seen;
    std::vector<TermId> nodes;
    pairs(p.args[0], kUnbound, kUnbound, [&](TermId a, TermId) {
      if (seen.insert(a).second) {
        held.add();
        nodes.push_back(a);
      }
    });
    return nodes;
  }

  void pairs(const PathNode& p, TermId s, TermId o, const Emit& emit) {
    switch (p.kind) {
      case Kind::Link: {
        if (p.iri == kUnbound) return;
        auto cursor = match_in(ctx_, graphs_, s, p.iri, o);
        IdQuad q;
        while (cursor->next(q)) {
          ctx_.tick();
          emit(q.subject, q.object);
        }
        return;
      }
      case Kind::Inverse:
        pairs(p.args[0], o, s, [&](TermId a, TermId b) { emit(b, a); });
        return;
      case Kind::Sequence:
        sequence(p, 0, s, o, emit);
        return;
      case Kind::Alternative:
        for (const auto& a : p.args)
          pairs(a, s, o, emit);
        return;
      case Kind::Negated:
        negated(p, s, o, emit);
        return;
      case Kind::ZeroOrOne:
      case Kind::ZeroOrMore:
      case Kind::OneOrMore:
        closure(p, s, o, emit);
        return;
    }
  }

 private:
  // args[i..] as one path, evaluated from the bound end.
  void sequence(const PathNode& p, std::size_t i, TermId s, TermId o, const Emit& emit) {
    if (i + 1 == p.args.size()) {
      pairs(p.args[i], s, o, emit);
      return;
    }
    if (s == kUnbound && o != kUnbound) {
      // From the object end: the rest first, then args[i] towards each middle node.
      sequence(p, i + 1, kUnbound, o, [&](TermId mid, TermId end) {
        pairs(p.args[i], s, mid, [&](TermId start, TermId) { emit(start, end); });
      });
      return;
    }
    pairs(p.args[i], s, kUnbound, [&](TermId start, TermId mid) {
      sequence(p, i + 1, mid, o, [&](TermId, TermId end) { emit(start, end); });
    });
  }

  static bool excluded(const std::vector<TermId>& set, TermId p) {
    for (TermId x : set)
      if (x == p) return true;
    return false;
  }

  // !(a|b|^c|^d): forward triples whose predicate is not a or b, plus inverse triples whose
  // predicate is not c or d.
  void negated(const PathNode& p, TermId s, TermId o, const Emit& emit) {
    IdQuad q;
    if (p.has_forward) {
      auto cursor = match_in(ctx_, graphs_, s, kUnbound, o);
      while (cursor->next(q)) {
        ctx_.tick();
        if (!excluded(p.forward, q.predicate)) emit(q.subject, q.object);
      }
    }
    if (p.has_inverse) {
      auto cursor = match_in(ctx_, graphs_, o, kUnbound, s);
      while (cursor->next(q)) {
        ctx_.tick();
        if (!excluded(p.inverse, q.predicate)) emit(q.object, q.subject);
      }
    }
  }

  // Every node of the active graph (subjects and objects), for zero-length paths with both
  // ends unbound.
  std::vector<TermId> all_nodes(Held& held) {
    std::unordered_set<TermId> seen;
    std::vector<TermId> nodes;
    auto cursor = match_in(ctx_, graphs_, kUnbound, kUnbound, kUnbound);
    IdQuad q;
    while (cursor->next(q)) {
      ctx_.tick();
      for (TermId n : {q.subject, q.object})
        if (seen.insert(n).second) {
          held.add();
          nodes.push_back(n);
        }
    }
    return nodes;
  }

  bool zero_ok(TermId node) {
    for (TermId c : constants_)
      if (c == node) return true;
    IdQuad q;
    return match_in(ctx_, graphs_, node, kUnbound, kUnbound)->next(q) ||
           match_in(ctx_, graphs_, kUnbound, kUnbound, node)->next(q);
  }

  // The nodes reachable from `start` (forward) or reaching it (backward), each once;
  // with `zero`, start itself is included.
  void reach(const PathNode& inner, TermId start, bool forward, bool zero, TermId target,
             const std::function<void(TermId)>& found) {
    Held held(ctx_, "a property path closure");
    std::unordered_set<TermId> visited;
    std::vector<TermId> frontier{start};
    if (zero && zero_ok(start)) {
      visited.insert(start);
      held.add();
      found(start);
      if (start == target) return;
    }
    bool stop = false;
    std::size_t expanded = 0;
    const Adjacency* in_memory = nullptr;
    while (!frontier.empty() && !stop) {
      TermId node = frontier.back();
      frontier.pop_back();
      auto step = [&](TermId next) {
        if (stop || !visited.insert(next).second) return;
        held.add();
        found(next);
        if (next == target) stop = true;
        frontier.push_back(next);
      };
      // A closure that keeps growing reads its step's edges once instead of searching the
      // index per node.
      if (!in_memory && ++expanded > kLookupsBeforeScan && simple(inner))
        in_memory = &adjacency(inner, forward);
      if (in_memory) {
        auto range =
            std::equal_range(in_memory->begin(), in_memory->end(), std::make_pair(node, TermId{0}),
                             [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto it = range.first; it != range.second && !stop; ++it) {
          ctx_.tick();
          step(it->second);
        }
        continue;
      }
      if (forward) {
        pairs(inner, node, kUnbound, [&](TermId, TermId b) { step(b); });
      } else {
        pairs(inner, kUnbound, node, [&](TermId a, TermId) { step(a); });
      }
    }
  }

  void closure(const PathNode& p, TermId s, TermId o, const Emit& emit) {
    const PathNode& inner = p.args[0];
    bool zero = p.kind != Kind::OneOrMore;
    if (p.kind == Kind::ZeroOrOne) {
      zero_or_one(inner, s, o, emit);
      return;
    }
    if (s != kUnbound) {
      reach(inner, s, true, zero, o, [&](TermId end) {
        if (o == kUnbound || end == o) emit(s, end);
      });
    } else if (o != kUnbound) {
      reach(inner, o, false, zero, kUnbound, [&](TermId start) { emit(start, o); });
    } else {
      Held held(ctx_, "a property path closure");
      for (TermId n : all_nodes(held))
        reach(inner, n, true, zero, kUnbound, [&](TermId end) { emit(n, end); });
    }
  }

  void zero_or_one(const PathNode& inner, TermId s, TermId o, const Emit& emit) {
    Held held(ctx_, "a property path");
    if (s != kUnbound || o != kUnbound) {
      bool from_start = s != kUnbound;
      TermId anchor = from_start ? s : o;
      std::unordered_set<TermId> seen;
      auto found = [&](TermId other) {
        if (from_start && o != kUnbound && other != o) return;
        if (!seen.insert(other).second) return;
        held.add();
        from_start ? emit(s, other) : emit(other, o);
      };
      if (zero_ok(anchor)) found(anchor);
      if (from_start) {
        pairs(inner, s, o, [&](TermId, TermId b) { found(b); });
      } else {
        pairs(inner, kUnbound, o, [&](TermId a, TermId) { found(a); });
      }
      return;
    }
    std::unordered_set<std::uint64_t> seen;
    auto found = [&](TermId a, TermId b) {
      if (!seen.insert((std::uint64_t{a} << 32) | b).second) return;
      held.add();
      emit(a, b);
    };
    for (TermId n : all_nodes(held))
      found(n, n);
    pairs(inner, kUnbound, kUnbound, found);
  }

  // Paths whose pairs are at most the graph's triples: they may be read whole.
  static bool simple(const PathNode& p) {
    switch (p.kind) {
      case Kind::Link:
      case Kind::Negated:
        return true;
      case Kind::Inverse:
        return simple(p.args[0]);
      case Kind::Alternative:
        for (const auto& a : p.args)
          if (!simple(a)) return false;
        return true;
      default:
        return false;
    }
  }

  // The pairs of `p` as (from, to) edges in the direction of the walk, sorted by `from`; read
  // once per evaluator and direction.
  const Adjacency& adjacency(const PathNode& p, bool forward) {
    auto [it, added] = adjacency_.try_emplace(std::make_pair(&p, forward));
    if (added) {
      Adjacency& edges = it->second;
      pairs(p, kUnbound, kUnbound, [&](TermId a, TermId b) {
        adjacency_held_.add();
        edges.emplace_back(forward ? a : b, forward ? b : a);
      });
      std::sort(edges.begin(), edges.end());
    }
    return it->second;
  }

  Context& ctx_;
  const GraphSet& graphs_;
  std::vector<TermId> constants_;
  std::map<std::pair<const PathNode*, bool>, Adjacency> adjacency_;
  Held adjacency_held_{ctx_, "a property path closure"};
};

// Computes the pairs of one opening. A closure with both ends unbound is computed one start
// node at a time, so a LIMIT above stops it early and only one start's pairs are held.
class PathIterator final : public RowIterator {
 public:
  PathIterator(const PathPlan& plan, const Row& seed, GraphScope scope, Context& ctx)
      : plan_(plan),
        seed_(seed),
        scope_(std::move(scope)),
        ctx_(ctx),
        eval_(ctx, *scope_),
        held_(ctx, "a property path"),
        starts_held_(ctx, "a property path") {
    TermId s = value_of(plan.subject, seed);
    TermId o = value_of(plan.object, seed);
    same_ = plan.subject.is_var && plan.object.is_var && plan.subject.slot == plan.object.slot;
    if (!plan.subject.is_var) eval_.add_constant(s);
    if (!plan.object.is_var) eval_.add_constant(o);
    auto kind = plan.path.kind;
    if (s == kUnbound && o == kUnbound &&
        (kind == Kind::OneOrMore || kind == Kind::ZeroOrMore || kind == Kind::ZeroOrOne)) {
      by_start_ = true;
      starts_ = eval_.starts(plan.path, starts_held_);
      return;
    }
    compute(s, o);
  }

  bool next(Row& out) override {
    while (pos_ >= results_.size()) {
      if (!by_start_ || next_start_ >= starts_.size()) return false;
      results_.clear();
      held_.clear();
      pos_ = 0;
      TermId start = starts_[next_start_++];
      compute(start, same_ ? start : kUnbound);
    }
    auto [a, b] = results_[pos_++];
    out = seed_;
    if (plan_.subject.is_var) out[plan_.subject.slot] = a;
    if (plan_.object.is_var) out[plan_.object.slot] = b;
    return true;
  }

 private:
  void compute(TermId s, TermId o) {
    eval_.pairs(plan_.path, s, o, [&](TermId a, TermId b) {
      if (same_ && a != b) return;
      held_.add();
      results_.emplace_back(a, b);
    });
  }

  const PathPlan& plan_;
  Row seed_;
  GraphScope scope_;
  Context& ctx_;
  PathEvaluator eval_;
  Held held_;
  Held starts_held_;
  bool same_ = false;
  bool by_start_ = false;
  std::vector<TermId> starts_;
  std::size_t next_start_ = 0;
  std::vector<std::pair<TermId, TermId>> results_;
  std::size_t pos_ = 0;
};

}  // namespace

IteratorPtr open_operator(const PlanNode&, const PathPlan& path, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<PathIterator>(path, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
