#pragma once
// PREFIX completion and the check of declared namespaces (docs/validation.md, "Prefixes").
// A prefix used but not declared gets the one namespace the sources agree on, taken in order:
// the declarations of the catalogue and of the endpoints the query names (sh:declare in what
// they publish), the namespaces of those endpoints' VoID terms (one named like the prefix, or
// the one holding every local name used with it), the shipped table of well-known prefixes.
// Several candidates at the first source that has any, not narrowed to one by the later
// sources, make the prefix ambiguous: an error listing them.

#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/assist/validation.hpp"
#include "sparqlmcp/assist/well_known_prefixes.hpp"
#include "sparqlmcp/sparql/term_scan.hpp"
#include "vocabulary.hpp"

namespace sparqlmcp::assist {

struct PrefixSources {
  std::vector<std::pair<std::string, std::string>> catalogue;  // (prefix, namespace)
  // What the endpoints the query names declare in their examples (sh:declare).
  std::vector<std::pair<std::string, std::string>> endpoints;
  std::vector<const Vocabulary*> vocabularies;  // of the endpoints the query names
  const WellKnownPrefixes* well_known = nullptr;
};

struct PrefixResult {
  std::vector<AddedPrefix> added;
  std::vector<Finding> findings;
};

PrefixResult complete_prefixes(const sparql::TermScan& scan, const PrefixSources& sources);

// Declared prefixes whose namespace the endpoints do not use while a close one (http and
// https, '#' and '/', a separator more or less) holds the same local names: warnings.
std::vector<Finding> check_declared_namespaces(const sparql::TermScan& scan,
                                               const PrefixSources& sources);

// The PREFIX lines for `added`, to put before a query.
std::string prefix_lines(const std::vector<AddedPrefix>& added);

}  // namespace sparqlmcp::assist
