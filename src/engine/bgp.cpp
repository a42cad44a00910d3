// Basic graph patterns: triple patterns ordered by the dataset's estimates (bound variables
// propagated: a pattern connected to what is already bound comes before a cross product),
// then evaluated by index nested loops, each pattern's cursor opened with the positions the
// current row binds.

#include <algorithm>
#include <array>
#include <limits>

#include "plan.hpp"

namespace sparqlmcp::engine::detail {

namespace {

// Cost of a pattern whose constants and seeded values are known and whose other bound
// variables (by earlier patterns) are not: each such position divides the estimate. A
// pattern with neither end bound is a scan of its predicate: it only goes first when it is
// far smaller than any pattern with a bound end.
std::size_t pattern_cost(const IdTriple& t, const Row& seed, const std::vector<bool>& bound,
                         const GraphSet& graphs, const Context& ctx) {
  const PatternTerm* pos[3] = {&t.s, &t.p, &t.o};
  TermId ids[3];
  std::size_t divisor = 1;
  bool end_bound = false;
  for (int i = 0; i < 3; ++i) {
    ids[i] = value_of(*pos[i], seed);
    bool by_join = pos[i]->is_var && ids[i] == kUnbound && bound[pos[i]->slot];
    if (by_join) divisor *= (i == 1 ? 2 : 50);
    if (i != 1 && (ids[i] != kUnbound || by_join)) end_bound = true;
  }
  std::size_t est = estimate_in(ctx, graphs, ids[0], ids[1], ids[2]);
  if (est == 0) return 0;
  std::size_t cost = est / divisor + 1;
  return end_bound ? cost : cost * 100;
}

// Largest pattern a hash join reads into memory.
constexpr std::size_t kMaxHashed = 5'000'000;

bool shares_bound(const IdTriple& t, const std::vector<bool>& bound) {
  for (const PatternTerm* p : {&t.s, &t.p, &t.o})
    if (p->is_var && bound[p->slot]) return true;
  return false;
}

BgpPlan::Order choose_order(const PlanNode& plan, const BgpPlan& bgp, const Row& seed,
                            const GraphSet& graphs, const Context& ctx) {
  std::vector<bool> bound(seed.size(), false);
  for (std::size_t i = 0; i < seed.size(); ++i)
    bound[i] = seed[i] != kUnbound;
  BgpPlan::Order order;
  std::size_t first_size = 0;
  // A seeded BGP is opened once per row of something else (binding passing, EXISTS): a hash
  // table would be rebuilt every time.
  bool seeded = false;
  for (Slot s : plan.maybe)
    seeded = seeded || seed[s] != kUnbound;
  std::vector<bool> used(bgp.triples.size(), false);
  std::vector<bool> placed(bgp.early_filters.size(), false);
  for (std::size_t step = 0; step < bgp.triples.size(); ++step) {
    std::size_t best = 0;
    std::size_t best_cost = std::numeric_limits<std::size_t>::max();
    bool best_connected = false;
    for (std::size_t i = 0; i < bgp.triples.size(); ++i) {
      if (used[i]) continue;
      const IdTriple& t = bgp.triples[i];
      // Joined to what is bound (or nothing is bound yet): no cross product.
      bool connected = shares_bound(t, bound) || (!t.s.is_var && !t.o.is_var);
      std::size_t cost = pattern_cost(t, seed, bound, graphs, ctx);
      if ((connected && !best_connected) || (connected == best_connected && cost < best_cost)) {
        best = i;
        best_cost = cost;
        best_connected = connected;
      }
    }
    used[best] = true;
    order.patterns.push_back(best);
    const IdTriple& t = bgp.triples[best];
    // A pattern no larger than the first one is cheaper scanned once and hashed on the
    // variables earlier patterns bind than looked up once per row (each look-up is an index
    // search; the first pattern yields at least as many rows as it has triples).
    std::uint8_t keys = 0;
    const PatternTerm* pos[3] = {&t.s, &t.p, &t.o};
    TermId ids[3];
    for (int i = 0; i < 3; ++i) {
      ids[i] = value_of(*pos[i], seed);
      if (pos[i]->is_var && ids[i] == kUnbound && bound[pos[i]->slot])
        keys = static_cast<std::uint8_t>(keys | (1u << i));
    }
    std::size_t alone = estimate_in(ctx, graphs, ids[0], ids[1], ids[2]);
    if (step == 0) first_size = alone;
    bool hash = step > 0 && keys != 0 && !bgp.first_rows && !seeded && alone <= first_size &&
                alone <= kMaxHashed;
    order.hash_keys.push_back(hash ? keys : 0);
    for (const PatternTerm* p : {&t.s, &t.p, &t.o})
      if (p->is_var) bound[p->slot] = true;
    order.filters.emplace_back();
    for (std::size_t f = 0; f < bgp.early_filters.size(); ++f) {
      if (placed[f]) continue;
      bool ready = true;
      for (Slot s : bgp.early_filters[f].vars)
        ready = ready && bound[s];
      if (ready) {
        placed[f] = true;
        order.filters.back().push_back(f);
      }
    }
  }
  return order;
}

class BgpIterator final : public RowIterator {
 public:
  BgpIterator(const PlanNode& plan, const BgpPlan& bgp, const Row& seed, GraphScope scope,
              Context& ctx)
      : ctx_(ctx), scope_(std::move(scope)), seed_(seed), held_(ctx, "a hash join in a BGP") {
    std::vector<bool> key;
    for (Slot s : plan.maybe)
      key.push_back(seed[s] != kUnbound);
    auto it = bgp.orders.find(key);
    if (it == bgp.orders.end())
      it = bgp.orders.emplace(key, choose_order(plan, bgp, seed, *scope_, ctx)).first;
    const BgpPlan::Order& order = it->second;
    for (std::size_t i = 0; i < order.patterns.size(); ++i) {
      Level level;
      level.triple = &bgp.triples[order.patterns[i]];
      level.hash_keys = order.hash_keys[i];
      for (std::size_t f : order.filters[i])
        level.filters.push_back(&bgp.early_filters[f].expr);
      levels_.push_back(std::move(level));
    }
  }

