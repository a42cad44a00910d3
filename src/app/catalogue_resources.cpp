#include "catalogue_resources.hpp"

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::app {

namespace {
constexpr const char* kMimeType = "application/json";
}  // namespace

CatalogueResources::CatalogueResources(const catalogue::Catalogue& catalogue)
    : catalogue_(catalogue), entry_template_("sparql-mcp://catalogue/{id}") {}

std::vector<mcp::ResourceDescriptor> CatalogueResources::list_resources() const {
  std::vector<mcp::ResourceDescriptor> resources;
  for (const catalogue::Endpoint& endpoint : catalogue_.endpoints()) {
    mcp::ResourceDescriptor resource;
    resource.uri = catalogue::resource_uri(endpoint);
    resource.name = endpoint.id;
    resource.title = endpoint.title;
    resource.description = endpoint.description;
    resource.mime_type = kMimeType;
    resources.push_back(std::move(resource));
  }
  return resources;
}

std::vector<mcp::ResourceTemplate> CatalogueResources::list_templates() const {
  mcp::ResourceTemplate entry;
  entry.uri_template = entry_template_.text();
  entry.name = "catalogue-entry";
  entry.title = "Catalogue entry";
  entry.description =
      "One SPARQL endpoint of the catalogue by its id (list_endpoints names them): its URL, "
      "title, description, keywords, data dumps and query settings, as JSON.";
  entry.mime_type = kMimeType;
  return {entry};
}

std::optional<std::string> CatalogueResources::read_resource(const std::string& uri,
                                                             std::string& mime_type) const {
  const auto values = entry_template_.match(uri);
  if (!values) return std::nullopt;
  const std::string& id = values->at("id");
  const catalogue::Endpoint* endpoint = catalogue_.find_by_id(id);
  if (!endpoint)
    throw_error(ErrorKind::InvalidArgument,
                "the catalogue has no entry with the id \"" + id +
                    "\"; list_endpoints and resources/list name its entries");
  mime_type = kMimeType;
  return catalogue::endpoint_to_json(*endpoint).dump(2);
}

}  // namespace sparqlmcp::app
