#include <algorithm>

#include "search_arguments.hpp"
#include "sparqlmcp/results/text_table.hpp"
#include "sparqlmcp/tools/request_trace.hpp"
#include "sparqlmcp/tools/search_tools.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::tools {
namespace {

constexpr std::chrono::milliseconds kDefaultWait{20000};

mcp::ToolDefinition search_terms_definition() {
  mcp::ToolDefinition d;
  d.name = "search_terms";
  d.title = "Search classes, properties, entities and values";
  d.description =
      "Finds the IRIs to put in a query from words: classes and properties (from the endpoints' "
      "VoID descriptions, their labels and the words of their IRIs, ranked by BM25 with usage "
      "counts breaking ties), entities (resources whose label matches) and values (literals in "
      "the data, with the property that holds them and the class of their subjects). Use it "
      "before writing a query instead of guessing IRIs: e.g. text 'singer' kind 'class'; text "
      "'country' kind 'property' of '<class IRI>'; text 'France' kind 'value' to learn which "
      "property holds it. Entities and values are searched at the endpoints with bounded "
      "queries; the answer says when a search was bounded.";
  d.input_schema = {
      {"type", "object"},
      {"properties",
       {{"text", {{"type", "string"}, {"description", "A few words, e.g. 'place of birth'."}}},
        {"endpoints",
         {{"type", "array"},
          {"items", {{"type", "string"}}},
          {"description", "Endpoint ids or IRIs from list_endpoints; default: all of them."}}},
        {"kind",
         {{"type", "string"},
          {"enum", {"class", "property", "entity", "value", "any"}},
          {"description", "What to find; default any."}}},
        {"of",
         {{"type", "string"},
          {"description",
           "A class or entity IRI: only the properties used on its instances (or by it)."}}},
        {"property",
         {{"type", "string"},
          {"description", "A property IRI: only entities and values that are its objects."}}},
        {"limit", {{"type", "integer"}, {"minimum", 1}, {"maximum", 100}, {"default", 10}}},
        {"timeout_ms", {{"type", "integer"}, {"minimum", 100}, {"maximum", 600000}}}}},
      {"required", {"text"}},
      {"additionalProperties", false}};
  const nlohmann::json result_schema = {
      {"type", "object"},
      {"properties",
       {{"kind", {{"type", "string"}}},
        {"iri", {{"type", "string"}}},
        {"value", {{"type", "string"}, {"description", "A literal, in SPARQL form."}}},
        {"label", {{"type", "string"}}},
        {"endpoint", {{"type", "string"}}},
        {"score", {{"type", "number"}}},
        {"count", {{"type", "integer"}}},
        {"classes", {{"type", "array"}, {"items", {{"type", "string"}}}}},
        {"property", {{"type", "string"}}},
        {"class", {{"type", "string"}}},
        {"found_by",
         {{"type", "string"},
          {"enum", {"value", "link", "neighbour"}},
          {"description",
           "A property no word of the text matched: it holds a literal the text names, links "
           "two classes the text is about (`between`), or is used with the best match (`with`) "
           "when too few matched."}}},
        {"between", {{"type", "array"}, {"items", {{"type", "string"}}}}},
        {"with", {{"type", "string"}}}}},
      {"required", {"kind", "endpoint", "score"}}};
  d.output_schema = {{"type", "object"},
                     {"properties",
                      {{"results", {{"type", "array"}, {"items", result_schema}}},
                       {"bounded", {{"type", "boolean"}}},
                       {"notes", {{"type", "array"}, {"items", {{"type", "string"}}}}},
                       {"requests", {{"type", "integer"}}}}},
                     {"required", {"results"}}};
  d.annotations.title = d.title;
  return d;
}

assist::FindKind kind_of(const std::string& name) {
  if (name == "class") return assist::FindKind::Class;
  if (name == "property") return assist::FindKind::Property;
  if (name == "entity") return assist::FindKind::Entity;
  return assist::FindKind::Value;
}

class SearchTermsTool final : public mcp::Tool {
 public:
  explicit SearchTermsTool(assist::SearchService& service)
      : service_(service), definition_(search_terms_definition()) {
    options_.prefixes = display_prefixes(service.catalogue());
    options_.max_cell_chars = 120;
  }
  const mcp::ToolDefinition& definition() const override { return definition_; }