  bool next(Row& out) override {
    if (done_) return false;
    if (levels_.empty()) {
      done_ = true;
      out = seed_;
      return true;
    }
    int depth;
    if (!started_) {
      started_ = true;
      row_ = seed_;
      open_level(0);
      depth = 0;
    } else {
      depth = static_cast<int>(levels_.size()) - 1;
    }
    while (depth >= 0) {
      if (!advance(levels_[depth])) {
        levels_[depth].cursor.reset();
        --depth;
        continue;
      }
      if (depth + 1 == static_cast<int>(levels_.size())) {
        out = row_;
        return true;
      }
      ++depth;
      open_level(depth);
    }
    done_ = true;
    return false;
  }

 private:
  using Key = std::array<TermId, 3>;
  struct Level {
    const IdTriple* triple = nullptr;
    std::unique_ptr<QuadCursor> cursor;
    std::vector<Slot> bound_here;
    std::vector<const CompiledExpression*> filters;  // tested once this level is bound
    // Hash join: the pattern's quads sorted by their values at the key positions (one
    // allocation, binary-searched per row).
    std::uint8_t hash_keys = 0;
    bool built = false;
    std::vector<std::pair<Key, IdQuad>> table;
    std::size_t bucket_pos = 0, bucket_end = 0;
  };

  static Key key_of(std::uint8_t keys, TermId s, TermId p, TermId o) {
    return Key{(keys & 1) ? s : kUnbound, (keys & 2) ? p : kUnbound, (keys & 4) ? o : kUnbound};
  }

  void open_level(int depth) {
    Level& level = levels_[depth];
    const IdTriple& t = *level.triple;
    level.bound_here.clear();
    TermId s = value_of(t.s, row_), p = value_of(t.p, row_), o = value_of(t.o, row_);
    if (level.hash_keys == 0) {
      level.cursor = match_in(ctx_, *scope_, s, p, o);
      return;
    }
    if (!level.built) build(level);
    Key key = key_of(level.hash_keys, s, p, o);
    auto range =
        std::equal_range(level.table.begin(), level.table.end(), std::make_pair(key, IdQuad{}),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
    level.bucket_pos = static_cast<std::size_t>(range.first - level.table.begin());
    level.bucket_end = static_cast<std::size_t>(range.second - level.table.begin());
  }

  // Reads the pattern once with only its constants and seeded values bound.
  void build(Level& level) {
    level.built = true;
    const IdTriple& t = *level.triple;
    auto cursor =
        match_in(ctx_, *scope_, value_of(t.s, seed_), value_of(t.p, seed_), value_of(t.o, seed_));
    IdQuad q;
    while (cursor->next(q)) {
      ctx_.tick();
      held_.add();
      level.table.emplace_back(key_of(level.hash_keys, q.subject, q.predicate, q.object), q);
    }
    std::sort(level.table.begin(), level.table.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
  }

  bool next_quad(Level& level, IdQuad& q) {
    if (level.hash_keys == 0) return level.cursor->next(q);
    if (level.bucket_pos >= level.bucket_end) return false;
    q = level.table[level.bucket_pos++].second;
    return true;
  }

  bool bind(Level& level, const PatternTerm& t, TermId value) {
    if (!t.is_var) return true;
    TermId& cell = row_[t.slot];
    if (cell == kUnbound) {
      cell = value;
      level.bound_here.push_back(t.slot);
      return true;
    }
    return cell == value;  // bound before, or earlier in this pattern (?x :p ?x)
  }

  bool advance(Level& level) {
    IdQuad q;
    for (;;) {
      for (Slot s : level.bound_here)
        row_[s] = kUnbound;
      level.bound_here.clear();
      if (!next_quad(level, q)) return false;
      ctx_.tick();
      const IdTriple& t = *level.triple;
      if (bind(level, t.s, q.subject) && bind(level, t.p, q.predicate) &&
          bind(level, t.o, q.object) && passes(level))
        return true;
    }
  }

  bool passes(const Level& level) {
    if (level.filters.empty()) return true;
    ctx_.active_scope = scope_;
    ++ctx_.expr.row_serial;
    for (const CompiledExpression* f : level.filters) {
      auto v = f->effective_boolean_value(row_, ctx_.expr);
      if (!v || !*v) return false;
    }
    return true;
  }

  Context& ctx_;
  GraphScope scope_;
  Row seed_;
  Row row_;
  Held held_;
  std::vector<Level> levels_;
  bool started_ = false;
  bool done_ = false;
};

}  // namespace

IteratorPtr open_operator(const PlanNode& node, const BgpPlan& bgp, const Row& seed,
                          const GraphScope& scope, Context& ctx) {
  return std::make_unique<BgpIterator>(node, bgp, seed, scope, ctx);
}

}  // namespace sparqlmcp::engine::detail
