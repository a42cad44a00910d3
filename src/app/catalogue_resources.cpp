#include "catalogue_resources.hpp"

namespace sparqlmcp::app {

std::vector<mcp::ResourceDescriptor> CatalogueResources::list_resources() const {
  std::vector<mcp::ResourceDescriptor> resources;
  for (const catalogue::Endpoint& endpoint : catalogue_.endpoints()) {
    mcp::ResourceDescriptor resource;
    resource.uri = catalogue::resource_uri(endpoint);
    resource.name = endpoint.id;
    resource.title = endpoint.title;
    resource.description = endpoint.description;
    resource.mime_type = "application/json";
    resources.push_back(std::move(resource));
  }
  return resources;
}

std::optional<std::string> CatalogueResources::read_resource(const std::string& uri,
                                                             std::string& mime_type) const {
  for (const catalogue::Endpoint& endpoint : catalogue_.endpoints()) {
    if (catalogue::resource_uri(endpoint) != uri) continue;
    mime_type = "application/json";
    return catalogue::endpoint_to_json(endpoint).dump(2);
  }
  return std::nullopt;
}

}  // namespace sparqlmcp::app
