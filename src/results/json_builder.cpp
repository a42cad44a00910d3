#include "json_builder.hpp"

#include <algorithm>

#include "sparqlmcp/results/serializer.hpp"
#include "text_position.hpp"

namespace sparqlmcp::results::detail {
namespace {

using nlohmann::json;

std::string string_member(const json& object, const char* name) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return {};
  if (it->is_string()) return it->get<std::string>();
  // Some servers write numbers or booleans unquoted; keep their JSON spelling.
  if (it->is_primitive()) return it->dump();
  throw_syntax(std::string("the endpoint's JSON results have a non-string '") + name +
               "' member in a term");
}

}  // namespace

rdf::Term make_term(JsonTermFields fields, const std::string& variable) {
  if (!fields.has_type) {
    throw_syntax("the endpoint's JSON results have a term without a 'type' member for ?" +
                 variable);
  }
  const std::string& type = fields.type;
  if (type == "triple") {
    throw Exception(make_error(
        ErrorKind::Unsupported,
        "the endpoint's JSON results contain an RDF-star quoted triple for ?" + variable +
            ", which is not supported; select the triple's parts as separate variables"));
  }
  if (!fields.has_value) {
    throw_syntax("the endpoint's JSON results have a term without a 'value' member for ?" +
                 variable);
  }
  if (type == "uri") return rdf::Term::iri(std::move(fields.value));
  if (type == "bnode") {
    if (fields.value.rfind("_:", 0) == 0) fields.value.erase(0, 2);
    return rdf::Term::blank(std::move(fields.value));
  }
  // "typed-literal" is the SPARQL 1.0-era spelling (still sent by old Virtuoso releases).
  if (type == "literal" || type == "typed-literal") {
    if (!fields.language.empty()) fields.datatype.clear();  // rdf:langString is implied
    return rdf::Term::literal(std::move(fields.value), std::move(fields.datatype),
                              std::move(fields.language));
  }
  throw_syntax("the endpoint's JSON results have an unknown term type '" + type + "' for ?" +
               variable + " (expected uri, literal, typed-literal or bnode)");
}

rdf::Term term_from_json(const json& value, const std::string& variable) {
  if (!value.is_object()) {
    throw_syntax("the endpoint's JSON results bind ?" + variable +
                 " to something that is not a term object");
  }
  JsonTermFields fields;
  if (auto type = value.find("type"); type != value.end() && type->is_string()) {
    fields.type = type->get<std::string>();
    fields.has_type = true;
  }
  fields.has_value = value.find("value") != value.end();
  fields.value = string_member(value, "value");
  fields.language = string_member(value, "xml:lang");
  if (fields.language.empty()) fields.language = string_member(value, "lang");
  fields.datatype = string_member(value, "datatype");
  return make_term(std::move(fields), variable);
}

std::size_t JsonResultsBuilder::slot_of(const std::string& variable) {
  auto [it, inserted] = slots_.try_emplace(variable, seen_.size());
  if (inserted) seen_.push_back(variable);
  return it->second;
}

void JsonResultsBuilder::set_head(const json& head) {
  if (!head.is_object())
    throw_syntax("the endpoint's JSON results have a 'head' that is not an object");
  has_head_ = true;
  if (auto vars = head.find("vars"); vars != head.end() && !vars->is_null()) {
    if (!vars->is_array())
      throw_syntax("the endpoint's JSON results have a 'head.vars' that is not an array");
    for (const auto& var : *vars) {
      if (!var.is_string())
        throw_syntax("the endpoint's JSON results have a non-string entry in 'head.vars'");
      std::string name = var.get<std::string>();
      if (!name.empty() && (name[0] == '?' || name[0] == '$')) name.erase(0, 1);
      if (slots_.count(name) != 0 && std::find(head_variables_.begin(), head_variables_.end(),
                                               name) != head_variables_.end()) {
        continue;  // a repeated variable keeps its first column
      }
      slot_of(name);
      head_variables_.push_back(std::move(name));
    }
  }
  if (auto link = head.find("link"); link != head.end() && !link->is_null()) {
    if (link->is_string()) {
      links_.push_back(link->get<std::string>());
    } else if (link->is_array()) {
      for (const auto& href : *link) {
        if (href.is_string()) links_.push_back(href.get<std::string>());
      }
    }
  }
}

void JsonResultsBuilder::add_binding(const json& binding) {
  if (!binding.is_object()) {
    throw_syntax(
        "the endpoint's JSON results have an entry in 'results.bindings' that is not an object");
  }
  Row row(seen_.size());
  for (const auto& [variable, value] : binding.items()) {
    std::size_t slot = slot_of(variable);
    if (slot >= row.size()) row.resize(seen_.size());
    if (value.is_null()) continue;  // lenient: some servers write unbound variables as null
    row[slot] = term_from_json(value, variable);
  }
  rows_.push_back(std::move(row));
}

void JsonResultsBuilder::set_boolean(const json& value) {
  has_boolean_ = true;
  if (value.is_boolean()) {
    boolean_ = value.get<bool>();
  } else if (value.is_string() && (value == "true" || value == "false")) {
    boolean_ = value == "true";  // lenient: some servers quote it
  } else {
    throw_syntax("the endpoint's JSON results have a 'boolean' member that is not true or false");
  }
}

QueryResults JsonResultsBuilder::finish() && {
  if (!has_head_) throw_syntax("the endpoint's JSON results have no 'head' member");
  QueryResults out;
  out.links = std::move(links_);
  if (!has_results_ && has_boolean_) {
    out.kind = QueryResults::Kind::Boolean;
    out.boolean = boolean_;
    return out;
  }
  if (!has_results_) {
    throw_syntax("the endpoint's JSON results have neither a 'results' nor a 'boolean' member");
  }
  // Variables listed in the head come first, in its order; variables that only occur in
  // bindings follow in order of appearance.
  std::vector<std::string> order = head_variables_;
  std::unordered_map<std::string, bool> in_head;
  for (const auto& name : head_variables_)
    in_head[name] = true;
  for (const auto& name : seen_) {
    if (!in_head.count(name)) order.push_back(name);
  }
  if (order == seen_) {
    for (auto& row : rows_)
      row.resize(order.size());
  } else {
    std::vector<std::size_t> source(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
      source[i] = slots_.at(order[i]);
    for (auto& row : rows_) {
      Row reordered(order.size());
      for (std::size_t i = 0; i < order.size(); ++i) {
        if (source[i] < row.size()) reordered[i] = std::move(row[source[i]]);
      }
      row = std::move(reordered);
    }
  }
  out.variables = std::move(order);
  out.rows = std::move(rows_);
  return out;
}

}  // namespace sparqlmcp::results::detail

namespace sparqlmcp::results {

QueryResults from_json(const nlohmann::json& json) {
  if (!json.is_object()) detail::throw_syntax("the JSON results are not a JSON object");
  detail::JsonResultsBuilder builder;
  if (auto head = json.find("head"); head != json.end()) builder.set_head(*head);
  if (auto results = json.find("results"); results != json.end() && !results->is_null()) {
    if (!results->is_object())
      detail::throw_syntax("the JSON results have a 'results' member that is not an object");
    builder.set_results_present();
    if (auto bindings = results->find("bindings"); bindings != results->end()) {
      if (!bindings->is_array())
        detail::throw_syntax(
            "the JSON results have a 'results.bindings' member that is not an array");
      for (const auto& binding : *bindings)
        builder.add_binding(binding);
    }
  }
  if (auto boolean = json.find("boolean"); boolean != json.end()) builder.set_boolean(*boolean);
  return std::move(builder).finish();
}

}  // namespace sparqlmcp::results
