#pragma once
// Catalogue entries exposed as MCP resources (sparql-mcp://catalogue/<id>, JSON).

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/mcp/server.hpp"

namespace sparqlmcp::app {

class CatalogueResources final : public mcp::ResourceProvider {
 public:
  explicit CatalogueResources(const catalogue::Catalogue& catalogue) : catalogue_(catalogue) {}
  std::vector<mcp::ResourceDescriptor> list_resources() const override;
  std::optional<std::string> read_resource(const std::string& uri,
                                           std::string& mime_type) const override;

 private:
  const catalogue::Catalogue& catalogue_;
};

}  // namespace sparqlmcp::app
