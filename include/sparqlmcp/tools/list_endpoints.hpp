#pragma once
// list_endpoints: the catalogue's entries (id, endpoint IRI, title, one-sentence description),
// optionally filtered by a keyword whose every word must match (Catalogue::search). The short
// descriptions are what steers an agent to the right endpoints, so they are shown in full.
// Each entry also tells whether a VoID description of it is cached (get_void_descriptions).

#include <memory>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/mcp/tool.hpp"
#include "sparqlmcp/void/cache.hpp"

namespace sparqlmcp::tools {

// The catalogue (and the VoID cache, when given) must outlive the tool. With a cache, each entry
// also says whether a VoID description is cached and its size, so an agent knows which
// endpoints get_void_descriptions answers at once.
std::unique_ptr<mcp::Tool> make_list_endpoints_tool(const catalogue::Catalogue& catalogue,
                                                    void_::VoidCache* void_cache = nullptr);

}  // namespace sparqlmcp::tools
