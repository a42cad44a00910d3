#pragma once
// Reads a W3C test manifest (Turtle, with Serd) into its entries, in mf:entries order.

#include <string>
#include <vector>

namespace sparqlmcp::sparql::testing {

struct ManifestEntry {
  std::string id;      // the entry IRI
  std::string name;    // mf:name
  std::string type;    // local name of rdf:type, e.g. "PositiveSyntaxTest11"
  std::string action;  // file path of mf:action, or of its qt:query for evaluation tests
};

// Throws std::runtime_error when the file cannot be read.
std::vector<ManifestEntry> read_manifest(const std::string& path);

}  // namespace sparqlmcp::sparql::testing
