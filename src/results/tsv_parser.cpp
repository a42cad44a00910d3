// SPARQL 1.1 Query Results TSV Format (https://www.w3.org/TR/sparql11-results-csv-tsv/
// section 3): a header of "?var" names, then one line per solution with terms in
// SPARQL/Turtle syntax: <iri>, _:label, "lexical" with @lang or ^^<datatype>, and bare
// numbers and booleans (Turtle INTEGER, DECIMAL, DOUBLE, BooleanLiteral). Empty fields are
// unbound. Lines end in LF; a CR before it is tolerated.

#include <cctype>

#include "parsers.hpp"
#include "sparqlmcp/util/text.hpp"
#include "text_position.hpp"
#include "turtle_terms.hpp"

namespace sparqlmcp::results::detail {
namespace {

// Reads one term of a TSV field. `field` is a view into `body_`, so positions are exact.
class TermReader {
 public:
  TermReader(std::string_view body, std::string_view field)
      : body_(body), field_(field), base_(static_cast<std::size_t>(field.data() - body.data())) {}

  rdf::Term read() {
    char c = field_[0];
    rdf::Term term;
    if (c == '<') {
      term = rdf::Term::iri(read_iri());
    } else if (c == '_' && field_.substr(0, 2) == "_:") {
      if (field_.size() == 2) fail("a blank node needs a label after '_:'", 0);
      term = rdf::Term::blank(std::string(field_.substr(2)));
      pos_ = field_.size();
    } else if (c == '"' || c == '\'') {
      term = read_literal();
    } else {
      std::string_view datatype = bare_literal_datatype(field_);
      if (datatype.empty()) {
        fail("unexpected value '" + std::string(field_.substr(0, 40)) +
                 "'; expected <iri>, \"literal\", _:blank or a number",
             0);
      }
      term = rdf::Term::literal(std::string(field_), std::string(datatype));
      pos_ = field_.size();
    }
    if (pos_ != field_.size()) fail("unexpected text after the term", pos_);
    return term;
  }

 private:
  [[noreturn]] void fail(std::string message, std::size_t at) const {
    throw_syntax("malformed TSV results: " + std::move(message), body_, base_ + at);
  }

  // UCHAR (Turtle [26]): \uXXXX or \UXXXXXXXX; pos_ is at the backslash.
  void read_uchar(std::string& out) {
    std::size_t start = pos_;
    std::size_t digits = field_[pos_ + 1] == 'u' ? 4 : 8;
    if (pos_ + 2 + digits > field_.size()) fail("incomplete \\u escape", start);
    unsigned long cp = 0;
    for (std::size_t i = 0; i < digits; ++i) {
      int v = util::hex_value(field_[pos_ + 2 + i]);
      if (v < 0) fail("invalid hexadecimal digit in a \\u escape", pos_ + 2 + i);
      cp = cp * 16 + static_cast<unsigned long>(v);
    }
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) fail("invalid code point", start);
    util::append_utf8(out, static_cast<char32_t>(cp));
    pos_ += 2 + digits;
  }

  // IRIREF (Turtle [18]).
  std::string read_iri() {
    std::size_t start = pos_;
    ++pos_;
    std::string iri;
    while (true) {
      if (pos_ >= field_.size()) fail("unterminated IRI; expected '>'", start);
      char c = field_[pos_];
      if (c == '>') {
        ++pos_;
        return iri;
      }
      if (c == '\\') {
        if (pos_ + 1 < field_.size() && (field_[pos_ + 1] == 'u' || field_[pos_ + 1] == 'U')) {
          read_uchar(iri);
          continue;
        }
        fail("invalid escape in an IRI", pos_);
      }
      if (c == ' ' || c == '<' || c == '"') fail("invalid character in an IRI", pos_);
      iri += c;
      ++pos_;
    }
  }

