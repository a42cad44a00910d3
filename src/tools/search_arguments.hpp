#pragma once
// What the search tools read from their arguments alike: the search text (bounded, with
// words), the endpoints named by id or IRI, and the deadline of a call.

#include <chrono>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/tools/arguments.hpp"

namespace sparqlmcp::tools {

inline constexpr std::size_t kMaxSearchText = 2000;

// The `text` argument: required, with at least one word, at most kMaxSearchText characters.
std::string search_text(const Arguments& args, const std::string& tool);

// `given` (an argument's value, angle brackets allowed) as a full IRI with no character an IRI
// cannot hold, since it is written into queries. Throws InvalidArgument naming `tool` and the
// argument `name`, ending with `hint` (where to find one).
std::string full_iri(std::string given, const std::string& tool, const std::string& name,
                     const std::string& hint);

// `endpoints` (an array of ids or IRIs, or one string): the catalogue entries, or empty for the
// whole catalogue. Throws InvalidArgument for an unknown one, listing the known ids.
std::vector<const catalogue::Endpoint*> named_endpoints(const nlohmann::json& arguments,
                                                        const catalogue::Catalogue& catalogue,
                                                        const std::string& tool);

// The catalogue's prefixes, then those of the W3C vocabularies every endpoint uses (rdf, rdfs,
// xsd, owl, skos) unless the catalogue binds those names: how the search tools print IRIs.
std::vector<std::pair<std::string, std::string>> display_prefixes(
    const catalogue::Catalogue& catalogue);

// `timeout_ms` (default `fallback`), as a deadline from now.
std::chrono::steady_clock::time_point call_deadline(const Arguments& args,
                                                    std::chrono::milliseconds fallback);

}  // namespace sparqlmcp::tools