  mcp::ToolResult call(const nlohmann::json& arguments, mcp::ToolContext& context) override {
    Arguments args(arguments, definition_.name);
    args.reject_unknown({"text", "endpoints", "kind", "of", "property", "limit", "timeout_ms"});
    assist::SearchRequest request;
    request.text = search_text(args, definition_.name);
    request.endpoints = named_endpoints(arguments, service_.catalogue(), definition_.name);
    const std::string kind =
        args.optional_choice("kind", {"class", "property", "entity", "value", "any"})
            .value_or("any");
    if (kind != "any") request.kinds.push_back(kind_of(kind));
    const std::string hint =
        "search for it first (kind class or property) and pass the iri of a "
        "result";
    if (auto of = args.optional_string("of"))
      request.of = full_iri(*of, definition_.name, "of", hint);
    if (auto property = args.optional_string("property"))
      request.property = full_iri(*property, definition_.name, "property", hint);
    request.limit = static_cast<std::size_t>(args.optional_integer("limit", 1, 100).value_or(10));
    request.deadline = call_deadline(args, kDefaultWait);
    request.cancel = context.cancellation;
    request.on_request = request_tracer(context);
    if (service_.catalogue().endpoints().empty())
      throw Exception(make_error(ErrorKind::InvalidArgument,
                                 "search_terms: the catalogue has no endpoints to search; start "
                                 "the server with --catalogue or --endpoint"));

    const assist::SearchResponse response = service_.search(request);
    nlohmann::json results = nlohmann::json::array();
    std::string text = "#\tkind\tterm\tlabel\tendpoint\tcount\tdetails\n";
    std::size_t rank = 0;
    for (const assist::Found& f : response.results) {
      nlohmann::json item = {
          {"kind", assist::find_kind_name(f.kind)}, {"endpoint", f.endpoint}, {"score", f.score}};
      std::string term, details;
      if (f.kind == assist::FindKind::Value) {
        term = results::render_cell(f.value, options_);
        item["value"] = term;
        item["property"] = f.property;
        details = "held by " + shown(f.property);
        if (!f.class_iri.empty()) {
          item["class"] = f.class_iri;
          details += " of " + shown(f.class_iri);
        }
      } else {
        item["iri"] = f.iri;
        term = shown(f.iri);
      }
      item["label"] = f.label;  // empty when the endpoint gives none
      if (f.count) item["count"] = *f.count;
      if (f.kind == assist::FindKind::Entity) item["classes"] = f.classes;
      if (!f.classes.empty()) {
        details = "a ";
        for (std::size_t i = 0; i < f.classes.size() && i < 3; ++i)
          details += (i ? ", " : "") + shown(f.classes[i]);
      }
      switch (f.evidence) {
        case assist::Evidence::Words:
          break;
        case assist::Evidence::Value:
          item["found_by"] = "value";
          details = "holds a literal of the text";
          break;
        case assist::Evidence::Link:
          item["found_by"] = "link";
          item["between"] = f.evidence_terms;
          if (f.evidence_terms.size() == 2)
            details = "links " + shown(f.evidence_terms[0]) + " to " + shown(f.evidence_terms[1]);
          break;
        case assist::Evidence::Neighbour:
          item["found_by"] = "neighbour";
          if (!f.evidence_terms.empty()) {
            item["with"] = f.evidence_terms[0];
            details = "no word matched; used with " + shown(f.evidence_terms[0]);
          }
          break;
      }
      text += std::to_string(++rank) + "\t" + std::string(assist::find_kind_name(f.kind)) + "\t" +
              term + "\t" + f.label.substr(0, 80) + "\t" + f.endpoint + "\t" +
              (f.count ? std::to_string(*f.count) : "") + "\t" + details + "\n";
      results.push_back(std::move(item));
    }
    if (response.results.empty())
      text = "Nothing found for '" + request.text +
             "'. Try other words (a synonym, the singular), one concept per search, another "
             "kind, or other endpoints.\n";
    if (response.bounded)
      text +=
          "The search was bounded (a LIMIT or the time was reached, or labels could not be read): "
          "matches may be missing; name fewer endpoints, a property, or more precise text.\n";
    for (const std::string& note : response.notes)
      text += "Note: " + note + "\n";
    nlohmann::json structured = {{"results", std::move(results)},
                                 {"bounded", response.bounded},
                                 {"requests", response.requests}};
    if (!response.notes.empty()) structured["notes"] = response.notes;
    return mcp::ToolResult::text(std::move(text), std::move(structured));
  }

 private:
  std::string shown(const std::string& iri) const {
    return results::render_cell(rdf::Term::iri(iri), options_);
  }

  assist::SearchService& service_;
  mcp::ToolDefinition definition_;
  results::TextTableOptions options_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_search_terms_tool(assist::SearchService& service) {
  return std::make_unique<SearchTermsTool>(service);
}

}  // namespace sparqlmcp::tools
