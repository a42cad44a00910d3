#pragma once
// SPARQL 1.1 Query parser (https://www.w3.org/TR/sparql11-query/#grammar): a single-pass
// lexer and a hand-written recursive-descent parser, then the translation to the algebra of
// section 18. SPARQL Update requests are recognised and refused (ErrorKind::Unsupported).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::sparql {

struct ParseOptions {
  std::string base_iri;  // used when the query has no BASE; relative IRIs stay as written if empty
  std::vector<std::pair<std::string, std::string>> default_prefixes;  // used when the query does
                                                                      // not declare them
  // Nesting limit (groups, brackets, paths, and operators chained as in a || b || ...): trees
  // are walked recursively, so this bounds the stack used.
  std::size_t max_depth = 1000;
};

// Throws Exception: ErrorKind::Syntax with a span (1-based line, column in code points) for
// malformed queries and for the static errors of the specification; ErrorKind::Unsupported
// for SPARQL Update requests.
Query parse_query(std::string_view text, const ParseOptions& options = {});

}  // namespace sparqlmcp::sparql
