#pragma once
// The resources an application exposes through MCP (MCP "Resources"). The application owns the
// provider; the server shares it (shared_ptr<const>) and calls it from the session's reading
// thread, possibly from several sessions at once, so implementations must be thread-safe for
// const use and quick (they answer resources/list and resources/read inline).

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

class ResourceProvider {
 public:
  virtual ~ResourceProvider() = default;
  virtual std::vector<ResourceDescriptor> list_resources() const = 0;
  // The text of `uri`, or nullopt when there is no such resource (answered with -32002).
  // Sets `mime_type` to the content's media type.
  virtual std::optional<std::string> read_resource(const std::string& uri,
                                                   std::string& mime_type) const = 0;
};

}  // namespace sparqlmcp::mcp
