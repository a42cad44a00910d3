#pragma once
// The endpoint registry: which SPARQL endpoints (and RDF dumps) the server knows, with the
// one-sentence topical descriptions that steer agents, and per-endpoint settings.
//
// The catalogue is RDF (Turtle files using VoID, SPARQL Service Description and DCMI terms plus
// the smcp: settings vocabulary; see docs/catalogue.md). load_catalogue() reads it once at
// start-up; afterwards a Catalogue is an immutable value that can be shared between threads for
// reading (add() is for start-up wiring only, e.g. --endpoint).

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace sparqlmcp::catalogue {

// Absent fields mean "use the server's default".
struct EndpointSettings {
  std::optional<std::chrono::milliseconds> timeout;  // smcp:timeoutMs
  std::optional<std::string> http_method;            // smcp:httpMethod: "GET" or "POST"
  std::optional<std::size_t> result_cap;             // smcp:resultCap: known row cap
  // smcp:callsServices true: the endpoint evaluates SERVICE clauses itself, so a SERVICE
  // nested in one sent to it travels with the block instead of being federated here.
  std::optional<bool> calls_services;
  // smcp:header: (name, value) pairs sent with every request. Values read from the environment
  // (smcp:headerValueFromEnv) are resolved at load time. Secrets: never print the values.
  std::vector<std::pair<std::string, std::string>> headers;
  // smcp:textSearch: the full-text index the endpoint's software offers for searching
  // literals ("virtuoso": bif:contains); absent: none, searches match exact and prefix.
  std::optional<std::string> text_search;
};

struct Endpoint {
  std::string id;            // short, unique, [A-Za-z0-9._-]+, e.g. "wikidata"
  std::string endpoint_iri;  // what SERVICE names; for a dump-only entry, the dataset's IRI
  std::string title;
  std::string description;  // one sentence: what data it holds, its quirks
  std::vector<std::string> keywords;
  std::string homepage;
  std::vector<std::string> data_dumps;  // void:dataDump IRIs, relative ones resolved (file:///...)
  // smcp:exampleQueries: files of example queries in SHACL form (file:///... IRIs, relative
  // ones resolved), for endpoints that publish none in their own data.
  std::vector<std::string> example_files;
  // void:uriSpace and void:uriRegexPattern: the IRIs of the entities its data describes, as the
  // entry declares them (a description the endpoint publishes may declare them too).
  std::vector<std::string> uri_spaces;
  std::vector<std::string> uri_patterns;
  EndpointSettings settings;
  std::string source;  // the file it came from, or "--endpoint"
  // True when the entry has no SPARQL endpoint: it is answered in-process from data_dumps.
  bool answered_locally = false;
};

// Endpoint::source of entries made by make_adhoc_endpoint().
inline constexpr std::string_view kAdhocSource = "--endpoint";

class Catalogue {
 public:
  // Adds an entry. Throws InvalidArgument when the id, or the IRI (compared tolerantly, as
  // find_by_iri does), is already taken, or when the id or IRI is empty. Exception: an ad hoc
  // entry (source kAdhocSource) whose derived id is taken gets a unique one (id-2, id-3, ...).
  void add(Endpoint endpoint);

  const std::vector<Endpoint>& endpoints() const { return endpoints_; }

  // Exact match first; then tolerant: ignoring a trailing '/', http vs https, and the case of
  // scheme and host. nullptr if unknown.
  const Endpoint* find_by_iri(std::string_view iri) const;
  const Endpoint* find_by_id(std::string_view id) const;
  // By id, else by IRI (tolerant): what a tool argument naming an endpoint usually needs.
  const Endpoint* find(std::string_view id_or_iri) const;

  // Every word of `keyword` (separated by white space, ',' or ';') must occur, in any order, in
  // the id, title, description, keywords or IRI of an entry (ASCII case-insensitive substring
  // match; the words may match in different fields). No words: all entries. Catalogue order.
  std::vector<const Endpoint*> search(std::string_view keyword) const;

  // `wanted` if no entry has that id, else wanted-2, wanted-3, ...
  std::string unique_id(std::string_view wanted) const;

  // The prefixes the catalogue's files declare (@prefix / PREFIX), as (name, namespace) in the
  // order first declared: the names its author gives the endpoints' vocabularies, which
  // summaries and queries then use too. A name or namespace declared again keeps its first
  // binding; empty names and namespaces are ignored.
  const std::vector<std::pair<std::string, std::string>>& prefixes() const { return prefixes_; }
  void add_prefix(std::string name, std::string ns);

 private:
  std::vector<Endpoint> endpoints_;
  std::vector<std::pair<std::string, std::string>> prefixes_;
  // Positions in endpoints_ by id, by IRI and by normalized IRI: lookups run on every query
  // (validation, routing, source selection), over catalogues of hundreds of entries.
  std::unordered_map<std::string, std::size_t> by_id_, by_iri_, by_normalized_iri_;
};

// Loads Turtle files; each path is a file or a folder (all *.ttl in it, sorted by name, not
// recursive). Errors (all thrown as Exception):
// - Syntax: a malformed file, with file, line and column;
// - InvalidArgument: a missing path; an entry-like resource (typed void:Dataset or sd:Service,
//   with a title or description, not nested in another description) without endpoint or dump;
//   a bad setting; a header variable missing from the environment; a duplicate id or endpoint.
// An entry without title or description is accepted with a warning (spdlog) and a fallback.
Catalogue load_catalogue(const std::vector<std::filesystem::path>& paths);

// An entry for `--endpoint URL`: id derived from the host (slug), title = host, a placeholder
// description, source "--endpoint". Throws InvalidArgument unless `iri` is an http(s) URL.
Endpoint make_adhoc_endpoint(std::string iri);

// Whether `iri` is an http:// or https:// URL with a host name: what make_adhoc_endpoint
// accepts, and what an endpoint outside the catalogue must be to be sent a query.
bool is_http_url_with_host(std::string_view iri);

// {"id", "endpoint", "title", "description", "keywords", "homepage", "resource", "source",
//  "settings": {"timeout_ms", "http_method", "result_cap", "calls_services", "text_search",
//               "example_queries": [file IRIs], "headers": [names only]},
//  "data_dumps" and "answered_in_process" (the name list_endpoints uses) when it has dumps}.
// Header values are never included.
nlohmann::json endpoint_to_json(const Endpoint& endpoint);

// The ids of the first `max` entries, comma-separated, then ", ..." when there are more; "none"
// for an empty catalogue: what an error naming an unknown endpoint lists.
std::string known_ids(const Catalogue& catalogue, std::size_t max = 30);

// "sparql-mcp://catalogue/<id>": the MCP resource URI of a catalogue entry.
std::string resource_uri(const Endpoint& endpoint);

// Ids are 1-64 characters from [A-Za-z0-9._-] (they appear in resource URIs and tool output).
bool is_valid_id(std::string_view id);

// Lowercase ASCII slug: runs of other characters become one '-', trimmed, at most 48 chars.
std::string slugify(std::string_view text);

// The comparison key find_by_iri uses for its tolerant match.
std::string normalize_endpoint_iri(std::string_view iri);

}  // namespace sparqlmcp::catalogue
