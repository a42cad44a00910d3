#include "sparqlmcp/engine/store.hpp"

#include <sord/sord.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <unordered_map>

#include "sord_dictionary.hpp"
#include "sord_private_model.hpp"
#include "sparqlmcp/util/error.hpp"

// Layout. Two Sord models share one world (so one node per term):
// - the default graph's triples in a model without graph contexts, indexed SPO, OPS, POS;
// - the named graphs' quads in a model with graph contexts, whose graph-first indices
//   (GSPO, GOPS, GPOS) answer every named-graph pattern. Sord always builds the graph-less
//   twins of those indices as well; they are never searched (see below), but cost memory
//   only for quads in named graphs.
// Keeping the default graph in a model of its own (instead of under a reserved graph node)
// means match(..., kDefaultGraph) can never see a named-graph quad, its indices compare three
// nodes instead of four, and a plain N-Triples dump pays for three indices, not six.
//
// kUnbound (every named graph) is answered graph by graph through the graph-first indices:
// Sord's graph-less indices skip the copies of a triple that sit in other graphs
// (SordIter::skip_graphs), which would break "once per graph it is in". With many named graphs
// (a dump of one graph per document) a search per graph would make GRAPH ?g { <s> ?p ?o } cost
// as much as the number of graphs, so a pattern with a bound term searches only the graphs
// that term occurs in at its position (GraphsOfTerms, built on the first such search).
//
// Concurrency. Sord's read path touches one piece of shared mutable state: the model's
// iterator counter, incremented in sord_iter_new() (called by sord_find()) and decremented in
// sord_iter_free(), without atomics (sord.c, SordModelImpl::n_iters; only sord_add/remove/erase
// read it, to warn). B-tree searches and iterator steps only read the tree, and nodes'
// reference counts are not touched by searches. Each cursor therefore searches through a
// private copy of the model struct with a counter of its own (sord_private_model.hpp), so
// searches run in parallel; if Sord's layout is not the expected one, sord_find() and
// sord_iter_free() run under a mutex instead (correct, but it serialises the B-tree searches).
// sord_iter_next() and sord_iter_get() never need it.
//
// Estimates. The store keeps exact counts per graph, and per term and position (subject,
// predicate, object) separately for the default graph and for the named graphs together.
// One bound position (in the default graph or across named graphs) is answered exactly from
// them; other patterns get the smallest of those counts as an upper bound, refined by
// counting at most kEstimateScan matches through the index: a count below that is exact.

namespace sparqlmcp::engine {

namespace {

constexpr std::size_t kEstimateScan = 256;
// kUnbound patterns are counted only when the named graphs are few (each is one search).
constexpr std::size_t kEstimateScanGraphs = 16;

// Bytes Sord spends per quad (the quad array, malloc'd once and shared by every index) and
// per index entry (a pointer in a 4 KiB B-tree page about two-thirds full), estimated from
// sord.c / zix btree.c of Sord 0.16 and glibc malloc.
constexpr std::size_t kSordQuadBytes = 48;
constexpr std::size_t kSordIndexEntryBytes = 12;

bool is_default_graph(const rdf::Term& graph) {
  return graph.kind == rdf::TermKind::Iri && graph.value.empty();
}

}  // namespace

namespace store_detail {

// A Bloom filter over the quads (ids, the graph being kDefaultGraph or the named graph's id),
// so that a fully bound match() that finds nothing (the common case of a join that closes a
// cycle, or an EXISTS) costs a few instructions instead of a Sord search: Sord's B-trees
// compare node strings, so a search is a few dozen strcmp calls. Blocked: the three bits of a
// quad lie in one 64-bit word (one cache miss). 8 to 16 bits per quad, about 1-3% false
// positives; it doubles (re-reading the quads from Sord) when it falls below 8 bits per quad.
class QuadFilter {
 public:
  void add(TermId s, TermId p, TermId o, TermId g) {
    std::uint64_t h = hash(s, p, o, g);
    words_[h & (words_.size() - 1)] |= bits(h);
  }
  bool may_contain(TermId s, TermId p, TermId o, TermId g) const {
    std::uint64_t h = hash(s, p, o, g);
    std::uint64_t want = bits(h);
    return (words_[h & (words_.size() - 1)] & want) == want;
  }
  // True when `quads` quads need a bigger filter; then resize() and add them all again.
  bool too_small(std::size_t quads) const { return quads * 8 > words_.size() * 64; }
  void resize(std::size_t quads) {
    std::size_t words = 64;
    while (words * 64 < quads * 16)
      words *= 2;
    words_.assign(words, 0);
  }
  std::size_t memory_bytes() const { return words_.capacity() * sizeof(std::uint64_t); }

