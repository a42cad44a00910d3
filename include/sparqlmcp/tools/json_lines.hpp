#pragma once
// JSON Lines (one JSON value per line), as the task files, the submissions file and the trace
// are written: the one reader of them.

#include <cstddef>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace sparqlmcp::tools {

struct JsonLine {
  std::size_t number = 0;  // from 1
  nlohmann::json value;    // is_discarded() when the line is not JSON
};

// The lines of `text` that hold something: blank lines are left out, and so are lines whose
// first non-blank character is '#' when `comments` is set.
std::vector<JsonLine> parse_json_lines(std::string_view text, bool comments = false);

}  // namespace sparqlmcp::tools
