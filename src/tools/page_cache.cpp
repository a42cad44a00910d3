#include "page_cache.hpp"

namespace sparqlmcp::tools {
namespace {

constexpr std::size_t kEntryOverhead = 256;

}  // namespace

std::size_t PageCache::estimate_bytes(const CachedAnswer& answer) {
  std::size_t bytes = kEntryOverhead;
  bytes += results::estimate_bytes(answer.solutions);
  for (const results::Row& row : answer.unmatched)
    for (const auto& value : row)
      bytes += value ? results::estimate_bytes(*value) : sizeof(value);
  for (const rdf::Triple& triple : answer.triples) {
    bytes += results::estimate_bytes(triple.subject) + results::estimate_bytes(triple.predicate) +
             results::estimate_bytes(triple.object);
  }
  return bytes;
}

}  // namespace sparqlmcp::tools
