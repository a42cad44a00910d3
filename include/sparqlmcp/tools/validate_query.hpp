#pragma once
// validate_query: the checks of docs/validation.md on a query, without running it: the parser's
// error, undeclared prefixes (and the declarations that would complete them), classes and
// predicates the endpoints' cached VoID does not have, predicates the subject's class does not
// use, prefixes bound to a close but wrong namespace, IRIs nothing has shown; each with
// alternatives, nearest first.

#include <chrono>
#include <functional>
#include <memory>
#include <vector>

#include "sparqlmcp/assist/validation.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/util/cancellation.hpp"

namespace sparqlmcp::tools {

// Makes sure the endpoints a query names have a description to check against, waiting at most
// until the deadline (the VoID service finds or computes one; what is not ready by then is
// "not checked"). May be empty: only the cache counts.
using DescribeEndpoints = std::function<void(
    const std::vector<const catalogue::Endpoint*>& endpoints,
    std::chrono::steady_clock::time_point deadline, const CancellationTokenPtr& cancel)>;

// `catalogue` must outlive the tool.
std::unique_ptr<mcp::Tool> make_validate_query_tool(
    const catalogue::Catalogue& catalogue, std::shared_ptr<const assist::QueryValidator> validator,
    DescribeEndpoints describe = {});

}  // namespace sparqlmcp::tools
