#pragma once
// Byte offsets to 1-based line/column positions (columns in Unicode code points) and the
// syntax-error helper every results parser uses. Positions are computed only when an error is
// thrown, so the happy path pays nothing.

#include <cstddef>
#include <string>
#include <string_view>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::results::detail {

// The position of byte `offset` in `text` ('\n' ends a line; continuation bytes of a UTF-8
// sequence do not count as columns). Offsets past the end give the position just after it.
SourceSpan position_at(std::string_view text, std::size_t offset);

[[noreturn]] void throw_syntax(std::string message, std::string_view text, std::size_t offset);
[[noreturn]] void throw_syntax(std::string message);

// Skips a UTF-8 byte order mark.
std::string_view strip_bom(std::string_view text);

}  // namespace sparqlmcp::results::detail
