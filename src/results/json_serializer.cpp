// SPARQL 1.1 Query Results JSON Format, section 3. Written by hand rather than through
// nlohmann::json::dump so that large results are not first copied into a DOM, and so that
// invalid UTF-8 from an endpoint is passed through instead of aborting the whole response.

#include <cstdio>

#include "serializers.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/serializer.hpp"

namespace sparqlmcp::results::detail {
namespace {

// JSON string escapes are the N-Triples ones (\" \\ \n \r \t \b \f and \u00XX for other
// control characters), so the RDF term escaper serves both.
void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  out += rdf::escape_string_literal(text);
  out += '"';
}

void append_term(std::string& out, const rdf::Term& term) {
  switch (term.kind) {
    case rdf::TermKind::Iri:
      out += "{\"type\":\"uri\",\"value\":";
      break;
    case rdf::TermKind::BlankNode:
      out += "{\"type\":\"bnode\",\"value\":";
      break;
    case rdf::TermKind::Literal:
      out += "{\"type\":\"literal\",\"value\":";
      break;
  }
  append_json_string(out, term.value);
  if (term.is_literal()) {
    if (!term.language.empty()) {
      out += ",\"xml:lang\":";
      append_json_string(out, term.language);
    } else if (!term.datatype.empty()) {
      out += ",\"datatype\":";
      append_json_string(out, term.datatype);
    }
  }
  out += '}';
}

void append_head(std::string& out, const QueryResults& results, bool with_vars) {
  out += "{\"head\":{";
  bool first = true;
  if (with_vars) {
    out += "\"vars\":[";
    for (std::size_t i = 0; i < results.variables.size(); ++i) {
      if (i) out += ',';
      append_json_string(out, results.variables[i]);
    }
    out += ']';
    first = false;
  }
  if (!results.links.empty()) {
    if (!first) out += ',';
    out += "\"link\":[";
    for (std::size_t i = 0; i < results.links.size(); ++i) {
      if (i) out += ',';
      append_json_string(out, results.links[i]);
    }
    out += ']';
  }
  out += '}';
}

}  // namespace

std::string serialize_json_results(const QueryResults& results) {
  std::string out;
  if (results.kind == QueryResults::Kind::Boolean) {
    append_head(out, results, false);
    out += results.boolean ? ",\"boolean\":true}" : ",\"boolean\":false}";
    return out;
  }
  append_head(out, results, true);
  out += ",\"results\":{\"bindings\":[";
  for (std::size_t r = 0; r < results.rows.size(); ++r) {
    if (r) out += ',';
    out += '{';
    bool first = true;
    const Row& row = results.rows[r];
    for (std::size_t i = 0; i < row.size() && i < results.variables.size(); ++i) {
      if (!row[i]) continue;
      if (!first) out += ',';
      first = false;
      append_json_string(out, results.variables[i]);
      out += ':';
      append_term(out, *row[i]);
    }
    out += '}';
  }
  out += "]}}";
  return out;
}

}  // namespace sparqlmcp::results::detail

namespace sparqlmcp::results {

nlohmann::json to_json(const QueryResults& results) {
  using nlohmann::json;
  json head = json::object();
  if (results.kind == QueryResults::Kind::Bindings) head["vars"] = results.variables;
  if (!results.links.empty()) head["link"] = results.links;
  json out = json::object();
  out["head"] = std::move(head);
  if (results.kind == QueryResults::Kind::Boolean) {
    out["boolean"] = results.boolean;
    return out;
  }
  json bindings = json::array();
  for (const Row& row : results.rows) {
    json binding = json::object();
    for (std::size_t i = 0; i < row.size() && i < results.variables.size(); ++i) {
      if (!row[i]) continue;
      const rdf::Term& term = *row[i];
      json value = json::object();
      value["type"] = term.is_iri() ? "uri" : term.is_blank() ? "bnode" : "literal";
      value["value"] = term.value;
      if (term.is_literal()) {
        if (!term.language.empty()) {
          value["xml:lang"] = term.language;
        } else if (!term.datatype.empty()) {
          value["datatype"] = term.datatype;
        }
      }
      binding[results.variables[i]] = std::move(value);
    }
    bindings.push_back(std::move(binding));
  }
  out["results"] = json{{"bindings", std::move(bindings)}};
  return out;
}

}  // namespace sparqlmcp::results
