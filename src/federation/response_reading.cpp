#include "response_reading.hpp"

#include <optional>
#include <string>

#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/parser.hpp"
#include "truncated_results.hpp"

namespace sparqlmcp::federation {

const char* const kGraphAccept =
    "application/n-triples, text/turtle;q=0.9, application/n-quads;q=0.5, "
    "application/trig;q=0.4, text/plain;q=0.2";

namespace {

std::optional<results::ResultsFormat> sniff_results_format(std::string_view body) {
  std::size_t start = body.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return std::nullopt;
  if (body[start] == '{') return results::ResultsFormat::Json;
  if (body[start] == '<') return results::ResultsFormat::Xml;
  return std::nullopt;
}

std::string results_format_name(results::ResultsFormat format) {
  switch (format) {
    case results::ResultsFormat::Json:
      return "json";
    case results::ResultsFormat::Xml:
      return "xml";
    case results::ResultsFormat::Csv:
      return "csv";
    case results::ResultsFormat::Tsv:
      return "tsv";
  }
  return "json";
}

// Parses the body; when it was cut at the byte limit, parses its longest complete prefix.
template <class T, class Parse>
T parse_possibly_truncated(const http::SparqlResponse& response, std::string_view format,
                           Parse parse) {
  try {
    return parse(response.body);
  } catch (const Exception& exception) {
    if (response.truncated) {
      std::optional<T> parsed;
      recover_truncated_document(response.body, format, [&](const std::string& candidate) {
        try {
          parsed = parse(candidate);
          return true;
        } catch (const Exception&) {
          return false;
        }
      });
      if (parsed) return std::move(*parsed);
    }
    throw Exception(make_remote_error(
        "the endpoint's response could not be read: " + exception.error().to_text(),
        response.endpoint, response.status, 0, response.body));
  }
}

}  // namespace

results::QueryResults read_solutions(const http::SparqlResponse& response) {
  std::optional<results::ResultsFormat> format =
      results::results_format_from_media_type(response.content_type);
  if (!format) format = sniff_results_format(response.body);
  if (!format) {
    throw Exception(make_remote_error("the endpoint answered with content type '" +
                                          response.content_type +
                                          "', which is not a SPARQL results format",
                                      response.endpoint, response.status, 0, response.body));
  }
  return parse_possibly_truncated<results::QueryResults>(
      response, results_format_name(*format),
      [&](std::string_view body) { return results::parse_results(body, *format); });
}

std::vector<rdf::Triple> read_triples(const http::SparqlResponse& response) {
  std::optional<rdf::RdfSyntax> syntax = rdf::rdf_syntax_from_media_type(response.content_type);
  if (!syntax) syntax = rdf::RdfSyntax::Turtle;  // a superset of N-Triples
  auto quads = parse_possibly_truncated<std::vector<rdf::Quad>>(
      response, "lines", [&](std::string_view body) {
        return rdf::parse_rdf(body, *syntax, response.endpoint, response.endpoint);
      });
  std::vector<rdf::Triple> triples;
  triples.reserve(quads.size());
  for (rdf::Quad& quad : quads) {
    triples.push_back({std::move(quad.subject), std::move(quad.predicate), std::move(quad.object)});
  }
  return triples;
}

}  // namespace sparqlmcp::federation