  // String (Turtle [17]) followed by LANGTAG or '^^' IRIREF.
  rdf::Term read_literal() {
    std::size_t start = pos_;
    char quote = field_[pos_];
    bool long_form = field_.substr(pos_, 3) == std::string(3, quote);
    pos_ += long_form ? 3 : 1;
    std::string lexical;
    while (true) {
      if (pos_ >= field_.size()) fail("unterminated string literal", start);
      char c = field_[pos_];
      if (c == quote) {
        if (!long_form) {
          ++pos_;
          break;
        }
        if (field_.substr(pos_, 3) == std::string(3, quote)) {
          pos_ += 3;
          break;
        }
      }
      if (c == '\\') {
        if (pos_ + 1 >= field_.size()) fail("unterminated string literal", start);
        char e = field_[pos_ + 1];
        if (e == 'u' || e == 'U') {
          read_uchar(lexical);
          continue;
        }
        switch (e) {
          case 't':
            lexical += '\t';
            break;
          case 'b':
            lexical += '\b';
            break;
          case 'n':
            lexical += '\n';
            break;
          case 'r':
            lexical += '\r';
            break;
          case 'f':
            lexical += '\f';
            break;
          case '"':
            lexical += '"';
            break;
          case '\'':
            lexical += '\'';
            break;
          case '\\':
            lexical += '\\';
            break;
          default:
            fail(std::string("invalid escape '\\") + e + "' in a string literal", pos_);
        }
        pos_ += 2;
        continue;
      }
      lexical += c;
      ++pos_;
    }
    if (pos_ < field_.size() && field_[pos_] == '@') {
      std::size_t tag_start = ++pos_;
      while (pos_ < field_.size() &&
             (std::isalnum(static_cast<unsigned char>(field_[pos_])) || field_[pos_] == '-')) {
        ++pos_;
      }
      if (pos_ == tag_start) fail("expected a language tag after '@'", tag_start - 1);
      return rdf::Term::literal(std::move(lexical), {},
                                std::string(field_.substr(tag_start, pos_ - tag_start)));
    }
    if (field_.substr(pos_, 2) == "^^") {
      pos_ += 2;
      std::string datatype;
      if (field_.substr(pos_, 4) == "xsd:") {
        // Lenient: TSV has no prefixes, but some servers write xsd: datatypes anyway.
        std::size_t start = pos_ + 4;
        pos_ = start;
        while (pos_ < field_.size() && std::isalnum(static_cast<unsigned char>(field_[pos_]))) {
          ++pos_;
        }
        if (pos_ == start) fail("expected a datatype name after 'xsd:'", start);
        datatype = std::string(rdf::kXsd) + std::string(field_.substr(start, pos_ - start));
      } else if (pos_ < field_.size() && field_[pos_] == '<') {
        datatype = read_iri();
      } else {
        fail("expected a datatype IRI in angle brackets after '^^' (TSV results have no prefixes)",
             pos_);
      }
      return rdf::Term::literal(std::move(lexical), std::move(datatype));
    }
    return rdf::Term::literal(std::move(lexical));
  }

  std::string_view body_;
  std::string_view field_;
  std::size_t base_;
  std::size_t pos_ = 0;
};

// Splits a line at tabs into `fields` (views into the body).
void split_tabs(std::string_view line, std::vector<std::string_view>& fields) {
  fields.clear();
  std::size_t start = 0;
  while (true) {
    std::size_t tab = line.find('\t', start);
    if (tab == std::string_view::npos) {
      fields.push_back(line.substr(start));
      return;
    }
    fields.push_back(line.substr(start, tab - start));
    start = tab + 1;
  }
}

}  // namespace

QueryResults parse_tsv_results(std::string_view body, const ParseOptions& options) {
  if (body.empty()) {
    throw_syntax("the endpoint's TSV results are empty; expected a header line", body, 0);
  }
  // SPARQL TSV headers start with '?' (or '$'). Virtuoso answers text/tab-separated-values
  // with CSV quoting and tabs ("s"<TAB>"o", values quoted, "" for a quote, raw newlines):
  // read that with the CSV rules.
  if (body.front() == '"') return parse_delimited_results(body, '\t', "TSV", options);
  if (auto boolean = bare_boolean_results(body)) return *boolean;
  QueryResults results;
  std::vector<std::string_view> fields;
  std::size_t pos = 0;
  bool header = true;
  std::size_t width = 0;
  while (pos < body.size()) {
    std::size_t end = body.find('\n', pos);
    std::size_t next = end == std::string_view::npos ? body.size() : end + 1;
    if (end == std::string_view::npos) end = body.size();
    std::string_view line = body.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (header) {
      if (!line.empty())
        split_tabs(line, fields);
      else
        fields.clear();
      for (std::string_view name : fields) {
        if (!name.empty() && (name[0] == '?' || name[0] == '$')) name.remove_prefix(1);
        if (name.empty()) {
          throw_syntax("malformed TSV results: empty variable name in the header", body,
                       static_cast<std::size_t>(name.data() - body.data()));
        }
        results.variables.emplace_back(name);
      }
      width = results.variables.size();
      header = false;
    } else {
      if (line.empty() && width != 1) {
        // With no variables an empty line is an empty solution; with two or more it cannot be
        // a row at all (that would need tabs), so it is a stray blank line: skip it.
        if (width == 0) results.rows.emplace_back();
        pos = next;
        continue;
      }
      split_tabs(line, fields);
      if (fields.size() != width) {
        throw_syntax("malformed TSV results: a row has " + std::to_string(fields.size()) +
                         " fields but the header names " + std::to_string(width) + " variables",
                     body, pos);
      }
      Row row;
      row.reserve(width);
      for (std::string_view field : fields) {
        if (field.empty()) {
          row.emplace_back();
        } else {
          row.emplace_back(TermReader(body, field).read());
        }
      }
      check_row_limit(results.rows.size(), options);
      results.rows.push_back(std::move(row));
    }
    pos = next;
  }
  if (width == 1 && results.variables[0] == "_askResult" && results.rows.size() == 1 &&
      results.rows[0][0] && results.rows[0][0]->is_literal() &&
      (results.rows[0][0]->value == "true" || results.rows[0][0]->value == "false")) {
    QueryResults boolean;
    boolean.kind = QueryResults::Kind::Boolean;
    boolean.boolean = results.rows[0][0]->value == "true";
    return boolean;
  }
  return results;
}

}  // namespace sparqlmcp::results::detail
