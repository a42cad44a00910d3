#include "sparql_negotiation.hpp"

#include <array>
#include <span>
#include <vector>

#include "sparqlmcp/transport/http_accept.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::sparql_endpoint::detail {
namespace {

using transport::match_specificity;
using transport::MediaRange;
using transport::parse_accept;

// In preference order; the aliases after the registered types.
constexpr std::array kResultOffers{
    Offer{"application/sparql-results+json", AnswerFormat::Json},
    Offer{"application/sparql-results+xml", AnswerFormat::Xml},
    Offer{"text/csv", AnswerFormat::Csv},
    Offer{"text/tab-separated-values", AnswerFormat::Tsv},
    Offer{"application/json", AnswerFormat::Json},
    Offer{"application/xml", AnswerFormat::Xml},
    Offer{"text/xml", AnswerFormat::Xml},
};
constexpr std::array kGraphOffers{
    Offer{"text/turtle", AnswerFormat::Turtle},
    Offer{"application/n-triples", AnswerFormat::NTriples},
    Offer{"application/x-turtle", AnswerFormat::Turtle},
    // N-Triples' media type before RDF 1.1 registered application/n-triples.
    Offer{"text/plain", AnswerFormat::NTriples},
};

std::span<const Offer> offers(bool graph) {
  if (graph) return kGraphOffers;
  return kResultOffers;
}

// The weight the ranges give `media_type`: the q of its most specific match, 0 without one.
double weight(const std::vector<MediaRange>& ranges, std::string_view media_type) {
  int best_specificity = -1;
  double q = 0;
  for (const MediaRange& range : ranges) {
    const int specificity = match_specificity(range, media_type);
    if (specificity > best_specificity) {
      best_specificity = specificity;
      q = range.q;
    }
  }
  return q;
}

}  // namespace

std::optional<Offer> negotiate(const std::optional<std::string>& accept, bool graph) {
  const std::span<const Offer> candidates = offers(graph);
  if (!accept || util::trim_whitespace(*accept).empty()) return candidates.front();
  const std::vector<MediaRange> ranges = parse_accept(*accept);
  std::optional<Offer> best;
  double best_weight = 0;
  for (const Offer& offer : candidates) {
    const double w = weight(ranges, offer.media_type);
    if (w > best_weight) {
      best = offer;
      best_weight = w;
    }
  }
  return best;
}

std::string offered_media_types(bool graph) {
  std::string text;
  for (const Offer& offer : offers(graph)) {
    if (!text.empty()) text += ", ";
    text += offer.media_type;
  }
  return text;
}

std::string content_type(const Offer& offer) {
  std::string value(offer.media_type);
  if (value.starts_with("text/")) value += "; charset=utf-8";
  return value;
}

}  // namespace sparqlmcp::sparql_endpoint::detail
