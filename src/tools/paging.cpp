#include "paging.hpp"

#include <algorithm>
#include <charconv>
#include <memory>
#include <optional>

namespace sparqlmcp::tools {
namespace {

constexpr std::string_view kPartMarker = "# sparql-mcp next part: skip ";
constexpr std::string_view kPartMarkerEnd = " triples";
constexpr std::string_view kOrderMarker =
    "# sparql-mcp: ORDER BY added so that pages follow one order";

std::string_view trim(std::string_view text) {
  std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return {};
  std::size_t end = text.find_last_not_of(" \t\r\n");
  return text.substr(start, end - start + 1);
}

// Where the part marker starts, when the text's last line is one.
std::optional<std::size_t> marker_position(std::string_view text, std::size_t* skip) {
  text = trim(text);
  std::size_t line = text.rfind('\n');
  std::size_t start = line == std::string_view::npos ? 0 : line + 1;
  std::string_view last = text.substr(start);
  if (last.substr(0, kPartMarker.size()) != kPartMarker) return std::nullopt;
  std::string_view rest = last.substr(kPartMarker.size());
  std::size_t value = 0;
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
  if (ec != std::errc() || std::string_view(end, rest.data() + rest.size()) != kPartMarkerEnd) {
    return std::nullopt;
  }
  if (skip != nullptr) *skip = value;
  return start;
}

}  // namespace

void sort_triples(std::vector<rdf::Triple>& triples) {
  std::vector<std::pair<std::string, std::size_t>> keys;
  keys.reserve(triples.size());
  for (std::size_t i = 0; i < triples.size(); ++i) {
    const rdf::Triple& t = triples[i];
    keys.emplace_back(
        t.subject.to_ntriples() + ' ' + t.predicate.to_ntriples() + ' ' + t.object.to_ntriples(),
        i);
  }
  std::sort(keys.begin(), keys.end());
  std::vector<rdf::Triple> sorted;
  sorted.reserve(triples.size());
  for (const auto& key : keys)
    sorted.push_back(std::move(triples[key.second]));
  triples = std::move(sorted);
}

std::string with_part_marker(std::string_view query_text, std::size_t skip) {
  std::string text = without_part_marker(query_text);
  return text + "\n" + std::string(kPartMarker) + std::to_string(skip) +
         std::string(kPartMarkerEnd);
}

std::size_t part_marker_skip(std::string_view query_text) {
  std::size_t skip = 0;
  return marker_position(query_text, &skip) ? skip : 0;
}

std::string without_part_marker(std::string_view query_text) {
  std::string_view text = trim(query_text);
  if (auto start = marker_position(text, nullptr)) text = trim(text.substr(0, *start));
  return std::string(text);
}

std::string with_order_marker(std::string_view query_text) {
  std::string text(trim(query_text));
  if (has_order_marker(text)) return text;
  return text + "\n" + std::string(kOrderMarker);
}

bool has_order_marker(std::string_view query_text) {
  std::string_view text = trim(query_text);
  return text.size() >= kOrderMarker.size() &&
         text.substr(text.size() - kOrderMarker.size()) == kOrderMarker;
}

std::string cache_key(std::string_view query_text) {
  return std::string(trim(query_text));
}

}  // namespace sparqlmcp::tools
