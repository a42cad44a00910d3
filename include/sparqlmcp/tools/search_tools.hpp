#pragma once
// The tools that help an agent find what to write (docs/search.md): search_terms (classes,
// properties, entities and values), describe_entity (an entity's neighbourhood) and
// get_example_queries (published and catalogue examples, ranked by their questions), all over
// the assist module's SearchService.

#include <memory>

#include "sparqlmcp/assist/search_service.hpp"
#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::tools {

// `service` must outlive the tools.
std::unique_ptr<mcp::Tool> make_search_terms_tool(assist::SearchService& service);
std::unique_ptr<mcp::Tool> make_describe_entity_tool(assist::SearchService& service);
std::unique_ptr<mcp::Tool> make_get_example_queries_tool(assist::SearchService& service);

}  // namespace sparqlmcp::tools
