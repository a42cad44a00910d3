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
// for SPARQL Update requests. A UTF-8 byte order mark before the query is skipped (positions
// count from after it). Characters no token may start with are named by code point, and
// invisible or look-alike ones by Unicode name too ("U+00A0 NO-BREAK SPACE"); a syntax error in
// text wrapped in Markdown code fences, or escaped twice ("\n" as two characters outside
// strings), ends with a hint saying so.
Query parse_query(std::string_view text, const ParseOptions& options = {});

// A query from a parse tree built or rewritten in code (a page's slice, a COUNT around a
// query): the same static checks and translation to the algebra as parse_query, without
// printing and lexing it again. Throws Exception(ErrorKind::Syntax) for a tree that breaks a
// static rule.
Query make_query(Prologue prologue, ast::SelectQuery syntax);

}  // namespace sparqlmcp::sparql