 private:
  static std::uint64_t hash(TermId s, TermId p, TermId o, TermId g) {
    std::uint64_t h = s * 0x9E3779B97F4A7C15ULL ^ p * 0xC2B2AE3D27D4EB4FULL ^
                      o * 0x165667B19E3779F9ULL ^ g * 0xD6E8FEB86659FD93ULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 32);
  }
  static std::uint64_t bits(std::uint64_t h) {
    return (1ULL << ((h >> 40) & 63)) | (1ULL << ((h >> 46) & 63)) | (1ULL << ((h >> 52) & 63));
  }

  std::vector<std::uint64_t> words_ = std::vector<std::uint64_t>(64, 0);
};

// For each position (subject, predicate, object), the named graphs each term occurs in there:
// the (term, graph) pairs of the named quads, sorted and unique, in two parallel arrays so
// that one term's graphs are a contiguous run of ids.
class GraphsOfTerms {
 public:
  struct Run {
    const TermId* graphs = nullptr;
    std::size_t count = 0;
  };

  // Building: add() every named quad, then finish().
  void add(TermId s, TermId p, TermId o, TermId graph) {
    const TermId ids[3] = {s, p, o};
    for (int i = 0; i < 3; ++i)
      pairs_[i].emplace_back(ids[i], graph);
  }
  void finish() {
    for (int i = 0; i < 3; ++i) {
      std::vector<std::pair<TermId, TermId>>& pairs = pairs_[i];
      std::sort(pairs.begin(), pairs.end());
      pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
      terms_[i].clear();
      graphs_[i].clear();
      terms_[i].reserve(pairs.size());
      graphs_[i].reserve(pairs.size());
      for (const auto& [term, graph] : pairs) {
        terms_[i].push_back(term);
        graphs_[i].push_back(graph);
      }
      pairs = {};
    }
  }

  Run of(int position, TermId term) const {
    const std::vector<TermId>& terms = terms_[position];
    auto [first, last] = std::equal_range(terms.begin(), terms.end(), term);
    return {graphs_[position].data() + (first - terms.begin()),
            static_cast<std::size_t>(last - first)};
  }

  std::size_t memory_bytes() const {
    std::size_t bytes = 0;
    for (int i = 0; i < 3; ++i)
      bytes += (terms_[i].capacity() + graphs_[i].capacity()) * sizeof(TermId);
    return bytes;
  }

 private:
  std::array<std::vector<TermId>, 3> terms_;
  std::array<std::vector<TermId>, 3> graphs_;
  std::array<std::vector<std::pair<TermId, TermId>>, 3> pairs_;  // while building
};

// Store::Impl's state, at namespace scope so that the cursors below can name it.
struct State {
  struct Counts {
    std::array<std::vector<std::uint32_t>, 3> by_position;  // [s, p, o][id]
    std::size_t total = 0;

