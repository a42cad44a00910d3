#pragma once
// validate_query: the checks of docs/validation.md on a query, without running it: the parser's
// error, undeclared prefixes (and the declarations that would complete them), classes and
// predicates the endpoints' cached VoID does not have, predicates the subject's class does not
// use, prefixes bound to a close but wrong namespace, IRIs nothing has shown; each with
// alternatives, nearest first.

#include <memory>

#include "sparqlmcp/assist/validation.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::tools {

// `catalogue` must outlive the tool.
std::unique_ptr<mcp::Tool> make_validate_query_tool(
    const catalogue::Catalogue& catalogue, std::shared_ptr<const assist::QueryValidator> validator);

}  // namespace sparqlmcp::tools
