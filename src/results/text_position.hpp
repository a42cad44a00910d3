#pragma once
// The syntax-error helper every results parser uses: it turns a byte offset into a 1-based
// line and code-point column (util::position_at) only when an error is thrown, so the happy
// path pays nothing.

#include <cstddef>
#include <string>
#include <string_view>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::results::detail {

[[noreturn]] void throw_syntax(std::string message, std::string_view text, std::size_t offset);
[[noreturn]] void throw_syntax(std::string message);

// Skips a UTF-8 byte order mark.
std::string_view strip_bom(std::string_view text);

}  // namespace sparqlmcp::results::detail
