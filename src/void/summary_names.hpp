#pragma once
// How a summary writes IRIs: as prefixed names where it can, so that a class or property costs
// a few characters and the agent can copy it into a query together with the PREFIX line.
// The prefixes come, in this order, from the description (the endpoint's own names), from the
// catalogue's declarations (SummaryOptions::prefixes), from a table of well-known vocabularies
// (rdf, rdfs, xsd, owl, skos, foaf, dcterms, schema, ...), and are generated for other namespaces
// the description uses more than once. The names depend only on the description, so a name an agent
// read in one summary finds the same IRI in the next (filters accept them).

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_::summary {

struct Prefix {
  std::string name;  // without ':'
  std::string ns;    // the namespace IRI
};

// An IRI as the summary writes it: "foaf:name" (prefix is an index into Names::prefixes())
// or "<http://...>" (prefix -1).
struct CompactIri {
  std::string text;
  int prefix = -1;
};

class Names {
 public:
  // `preferred`: names to use, after the description's own, for the namespaces they name (the
  // catalogue's prefixes).
  explicit Names(const Description& description, const std::vector<Prefix>& preferred = {});

  CompactIri compact(std::string_view iri) const;
  // The IRI a prefixed name stands for, using this summary's prefixes and then the
  // well-known ones; nullopt when the prefix is unknown or `name` is not prefix:local.
  std::optional<std::string> expand(std::string_view name) const;

  const std::vector<Prefix>& prefixes() const { return prefixes_; }

 private:
  void add(std::string name, std::string ns);

  std::vector<Prefix> prefixes_;
  std::unordered_map<std::string, int> by_namespace_;
  std::unordered_map<std::string, int> by_name_;
  // Prefixes whose namespace does not end where namespace_of() splits (from the
  // description): matched by a scan, longest first.
  std::vector<int> unusual_;
};

// The well-known prefixes, e.g. {"rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"}.
const std::vector<Prefix>& well_known_prefixes();

// Whether `local` may follow "prefix:" in SPARQL without escapes (PN_LOCAL, SPARQL 1.1
// grammar [169], without PLX and ':'): an agent must be able to copy the name as it is.
bool is_plain_local_name(std::string_view local);
// Whether `name` is a PN_PREFIX ([168]) of ASCII letters, digits, '_' and '-' (starting with
// a letter).
bool is_plain_prefix_name(std::string_view name);

// The namespace of `iri`: up to its last '#' or '/' when what follows is a non-empty plain
// local name; empty otherwise.
std::string_view namespace_of(std::string_view iri);
// What follows the last '#', '/' or ':' of `iri` (the whole IRI when it has none).
std::string_view local_name(std::string_view iri);

}  // namespace sparqlmcp::void_::summary
