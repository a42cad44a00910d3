#include "text_position.hpp"

#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::results::detail {

void throw_syntax(std::string message, std::string_view text, std::size_t offset) {
  throw Exception(make_syntax_error(std::move(message), util::position_at(text, offset)));
}

void throw_syntax(std::string message) {
  throw Exception(make_error(ErrorKind::Syntax, std::move(message)));
}

std::string_view strip_bom(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return text;
}

}  // namespace sparqlmcp::results::detail
