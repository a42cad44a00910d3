#pragma once
// Summaries of a VoID description that fit an agent's context. An agent
// needs the classes and properties of an endpoint, and how its instances link, before it
// writes a query; a description of a big endpoint (thousands of classes, IRIs of hundreds of
// characters) is far larger than a context can hold, so a summary is cut to a character
// budget, biggest classes and properties first, and ends with a note saying what was cut and
// how to ask for it.
//
// One summary is a text (plain text with SPARQL PREFIX lines, which an LLM reads well and
// can copy from) and the same data as JSON for MCP `structuredContent`, described by
// summary_schema(). The JSON holds exactly what the text shows, so it is bounded too.
// The format is described in docs/void.md, "Summaries". Everything is deterministic: the same
// description and options give the same bytes (no clock is read; the caller passes ages).

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_ {

// How the caller came by the description it summarises (the `status` of
// get_void_descriptions).
enum class Status {
  Cached,     // read from the cache, within its time to live
  Retrieved,  // published by the endpoint, read during this call
  Computed,   // computed during this call
  Stale,      // from the cache, past its time to live: refreshing it failed
  Partial,    // some parts are missing (Provenance::missing says which)
  Missing,    // there is no description (the Description passed is empty apart from its names)
};
std::string_view to_string(Status status);

struct DescriptionStatus {
  Status status = Status::Computed;
  // Cached and Stale: how old the entry is (time since it was retrieved or computed).
  std::optional<std::chrono::seconds> age;
  // Why, in a few words an agent can act on: for Stale why refreshing failed ("endpoint
  // unreachable: ..."), for Missing why there is none, for Partial what happens next
  // ("computation continues in the background; call again"). May be empty.
  std::string note;
};

enum class Detail {
  Summary,  // counts of classes and properties, one shape line per class
  Full,     // adds statistics: triples, distinct subjects and objects, counts per value type
};
std::string_view to_string(Detail detail);

inline constexpr std::size_t kDefaultSummaryBudget = 8000;
// The most characters a caller may ask for (get_void_descriptions' max_chars).
inline constexpr std::size_t kMaximumSummaryBudget = 1'000'000;
// Below this the header and the note on what was cut would leave no room for content.
inline constexpr std::size_t kMinimumSummaryBudget = 1000;

struct SummaryOptions {
  Detail detail = Detail::Summary;
  // Filters: classes and/or properties the agent asks for. Each value is a full IRI (with or
  // without <>), a prefixed name using the summary's prefixes (or a well-known prefix such as
  // foaf:), or a local name matched case-insensitively ("person" matches foaf:Person and
  // schema:Person). Values that match nothing are reported with the closest names the
  // description has. Empty: no filter.
  std::vector<std::string> classes;
  std::vector<std::string> properties;
  // The most characters the text may have (see text_length); at least kMinimumSummaryBudget.
  std::size_t max_chars = kDefaultSummaryBudget;
  DescriptionStatus status;
  // Names to give namespaces, after the description's own prefixes: the catalogue's
  // declarations (catalogue::Catalogue::prefixes), as (name, namespace). The same for every
  // summary of a process, so a name read in one summary means the same IRI in the next.
  std::vector<std::pair<std::string, std::string>> prefixes;
};

// What was left out to stay within the budget (all zero when nothing was).
struct SummaryCut {
  std::size_t classes = 0;        // classes (or matched classes) shown nowhere
  std::size_t properties = 0;     // properties (or matched properties) not listed
  std::size_t shapes = 0;         // classes with a known shape whose shape is not shown
  std::size_t shape_entries = 0;  // properties cut from shapes that are shown ("... +N")
  std::size_t other = 0;          // missing parts and filter values not shown
  bool any() const { return classes + properties + shapes + shape_entries + other > 0; }
};

struct Summary {
  std::string text;           // ends with '\n'; text_length(text) <= max_chars
  nlohmann::json structured;  // matches summary_schema()
  SummaryCut cut;
};

// Summarises `description`. Throws Exception (InvalidArgument) when options.max_chars is
// below kMinimumSummaryBudget. The description need not be sorted.
Summary summarize(const Description& description, const SummaryOptions& options = {});

// The JSON Schema of Summary::structured: the `outputSchema` part of a tool returning it.
const nlohmann::json& summary_schema();

// The length the budget counts: UTF-16 code units, i.e. characters as JavaScript and the MCP
// SDKs count them (a code point beyond U+FFFF counts two; ill-formed bytes one each). Never
// less than the number of code points.
std::size_t text_length(std::string_view text);

}  // namespace sparqlmcp::void_
