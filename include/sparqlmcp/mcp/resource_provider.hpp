#pragma once
// The resources an application exposes through MCP (MCP "Resources"). The application owns the
// provider; the server shares it (shared_ptr<const>) and calls it from the session's reading
// thread, possibly from several sessions at once, so implementations must be thread-safe for
// const use and quick (they answer resources/list, resources/templates/list and resources/read
// inline).

#include <optional>
#include <string>
#include <vector>

namespace sparqlmcp::mcp {

struct ResourceDescriptor {
  std::string uri;
  std::string name;
  std::string title;        // omitted from resources/list when empty
  std::string description;  // omitted when empty
  std::string mime_type;    // omitted when empty
};

// A family of resources whose URIs a client builds itself (MCP "Resources", Resource
// Templates): the resources behind a template need not all be in resources/list (a VoID
// description may exist for any endpoint).
struct ResourceTemplate {
  std::string uri_template;  // RFC 6570, e.g. "sparql-mcp://catalogue/{id}" (uri_template.hpp)
  std::string name;
  std::string title;        // omitted from resources/templates/list when empty
  std::string description;  // omitted when empty
  // Omitted when empty; the schema asks for it only when every resource of the template has
  // this type.
  std::string mime_type;
};

class ResourceProvider {
 public:
  virtual ~ResourceProvider() = default;
  virtual std::vector<ResourceDescriptor> list_resources() const = 0;
  // resources/templates/list; none by default.
  virtual std::vector<ResourceTemplate> list_templates() const { return {}; }
  // The text of `uri`, or nullopt when there is no such resource (answered as resource not
  // found: -32002 in the legacy revisions, -32602 under 2026-07-28). Sets `mime_type` to the
  // content's media type. Every URI a client sends comes here, listed or not: a URI built from
  // one of the provider's templates is the provider's to answer (UriTemplate::match reads its
  // variables). To say why such a URI names nothing ("no catalogue entry has the id x; ..."),
  // throw Exception with ErrorKind::InvalidArgument: the client gets resource not found with
  // that message. Any other exception is an internal error (-32603).
  virtual std::optional<std::string> read_resource(const std::string& uri,
                                                   std::string& mime_type) const = 0;
};

}  // namespace sparqlmcp::mcp
