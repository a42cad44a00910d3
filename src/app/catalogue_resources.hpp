#pragma once
// Catalogue entries exposed as MCP resources: each entry is listed as
// sparql-mcp://catalogue/<id> (JSON), and the template sparql-mcp://catalogue/{id} lets a
// client build the URI of an entry it knows the id of (from list_endpoints, say).

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/mcp/server.hpp"
#include "sparqlmcp/mcp/uri_template.hpp"

namespace sparqlmcp::app {

class CatalogueResources final : public mcp::ResourceProvider {
 public:
  explicit CatalogueResources(const catalogue::Catalogue& catalogue);
  std::vector<mcp::ResourceDescriptor> list_resources() const override;
  std::vector<mcp::ResourceTemplate> list_templates() const override;
  // An entry's JSON for sparql-mcp://catalogue/<id>; an id the catalogue does not have is
  // refused (InvalidArgument) with a message naming it; any other URI is nullopt.
  std::optional<std::string> read_resource(const std::string& uri,
                                           std::string& mime_type) const override;

 private:
  const catalogue::Catalogue& catalogue_;
  const mcp::UriTemplate entry_template_;
};

}  // namespace sparqlmcp::app
