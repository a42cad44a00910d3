#include "sparqlmcp/tools/query_checks.hpp"

#include <algorithm>

namespace sparqlmcp::tools {

nlohmann::json findings_json(const std::vector<assist::Finding>& findings) {
  nlohmann::json out = nlohmann::json::array();
  for (const assist::Finding& f : findings) {
    nlohmann::json j = {{"problem", f.problem},
                        {"severity", assist::severity_name(f.severity)},
                        {"message", f.message},
                        {"alternatives", f.alternatives}};
    if (f.at) {
      j["line"] = f.at->line;
      j["column"] = f.at->column;
    }
    if (!f.term.empty()) j["term"] = f.term;
    if (!f.prefix.empty()) j["prefix"] = f.prefix;
    if (!f.endpoint.empty()) j["endpoint"] = f.endpoint;
    if (f.service) j["service"] = *f.service;
    out.push_back(std::move(j));
  }
  return out;
}

nlohmann::json prefixes_added_json(const std::vector<assist::AddedPrefix>& added) {
  nlohmann::json out = nlohmann::json::array();
  for (const assist::AddedPrefix& p : added)
    out.push_back({{"prefix", p.prefix}, {"namespace", p.iri}, {"source", p.source}});
  return out;
}

nlohmann::json finding_schema() {
  const nlohmann::json string = {{"type", "string"}};
  const nlohmann::json integer = {{"type", "integer"}};
  return {{"type", "object"},
          {"properties",
           {{"problem", string},
            {"severity", {{"type", "string"}, {"enum", {"error", "warning", "info"}}}},
            {"message", string},
            {"line", integer},
            {"column", integer},
            {"term", string},
            {"prefix", string},
            {"endpoint", string},
            {"service",
             {{"type", "integer"}, {"description", "The SERVICE block, 1-based in text order."}}},
            {"alternatives", {{"type", "array"}, {"items", string}}}}},
          {"required", {"problem", "severity", "message", "alternatives"}}};
}

nlohmann::json prefix_added_schema() {
  const nlohmann::json string = {{"type", "string"}};
  return {{"type", "object"},
          {"properties", {{"prefix", string}, {"namespace", string}, {"source", string}}},
          {"required", {"prefix", "namespace", "source"}}};
}

std::string findings_text(const std::vector<assist::Finding>& findings) {
  std::string out;
  for (const assist::Finding& f : findings) {
    out += std::string(assist::severity_name(f.severity));
    if (f.at) out += " " + std::to_string(f.at->line) + ":" + std::to_string(f.at->column);
    out += " " + f.problem + ": " + f.message + "\n";
    if (f.alternatives.size() > 1 ||
        (f.alternatives.size() == 1 && f.problem != "undeclared_prefix")) {
      out += "  alternatives:";
      for (const std::string& a : f.alternatives)
        out += " <" + a + ">";
      out += "\n";
    }
  }
  return out;
}

std::string add_check_results(const std::vector<assist::Finding>& findings,
                              const std::vector<assist::AddedPrefix>& prefixes_added,
                              nlohmann::json& structured) {
  std::string text;
  if (!prefixes_added.empty()) {
    structured["prefixes_added"] = prefixes_added_json(prefixes_added);
    text += "Added (the query used them without declaring them):";
    for (const assist::AddedPrefix& p : prefixes_added)
      text += " PREFIX " + p.prefix + ": <" + p.iri + ">";
    text += "\n";
  }
  std::vector<assist::Finding> shown;
  for (const assist::Finding& f : findings) {
    const bool added =
        f.problem == "undeclared_prefix" &&
        std::any_of(prefixes_added.begin(), prefixes_added.end(),
                    [&](const assist::AddedPrefix& p) { return p.prefix == f.prefix; });
    if (f.severity != assist::Severity::Info && !added) shown.push_back(f);
  }
  if (!shown.empty()) {
    structured["findings"] = findings_json(shown);
    text += "Findings:\n" + findings_text(shown);
  }
  return text;
}

std::optional<assist::Validation> check_query(
    const QueryChecks& checks, const std::string& text,
    const std::vector<const catalogue::Endpoint*>& endpoints) {
  if (!checks.validator) return std::nullopt;
  assist::Validation v = checks.validator->validate(text, endpoints);
  if (v.syntax_error) {
    Error error = *v.syntax_error;
    std::vector<assist::Finding> others;
    for (const assist::Finding& f : v.findings)
      if (f.problem != "syntax") others.push_back(f);
    if (!others.empty()) error.message += "\nAlso:\n" + findings_text(others);
    throw Exception(std::move(error));
  }
  if (checks.strict && v.has_errors()) {
    std::vector<assist::Finding> errors;
    for (const assist::Finding& f : v.findings)
      if (f.severity == assist::Severity::Error) errors.push_back(f);
    throw_error(ErrorKind::InvalidArgument,
                "the query was not sent: validation found " + std::to_string(errors.size()) +
                    " error(s) (the server runs with --strict-validation):\n" +
                    findings_text(errors));
  }
  return v;
}

nlohmann::json diagnosis_json(const assist::Diagnosis& diagnosis) {
  nlohmann::json empty = nlohmann::json::array();
  for (const assist::EmptyPart& part : diagnosis.empty) {
    nlohmann::json j = {{"pattern", part.pattern}, {"message", part.message}};
    if (part.service) {
      j["service"] = part.service;
      j["endpoint"] = part.endpoint;
    }
    empty.push_back(std::move(j));
  }
  nlohmann::json out = {
      {"empty", std::move(empty)}, {"message", diagnosis.message}, {"probes", diagnosis.probes}};
  if (diagnosis.join) {
    auto part = [](const assist::PartName& p) {
      return nlohmann::json{{"services", p.services}, {"pattern", p.pattern}};
    };
    out["join"] = {{"parts", {part(diagnosis.join->left), part(diagnosis.join->right)}},
                   {"variables", diagnosis.join->variables},
                   {"message", diagnosis.join->message}};
  } else {
    out["join"] = nullptr;
  }
  if (diagnosis.bounded) out["bounded"] = true;
  return out;
}

std::string diagnosis_text(const assist::Diagnosis& diagnosis) {
  std::string text = "Why the answer is empty (" + std::to_string(diagnosis.probes) +
                     " probe queries" + (diagnosis.bounded ? ", cut short" : "") + "):\n";
  for (const assist::EmptyPart& part : diagnosis.empty)
    text += "- " + part.message + "\n";
  if (diagnosis.join) text += "- " + diagnosis.join->message + "\n";
  if (diagnosis.empty.empty() && !diagnosis.join) text += "- " + diagnosis.message + "\n";
  return text;
}

}  // namespace sparqlmcp::tools