    void add(TermId s, TermId p, TermId o) {
      ++total;
      const TermId ids[3] = {s, p, o};
      for (int i = 0; i < 3; ++i) {
        auto& counts = by_position[i];
        if (counts.size() <= ids[i])
          counts.resize(std::max<std::size_t>(ids[i] + 1, counts.size() * 3 / 2), 0);
        ++counts[ids[i]];
      }
    }
    std::size_t of(int position, TermId id) const {
      const auto& counts = by_position[position];
      return id < counts.size() ? counts[id] : 0;
    }
    std::size_t memory_bytes() const {
      std::size_t bytes = 0;
      for (const auto& counts : by_position)
        bytes += counts.capacity() * sizeof(std::uint32_t);
      return bytes;
    }
  };

  SordWorld* world = sord_world_new();
  SordModel* default_model = sord_new(world, SORD_SPO | SORD_OPS | SORD_POS, false);
  SordModel* named_model = sord_new(world, SORD_SPO | SORD_OPS | SORD_POS, true);
  SordDictionary dictionary{world};
  // Cursors search through private copies of the models (see above); otherwise this mutex
  // guards sord_find / sord_iter_free (SordModelImpl::n_iters).
  bool private_models = sord_private_models_work() && !sord_mutex_forced_for_testing();
  mutable std::mutex sord_mutex;

  Counts default_counts;
  Counts named_counts;
  QuadFilter filter;
  std::vector<TermId> graphs;  // named graphs, by first quad
  std::unordered_map<TermId, std::size_t> graph_sizes;
  // Built by the first graph-unbound search with a bound term once there are many graphs;
  // loading a named quad makes it stale.
  mutable GraphsOfTerms graphs_of_terms;
  mutable std::atomic<bool> graphs_of_terms_ready{false};
  mutable std::mutex graphs_of_terms_mutex;

  ~State() {
    sord_free(default_model);
    sord_free(named_model);
    sord_world_free(world);
  }

  bool valid(TermId id) const {
    return id != kUnbound && (id & kLocalBit) == 0 && id <= dictionary.size();
  }

  TermId intern(const rdf::Term& term) { return dictionary.intern(TermView::of(term)); }

  // `graph`: kDefaultGraph or a named graph's id.
  bool add(TermId s, TermId p, TermId o, TermId graph) {
    SordQuad quad = {dictionary.node(s), dictionary.node(p), dictionary.node(o), nullptr};
    if (graph == kDefaultGraph) {
      if (!sord_add(default_model, quad)) return false;
      default_counts.add(s, p, o);
    } else {
      quad[SORD_GRAPH] = dictionary.node(graph);
      if (!sord_add(named_model, quad)) return false;
      named_counts.add(s, p, o);
      graphs_of_terms_ready.store(false, std::memory_order_relaxed);
      auto [it, added] = graph_sizes.try_emplace(graph, 0);
      if (added) graphs.push_back(graph);
      ++it->second;
    }
    if (filter.too_small(default_counts.total + named_counts.total)) {
      rebuild_filter();
    } else {
      filter.add(s, p, o, graph);
    }
    return true;
  }

  // Sizes the filter for the quads stored and adds them all (loading only: single thread).
  void rebuild_filter() {
    filter.resize(default_counts.total + named_counts.total);
    auto add_all = [&](SordModel* model, TermId graph) {
      SordIter* iter = sord_search(model, nullptr, nullptr, nullptr,
                                   graph == kDefaultGraph ? nullptr : dictionary.node(graph));
      for (; !sord_iter_end(iter); sord_iter_next(iter)) {
        SordQuad quad;
        sord_iter_get(iter, quad);
        filter.add(dictionary.id_of(quad[0]), dictionary.id_of(quad[1]), dictionary.id_of(quad[2]),
                   graph);
      }
      sord_iter_free(iter);
    };
    if (default_counts.total > 0) add_all(default_model, kDefaultGraph);
    for (TermId graph : graphs)
      add_all(named_model, graph);
  }

