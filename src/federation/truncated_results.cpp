#include "truncated_results.hpp"

#include <cctype>

namespace sparqlmcp::federation {
namespace {

constexpr int kMaxCandidates = 8;

std::size_t skip_space_backwards(std::string_view text, std::size_t pos) {
  while (pos > 0 && std::isspace(static_cast<unsigned char>(text[pos - 1])))
    --pos;
  return pos;
}

// A SPARQL JSON binding ends with the close of its last term object and its own close: "} }"
// (with any white space) followed by ',' or ']'. Candidates are tried from the end because a
// literal may itself contain "}}".
std::optional<std::string> recover_json(std::string_view body,
                                        const std::function<bool(const std::string&)>& accepts) {
  std::size_t pos = body.size();
  for (int tried = 0; tried < kMaxCandidates && pos > 0;) {
    std::size_t close = body.rfind('}', pos - 1);
    if (close == std::string_view::npos) return std::nullopt;
    pos = close;
    std::size_t before = skip_space_backwards(body, close);
    if (before == 0 || body[before - 1] != '}') continue;
    ++tried;
    std::string candidate(body.substr(0, close + 1));
    candidate += "]}}";
    if (accepts(candidate)) return candidate;
  }
  return std::nullopt;
}

std::optional<std::string> recover_xml(std::string_view body,
                                       const std::function<bool(const std::string&)>& accepts) {
  std::size_t pos = body.size();
  for (int tried = 0; tried < kMaxCandidates; ++tried) {
    std::size_t end = body.rfind("</result>", pos);
    if (end == std::string_view::npos) {
      std::size_t results = body.find("<results");
      if (results == std::string_view::npos) return std::nullopt;
      std::size_t open_end = body.find('>', results);
      if (open_end == std::string_view::npos) return std::nullopt;
      std::string candidate(body.substr(0, open_end + 1));
      candidate += "</results></sparql>";
      return accepts(candidate) ? std::optional<std::string>(candidate) : std::nullopt;
    }
    std::string candidate(body.substr(0, end + 9));
    candidate += "\n</results>\n</sparql>\n";
    if (accepts(candidate)) return candidate;
    if (end == 0) return std::nullopt;
    pos = end - 1;
  }
  return std::nullopt;
}

std::optional<std::string> recover_lines(std::string_view body,
                                         const std::function<bool(const std::string&)>& accepts) {
  std::size_t pos = body.size();
  for (int tried = 0; tried < kMaxCandidates && pos > 0; ++tried) {
    std::size_t newline = body.rfind('\n', pos - 1);
    if (newline == std::string_view::npos) return std::nullopt;
    std::string candidate(body.substr(0, newline + 1));
    if (accepts(candidate)) return candidate;
    pos = newline;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> recover_truncated_document(
    std::string_view body, std::string_view format,
    const std::function<bool(const std::string&)>& accepts) {
  if (format == "json") return recover_json(body, accepts);
  if (format == "xml") return recover_xml(body, accepts);
  return recover_lines(body, accepts);
}

}  // namespace sparqlmcp::federation
