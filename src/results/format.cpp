#include "sparqlmcp/results/format.hpp"

#include <array>
#include <string>

#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::results {
namespace {

struct MediaTypeEntry {
  std::string_view media_type;  // lower case, no parameters, no "x-" prefix on the subtype
  ResultsFormat format;
};

// One table for all formats; the first entry of each format is its canonical media type.
constexpr std::array kMediaTypes{
    MediaTypeEntry{"application/sparql-results+json", ResultsFormat::Json},
    MediaTypeEntry{"application/json", ResultsFormat::Json},
    MediaTypeEntry{"text/json", ResultsFormat::Json},
    MediaTypeEntry{"application/sparql-results+xml", ResultsFormat::Xml},
    MediaTypeEntry{"application/xml", ResultsFormat::Xml},
    MediaTypeEntry{"text/xml", ResultsFormat::Xml},
    MediaTypeEntry{"text/csv", ResultsFormat::Csv},
    MediaTypeEntry{"application/csv", ResultsFormat::Csv},
    MediaTypeEntry{"text/comma-separated-values", ResultsFormat::Csv},
    MediaTypeEntry{"text/tab-separated-values", ResultsFormat::Tsv},
    MediaTypeEntry{"text/tsv", ResultsFormat::Tsv},
    MediaTypeEntry{"application/tsv", ResultsFormat::Tsv},
};

}  // namespace

std::optional<ResultsFormat> results_format_from_media_type(std::string_view content_type) {
  std::string normalized = util::media_type_essence(content_type);
  // "application/x-sparql-results+json" and the like: drop the experimental prefix.
  auto slash = normalized.find('/');
  if (slash == std::string::npos) return std::nullopt;
  std::string type =
      std::string(util::trim_whitespace(std::string_view(normalized).substr(0, slash)));
  std::string subtype =
      std::string(util::trim_whitespace(std::string_view(normalized).substr(slash + 1)));
  if (subtype.rfind("x-", 0) == 0) subtype.erase(0, 2);
  normalized = type + "/" + subtype;
  for (const auto& entry : kMediaTypes) {
    if (entry.media_type == normalized) return entry.format;
  }
  return std::nullopt;
}

std::string_view media_type(ResultsFormat format) {
  for (const auto& entry : kMediaTypes) {
    if (entry.format == format) return entry.media_type;
  }
  return {};
}

std::optional<ResultsFormat> results_format_from_name(std::string_view name) {
  std::string lower = util::ascii_lowercase(util::trim_whitespace(name));
  if (lower == "json" || lower == "srj") return ResultsFormat::Json;
  if (lower == "xml" || lower == "srx") return ResultsFormat::Xml;
  if (lower == "csv") return ResultsFormat::Csv;
  if (lower == "tsv") return ResultsFormat::Tsv;
  return std::nullopt;
}

std::string_view format_name(ResultsFormat format) {
  switch (format) {
    case ResultsFormat::Json:
      return "json";
    case ResultsFormat::Xml:
      return "xml";
    case ResultsFormat::Csv:
      return "csv";
    case ResultsFormat::Tsv:
      return "tsv";
  }
  return "json";
}

std::string_view results_accept_header() {
  // No plain application/json or application/xml: Comunica's endpoint answers a request that
  // lists them (whatever their q) with its own simplified JSON, which is no SPARQL result.
  // Servers that label SPARQL JSON application/json still send it for this list, and the
  // reader takes it under either name.
  return "application/sparql-results+json, application/sparql-results+xml;q=0.8, "
         "text/tab-separated-values;q=0.6, text/csv;q=0.5";
}

}  // namespace sparqlmcp::results
