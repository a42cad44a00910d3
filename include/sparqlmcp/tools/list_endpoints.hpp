#pragma once
// list_endpoints: the catalogue's entries (id, endpoint IRI, title, one-sentence description),
// optionally filtered by a keyword whose every word must match (Catalogue::search). The short
// descriptions are what steers an agent to the right endpoints, so they are shown in full.

#include <memory>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::tools {

// The catalogue must outlive the tool.
std::unique_ptr<mcp::Tool> make_list_endpoints_tool(const catalogue::Catalogue& catalogue);

}  // namespace sparqlmcp::tools
