#include "query_output.hpp"

#include <algorithm>

#include "query_facts.hpp"
#include "sparqlmcp/rdf/writer.hpp"
#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/serializer.hpp"
#include "sparqlmcp/results/text_table.hpp"
#include "sparqlmcp/sparql/service_analysis.hpp"

namespace sparqlmcp::tools {
namespace {

std::string plural(std::size_t count, const char* noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string header_line(const AnswerFacts& facts) {
  std::string line = "Endpoint <" + facts.endpoint + "> answered" +
                     (facts.route == "in-process" ? " (in-process, from its dumps)" : "") + " in " +
                     std::to_string(facts.elapsed.count()) + " ms";
  if (facts.attempts > 1) line += " after " + plural(facts.attempts, "attempt");
  return line + ".";
}

nlohmann::json base_structured(const AnswerFacts& facts, std::string_view form) {
  return {{"endpoint", facts.endpoint},
          {"route", facts.route},
          {"query_form", form},
          {"elapsed_ms", facts.elapsed.count()},
          {"format", facts.format}};
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

mcp::ToolResult render_solutions(const sparql::Query& query, results::QueryResults results,
                                 const AnswerFacts& facts, const OutputLimits& limits) {
  std::vector<std::string> warnings = facts.warnings;
  const bool is_ask = results.kind == results::QueryResults::Kind::Boolean;
  nlohmann::json structured = base_structured(facts, is_ask ? "ask" : "select");

  if (is_ask) {
    structured["results"] = results::to_json(results);
    structured["row_count"] = 0;
    structured["rows_shown"] = 0;
    structured["truncated"] = false;
    structured["possibly_incomplete"] = false;
    structured["warnings"] = warnings;
    std::string text = header_line(facts) + "\nASK result: " + (results.boolean ? "true" : "false");
    for (const std::string& warning : warnings)
      text += "\nWarning: " + warning;
    return mcp::ToolResult::text(std::move(text), std::move(structured));
  }

  const std::size_t received = results.rows.size();
  const std::size_t cap = facts.result_cap.value_or(0);
  const bool at_cap = cap != 0 && received == cap && !facts.body_truncated;
  if (at_cap) {
    warnings.push_back("the endpoint returned exactly " + std::to_string(cap) +
                       " rows, its known result cap: the answer is probably incomplete. Add ORDER "
                       "BY and page with LIMIT/OFFSET, or make the query more selective.");
  }
  if (facts.body_truncated) {
    warnings.push_back("the response exceeded the size limit and was cut after " +
                       plural(received, "complete row") +
                       "; the total number of rows is unknown. Add LIMIT, select fewer columns "
                       "or make the query more selective.");
  }

  // Rows shown: bounded by max_rows and by characters.
  std::string body;
  std::size_t shown = 0;
  std::optional<results::ResultsFormat> serialized_format =
      facts.format == "table" ? std::nullopt : results::results_format_from_name(facts.format);
  if (serialized_format) {
    auto [text, count] = serialize_bounded(
        results, *serialized_format, std::min(limits.max_rows, received), limits.max_text_chars);
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
  const bool truncated = shown < received || facts.body_truncated;

  std::optional<std::string> next_page;
  if (truncated && shown > 0) {
    SliceBounds bounds = outer_slice(query);
    std::uint64_t offset = bounds.offset.value_or(0) + shown;
    std::optional<std::uint64_t> limit;
    if (bounds.limit) limit = *bounds.limit > shown ? *bounds.limit - shown : 0;
    if (!limit || *limit > 0) next_page = sparql::with_slice(query, offset, limit);
  }

  results::QueryResults shown_results = results;
  shown_results.rows.resize(shown);
  structured["results"] = results::to_json(shown_results);
  if (!facts.body_truncated) structured["row_count"] = received;
  structured["rows_received"] = received;
  structured["rows_shown"] = shown;
  structured["truncated"] = truncated;
  structured["possibly_incomplete"] = at_cap || facts.body_truncated;
  if (next_page) structured["next_page_query"] = *next_page;
  structured["warnings"] = warnings;

  std::string text = header_line(facts) + " ";
  if (facts.body_truncated) {
    text += "At least " + plural(received, "row") + " (response cut at the size limit)";
  } else {
    text += plural(received, "row");
  }
  text += shown < received ? "; showing the first " + std::to_string(shown) + ".\n" : ".\n";
  text += body;
  if (!text.empty() && text.back() != '\n') text += '\n';
  for (const std::string& warning : warnings)
    text += "Warning: " + warning + "\n";
  if (next_page) text += "Next page (ready to run):\n" + *next_page + "\n";
  return mcp::ToolResult::text(std::move(text), std::move(structured));
}

mcp::ToolResult render_graph(const std::vector<rdf::Triple>& triples, const AnswerFacts& facts,
                             const OutputLimits& limits) {
  std::vector<std::string> warnings = facts.warnings;
  if (facts.body_truncated) {
    warnings.push_back(
        "the response exceeded the size limit and was cut; only the triples that "
        "arrived complete are shown. Add LIMIT or make the query more selective.");
  }
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
  const bool truncated = count < triples.size() || facts.body_truncated;
  if (count < triples.size()) {
    warnings.push_back("only " + plural(count, "triple") + " of " + std::to_string(triples.size()) +
                       " fit in the output; add LIMIT/OFFSET to the query to page through them.");
  }
  nlohmann::json structured = base_structured(facts, "construct");
  structured["rdf"] = rdf_text;
  structured["triple_count"] = triples.size();
  structured["triples_shown"] = count;
  structured["truncated"] = truncated;
  structured["possibly_incomplete"] = facts.body_truncated;
  structured["warnings"] = warnings;

  std::string text = header_line(facts) + " " + plural(triples.size(), "triple") + ".\n" + rdf_text;
  if (!text.empty() && text.back() != '\n') text += '\n';
  for (const std::string& warning : warnings)
    text += "Warning: " + warning + "\n";
  return mcp::ToolResult::text(std::move(text), std::move(structured));
}

nlohmann::json query_output_schema() {
  return {
      {"type", "object"},
      {"properties",
       {{"endpoint", {{"type", "string"}, {"description", "The endpoint that answered."}}},
        {"route",
         {{"type", "string"},
          {"description",
           "How the query was executed: 'direct' (sent to the endpoint) or 'in-process' (the "
           "embedded engine over the entry's RDF dumps)."}}},
        {"query_form", {{"type", "string"}}},
        {"elapsed_ms", {{"type", "integer"}}},
        {"format", {{"type", "string"}}},
        {"results",
         {{"type", "object"}, {"description", "SPARQL 1.1 JSON results (only the rows shown)."}}},
        {"rdf", {{"type", "string"}, {"description", "CONSTRUCT/DESCRIBE result graph."}}},
        {"row_count", {{"type", "integer"}, {"description", "Total rows, when known."}}},
        {"rows_received", {{"type", "integer"}}},
        {"rows_shown", {{"type", "integer"}}},
        {"triple_count", {{"type", "integer"}}},
        {"triples_shown", {{"type", "integer"}}},
        {"truncated", {{"type", "boolean"}}},
        {"possibly_incomplete",
         {{"type", "boolean"},
          {"description", "The endpoint may have cut the result (row cap or size limit)."}}},
        {"next_page_query", {{"type", "string"}}},
        {"warnings", {{"type", "array"}, {"items", {{"type", "string"}}}}}}},
      {"required", {"endpoint", "route", "elapsed_ms", "truncated", "warnings"}}};
}

}  // namespace sparqlmcp::tools