  // Whether a pattern can have no match in `graph` (kDefaultGraph, a named graph, or kUnbound
  // for all of them), judged by the counts and the filter; false means "maybe".
  bool surely_empty(const TermId ids[3], TermId graph) const {
    const Counts& counts = graph == kDefaultGraph ? default_counts : named_counts;
    for (int i = 0; i < 3; ++i) {
      if (ids[i] != kUnbound && counts.of(i, ids[i]) == 0) return true;
    }
    if (graph == kUnbound || ids[0] == kUnbound || ids[1] == kUnbound || ids[2] == kUnbound) {
      return false;
    }
    return !filter.may_contain(ids[0], ids[1], ids[2], graph);
  }

  bool add(const rdf::Quad& quad, std::optional<TermId> target_graph) {
    TermId s = intern(quad.subject);
    TermId p = intern(quad.predicate);
    TermId o = intern(quad.object);
    TermId g = kDefaultGraph;
    if (!is_default_graph(quad.graph)) {
      g = intern(quad.graph);
    } else if (target_graph) {
      g = *target_graph;
    }
    return add(s, p, o, g);
  }

  // The named graphs a search for `ids` in every named graph must look at: all of them, or,
  // when there are many, those that the bound term with the fewest graphs occurs in.
  GraphsOfTerms::Run graphs_to_search(const TermId ids[3]) const {
    GraphsOfTerms::Run all{graphs.data(), graphs.size()};
    if (graphs.size() <= kEstimateScanGraphs) return all;
    if (ids[0] == kUnbound && ids[1] == kUnbound && ids[2] == kUnbound) return all;
    if (!graphs_of_terms_ready.load(std::memory_order_acquire)) {
      std::lock_guard lock(graphs_of_terms_mutex);
      if (!graphs_of_terms_ready.load(std::memory_order_relaxed)) {
        // Other threads may be searching: go through a private copy of the model (or the
        // mutex), as cursors do. Graph by graph: the graph-first index lists a triple once per
        // graph it is in, where a search over all of them would skip the copies.
        SordModelCopy copy;
        SordModel* model = model_to_search(named_model, copy);
        for (TermId graph : graphs) {
          const SordQuad pattern = {nullptr, nullptr, nullptr, dictionary.node(graph)};
          SordIter* iter = find(model, pattern);
          for (; !sord_iter_end(iter); sord_iter_next(iter)) {
            SordQuad quad;
            sord_iter_get(iter, quad);
            graphs_of_terms.add(dictionary.id_of(quad[0]), dictionary.id_of(quad[1]),
                                dictionary.id_of(quad[2]), graph);
          }
          release(iter);
        }
        graphs_of_terms.finish();
        graphs_of_terms_ready.store(true, std::memory_order_release);
      }
    }
    GraphsOfTerms::Run best = all;
    for (int i = 0; i < 3; ++i) {
      if (ids[i] == kUnbound) continue;
      GraphsOfTerms::Run run = graphs_of_terms.of(i, ids[i]);
      if (run.count < best.count) best = run;
    }
    return best;
  }

  std::size_t graph_total(TermId graph) const {
    if (graph == kDefaultGraph) return default_counts.total;
    if (graph == kUnbound) return named_counts.total;
    auto it = graph_sizes.find(graph);
    return it == graph_sizes.end() ? 0 : it->second;
  }

  // The model a reader searches: a private copy of `shared` in `copy` when private_models,
  // else `shared` itself (then find/release take the mutex). `copy` must not move afterwards.
  SordModel* model_to_search(SordModel* shared, SordModelCopy& copy) const {
    if (!private_models) return shared;
    copy = SordModelCopy::of(shared);
    return copy.get();
  }

  // `model`: from model_to_search.
  SordIter* find(SordModel* model, const SordQuad pattern) const {
    if (private_models) return sord_find(model, pattern);
    std::lock_guard lock(sord_mutex);
    return sord_find(model, pattern);
  }
  void release(SordIter* iter) const {
    if (iter == nullptr) return;
    if (private_models) return sord_iter_free(iter);
    std::lock_guard lock(sord_mutex);
    sord_iter_free(iter);
  }
};

}  // namespace store_detail

struct Store::Impl : store_detail::State {};

