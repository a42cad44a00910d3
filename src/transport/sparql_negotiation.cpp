#include "sparql_negotiation.hpp"

#include <array>
#include <charconv>
#include <span>
#include <vector>

#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::transport::detail {
namespace {

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

struct MediaRange {
  std::string type;
  std::string subtype;
  double q = 1.0;
};

// "0", "0.5", "1.000" (RFC 9110 12.4.2). Anything else leaves the range at q=1: a client that
// sends a malformed weight still wants the type.
double parse_q(std::string_view text) {
  double q = 1.0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), q);
  if (error != std::errc() || end != text.data() + text.size() || q < 0 || q > 1) return 1.0;
  return q;
}

std::vector<MediaRange> parse_accept(std::string_view accept) {
  std::vector<MediaRange> ranges;
  while (!accept.empty()) {
    const auto comma = accept.find(',');
    std::string_view item = accept.substr(0, comma);
    accept = comma == std::string_view::npos ? std::string_view{} : accept.substr(comma + 1);
    std::string_view params;
    if (const auto semicolon = item.find(';'); semicolon != std::string_view::npos) {
      params = item.substr(semicolon + 1);
      item = item.substr(0, semicolon);
    }
    item = util::trim_whitespace(item);
    const auto slash = item.find('/');
    if (item.empty() || slash == std::string_view::npos) continue;
    MediaRange range{util::ascii_lowercase(util::trim_whitespace(item.substr(0, slash))),
                     util::ascii_lowercase(util::trim_whitespace(item.substr(slash + 1))), 1.0};
    while (!params.empty()) {
      const auto next = params.find(';');
      std::string_view param = util::trim_whitespace(params.substr(0, next));
      params = next == std::string_view::npos ? std::string_view{} : params.substr(next + 1);
      if (param.size() > 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=') {
        range.q = parse_q(param.substr(2));
      }
    }
    ranges.push_back(std::move(range));
  }
  return ranges;
}

// The weight the ranges give `media_type`: the q of its most specific match, 0 without one.
double weight(const std::vector<MediaRange>& ranges, std::string_view media_type) {
  const auto slash = media_type.find('/');
  const std::string_view type = media_type.substr(0, slash);
  const std::string_view subtype = media_type.substr(slash + 1);
  int best_specificity = -1;
  double q = 0;
  for (const MediaRange& range : ranges) {
    int specificity = -1;
    if (range.type == type && range.subtype == subtype) {
      specificity = 2;
    } else if (range.type == type && range.subtype == "*") {
      specificity = 1;
    } else if (range.type == "*" && range.subtype == "*") {
      specificity = 0;
    }
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

}  // namespace sparqlmcp::transport::detail
