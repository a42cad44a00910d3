#include "sparqlmcp/tools/validate_query.hpp"

#include <algorithm>

#include "search_arguments.hpp"
#include "sparqlmcp/sparql/term_scan.hpp"
#include "sparqlmcp/tools/arguments.hpp"
#include "sparqlmcp/tools/query_checks.hpp"

namespace sparqlmcp::tools {
namespace {

// Validation walks every triple pattern; a text this long is no query an agent wrote by hand.
constexpr std::size_t kMaxQueryChars = 200000;
// How long a call waits for the description of an endpoint that has none yet, by default.
constexpr std::chrono::milliseconds kDescribeWait{10000};

mcp::ToolDefinition validate_query_definition() {
  mcp::ToolDefinition d;
  d.name = "validate_query";
  d.title = "Check a SPARQL query";
  d.description =
      "Checks a SPARQL query without running it, against what the endpoints' VoID descriptions "
      "say: syntax (line, column, what was expected), prefixes used but not declared (with the "
      "declaration that completes them), classes and predicates an endpoint does not have, "
      "predicates the subject's class does not use, a prefix bound to an almost-right "
      "namespace, and IRIs no answer or search has shown. Each finding names the term and "
      "alternatives, nearest first. run_sparql_query makes the same checks itself.";
  d.input_schema = {
      {"type", "object"},
      {"properties",
       {{"query", {{"type", "string"}, {"description", "The SPARQL query text."}}},
        {"endpoints",
         {{"type", "array"},
          {"items", {{"type", "string"}}},
          {"description",
           "Endpoint ids or IRIs whose descriptions the patterns outside SERVICE are checked "
           "against (SERVICE blocks name their own)."}}},
        {"timeout_ms",
         {{"type", "integer"},
          {"minimum", 100},
          {"maximum", 120000},
          {"description",
           "How long to wait for a description of an endpoint that has none yet (default "
           "10000); what is not ready by then is not checked."}}}}},
      {"required", {"query"}},
      {"additionalProperties", false}};
  d.output_schema = {{"type", "object"},
                     {"properties",
                      {{"valid", {{"type", "boolean"}}},
                       {"findings", {{"type", "array"}, {"items", finding_schema()}}},
                       {"prefixes_added", {{"type", "array"}, {"items", prefix_added_schema()}}},
                       {"completed_query", {{"type", "string"}}}}},
                     {"required", {"valid", "findings"}}};
  d.annotations.title = d.title;
  d.annotations.read_only = true;
  d.annotations.idempotent = true;
  d.annotations.open_world = false;
  return d;
}

class ValidateQueryTool final : public mcp::Tool {
 public:
  ValidateQueryTool(const catalogue::Catalogue& catalogue,
                    std::shared_ptr<const assist::QueryValidator> validator,
                    DescribeEndpoints describe)
      : catalogue_(catalogue),
        validator_(std::move(validator)),
        describe_(std::move(describe)),
        definition_(validate_query_definition()) {}
  const mcp::ToolDefinition& definition() const override { return definition_; }

  mcp::ToolResult call(const nlohmann::json& arguments, mcp::ToolContext& context) override {
    Arguments args(arguments, definition_.name);
    args.reject_unknown({"query", "endpoints", "timeout_ms"});
    const std::string query = args.required_string("query", "the SPARQL query text");
    if (query.size() > kMaxQueryChars)
      throw_error(ErrorKind::InvalidArgument,
                  "validate_query: the query has " + std::to_string(query.size()) +
                      " characters; at most " + std::to_string(kMaxQueryChars) +
                      " are checked. Check its parts one at a time.");
    const auto endpoints = named_endpoints(arguments, catalogue_, definition_.name);
    if (describe_)
      describe_(named_by(query, endpoints), call_deadline(args, kDescribeWait),
                context.cancellation);
    const assist::Validation v = validator_->validate(query, endpoints);
    for (const assist::Finding& f : v.findings)
      if (f.problem == "too_large")
        throw_error(ErrorKind::LimitExceeded, "validate_query: " + f.message +
                                                  ". Check the query in parts (one SERVICE "
                                                  "block at a time).");

    std::size_t errors = 0, warnings = 0;
    for (const assist::Finding& f : v.findings) {
      errors += f.severity == assist::Severity::Error;
      warnings += f.severity == assist::Severity::Warning;
    }
    std::string text = std::string("valid: ") + (v.valid() ? "yes" : "no") + " (" +
                       std::to_string(errors) + " error(s), " + std::to_string(warnings) +
                       " warning(s))\n" + findings_text(v.findings);
    nlohmann::json structured = {{"valid", v.valid()}, {"findings", findings_json(v.findings)}};
    structured["prefixes_added"] = prefixes_added_json(v.prefixes_added);
    if (v.completed_query) {
      structured["completed_query"] = *v.completed_query;
      text += "Completed query (run_sparql_query adds these declarations itself):\n```sparql\n" +
              *v.completed_query + "\n```\n";
    }
    return mcp::ToolResult::text(std::move(text), std::move(structured));
  }

 private:
  // The endpoints named in `endpoints` and by the query's IRIs (its SERVICE clauses).
  std::vector<const catalogue::Endpoint*> named_by(
      const std::string& query, std::vector<const catalogue::Endpoint*> endpoints) const {
    for (const sparql::WrittenTerm& t : sparql::scan_terms(query).terms)
      if (!t.prefixed)
        if (const catalogue::Endpoint* e = catalogue_.find_by_iri(t.iri))
          if (std::find(endpoints.begin(), endpoints.end(), e) == endpoints.end())
            endpoints.push_back(e);
    return endpoints;
  }

  const catalogue::Catalogue& catalogue_;
  std::shared_ptr<const assist::QueryValidator> validator_;
  DescribeEndpoints describe_;
  mcp::ToolDefinition definition_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_validate_query_tool(
    const catalogue::Catalogue& catalogue, std::shared_ptr<const assist::QueryValidator> validator,
    DescribeEndpoints describe) {
  return std::make_unique<ValidateQueryTool>(catalogue, std::move(validator), std::move(describe));
}

}  // namespace sparqlmcp::tools
