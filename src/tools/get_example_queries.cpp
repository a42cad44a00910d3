#include "search_arguments.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/tools/request_trace.hpp"
#include "sparqlmcp/tools/search_tools.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::tools {
namespace {

constexpr std::chrono::milliseconds kDefaultWait{20000};

mcp::ToolDefinition get_example_queries_definition() {
  mcp::ToolDefinition d;
  d.name = "get_example_queries";
  d.title = "Find example queries";
  d.description =
      "Finds example SPARQL queries whose question is like yours: those the endpoints publish "
      "in their own data (SHACL sh:SPARQLExecutable, as the SIB endpoints do) and those the "
      "catalogue ships for them, ranked by how well your text matches each example's question "
      "and the terms its query uses. Adapt a close example rather than writing a query from "
      "nothing: it shows the classes, properties and patterns that work at that endpoint.";
  d.input_schema = {
      {"type", "object"},
      {"properties",
       {{"text",
         {{"type", "string"},
          {"description", "Your question, or the words of what you look for."}}},
        {"endpoints",
         {{"type", "array"},
          {"items", {{"type", "string"}}},
          {"description", "Endpoint ids or IRIs from list_endpoints; default: all of them."}}},
        {"limit", {{"type", "integer"}, {"minimum", 1}, {"maximum", 50}, {"default", 5}}},
        {"timeout_ms", {{"type", "integer"}, {"minimum", 100}, {"maximum", 600000}}}}},
      {"required", {"text"}},
      {"additionalProperties", false}};
  const nlohmann::json example_schema = {
      {"type", "object"},
      {"properties",
       {{"question", {{"type", "string"}}},
        {"query", {{"type", "string"}}},
        {"endpoints", {{"type", "array"}, {"items", {{"type", "string"}}}}},
        {"source", {{"type", "string"}}},
        {"score", {{"type", "number"}}}}},
      {"required", {"question", "query", "endpoints", "source", "score"}}};
  d.output_schema = {{"type", "object"},
                     {"properties",
                      {{"examples", {{"type", "array"}, {"items", example_schema}}},
                       {"notes", {{"type", "array"}, {"items", {{"type", "string"}}}}},
                       {"requests", {{"type", "integer"}}}}},
                     {"required", {"examples"}}};
  d.annotations.title = d.title;
  d.meta = {{"anthropic/maxResultSizeChars", 60000}};
  return d;
}

class GetExampleQueriesTool final : public mcp::Tool {
 public:
  explicit GetExampleQueriesTool(assist::SearchService& service)
      : service_(service), definition_(get_example_queries_definition()) {}
  const mcp::ToolDefinition& definition() const override { return definition_; }

  mcp::ToolResult call(const nlohmann::json& arguments, mcp::ToolContext& context) override {
    Arguments args(arguments, definition_.name);
    args.reject_unknown({"text", "endpoints", "limit", "timeout_ms"});
    assist::ExampleRequest request;
    request.text = search_text(args, definition_.name);
    request.endpoints = named_endpoints(arguments, service_.catalogue(), definition_.name);
    request.limit = static_cast<std::size_t>(args.optional_integer("limit", 1, 50).value_or(5));
    request.deadline = call_deadline(args, kDefaultWait);
    request.cancel = context.cancellation;
    request.on_request = request_tracer(context);
    const assist::ExampleResponse response = service_.examples(request);

    nlohmann::json examples = nlohmann::json::array();
    std::string text;
    std::size_t rank = 0;
    for (const assist::ExampleHit& hit : response.examples) {
      const double score = std::round(hit.score * 1000) / 1000;
      examples.push_back({{"question", hit.example.question},
                          {"query", hit.example.query},
                          {"endpoints", hit.example.endpoints},
                          {"source", hit.example.origin},
                          {"score", score}});
      text += "## " + std::to_string(++rank) + ". " + hit.example.question + "\n";
      text += "endpoints: ";
      for (std::size_t i = 0; i < hit.example.endpoints.size(); ++i)
        text += (i ? ", " : "") + hit.example.endpoints[i];
      text += " (from " + hit.example.origin + ", score " + std::to_string(score).substr(0, 5) +
              ")\n```sparql\n" + hit.example.query + "\n```\n";
    }
    if (response.examples.empty())
      text = "No example query matches '" + request.text +
             "' at these endpoints (they may publish none). Use search_terms and "
             "get_void_descriptions to write the query.\n";
    for (const std::string& note : response.notes)
      text += "Note: " + note + "\n";
    nlohmann::json structured = {{"examples", std::move(examples)},
                                 {"requests", response.requests}};
    if (!response.notes.empty()) structured["notes"] = response.notes;
    return mcp::ToolResult::text(std::move(text), std::move(structured));
  }

 private:
  assist::SearchService& service_;
  mcp::ToolDefinition definition_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_get_example_queries_tool(assist::SearchService& service) {
  return std::make_unique<GetExampleQueriesTool>(service);
}

}  // namespace sparqlmcp::tools
