#include "sparqlmcp/results/query_results.hpp"

namespace sparqlmcp::results {
namespace {

constexpr std::size_t kTermOverhead = 48;  // std::optional<rdf::Term> beside its strings

}  // namespace

std::size_t estimate_bytes(const rdf::Term& term) {
  return kTermOverhead + term.value.size() + term.datatype.size() + term.language.size();
}

std::size_t estimate_bytes(const QueryResults& results) {
  std::size_t bytes = 0;
  for (const Row& row : results.rows) {
    bytes += sizeof(Row);
    for (const auto& value : row)
      bytes += value ? estimate_bytes(*value) : kTermOverhead;
  }
  return bytes;
}

}  // namespace sparqlmcp::results
