#pragma once
// Catalogue entries and their cached VoID descriptions exposed as MCP resources: each entry is
// listed as sparql-mcp://catalogue/<id> (JSON), each cached description as
// sparql-mcp://void/<id> (the VoID Turtle, self-contained), and the templates
// sparql-mcp://catalogue/{id} and sparql-mcp://void/{id} let a client build the URI of an entry
// it knows the id of (from list_endpoints, say). Reading never computes: a description that is
// not cached is refused with the call that makes one.

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/mcp/server.hpp"
#include "sparqlmcp/mcp/uri_template.hpp"
#include "sparqlmcp/void/cache.hpp"

namespace sparqlmcp::app {

class CatalogueResources final : public mcp::ResourceProvider {
 public:
  // `void_cache` may be null (no VoID resources); both must outlive the provider.
  explicit CatalogueResources(const catalogue::Catalogue& catalogue,
                              void_::VoidCache* void_cache = nullptr);
  std::vector<mcp::ResourceDescriptor> list_resources() const override;
  std::vector<mcp::ResourceTemplate> list_templates() const override;
  // An entry's JSON for sparql-mcp://catalogue/<id>; an id the catalogue does not have is
  // refused (InvalidArgument) with a message naming it; any other URI is nullopt.
  std::optional<std::string> read_resource(const std::string& uri,
                                           std::string& mime_type) const override;

 private:
  std::string read_void(const std::string& id, std::string& mime_type) const;

  const catalogue::Catalogue& catalogue_;
  void_::VoidCache* void_cache_;
  const mcp::UriTemplate entry_template_;
  const mcp::UriTemplate void_template_;
};

}  // namespace sparqlmcp::app
