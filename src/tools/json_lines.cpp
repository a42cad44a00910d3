#include "sparqlmcp/tools/json_lines.hpp"

#include <algorithm>

namespace sparqlmcp::tools {

std::vector<JsonLine> parse_json_lines(std::string_view text, bool comments) {
  std::vector<JsonLine> lines;
  std::size_t number = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++number;
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string_view::npos || (comments && line[start] == '#')) continue;
    lines.push_back({number, nlohmann::json::parse(line, nullptr, false)});
  }
  return lines;
}

}  // namespace sparqlmcp::tools
