#include "sparqlmcp/results/parser.hpp"

#include <cctype>
#include <cstdio>
#include <string>

#include "parsers.hpp"
#include "sparqlmcp/util/text.hpp"
#include "text_position.hpp"

namespace sparqlmcp::results {

namespace {

// The encoding an XML declaration names, lower-cased, or empty (XML 1.0 section 4.3.3).
std::string declared_xml_encoding(std::string_view body) {
  if (body.substr(0, 5) != "<?xml") return {};
  std::string_view declaration = body.substr(0, body.find("?>"));
  auto at = declaration.find("encoding");
  if (at == std::string_view::npos) return {};
  auto quote = declaration.find_first_of("\"'", at);
  if (quote == std::string_view::npos) return {};
  auto end = declaration.find(declaration[quote], quote + 1);
  if (end == std::string_view::npos) return {};
  return util::ascii_lowercase(declaration.substr(quote + 1, end - quote - 1));
}

// ISO-8859-1 bytes to UTF-8: each byte is the code point of the same number.
std::string latin1_to_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text)
    util::append_utf8(out, static_cast<unsigned char>(c));
  return out;
}

// Variable names come from a query's VARNAMEs (or from an endpoint's own naming, such as
// Virtuoso's "callret-0"). An empty one, or one holding a control character, which TSV could
// not write back, means a broken document.
QueryResults with_checked_variables(QueryResults results, ResultsFormat format) {
  std::string format_title(format_name(format));
  for (char& c : format_title)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (std::size_t i = 0; i < results.variables.size(); ++i) {
    const std::string& name = results.variables[i];
    const std::string which =
        "the endpoint's " + format_title + " results name variable " + std::to_string(i + 1);
    if (name.empty()) throw_error(ErrorKind::Syntax, which + " with an empty name");
    for (char c : name) {
      if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7F) continue;
      char code[8];
      std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
      throw_error(ErrorKind::Syntax, which + " with the control character " + code);
    }
  }
  return results;
}

}  // namespace

namespace detail {

void check_row_limit(std::size_t rows_so_far, const ParseOptions& options) {
  if (rows_so_far < options.max_rows) return;
  throw Exception(
      make_error(ErrorKind::LimitExceeded,
                 "the results have more than " + std::to_string(options.max_rows) +
                     " rows, the most this server reads; add a LIMIT or narrow the query"));
}

}  // namespace detail

QueryResults parse_results(std::string_view body, ResultsFormat format) {
  return parse_results(body, format, ParseOptions{});
}

QueryResults parse_results(std::string_view body, ResultsFormat format,
                           const ParseOptions& options) {
  body = detail::strip_bom(body);
  // Terms must be valid UTF-8 (they end up in JSON): Latin-1 XML is transcoded, and stray
  // invalid bytes from careless endpoints become U+FFFD rather than failing the whole answer.
  if (!util::is_valid_utf8(body)) {
    std::string repaired;
    std::string encoding =
        format == ResultsFormat::Xml ? declared_xml_encoding(body) : std::string();
    if (encoding == "iso-8859-1" || encoding == "latin1" || encoding == "latin-1") {
      repaired = latin1_to_utf8(body);
    } else {
      repaired = util::sanitize_utf8(body);
    }
    return parse_results(repaired, format, options);
  }
  switch (format) {
    case ResultsFormat::Json:
      return with_checked_variables(detail::parse_json_results(body, options), format);
    case ResultsFormat::Xml:
      return with_checked_variables(detail::parse_xml_results(body, options), format);
    case ResultsFormat::Csv:
      return with_checked_variables(detail::parse_csv_results(body, options), format);
    case ResultsFormat::Tsv:
      return with_checked_variables(detail::parse_tsv_results(body, options), format);
  }
  throw Exception(make_error(ErrorKind::Internal, "unknown results format"));
}

}  // namespace sparqlmcp::results
