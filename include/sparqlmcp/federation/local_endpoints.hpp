#pragma once
// The catalogue entries answered in-process: every dump-only entry (void:dataDump, no SPARQL
// endpoint) gets an embedded store loaded from its dumps at start-up, and queries naming it in
// SERVICE are evaluated by the engine instead of being sent over HTTP.

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/engine/store.hpp"

namespace sparqlmcp::federation {

class LocalEndpoints {
 public:
  using Log = std::function<void(const std::string& message)>;

  // Loads the dumps of every entry with answered_locally, entries in parallel. Dumps are local
  // files (file: IRIs, resolved by the catalogue loader; gzip allowed). Throws Exception naming
  // the entry and the file when a dump is missing, unreadable, malformed (with line and column)
  // or not a local file. `log` hears one line per loaded entry.
  static std::shared_ptr<const LocalEndpoints> load(const catalogue::Catalogue& catalogue,
                                                    const Log& log = {});

  // The store of an entry (by id), nullptr when the entry is not answered in-process.
  const engine::Store* find(const catalogue::Endpoint& endpoint) const;
  std::size_t size() const { return stores_.size(); }

 private:
  std::map<std::string, std::unique_ptr<engine::Store>> stores_;
};

// The path of a file: IRI ("file:///a/b%20c.ttl" -> "/a/b c.ttl"); nullopt for other IRIs.
std::optional<std::string> file_iri_to_path(const std::string& iri);

}  // namespace sparqlmcp::federation
