// parse_query: lexer -> parser -> static checks -> algebra.

#include "sparqlmcp/sparql/parser.hpp"

#include "lexer.hpp"
#include "parser_impl.hpp"
#include "text_hints.hpp"
#include "translate.hpp"
#include "update_detection.hpp"

namespace sparqlmcp::sparql {

const char* to_string(QueryForm form) {
  switch (form) {
    case QueryForm::Select:
      return "SELECT";
    case QueryForm::Construct:
      return "CONSTRUCT";
    case QueryForm::Ask:
      return "ASK";
    case QueryForm::Describe:
      return "DESCRIBE";
  }
  return "?";
}

namespace {

Query parse_text(std::string_view text, const ParseOptions& options) {
  // Updates are refused before lexing: their data need not lex as a query.
  if (auto update = detail::detect_update(text))
    detail::throw_update_refused(update->name, util::position_at(text, update->offset));
  detail::SourceText source(text);
  std::vector<detail::Token> tokens = detail::tokenize(source);
  detail::Parser parser(source, std::move(tokens), options);
  ast::SelectQuery syntax = parser.parse_QueryUnit();
  detail::check_query(syntax);
  algebra::Operator op = detail::translate_query(syntax);
  return Query(parser.take_prologue(), std::move(syntax), std::move(op));
}

}  // namespace

Query make_query(Prologue prologue, ast::SelectQuery syntax) {
  detail::check_query(syntax);
  algebra::Operator op = detail::translate_query(syntax);
  return Query(std::move(prologue), std::move(syntax), std::move(op));
}

Query parse_query(std::string_view text, const ParseOptions& options) {
  // A UTF-8 byte order mark (query files saved by Windows editors) is no part of the query;
  // positions count from after it, as an editor shows them.
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  try {
    return parse_text(text, options);
  } catch (const Exception& exception) {
    if (exception.error().kind != ErrorKind::Syntax) throw;
    std::string hints = detail::query_text_hints(text);
    if (hints.empty()) throw;
    Error error = exception.error();
    error.message += hints;
    throw Exception(std::move(error));
  }
}

}  // namespace sparqlmcp::sparql
