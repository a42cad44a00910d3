#include "sparqlmcp/transport/http_accept.hpp"

#include <charconv>

#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::transport {
namespace {

// "0", "0.5", "1.000" (RFC 9110 12.4.2). Anything else leaves the range at q=1: a client that
// sends a malformed weight still wants the type.
double parse_q(std::string_view text) {
  double q = 1.0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), q);
  if (error != std::errc() || end != text.data() + text.size() || q < 0 || q > 1) return 1.0;
  return q;
}

}  // namespace

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
        range.q = parse_q(util::trim_whitespace(param.substr(2)));
      }
    }
    ranges.push_back(std::move(range));
  }
  return ranges;
}

int match_specificity(const MediaRange& range, std::string_view media_type) {
  const auto slash = media_type.find('/');
  const std::string_view type = media_type.substr(0, slash);
  const std::string_view subtype =
      slash == std::string_view::npos ? std::string_view{} : media_type.substr(slash + 1);
  if (range.type == type && range.subtype == subtype) return 2;
  if (range.type == type && range.subtype == "*") return 1;
  if (range.type == "*" && range.subtype == "*") return 0;
  return -1;
}

}  // namespace sparqlmcp::transport
