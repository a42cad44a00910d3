#include "text_position.hpp"

namespace sparqlmcp::results::detail {

SourceSpan position_at(std::string_view text, std::size_t offset) {
  if (offset > text.size()) offset = text.size();
  SourceSpan span{1, 1};
  for (std::size_t i = 0; i < offset; ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++span.line;
      span.column = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++span.column;
    }
  }
  return span;
}

void throw_syntax(std::string message, std::string_view text, std::size_t offset) {
  throw Exception(make_syntax_error(std::move(message), position_at(text, offset)));
}

void throw_syntax(std::string message) {
  throw Exception(make_error(ErrorKind::Syntax, std::move(message)));
}

std::string_view strip_bom(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return text;
}

}  // namespace sparqlmcp::results::detail
