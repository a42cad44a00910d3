#pragma once
// Assembles QueryResults from the members of a SPARQL JSON results document
// (https://www.w3.org/TR/sparql11-results-json/ section 3), in whatever order they arrive:
// the streaming parser hands over each binding object as soon as it is complete, possibly
// before "head". Shared by the streaming parser and from_json so both are equally lenient.

#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/results/query_results.hpp"

namespace sparqlmcp::results::detail {

class JsonResultsBuilder {
 public:
  // Each throws Exception(ErrorKind::Syntax) (no span) when the member is malformed.
  void set_head(const nlohmann::json& head);
  void set_results_present() { has_results_ = true; }
  void add_binding(const nlohmann::json& binding);
  // For the streaming parser: the slot of a variable (added if new) and a finished row, whose
  // size may be anything up to variable_count().
  std::size_t slot_of(const std::string& variable);
  std::size_t variable_count() const { return seen_.size(); }
  void add_row(Row row) { rows_.push_back(std::move(row)); }
  void set_boolean(const nlohmann::json& value);
  // Checks that the document had a head and either results or a boolean.
  QueryResults finish() &&;

 private:
  bool has_head_ = false;
  bool has_results_ = false;
  bool has_boolean_ = false;
  bool boolean_ = false;
  std::vector<std::string> head_variables_;
  std::vector<std::string> links_;
  // Variables in the order first seen (head first when it came first), and their slots.
  std::vector<std::string> seen_;
  std::unordered_map<std::string, std::size_t> slots_;
  std::vector<Row> rows_;
};

// The members of one JSON term object that matter; `value` holds the spelling of a non-string
// scalar as written (some servers send numbers unquoted).
struct JsonTermFields {
  std::string type;
  std::string value;
  std::string datatype;
  std::string language;
  bool has_type = false;
  bool has_value = false;
};

// The RDF term of one JSON binding value. Throws Exception(Syntax, no span) for a missing
// type or value or an unknown type, Exception(Unsupported) for RDF-star triples.
rdf::Term make_term(JsonTermFields fields, const std::string& variable);
rdf::Term term_from_json(const nlohmann::json& value, const std::string& variable);

}  // namespace sparqlmcp::results::detail
