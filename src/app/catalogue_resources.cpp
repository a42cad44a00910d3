#include "catalogue_resources.hpp"

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/files.hpp"
#include "sparqlmcp/void/turtle.hpp"

namespace sparqlmcp::app {

namespace {
constexpr const char* kMimeType = "application/json";
constexpr const char* kTurtle = "text/turtle";

std::string count_text(const void_::Count& count, const char* what) {
  return count ? std::to_string(*count) + " " + what : std::string("? ") + what;
}
}  // namespace

CatalogueResources::CatalogueResources(const catalogue::Catalogue& catalogue,
                                       void_::VoidCache* void_cache)
    : catalogue_(catalogue),
      void_cache_(void_cache),
      entry_template_("sparql-mcp://catalogue/{id}"),
      void_template_("sparql-mcp://void/{id}") {}

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
  if (void_cache_ == nullptr) return resources;
  for (const void_::CacheEntry& cached : void_cache_->list().entries) {
    const catalogue::Endpoint* endpoint = catalogue_.find_by_id(cached.id);
    if (endpoint == nullptr) continue;  // a file of an entry no longer in the catalogue
    mcp::ResourceDescriptor resource;
    resource.uri = "sparql-mcp://void/" + cached.id;
    resource.name = "void-" + cached.id;
    resource.title = "VoID description of " + endpoint->title;
    resource.description =
        count_text(cached.triples, "triples") + ", " + count_text(cached.classes, "classes") +
        ", " + count_text(cached.properties, "properties") + (cached.complete ? "" : " (partial)") +
        (cached.stale ? " (stale)" : "") + "; get_void_descriptions gives a summary of it";
    resource.mime_type = kTurtle;
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
  if (void_cache_ == nullptr) return {entry};
  mcp::ResourceTemplate description;
  description.uri_template = void_template_.text();
  description.name = "void-description";
  description.title = "VoID description";
  description.description =
      "The cached VoID description of a catalogue entry by its id, as self-contained Turtle: "
      "classes and properties with their counts, and per class the properties its instances "
      "use. Reading does not compute one: get_void_descriptions does.";
  description.mime_type = kTurtle;
  return {entry, description};
}

std::optional<std::string> CatalogueResources::read_resource(const std::string& uri,
                                                             std::string& mime_type) const {
  if (void_cache_ != nullptr) {
    if (const auto values = void_template_.match(uri))
      return read_void(values->at("id"), mime_type);
  }
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

std::string CatalogueResources::read_void(const std::string& id, std::string& mime_type) const {
  if (catalogue_.find_by_id(id) == nullptr || !catalogue::is_valid_id(id))
    throw_error(ErrorKind::InvalidArgument,
                "the catalogue has no entry with the id \"" + id +
                    "\"; list_endpoints and resources/list name its entries");
  void_::CacheLookup lookup = void_cache_->lookup(id);
  if (!lookup.hit)
    throw_error(
        ErrorKind::InvalidArgument,
        "no VoID description of \"" + id +
            "\" is cached yet; call get_void_descriptions with endpoint \"" + id +
            "\" to find or compute one" +
            (lookup.error ? " (the cached file was broken: " + lookup.error->to_text() + ")" : ""));
  mime_type = kTurtle;
  // The cache file is write_turtle's text already; a description kept in memory only (its
  // folder could not be written) is written out here.
  if (!lookup.hit->path.empty()) {
    try {
      return util::read_file(lookup.hit->path);
    } catch (const Exception&) {
      // Replaced or removed since the lookup: the description in hand says the same.
    }
  }
  return void_::write_turtle(*lookup.hit->description);
}

}  // namespace sparqlmcp::app
