#pragma once
// The well-known prefixes shipped with the server (data/well-known-prefixes.tsv: the most used
// prefixes of prefix.cc and those the big public endpoints predeclare), embedded at build time:
// what PREFIX completion falls back on, and what tells a common namespace from an uncommon one.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sparqlmcp::assist {

class WellKnownPrefixes {
 public:
  // The shipped table.
  static const WellKnownPrefixes& shipped();
  // A table read from TSV text (prefix, TAB, namespace; '#' comments); bad lines are skipped.
  static WellKnownPrefixes from_tsv(std::string_view text);

  std::optional<std::string> namespace_of(std::string_view prefix) const;
  bool is_known_namespace(std::string_view iri) const;
  // Whether `iri` starts with a namespace of the table.
  bool covers(std::string_view iri) const;
  std::size_t size() const { return by_prefix_.size(); }

 private:
  std::vector<std::pair<std::string, std::string>> by_prefix_;  // sorted by prefix
  std::vector<std::string> namespaces_;                         // sorted
};

}  // namespace sparqlmcp::assist