namespace {

using store_detail::State;

class EmptyCursor final : public QuadCursor {
 public:
  bool next(IdQuad&) override { return false; }
};

// One search in the default model, or one search per graph in the named model.
class StoreCursor final : public QuadCursor {
 public:
  StoreCursor(const State& store, TermId s, TermId p, TermId o, SordModel* model,
              const TermId* graphs, std::size_t graph_count)
      : store_(store),
        model_(store.model_to_search(model, private_model_)),
        graphs_(graphs),
        graph_count_(graph_count) {
    ids_[0] = s;
    ids_[1] = p;
    ids_[2] = o;
    for (int i = 0; i < 3; ++i)
      pattern_[i] = ids_[i] != kUnbound ? store.dictionary.node(ids_[i]) : nullptr;
    pattern_[3] = nullptr;
  }
  StoreCursor(const StoreCursor&) = delete;  // model_ may point into this object
  StoreCursor& operator=(const StoreCursor&) = delete;
  ~StoreCursor() override { store_.release(iter_); }

  bool next(IdQuad& quad) override {
    for (;;) {
      if (!sord_iter_end(iter_)) {
        SordQuad found;
        sord_iter_get(iter_, found);
        const SordDictionary& dictionary = store_.dictionary;
        quad.subject = ids_[0] != kUnbound ? ids_[0] : dictionary.id_of(found[0]);
        quad.predicate = ids_[1] != kUnbound ? ids_[1] : dictionary.id_of(found[1]);
        quad.object = ids_[2] != kUnbound ? ids_[2] : dictionary.id_of(found[2]);
        quad.graph = graph_;
        sord_iter_next(iter_);
        return true;
      }
      store_.release(iter_);
      iter_ = nullptr;
      if (!open_next()) return false;
    }
  }

 private:
  bool open_next() {
    if (graphs_ == nullptr) {  // the default model: one search
      if (started_) return false;
      started_ = true;
      graph_ = kDefaultGraph;
    } else {
      if (next_graph_ == graph_count_) return false;
      graph_ = graphs_[next_graph_++];
      pattern_[3] = store_.dictionary.node(graph_);
      if (store_.surely_empty(ids_, graph_)) return true;  // next graph
    }
    iter_ = store_.find(model_, pattern_);
    return true;
  }

  const State& store_;
  SordModelCopy private_model_{};  // what model_ points to when store_.private_models
  SordModel* model_;
  const TermId* graphs_;  // nullptr: the default model
  std::size_t graph_count_;
  std::size_t next_graph_ = 0;
  bool started_ = false;
  TermId ids_[3];
  TermId graph_ = kDefaultGraph;
  SordQuad pattern_;
  SordIter* iter_ = nullptr;
};

}  // namespace

Store::Store() : impl_(std::make_unique<Impl>()) {
  if (impl_->world == nullptr || impl_->default_model == nullptr || impl_->named_model == nullptr) {
    throw_error(ErrorKind::Internal, "could not create the Sord models of the store");
  }
}

Store::~Store() = default;

void Store::add(const rdf::Quad& quad) {
  impl_->add(quad, std::nullopt);
}

LoadStatistics Store::load_file(const std::filesystem::path& path,
                                std::optional<rdf::RdfSyntax> syntax,
                                std::optional<std::string> graph) {
  LoadStatistics statistics;
  std::optional<TermId> target;
  if (graph) target = impl_->intern(rdf::Term::iri(*graph));
  rdf::for_each_rdf_quad(path, syntax, [&](const rdf::Quad& quad) {
    ++statistics.quads_read;
    if (impl_->add(quad, target)) ++statistics.quads_added;
  });
  return statistics;
}

