#include "page_cache.hpp"

namespace sparqlmcp::tools {
namespace {

constexpr std::size_t kEntryOverhead = 256;

}  // namespace

std::size_t PageCache::estimate_bytes(const CachedAnswer& answer) {
  std::size_t bytes = kEntryOverhead;
  bytes += results::estimate_bytes(answer.solutions);
  for (const rdf::Triple& triple : answer.triples) {
    bytes += results::estimate_bytes(triple.subject) + results::estimate_bytes(triple.predicate) +
             results::estimate_bytes(triple.object);
  }
  return bytes;
}

}  // namespace sparqlmcp::tools
