#include "query_output.hpp"

#include "sparqlmcp/tools/query_checks.hpp"

#include <algorithm>

#include "sparqlmcp/rdf/writer.hpp"
#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/serializer.hpp"
#include "sparqlmcp/results/text_table.hpp"

namespace sparqlmcp::tools {
namespace {

using federation::RouteKind;

std::string plural(std::size_t count, std::string_view noun, std::string_view nouns = {}) {
  return std::to_string(count) + " " +
         std::string(count == 1 ? noun : (nouns.empty() ? std::string(noun) + "s" : nouns));
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
    line += "; " + plural(facts.subqueries_from_cache, "sub-query", "sub-queries") +
            " answered from the sub-query cache";
  }
  return line + ".";
}

std::string header_line(const AnswerFacts& facts) {
  if (facts.route == RouteKind::Federated && !facts.from_cache) return federated_header(facts);
  const std::string endpoint = facts.route == RouteKind::Federated
                                   ? std::string("The federated query")
                                   : "Endpoint <" + facts.endpoint + ">";
  if (facts.from_cache) {
    return endpoint + ": this page comes from the result cache of an earlier call (no new " +
           "request, " + std::to_string(facts.elapsed.count()) + " ms).";
  }
  std::string line = endpoint + " answered" +
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
  if (node.estimated) out["estimated"] = *node.estimated;
  if (!children.empty()) out["children"] = std::move(children);
  return out;
}

// The plan after the rows and warnings: what explain asked for.
void add_plan(const AnswerFacts& facts, nlohmann::json& structured, std::string& text) {
  if (!facts.plan) return;
  structured["plan"] = plan_json(*facts.plan);
  text += "Plan (rows = rows each operator produced):\n" + engine::explain_text(*facts.plan);
}

// What the header line says, as fields: where the answer came from and what it cost.
nlohmann::json base_structured(const AnswerFacts& facts) {
  nlohmann::json structured = {{"route", federation::route_name(facts.route)}};
  if (facts.route != RouteKind::Federated) structured["endpoint"] = facts.endpoint;
  structured["requests"] = facts.requests;
  structured["elapsed_ms"] = facts.elapsed.count();
  if (facts.attempts > 1 && !facts.from_cache) structured["attempts"] = facts.attempts;
  if (facts.from_cache) structured["from_cache"] = true;
  if (facts.route == RouteKind::Federated && !facts.from_cache) {
    nlohmann::json endpoints = nlohmann::json::array();
    for (const federation::EndpointUse& use : facts.endpoints_used)
      endpoints.push_back(
          {{"endpoint", use.endpoint}, {"requests", use.requests}, {"rows", use.rows}});
    structured["endpoints"] = std::move(endpoints);
    if (facts.subqueries_from_cache > 0)
      structured["subqueries_from_cache"] = facts.subqueries_from_cache;
  }
  return structured;
}

// What to do next that the count phrase suggests: how to get the exact number.
std::optional<std::string> count_advice(const AnswerFacts& facts) {
  if (facts.exact_count || facts.count_option.empty()) return std::nullopt;
  return facts.count_option + " counts them all";
}

// "12 rows" when exact, "At least 1001 rows (count: true counts them all)" otherwise.
std::string count_phrase(std::size_t at_hand, const AnswerFacts& facts, const char* noun) {
  if (facts.exact_count) return plural(*facts.exact_count, noun);
  std::string phrase = "At least " + plural(at_hand, noun);
  if (auto advice = count_advice(facts)) phrase += " (" + *advice + ")";
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

// What the checks before sending found and added, and the diagnosis of an empty answer.
void add_checks(const AnswerFacts& facts, nlohmann::json& structured, std::string& text) {
  if (!text.empty() && text.back() != '\n') text += '\n';
  text += add_check_results(facts.findings, facts.prefixes_added, structured);
  if (facts.diagnosis) {
    structured["diagnosis"] = *facts.diagnosis;
    text += facts.diagnosis_text;
  }
}

// The closing fields and lines both forms share: warnings, advice, the next-page query.
void add_closing(nlohmann::json& structured, std::string& text,
                 const std::vector<std::string>& warnings, const std::vector<std::string>& advice,
                 const std::optional<std::string>& next, const char* next_label) {
  if (!text.empty() && text.back() != '\n') text += '\n';
  for (const std::string& warning : warnings)
    text += "Warning: " + warning + "\n";
  structured["warnings"] = warnings;
  if (!advice.empty()) structured["advice"] = advice;
  if (next) {
    structured["next_page_query"] = *next;
    text += std::string(next_label) + " (ready to run):\n" + *next +
            (next->ends_with('\n') ? "" : "\n");
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

// The compact rows of structuredContent: the cells the text table shows, as short strings
// (null for unbound), for the first `shown` rows.
void add_compact_rows(nlohmann::json& structured, const results::QueryResults& results,
                      std::size_t shown, const results::TextTableOptions& options) {
  structured["columns"] = results.variables;
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t r = 0; r < shown && r < results.rows.size(); ++r) {
    const results::Row& row = results.rows[r];
    nlohmann::json cells = nlohmann::json::array();
    for (std::size_t i = 0; i < results.variables.size(); ++i) {
      if (i < row.size() && row[i]) {
        cells.push_back(results::render_cell(*row[i], options));
      } else {
        cells.push_back(nullptr);
      }
    }
    rows.push_back(std::move(cells));
  }
  structured["rows"] = std::move(rows);
}

// The labels of the IRIs shown, keyed by their cells (the short form the rows carry).
// The labels of the IRIs shown, per column, row by row (null where a cell has none): what the
// table writes as "label (cell)", said once and in the rows' order, so that the structured form
// grows by what the text grows by (a map keyed by the cells would repeat every labelled cell).
// Only the columns with a label appear.
void add_labels(nlohmann::json& structured, const results::QueryResults& results, std::size_t shown,
                const std::map<std::string, std::string>& labels) {
  if (labels.empty()) return;
  nlohmann::json columns = nlohmann::json::object();
  for (std::size_t c = 0; c < results.variables.size(); ++c) {
    nlohmann::json column = nlohmann::json::array();
    bool any = false;
    for (std::size_t r = 0; r < shown && r < results.rows.size(); ++r) {
      const results::Row& row = results.rows[r];
      const auto found =
          c < row.size() && row[c] && row[c]->is_iri() ? labels.find(row[c]->value) : labels.end();
      if (found == labels.end()) {
        column.push_back(nullptr);
      } else {
        column.push_back(found->second);
        any = true;
      }
    }
    if (any) columns[results.variables[c]] = std::move(column);
  }
  if (!columns.empty()) structured["labels"] = std::move(columns);
}

}  // namespace

mcp::ToolResult render_solutions(results::QueryResults results, const AnswerFacts& facts,
                                 const OutputLimits& limits, const NextPage& next_page) {
  std::vector<std::string> advice;
  nlohmann::json structured = base_structured(facts);
  const bool as_json = facts.format == "json";

  if (results.kind == results::QueryResults::Kind::Boolean) {
    std::string text = header_line(facts) + "\nASK result: " + (results.boolean ? "true" : "false");
    if (as_json) {
      structured["results"] = results::to_json(results);
      text += "\n" + results::serialize_results(results, results::ResultsFormat::Json);
    } else {
      structured["boolean"] = results.boolean;
    }
    add_checks(facts, structured, text);
    add_closing(structured, text, facts.warnings, advice, std::nullopt, "");
    add_plan(facts, structured, text);
    return mcp::ToolResult::text(std::move(text), std::move(structured));
  }

  const std::size_t at_hand = results.rows.size();
  // Rows shown: bounded by max_rows and by characters.
  std::string body;
  std::size_t shown = 0;
  results::TextTableOptions options;
  options.max_rows = limits.max_rows;
  options.max_chars = limits.max_text_chars;
  options.prefixes = facts.prefixes;
  std::optional<results::ResultsFormat> serialized_format =
      facts.format == "table" ? std::nullopt : results::results_format_from_name(facts.format);
  if (serialized_format) {
    auto [text, count] = serialize_bounded(
        results, *serialized_format, std::min(limits.max_rows, at_hand), limits.max_text_chars);
    body = std::move(text);
    shown = count;
  } else {
    results::TextTableOptions labelled = options;
    if (!facts.labels.empty()) labelled.labels = &facts.labels;
    results::TextTable table = results::render_tsv_table(results, labelled);
    body = std::move(table.text);
    shown = table.rows_shown;
  }
  std::optional<std::string> next = shown > 0 ? next_page(shown) : std::nullopt;
  const bool truncated = shown < at_hand || !facts.exact_count;
  if (auto count = count_advice(facts)) advice.push_back(*count);

  if (as_json) {
    results::QueryResults rows = std::move(results);
    rows.rows.resize(shown);
    structured["results"] = results::to_json(rows);
  } else {
    add_compact_rows(structured, results, shown, options);
    add_labels(structured, results, shown, facts.labels);
  }
  add_counts(structured, at_hand, facts, "row_count", "row_count_at_least");
  structured["rows_shown"] = shown;
  structured["truncated"] = truncated;
  structured["possibly_incomplete"] = facts.possibly_incomplete;

  std::string text = header_line(facts) + " " + count_phrase(at_hand, facts, "row");
  text += shown < at_hand || (!facts.exact_count && next)
              ? "; showing the first " + std::to_string(shown) + ".\n"
              : ".\n";
  text += body;
  add_checks(facts, structured, text);
  add_closing(structured, text, facts.warnings, advice, next, "Next page");
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
  std::vector<std::string> advice;
  nlohmann::json structured = base_structured(facts);
  structured["rdf"] = rdf_text;
  add_counts(structured, triples.size(), facts, "triple_count", "triple_count_at_least");
  structured["triples_shown"] = count;
  structured["truncated"] = truncated;
  structured["possibly_incomplete"] = facts.possibly_incomplete;

  std::string text =
      header_line(facts) + " " + count_phrase(triples.size(), facts, "triple") + ".\n" + rdf_text;
  add_checks(facts, structured, text);
  add_closing(structured, text, warnings, advice, next, "Next part");
  add_plan(facts, structured, text);
  return mcp::ToolResult::text(std::move(text), std::move(structured));
}

nlohmann::json query_output_schema() {
  const nlohmann::json integer = {{"type", "integer"}};
  const nlohmann::json strings = {{"type", "array"}, {"items", {{"type", "string"}}}};
  return {
      {"type", "object"},
      {"properties",
       {{"route",
         {{"type", "string"},
          {"enum", {"direct", "in-process", "federated", "external"}},
          {"description",
           "How the query ran: direct (sent to the endpoint), in-process (the embedded engine "
           "over the entry's dumps), federated (SERVICE clauses joined by this server) or "
           "external (the engine of --federation-endpoint)."}}},
        {"endpoint", {{"type", "string"}, {"description", "The endpoint that answered."}}},
        {"endpoints",
         {{"type", "array"},
          {"description", "Federated: each endpoint asked, its requests and rows."},
          {"items",
           {{"type", "object"},
            {"properties",
             {{"endpoint", {{"type", "string"}}}, {"requests", integer}, {"rows", integer}}}}}}},
        {"requests", {{"type", "integer"}, {"description", "Requests sent for this call."}}},
        {"attempts", integer},
        {"elapsed_ms", integer},
        {"from_cache",
         {{"type", "boolean"},
          {"description", "This page came from the result cache of an earlier call."}}},
        {"subqueries_from_cache", integer},
        {"columns", strings},
        {"rows",
         {{"type", "array"},
          {"description",
           "The rows shown, one array per row in the order of columns: an IRI as <...> or "
           "prefix:local (the query's prefixes), a literal as in SPARQL (\"text\"@en, "
           "\"1.5\"^^xsd:float; numbers and booleans bare), null when unbound."},
          {"items", {{"type", "array"}, {"items", {{"type", {"string", "null"}}}}}}}},
        {"labels",
         {{"type", "object"},
          {"additionalProperties", {{"type", "array"}, {"items", {{"type", {"string", "null"}}}}}},
          {"description",
           "The labels the endpoints give the IRIs shown: per column name, one entry per row "
           "(null where the cell has none); the text table writes them as label (cell)."}}},
        {"boolean", {{"type", "boolean"}, {"description", "ASK: the answer."}}},
        {"results",
         {{"type", "object"},
          {"description", "format json: SPARQL 1.1 JSON results of the rows shown."}}},
        {"rdf", {{"type", "string"}, {"description", "CONSTRUCT/DESCRIBE: the graph shown."}}},
        {"row_count",
         {{"type", "integer"}, {"description", "The exact number of rows, when known."}}},
        {"row_count_at_least",
         {{"type", "integer"},
          {"description", "Otherwise: the query returns at least this many rows."}}},
        {"rows_shown", integer},
        {"triple_count", integer},
        {"triple_count_at_least", integer},
        {"triples_shown", integer},
        {"truncated",
         {{"type", "boolean"},
          {"description", "Not every row (triple) of the answer is shown: see next_page_query."}}},
        {"possibly_incomplete",
         {{"type", "boolean"},
          {"description",
           "An endpoint may have cut the answer (a result cap, the size limit): the warnings "
           "say which and why."}}},
        {"warnings", strings},
        {"findings",
         {{"type", "array"},
          {"description",
           "What the checks before sending found: unknown classes or predicates, predicates the "
           "subject's class does not use, wrong namespaces, IRIs nothing has shown; each with "
           "alternatives, nearest first."},
          {"items", finding_schema()}}},
        {"prefixes_added",
         {{"type", "array"},
          {"description", "PREFIX declarations the query used without declaring, added."},
          {"items", prefix_added_schema()}}},
        {"diagnosis",
         {{"type", "object"},
          {"description",
           "diagnose: why the answer is empty: the SERVICE blocks (1-based, in text order), "
           "patterns or join that matched nothing."}}},
        {"advice", strings},
        {"next_page_query",
         {{"type", "string"}, {"description", "Run it for the next page (or part)."}}},
        {"plan",
         {{"type", "object"},
          {"description",
           "explain: the plan that ran, {op, detail, rows, opened, children} per operator."}}}}},
      {"required", {"route", "requests", "elapsed_ms", "warnings"}}};
}

void add_unique(std::vector<std::string>& list, const std::string& text) {
  if (std::find(list.begin(), list.end(), text) == list.end()) list.push_back(text);
}

}  // namespace sparqlmcp::tools
