#pragma once
// The checks run_sparql_query and submit make before a query is sent (docs/validation.md):
// the validator's findings come back with the result, a PREFIX the query forgot is added, and
// with `strict` a finding of severity error refuses the query.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/assist/diagnosis.hpp"
#include "sparqlmcp/assist/seen_terms.hpp"
#include "sparqlmcp/assist/validation.hpp"

namespace sparqlmcp::tools {

struct QueryChecks {
  std::shared_ptr<const assist::QueryValidator> validator;  // null: no checks
  bool strict = false;
  // Where the IRIs of answers go, so that validation knows them (may be null).
  std::shared_ptr<assist::SeenTerms> seen;
};

// The findings as structuredContent has them, and the declarations added.
nlohmann::json findings_json(const std::vector<assist::Finding>& findings);
nlohmann::json prefixes_added_json(const std::vector<assist::AddedPrefix>& added);
// The JSON schema of one finding and of one added declaration.
nlohmann::json finding_schema();
nlohmann::json prefix_added_schema();

// One line per finding ("error 3:8 unknown_class: ..."), the alternatives beneath.
std::string findings_text(const std::vector<assist::Finding>& findings);

// Adds `prefixes_added` and the findings of severity error and warning to `structured`, and
// returns their text lines (notes such as "not checked" are validate_query's; an added
// declaration is said once, in "Added:").
std::string add_check_results(const std::vector<assist::Finding>& findings,
                              const std::vector<assist::AddedPrefix>& prefixes_added,
                              nlohmann::json& structured);

// Runs the checks on `text`: the validation, or nothing without a validator. Throws the
// parser's error (with the other findings appended) for a query that does not parse, and
// InvalidArgument for error findings under `strict`.
// `endpoints`: where the patterns outside SERVICE go (run_sparql_query's `endpoints`).
std::optional<assist::Validation> check_query(
    const QueryChecks& checks, const std::string& text,
    const std::vector<const catalogue::Endpoint*>& endpoints = {});

// The diagnosis of an empty answer as structuredContent.diagnosis has it, and its text lines.
nlohmann::json diagnosis_json(const assist::Diagnosis& diagnosis);
std::string diagnosis_text(const assist::Diagnosis& diagnosis);

}  // namespace sparqlmcp::tools
