#pragma once
// UTF-8 hygiene for results bodies. Endpoints sometimes send invalid UTF-8 (Latin-1 bytes in
// a document declared UTF-8); terms must be valid UTF-8 because they end up in JSON (MCP
// messages, structuredContent), where nlohmann::json::dump would throw on them.

#include <string>
#include <string_view>

namespace sparqlmcp::results::detail {

// True when `text` is well-formed UTF-8 (RFC 3629: no overlongs, surrogates or values above
// U+10FFFF).
bool is_valid_utf8(std::string_view text);

// `text` with every ill-formed sequence (a bad byte and the continuation bytes after it)
// replaced by one U+FFFD.
std::string sanitize_utf8(std::string_view text);

// Appends code point `cp` (at most U+10FFFF, not a surrogate) to `out` as UTF-8.
void append_utf8(std::string& out, unsigned long cp);

// ISO-8859-1 bytes to UTF-8.
std::string latin1_to_utf8(std::string_view text);

}  // namespace sparqlmcp::results::detail
