// Matching a triple pattern against the RDF merge of several graphs (FROM graphs, or the
// default graph united with the named graphs). A triple held by several of them is yielded
// once: by the first graph that has it (the default graph first, then named graphs by id), so
// no set of seen triples is needed.

#include <algorithm>

#include "eval_context.hpp"

namespace sparqlmcp::engine::detail {

namespace {

bool local(TermId id) {
  return QueryTerms::is_local(id);
}

class EmptyCursor final : public QuadCursor {
 public:
  bool next(IdQuad&) override { return false; }
};

bool contains(const Dataset& data, TermId s, TermId p, TermId o, TermId g) {
  IdQuad q;
  return data.match(s, p, o, g)->next(q);
}

class MergeCursor final : public QuadCursor {
 public:
  MergeCursor(Context& ctx, const GraphSet& graphs, TermId s, TermId p, TermId o)
      : ctx_(ctx), graphs_(graphs), s_(s), p_(p), o_(o) {
    // An empty default graph (common when every dump is a named graph) needs no look-ups.
    check_default_ = graphs.include_default &&
                     ctx.data.estimate(kUnbound, kUnbound, kUnbound, kDefaultGraph) > 0;
  }

  bool next(IdQuad& quad) override {
    for (;;) {
      if (!cursor_ && !open_next()) return false;
      if (!cursor_->next(quad)) {
        cursor_.reset();
        continue;
      }
      ctx_.tick();
      if (!seen_earlier(quad)) return true;
    }
  }

 private:
  // Sources: 0 = default graph (if included), then each named graph (or all at once).
  bool open_next() {
    const Dataset& data = ctx_.data;
    for (;;) {
      std::size_t i = source_++;
      if (graphs_.include_default) {
        if (i == 0) {
          cursor_ = data.match(s_, p_, o_, kDefaultGraph);
          return true;
        }
        --i;
      }
      if (graphs_.all_named) {
        if (i != 0) return false;
        cursor_ = data.match(s_, p_, o_, kUnbound);
        return true;
      }
      if (i >= graphs_.named.size()) return false;
      cursor_ = data.match(s_, p_, o_, graphs_.named[i]);
      return true;
    }
  }

  bool seen_earlier(const IdQuad& q) const {
    if (q.graph == kDefaultGraph) return false;
    const Dataset& data = ctx_.data;
    if (check_default_ && contains(data, q.subject, q.predicate, q.object, kDefaultGraph))
      return true;
    if (graphs_.all_named) {
      auto others = data.match(q.subject, q.predicate, q.object, kUnbound);
      IdQuad other;
      while (others->next(other))
        if (other.graph < q.graph) return true;
      return false;
    }
    for (TermId g : graphs_.named) {
      if (g >= q.graph) break;
      if (contains(data, q.subject, q.predicate, q.object, g)) return true;
    }
    return false;
  }

  Context& ctx_;
  GraphSet graphs_;
  TermId s_, p_, o_;
  std::size_t source_ = 0;
  bool check_default_ = false;
  std::unique_ptr<QuadCursor> cursor_;
};

}  // namespace

std::unique_ptr<QuadCursor> match_in(Context& ctx, const GraphSet& graphs, TermId s, TermId p,
                                     TermId o) {
  if (local(s) || local(p) || local(o)) return std::make_unique<EmptyCursor>();
  if (graphs.single_source()) {
    TermId g = graphs.include_default ? kDefaultGraph : graphs.named[0];
    return ctx.data.match(s, p, o, g);
  }
  if (!graphs.include_default && !graphs.all_named && graphs.named.empty())
    return std::make_unique<EmptyCursor>();
  return std::make_unique<MergeCursor>(ctx, graphs, s, p, o);
}

std::size_t estimate_in(const Context& ctx, const GraphSet& graphs, TermId s, TermId p, TermId o) {
  if (local(s) || local(p) || local(o)) return 0;
  std::size_t total = 0;
  if (graphs.include_default) total += ctx.data.estimate(s, p, o, kDefaultGraph);
  if (graphs.all_named) {
    total += ctx.data.estimate(s, p, o, kUnbound);
  } else {
    for (TermId g : graphs.named)
      total += ctx.data.estimate(s, p, o, g);
  }
  return total;
}

}  // namespace sparqlmcp::engine::detail
