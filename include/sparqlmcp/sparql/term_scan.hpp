#pragma once
// The IRIs and prefixed names a query text writes, where it writes them, and its PREFIX
// declarations: what query validation points at (line and column of a term) and what PREFIX
// completion reads. Built from the lexer alone, so it also serves a query that does not parse:
// up to a lexical error, the tokens before it are scanned.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::sparql {

struct PrefixDeclaration {
  std::string prefix;  // without ':'
  std::string iri;     // the namespace, as written between < and >
  SourceSpan at;       // of the PREFIX keyword
};

// A term as the text writes it: `<iri>` (prefix empty, `iri` set) or `prefix:local`.
struct WrittenTerm {
  bool prefixed = false;
  std::string prefix;  // prefixed: before ':'
  std::string local;   // prefixed: the unescaped local name (may be empty: `ex:`)
  std::string iri;     // not prefixed: as written (relative IRIs are not resolved)
  SourceSpan at;
};

struct TermScan {
  std::vector<PrefixDeclaration> declarations;  // in text order (a prefix may repeat)
  std::vector<WrittenTerm> terms;               // outside PREFIX declarations, in text order
  std::optional<Error> lexical_error;           // the text from there on is not scanned
};

TermScan scan_terms(std::string_view text);

}  // namespace sparqlmcp::sparql
