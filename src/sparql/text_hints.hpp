#pragma once
// What to tell the sender of query text that is not SPARQL because of how it was written or
// sent rather than what it says: characters that look like nothing or like something else
// (U+00A0 NO-BREAK SPACE, U+200B ZERO WIDTH SPACE, typographic quotes), Markdown code fences,
// and text escaped twice ("\n" as the two characters '\' 'n'). Private to the sparql module.

#include <cstddef>
#include <string>
#include <string_view>

namespace sparqlmcp::sparql::detail {

// The message for the character at text[pos], which can start no token (grammar section
// 19.8). Invisible and look-alike characters are named by code point and Unicode name with
// what to do ("unexpected character U+00A0 NO-BREAK SPACE, which looks like a space: replace
// it with an ordinary space"); other non-ASCII characters by code point; a byte that is not
// UTF-8 by its value.
std::string unexpected_character_message(std::string_view text, std::size_t pos);

// Hints about the whole text, for a syntax error found in it: "" or one or more hints, each
// starting with "; " (Markdown code fences or backticks; "\n", "\t" or "\"" outside strings).
std::string query_text_hints(std::string_view text);

}  // namespace sparqlmcp::sparql::detail
