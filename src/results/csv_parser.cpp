// SPARQL 1.1 Query Results CSV Format (https://www.w3.org/TR/sparql11-results-csv-tsv/
// section 2) with RFC 4180 quoting. CSV keeps no term types, so values are classified by
// shape: an absolute IRI (scheme ":" ...) becomes an IRI, "_:label" a blank node (when the label
// has no space or control character), anything else a simple literal. An unquoted empty field is
// unbound; a quoted one ("") is the empty string.

#include <algorithm>
#include <vector>

#include "parsers.hpp"
#include "sparqlmcp/rdf/iri.hpp"
#include "text_position.hpp"

namespace sparqlmcp::results::detail {
namespace {

struct Field {
  std::string value;
  bool quoted = false;
};

// True for "scheme:rest" with a valid RFC 3986 scheme and no characters IRIs forbid.
bool looks_like_absolute_iri(std::string_view value) {
  // Something must follow the scheme's ':' ("a:" is more likely a word than an IRI).
  return rdf::is_absolute_iriref(value) && value.size() > rdf::iri_scheme_length(value) + 1;
}

class CsvReader {
 public:
  CsvReader(std::string_view body, char delimiter, std::string_view format)
      : body_(body), delimiter_(delimiter), format_(format) {}

  bool at_end() const { return pos_ >= body_.size(); }
  std::size_t offset() const { return pos_; }

  // Reads one record (RFC 4180 "record") and its line end.
  void read_record(std::vector<Field>& fields) {
    fields.clear();
    while (true) {
      Field& field = fields.emplace_back();
      read_field(field);
      if (pos_ >= body_.size()) return;
      char c = body_[pos_++];
      if (c == delimiter_) continue;
      if (c == '\r' && pos_ < body_.size() && body_[pos_] == '\n') ++pos_;
      return;  // '\n' or '\r'
    }
  }

 private:
  void read_field(Field& field) {
    if (pos_ < body_.size() && body_[pos_] == '"') {
      std::size_t start = pos_++;
      field.quoted = true;
      while (true) {
        std::size_t quote = body_.find('"', pos_);
        if (quote == std::string_view::npos) {
          throw_syntax("malformed " + std::string(format_) + " results: unterminated quoted field",
                       body_, start);
        }
        field.value.append(body_.data() + pos_, quote - pos_);
        pos_ = quote + 1;
        if (pos_ < body_.size() && body_[pos_] == '"') {
          field.value += '"';
          ++pos_;
          continue;
        }
        break;
      }
      if (pos_ < body_.size() && body_[pos_] != delimiter_ && body_[pos_] != '\r' &&
          body_[pos_] != '\n') {
        throw_syntax("malformed " + std::string(format_) + " results: expected '" +
                         (delimiter_ == '\t' ? std::string("\\t") : std::string(1, delimiter_)) +
                         "' or a line end after a quoted field",
                     body_, pos_);
      }
      return;
    }
    std::size_t end = pos_;
    while (end < body_.size() && body_[end] != delimiter_ && body_[end] != '\r' &&
           body_[end] != '\n') {
      ++end;
    }
    field.value.assign(body_.data() + pos_, end - pos_);
    pos_ = end;
  }

  std::string_view body_;
  char delimiter_;
  std::string_view format_;
  std::size_t pos_ = 0;
};

std::optional<rdf::Term> term_from_field(Field& field) {
  if (field.value.empty()) {
    if (field.quoted) return rdf::Term::literal("");
    return std::nullopt;
  }
  // A label holds no whitespace or control character: "_:a b" is text that merely starts so.
  if (field.value.size() > 2 && field.value[0] == '_' && field.value[1] == ':' &&
      std::none_of(field.value.begin() + 2, field.value.end(),
                   [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7F; })) {
    return rdf::Term::blank(field.value.substr(2));
  }
  if (looks_like_absolute_iri(field.value)) return rdf::Term::iri(std::move(field.value));
  return rdf::Term::literal(std::move(field.value));
}

}  // namespace

std::optional<QueryResults> bare_boolean_results(std::string_view body) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!body.empty() && is_space(body.front()))
    body.remove_prefix(1);
  while (!body.empty() && is_space(body.back()))
    body.remove_suffix(1);
  if (body != "true" && body != "false") return std::nullopt;
  QueryResults boolean;
  boolean.kind = QueryResults::Kind::Boolean;
  boolean.boolean = body == "true";
  return boolean;
}

QueryResults parse_delimited_results(std::string_view body, char delimiter, std::string_view format,
                                     const ParseOptions& options) {
  const std::string name(format);
  if (auto boolean = bare_boolean_results(body)) return *boolean;
  if (body.empty()) {
    throw_syntax("the endpoint's " + name + " results are empty; expected a header line", body, 0);
  }
  CsvReader reader(body, delimiter, format);
  std::vector<Field> fields;
  QueryResults results;
  reader.read_record(fields);
  const bool quoted_header = !fields.empty() && fields[0].quoted;
  if (!(fields.size() == 1 && fields[0].value.empty() && !fields[0].quoted)) {
    for (auto& field : fields) {
      std::string variable = std::move(field.value);
      if (!variable.empty() && (variable[0] == '?' || variable[0] == '$')) variable.erase(0, 1);
      results.variables.push_back(std::move(variable));
    }
  }
  const std::size_t width = results.variables.size();
  while (!reader.at_end()) {
    std::size_t record_offset = reader.offset();
    reader.read_record(fields);
    if (width != 1 && fields.size() == 1 && fields[0].value.empty() && !fields[0].quoted) {
      // An empty line: an empty solution when there are no variables, a stray blank line when
      // there are two or more (a real row would hold delimiters).
      if (width == 0) results.rows.emplace_back();
      continue;
    }
    if (fields.size() != width) {
      throw_syntax("malformed " + name + " results: a row has " + std::to_string(fields.size()) +
                       " fields but the header names " + std::to_string(width) + " variables",
                   body, record_offset);
    }
    Row row;
    row.reserve(width);
    for (auto& field : fields)
      row.push_back(term_from_field(field));
    check_row_limit(results.rows.size(), options);
    results.rows.push_back(std::move(row));
  }
  // ASK answers: Jena writes a single "_askResult" column holding true/false; Virtuoso a
  // single quoted "bool" column holding 1/0.
  if (width == 1 && results.rows.size() == 1 && results.rows[0][0] &&
      results.rows[0][0]->is_literal()) {
    const std::string& value = results.rows[0][0]->value;
    const std::string& variable = results.variables[0];
    bool jena = variable == "_askResult" && (value == "true" || value == "false");
    bool virtuoso = quoted_header && variable == "bool" && (value == "1" || value == "0");
    if (jena || virtuoso) {
      QueryResults boolean;
      boolean.kind = QueryResults::Kind::Boolean;
      boolean.boolean = value == "true" || value == "1";
      return boolean;
    }
  }
  return results;
}

QueryResults parse_csv_results(std::string_view body, const ParseOptions& options) {
  return parse_delimited_results(body, ',', "CSV", options);
}

}  // namespace sparqlmcp::results::detail
