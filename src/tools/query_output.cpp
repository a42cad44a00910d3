#include "query_output.hpp"

#include <algorithm>

#include "sparqlmcp/rdf/writer.hpp"
#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/serializer.hpp"
#include "sparqlmcp/results/text_table.hpp"

namespace sparqlmcp::tools {
namespace {

std::string plural(std::size_t count, const char* noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string federated_header(const AnswerFacts& facts) {
  std::string line = "Federated query over " + plural(facts.endpoints_used.size(), "endpoint") +
                     " answered in " + std::to_string(facts.elapsed.count()) + " ms (" +
                     plural(static_cast<std::size_t>(facts.requests), "request");
  for (std::size_t i = 0; i < facts.endpoints_used.size(); ++i) {
    const federation::EndpointUse& use = facts.endpoints_used[i];
    line += (i == 0 ? ": <" : "; <") + use.endpoint + "> " + plural(use.requests, "request") +
            ", " + plural(use.rows, "row");
  }
  line += ")";
  if (facts.subqueries_from_cache > 0) {
    line += "; " + plural(facts.subqueries_from_cache, "sub-query") +
            " answered from the sub-query cache";
  }
  return line + ".";
}

std::string header_line(const AnswerFacts& facts) {
  using federation::RouteKind;
  if (facts.route == RouteKind::Federated && !facts.from_cache) return federated_header(facts);
  if (facts.from_cache) {
    return "Endpoint <" + facts.endpoint + ">: this page comes from the result cache (no new " +
           "request; the answer was received " + std::to_string(facts.elapsed.count()) +
           " ms before).";
  }
  std::string line = "Endpoint <" + facts.endpoint + "> answered" +
                     (facts.route == RouteKind::InProcess  ? " (in-process, from its dumps)"
                      : facts.route == RouteKind::External ? " (the external federation engine)"
                                                           : "") +
                     " in " + std::to_string(facts.elapsed.count()) + " ms";
  if (facts.attempts > 1) line += " after " + plural(facts.attempts, "attempt");
  if (facts.requests > 1) line += " (" + plural(facts.requests, "request") + ")";
  return line + ".";
}

nlohmann::json plan_json(const engine::ExplainNode& node) {
  nlohmann::json children = nlohmann::json::array();
  for (const engine::ExplainNode& child : node.children)
    children.push_back(plan_json(child));
  nlohmann::json out = {{"op", node.op}, {"rows", node.rows}};
  if (!node.detail.empty()) out["detail"] = node.detail;
  if (node.opens > 1) out["opened"] = node.opens;
  if (!children.empty()) out["children"] = std::move(children);
  return out;
}

// The plan after the rows and warnings: what explain asked for.
void add_plan(const AnswerFacts& facts, nlohmann::json& structured, std::string& text) {
  if (!facts.plan) return;
  structured["plan"] = plan_json(*facts.plan);
  text += "Plan (rows = rows each operator produced):\n" + engine::explain_text(*facts.plan);
}

nlohmann::json base_structured(const AnswerFacts& facts, std::string_view form) {
  nlohmann::json structured = {
      {"endpoint", facts.endpoint}, {"route", federation::route_name(facts.route)},
      {"query_form", form},         {"elapsed_ms", facts.elapsed.count()},
      {"requests", facts.requests}, {"from_cache", facts.from_cache},
      {"format", facts.format}};
  if (facts.route == federation::RouteKind::Federated) {
    nlohmann::json endpoints = nlohmann::json::array();
    for (const federation::EndpointUse& use : facts.endpoints_used)
      endpoints.push_back(
          {{"endpoint", use.endpoint}, {"requests", use.requests}, {"rows", use.rows}});
    structured["endpoints"] = std::move(endpoints);
    structured["subqueries_from_cache"] = facts.subqueries_from_cache;
  }
  return structured;
}

// "12 rows" when exact, "at least 1001 rows" otherwise.
std::string count_phrase(std::size_t at_hand, const AnswerFacts& facts, const char* noun) {
  if (facts.exact_count) return plural(*facts.exact_count, noun);
  std::string phrase = "At least " + plural(at_hand, noun);
  if (!facts.count_option.empty()) phrase += " (" + facts.count_option + " counts them all)";
  return phrase;
}

// The count fields of structuredContent: an exact count or a lower bound, never both.
void add_counts(nlohmann::json& structured, std::size_t at_hand, const AnswerFacts& facts,
                const char* exact_name, const char* bound_name) {
  if (facts.exact_count) {
    structured[exact_name] = *facts.exact_count;
  } else {
    structured[bound_name] = at_hand;
  }
}

// Serializes rows [0, count) of `results` in `format`, shrinking count until the text fits.
std::pair<std::string, std::size_t> serialize_bounded(const results::QueryResults& results,
                                                      results::ResultsFormat format,
                                                      std::size_t count, std::size_t max_chars) {
  results::QueryResults shown;
  shown.kind = results.kind;
  shown.variables = results.variables;
  shown.boolean = results.boolean;
  shown.links = results.links;
  for (;;) {
    shown.rows.assign(results.rows.begin(), results.rows.begin() + static_cast<long>(count));
    std::string text = results::serialize_results(shown, format);
    if (text.size() <= max_chars || count == 0) return {std::move(text), count};
    count = count / 2;
  }
}

}  // namespace

mcp::ToolResult render_solutions(results::QueryResults results, const AnswerFacts& facts,
                                 const OutputLimits& limits, const NextPage& next_page) {
  const std::vector<std::string>& warnings = facts.warnings;
  const bool is_ask = results.kind == results::QueryResults::Kind::Boolean;
  nlohmann::json structured = base_structured(facts, is_ask ? "ask" : "select");

  if (is_ask) {
    structured["results"] = results::to_json(results);
    structured["row_count"] = 0;
    structured["rows_shown"] = 0;
    structured["truncated"] = false;
    structured["possibly_incomplete"] = false;
    structured["warnings"] = warnings;
    std::string text =
        header_line(facts) + "\nASK result: " + (results.boolean ? "true" : "false") + "\n";
    for (const std::string& warning : warnings)
      text += "Warning: " + warning + "\n";
    add_plan(facts, structured, text);
    return mcp::ToolResult::text(std::move(text), std::move(structured));
  }

  const std::size_t at_hand = results.rows.size();
  // Rows shown: bounded by max_rows and by characters.
  std::string body;
  std::size_t shown = 0;
  std::optional<results::ResultsFormat> serialized_format =
      facts.format == "table" ? std::nullopt : results::results_format_from_name(facts.format);
  if (serialized_format) {
    auto [text, count] = serialize_bounded(
        results, *serialized_format, std::min(limits.max_rows, at_hand), limits.max_text_chars);
    body = std::move(text);
    shown = count;
  } else {
    results::TextTableOptions options;
    options.max_rows = limits.max_rows;
    options.max_chars = limits.max_text_chars;
    options.prefixes = facts.prefixes;
    results::TextTable table = results::render_tsv_table(results, options);
    body = std::move(table.text);
    shown = table.rows_shown;
  }
  std::optional<std::string> next = shown > 0 ? next_page(shown) : std::nullopt;
  const bool truncated = shown < at_hand || !facts.exact_count;

  results.rows.resize(shown);
  structured["results"] = results::to_json(results);
  add_counts(structured, at_hand, facts, "row_count", "row_count_at_least");
  structured["rows_received"] = at_hand;
  structured["rows_shown"] = shown;
  structured["truncated"] = truncated;
  structured["possibly_incomplete"] = facts.possibly_incomplete;
  if (next) structured["next_page_query"] = *next;
  structured["warnings"] = warnings;

  std::string text = header_line(facts) + " " + count_phrase(at_hand, facts, "row");
  text += shown < at_hand || (!facts.exact_count && next)
              ? "; showing the first " + std::to_string(shown) + ".\n"
              : ".\n";
  text += body;
  if (!text.empty() && text.back() != '\n') text += '\n';
  for (const std::string& warning : warnings)
    text += "Warning: " + warning + "\n";
  if (next) text += "Next page (ready to run):\n" + *next + (next->ends_with('\n') ? "" : "\n");
  add_plan(facts, structured, text);
  return mcp::ToolResult::text(std::move(text), std::move(structured));
}

mcp::ToolResult render_graph(const std::vector<rdf::Triple>& triples, const AnswerFacts& facts,
                             const OutputLimits& limits, const NextPage& next_page) {
  // Bound the output by characters: halve the number of triples until it fits.
  std::size_t count = triples.size();
  std::string rdf_text;
  for (;;) {
    std::vector<rdf::Triple> shown(triples.begin(), triples.begin() + static_cast<long>(count));
    rdf_text = facts.format == "ntriples" ? rdf::serialize_ntriples(shown)
                                          : rdf::serialize_turtle(shown, facts.prefixes);
    if (rdf_text.size() <= limits.max_text_chars || count == 0) break;
    count /= 2;
  }
  std::optional<std::string> next = count > 0 ? next_page(count) : std::nullopt;
  const bool truncated = count < triples.size() || !facts.exact_count;
  std::vector<std::string> warnings = facts.warnings;
  if (count < triples.size()) {
    warnings.push_back("only " + plural(count, "triple") + " of the " +
                       std::to_string(triples.size()) +
                       " at hand fit in the output; run the next-part query for the rest.");
  }
  nlohmann::json structured = base_structured(facts, "construct");
  structured["rdf"] = rdf_text;
  add_counts(structured, triples.size(), facts, "triple_count", "triple_count_at_least");
  structured["triples_shown"] = count;
  structured["truncated"] = truncated;
  structured["possibly_incomplete"] = facts.possibly_incomplete;
  if (next) structured["next_page_query"] = *next;
  structured["warnings"] = warnings;

  std::string text =
      header_line(facts) + " " + count_phrase(triples.size(), facts, "triple") + ".\n" + rdf_text;
  if (!text.empty() && text.back() != '\n') text += '\n';
  for (const std::string& warning : warnings)
    text += "Warning: " + warning + "\n";
  if (next) text += "Next part (ready to run):\n" + *next + "\n";
  add_plan(facts, structured, text);
  return mcp::ToolResult::text(std::move(text), std::move(structured));
}

nlohmann::json query_output_schema() {
  return {
      {"type", "object"},
      {"properties",
       {{"endpoint",
         {{"type", "string"},
          {"description",
           "The endpoint that answered (the external federation engine for route 'external'); "
           "empty for route 'federated' (see endpoints)."}}},
        {"route",
         {{"type", "string"},
          {"description",
           "How the query was executed: 'direct' (sent to the endpoint), 'in-process' (the "
           "embedded engine over the entry's RDF dumps), 'federated' (several SERVICE clauses "
           "joined by the embedded federation engine) or 'external' (sent to the federation "
           "engine of --federation-endpoint)."}}},
        {"subqueries_from_cache",
         {{"type", "integer"},
          {"description",
           "Route 'federated': sub-queries answered by the cache of earlier calls (no request)."}}},
        {"endpoints",
         {{"type", "array"},
          {"description",
           "Route 'federated': each endpoint that answered, its requests and rows (0 requests: "
           "its sub-queries came from the sub-query cache)."},
          {"items",
           {{"type", "object"},
            {"properties",
             {{"endpoint", {{"type", "string"}}},
              {"requests", {{"type", "integer"}}},
              {"rows", {{"type", "integer"}}}}}}}}},
        {"query_form", {{"type", "string"}}},
        {"elapsed_ms", {{"type", "integer"}}},
        {"format", {{"type", "string"}}},
        {"results",
         {{"type", "object"}, {"description", "SPARQL 1.1 JSON results (only the rows shown)."}}},
        {"rdf", {{"type", "string"}, {"description", "CONSTRUCT/DESCRIBE result graph."}}},
        {"row_count",
         {{"type", "integer"},
          {"description", "The exact number of rows the query returns; absent when not known."}}},
        {"row_count_at_least",
         {{"type", "integer"},
          {"description",
           "When the exact number is not known: the query returns at least this many rows "
           "(pass count: true for the exact number)."}}},
        {"requests",
         {{"type", "integer"},
          {"description", "HTTP requests made for this call, to all endpoints (0: from cache)."}}},
        {"from_cache",
         {{"type", "boolean"},
          {"description", "This page was served from the result cache of an earlier call."}}},
        {"rows_received", {{"type", "integer"}}},
        {"rows_shown", {{"type", "integer"}}},
        {"triple_count", {{"type", "integer"}}},
        {"triple_count_at_least", {{"type", "integer"}}},
        {"triples_shown", {{"type", "integer"}}},
        {"truncated", {{"type", "boolean"}}},
        {"plan",
         {{"type", "object"},
          {"description",
           "With explain: true, the plan that ran: {op, detail, rows, opened, children}, one "
           "node per operator (joins with their strategy, SERVICE with endpoint, requests, "
           "time, sub-query)."}}},
        {"possibly_incomplete",
         {{"type", "boolean"},
          {"description",
           "The endpoint may have cut the result (row cap or size limit): later pages may not "
           "bring the rest."}}},
        {"next_page_query", {{"type", "string"}}},
        {"warnings", {{"type", "array"}, {"items", {{"type", "string"}}}}}}},
      {"required", {"endpoint", "route", "elapsed_ms", "truncated", "warnings"}}};
}

}  // namespace sparqlmcp::tools
