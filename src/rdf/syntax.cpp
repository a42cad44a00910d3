#include "sparqlmcp/rdf/reader.hpp"

#include <cctype>
#include <string>

#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::rdf {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

struct MediaTypeRow {
  std::string_view media_type;
  RdfSyntax syntax;
};

// One table per format family (house style): every alias a server might send.
constexpr MediaTypeRow kMediaTypes[] = {
    {"text/turtle", RdfSyntax::Turtle},
    {"application/turtle", RdfSyntax::Turtle},
    {"application/x-turtle", RdfSyntax::Turtle},
    {"text/x-turtle", RdfSyntax::Turtle},
    {"application/n-triples", RdfSyntax::NTriples},
    {"text/n-triples", RdfSyntax::NTriples},
    {"text/plain", RdfSyntax::NTriples},
    {"application/n-quads", RdfSyntax::NQuads},
    {"text/n-quads", RdfSyntax::NQuads},
    {"text/x-nquads", RdfSyntax::NQuads},
    {"application/trig", RdfSyntax::TriG},
    {"application/x-trig", RdfSyntax::TriG},
};

}  // namespace

const char* to_string(RdfSyntax syntax) {
  switch (syntax) {
    case RdfSyntax::Turtle:
      return "turtle";
    case RdfSyntax::NTriples:
      return "n-triples";
    case RdfSyntax::NQuads:
      return "n-quads";
    case RdfSyntax::TriG:
      return "trig";
  }
  return "turtle";
}

const char* media_type(RdfSyntax syntax) {
  switch (syntax) {
    case RdfSyntax::Turtle:
      return "text/turtle";
    case RdfSyntax::NTriples:
      return "application/n-triples";
    case RdfSyntax::NQuads:
      return "application/n-quads";
    case RdfSyntax::TriG:
      return "application/trig";
  }
  return "text/turtle";
}

std::optional<RdfSyntax> rdf_syntax_from_media_type(std::string_view text) {
  if (auto semicolon = text.find(';'); semicolon != std::string_view::npos)
    text = text.substr(0, semicolon);
  const std::string wanted = util::ascii_lowercase(trim(text));
  for (const auto& row : kMediaTypes)
    if (row.media_type == wanted) return row.syntax;
  return std::nullopt;
}

std::optional<RdfSyntax> rdf_syntax_from_path(const std::filesystem::path& path) {
  std::string name = util::ascii_lowercase(path.filename().string());
  if (name.size() > 3 && name.ends_with(".gz")) name.resize(name.size() - 3);
  const auto dot = name.rfind('.');
  if (dot == std::string::npos) return std::nullopt;
  const std::string_view ext = std::string_view(name).substr(dot + 1);
  if (ext == "ttl" || ext == "turtle") return RdfSyntax::Turtle;
  if (ext == "nt" || ext == "ntriples") return RdfSyntax::NTriples;
  if (ext == "nq" || ext == "nquads") return RdfSyntax::NQuads;
  if (ext == "trig") return RdfSyntax::TriG;
  return std::nullopt;
}

}  // namespace sparqlmcp::rdf
