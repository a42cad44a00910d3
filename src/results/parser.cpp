#include "sparqlmcp/results/parser.hpp"

#include <cctype>
#include <cstdio>
#include <string>
#include <string_view>
#include <unordered_map>

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

// The first control character (C0 or DEL; with `space`, also the space) in `text` as "U+XXXX", or
// empty when there is none.
std::string control_character(std::string_view text, bool space = false) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) > (space ? 0x20 : 0x1F) && c != 0x7F) continue;
    char code[8];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    return code;
  }
  return {};
}

bool is_layout_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// LANGTAG as TSV reads it back: letters, digits and '-' (Turtle [144s] is stricter about where
// digits may go; endpoints are not).
bool is_language_tag(std::string_view tag) {
  for (char c : tag)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') return false;
  return !tag.empty();
}

// What every format must be able to write back (TSV is the narrowest), checked once for all
// parsers. Variable names come from a query's VARNAMEs (or from an endpoint's own naming, such
// as Virtuoso's "callret-0"), language tags and blank node labels from RDF terms: an empty or
// repeated variable, a control character in a name or label, or a language tag that is not one
// means a broken document.
QueryResults checked(QueryResults results, ResultsFormat format) {
  std::string format_title(format_name(format));
  for (char& c : format_title)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string endpoints = "the endpoint's " + format_title + " results ";
  std::unordered_map<std::string_view, std::size_t> seen;  // variable -> its first column
  for (std::size_t i = 0; i < results.variables.size(); ++i) {
    const std::string& name = results.variables[i];
    const std::string which = endpoints + "name variable " + std::to_string(i + 1);
    if (name.empty()) throw_error(ErrorKind::Syntax, which + " with an empty name");
    if (name[0] == '?' || name[0] == '$')
      throw_error(ErrorKind::Syntax,
                  which + " '" + name + "' (a variable name starts after its '?' or '$')");
    if (auto c = control_character(name); !c.empty())
      throw_error(ErrorKind::Syntax, which + " with the control character " + c);
    if (auto [first, inserted] = seen.try_emplace(name, i); !inserted)
      throw_error(ErrorKind::Syntax, endpoints + "name variable ?" + name + " twice (" +
                                         std::to_string(first->second + 1) + " and " +
                                         std::to_string(i + 1) + ")");
  }
  for (std::size_t r = 0; r < results.rows.size(); ++r) {
    for (std::size_t v = 0; v < results.rows[r].size(); ++v) {
      const auto& term = results.rows[r][v];
      if (!term) continue;
      const auto where = [&] {
        return " (row " + std::to_string(r + 1) + ", ?" + results.variables[v] + ")";
      };
      // XML results may lay an IRI out over lines (its reader trims it); elsewhere the space would
      // be part of the IRI, and no IRI holds one.
      if (term->is_iri() && !term->value.empty() &&
          (is_layout_space(term->value.front()) || is_layout_space(term->value.back())))
        throw_error(ErrorKind::Syntax, endpoints +
                                           "hold an IRI that starts or ends with a space or a "
                                           "line break" +
                                           where());
      if (term->is_literal() && !term->language.empty() && !is_language_tag(term->language))
        throw_error(ErrorKind::Syntax, endpoints + "hold the malformed language tag '" +
                                           term->language + "'" + where() +
                                           "; a language tag has letters, digits and '-' only");
      if (term->is_blank()) {
        if (term->value.empty())
          throw_error(ErrorKind::Syntax, endpoints + "hold a blank node without a label" + where());
        if (auto c = control_character(term->value, true); !c.empty())
          throw_error(ErrorKind::Syntax,
                      endpoints + "hold a blank node label with the character " + c + where());
        // JSON and XML drop a "_:" before a label, as some endpoints write one.
        if (term->value.rfind("_:", 0) == 0)
          throw_error(ErrorKind::Syntax, endpoints + "hold the blank node _:" + term->value +
                                             ", whose label starts with a second '_:'" + where());
      }
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
      return checked(detail::parse_json_results(body, options), format);
    case ResultsFormat::Xml:
      return checked(detail::parse_xml_results(body, options), format);
    case ResultsFormat::Csv:
      return checked(detail::parse_csv_results(body, options), format);
    case ResultsFormat::Tsv:
      return checked(detail::parse_tsv_results(body, options), format);
  }
  throw Exception(make_error(ErrorKind::Internal, "unknown results format"));
}

}  // namespace sparqlmcp::results
