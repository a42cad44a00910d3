#pragma once
// The value every results parser produces and every serializer consumes: a SELECT solution
// sequence or an ASK answer, independent of the wire format (SPARQL 1.1 Query Results JSON,
// XML, CSV and TSV) and of the SPARQL parser. Plain values: the caller owns them outright.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::results {

// One solution: one slot per entry of `QueryResults::variables`, std::nullopt = unbound.
using Row = std::vector<std::optional<rdf::Term>>;

struct QueryResults {
  enum class Kind { Bindings, Boolean } kind = Kind::Bindings;
  std::vector<std::string> variables;  // names without '?', in the order of the head
  std::vector<Row> rows;               // every row has exactly variables.size() slots
  bool boolean = false;                // the ASK answer when kind == Boolean
  std::vector<std::string> links;      // head links (JSON "link", XML <link href>), as written

  friend bool operator==(const QueryResults&, const QueryResults&) = default;
};

// An estimate of the memory the rows hold (term texts plus per-value overhead), for caches
// bounded in bytes.
std::size_t estimate_bytes(const QueryResults& results);
std::size_t estimate_bytes(const rdf::Term& term);

}  // namespace sparqlmcp::results
