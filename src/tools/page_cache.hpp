#pragma once
// The recent answers whose next pages an agent may ask for, keyed by the text of the
// next-page query the result handed out. Serving a next page from here costs no request and
// keeps the pages of an endpoint that reorders rows free of overlaps and gaps. Bounded by an
// estimate of the bytes held and by a time to live; the least recently used entries go first.
// Thread-safe: tool calls run on several workers.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"
#include "sparqlmcp/util/bounded_cache.hpp"

namespace sparqlmcp::tools {

// What remains of an answer from the first row of the page the key query asks for, and where
// the answer continues after it.
struct CachedAnswer {
  std::string endpoint;
  federation::RouteKind route = federation::RouteKind::Direct;
  // What answered: a page from the cache names the endpoints of the answer it comes from.
  std::vector<federation::EndpointUse> endpoints;
  results::QueryResults solutions;   // SELECT: the remaining rows
  std::vector<rdf::Triple> triples;  // CONSTRUCT/DESCRIBE: the remaining triples
  bool graph = false;
  // Nothing follows these rows in the key query's answer: the cache can serve every page.
  bool complete = false;
  // The source may have cut the answer (a row cap or the byte limit) before these rows ended.
  bool possibly_incomplete = false;
  // The rows follow the total order of sparql::with_total_order.
  bool ordered = false;
  // The source gives the same order every time (the embedded engine).
  bool stable_order = false;
  // SELECT: where the next request starts (the OFFSET in the order the answer continues in),
  // and the rows served already that the answer, read from there, will bring again: rows
  // first served in an endpoint's own order, dropped as they come.
  std::uint64_t next_offset = 0;
  std::vector<results::Row> unmatched;
  std::vector<std::string> warnings;  // still true of every later page
};

class PageCache {
 public:
  PageCache(std::size_t max_bytes, std::chrono::seconds time_to_live)
      : cache_(max_bytes, time_to_live) {}

  // Keeps `answer` under `key` (replacing an entry with the same key). An answer larger than
  // the whole cache is not kept.
  void put(const std::string& key, CachedAnswer answer) {
    const std::size_t bytes = estimate_bytes(answer);
    cache_.put(key, std::move(answer), bytes);
  }
  // A copy of the entry, when present and not expired.
  std::optional<CachedAnswer> find(const std::string& key) { return cache_.find(key); }

  std::size_t bytes_held() const { return cache_.bytes_held(); }
  std::size_t entries() const { return cache_.entries(); }

  // Estimated memory held by an answer (term texts plus per-value overhead).
  static std::size_t estimate_bytes(const CachedAnswer& answer);

 private:
  util::BoundedCache<CachedAnswer> cache_;
};

}  // namespace sparqlmcp::tools