LoadStatistics Store::load_text(std::string_view text, rdf::RdfSyntax syntax,
                                const std::string& base_iri, const std::string& source_name,
                                std::optional<std::string> graph) {
  LoadStatistics statistics;
  std::optional<TermId> target;
  if (graph) target = impl_->intern(rdf::Term::iri(*graph));
  rdf::for_each_rdf_quad(text, syntax, base_iri, source_name, [&](const rdf::Quad& quad) {
    ++statistics.quads_read;
    if (impl_->add(quad, target)) ++statistics.quads_added;
  });
  return statistics;
}

const TermDictionary& Store::dictionary() const {
  return impl_->dictionary;
}

std::unique_ptr<QuadCursor> Store::match(TermId subject, TermId predicate, TermId object,
                                         TermId graph) const {
  const Impl& impl = *impl_;
  const TermId ids[3] = {subject, predicate, object};
  for (TermId id : ids) {
    if (id != kUnbound && !impl.valid(id)) return std::make_unique<EmptyCursor>();
  }
  if (impl.surely_empty(ids, graph)) return std::make_unique<EmptyCursor>();
  if (graph == kDefaultGraph) {
    if (impl.default_counts.total == 0) return std::make_unique<EmptyCursor>();
    return std::make_unique<StoreCursor>(impl, subject, predicate, object, impl.default_model,
                                         nullptr, 0);
  }
  if (graph == kUnbound) {
    if (impl.graphs.empty()) return std::make_unique<EmptyCursor>();
    store_detail::GraphsOfTerms::Run run = impl.graphs_to_search(ids);
    if (run.count == 0) return std::make_unique<EmptyCursor>();
    return std::make_unique<StoreCursor>(impl, subject, predicate, object, impl.named_model,
                                         run.graphs, run.count);
  }
  auto it = impl.graph_sizes.find(graph);
  if (it == impl.graph_sizes.end()) return std::make_unique<EmptyCursor>();
  return std::make_unique<StoreCursor>(impl, subject, predicate, object, impl.named_model,
                                       &it->first, 1);
}

std::size_t Store::estimate(TermId subject, TermId predicate, TermId object, TermId graph) const {
  const Impl& impl = *impl_;
  std::size_t upper = impl.graph_total(graph);
  if (upper == 0) return 0;
  const State::Counts& counts = graph == kDefaultGraph ? impl.default_counts : impl.named_counts;
  const TermId ids[3] = {subject, predicate, object};
  int bound = 0;
  for (int i = 0; i < 3; ++i) {
    if (ids[i] == kUnbound) continue;
    if (!impl.valid(ids[i])) return 0;
    upper = std::min(upper, counts.of(i, ids[i]));
    ++bound;
  }
  bool whole_class = graph == kDefaultGraph || graph == kUnbound;
  if (bound == 0 || upper == 0 || (bound == 1 && whole_class)) return upper;
  if (graph == kUnbound && impl.graphs.size() > kEstimateScanGraphs) return upper;
  // Count a few matches: fewer than the limit is the exact answer.
  std::unique_ptr<QuadCursor> cursor = match(subject, predicate, object, graph);
  IdQuad quad;
  std::size_t counted = 0;
  while (counted < kEstimateScan && cursor->next(quad))
    ++counted;
  return counted < kEstimateScan ? counted : upper;
}

std::vector<TermId> Store::named_graphs() const {
  return impl_->graphs;
}

std::size_t Store::size() const {
  return impl_->default_counts.total + impl_->named_counts.total;
}

std::size_t Store::memory_bytes() const {
  const Impl& impl = *impl_;
  std::size_t quads = size();
  std::size_t index_entries = impl.default_counts.total * 3 + impl.named_counts.total * 6;
  return impl.dictionary.memory_bytes() + impl.dictionary.sord_node_bytes() +
         quads * kSordQuadBytes + index_entries * kSordIndexEntryBytes +
         impl.default_counts.memory_bytes() + impl.named_counts.memory_bytes() +
         impl.filter.memory_bytes() + impl.graphs.capacity() * sizeof(TermId) +
         impl.graphs_of_terms.memory_bytes() + impl.graph_sizes.size() * 32;
}

}  // namespace sparqlmcp::engine
