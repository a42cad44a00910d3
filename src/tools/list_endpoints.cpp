#include "sparqlmcp/tools/list_endpoints.hpp"

#include "sparqlmcp/tools/arguments.hpp"

namespace sparqlmcp::tools {
namespace {

mcp::ToolDefinition list_endpoints_definition() {
  mcp::ToolDefinition definition;
  definition.name = "list_endpoints";
  definition.title = "List SPARQL endpoints";
  definition.description =
      "Lists the SPARQL endpoints this server can query: for each, an id, the endpoint IRI to put "
      "in SERVICE <...>, a title and a one-sentence description of the data it holds. Call this "
      "first to choose endpoints for a question; pass 'keyword' to filter: an entry matches when "
      "it contains every word of the keyword, in any order, in its id, title, description, "
      "keywords or IRI (case-insensitively).";
  definition.input_schema = {
      {"type", "object"},
      {"properties",
       {{"keyword",
         {{"type", "string"},
          {"description",
           "Optional words to filter endpoints by, e.g. 'protein' or 'protein structure'; every "
           "word must match."}}}}},
      {"additionalProperties", false}};
  nlohmann::json endpoint_schema = {{"type", "object"},
                                    {"properties",
                                     {{"id", {{"type", "string"}}},
                                      {"endpoint", {{"type", "string"}}},
                                      {"title", {{"type", "string"}}},
                                      {"description", {{"type", "string"}}},
                                      {"answered_in_process",
                                       {{"type", "boolean"},
                                        {"description",
                                         "True for RDF dumps the server loaded: queried the same "
                                         "way, answered by its embedded engine."}}}}},
                                    {"required", {"id", "endpoint", "title", "description"}}};
  definition.output_schema = {{"type", "object"},
                              {"properties",
                               {{"endpoints", {{"type", "array"}, {"items", endpoint_schema}}},
                                {"total", {{"type", "integer"}}}}},
                              {"required", {"endpoints", "total"}}};
  definition.annotations.title = definition.title;
  definition.annotations.open_world = false;
  return definition;
}

class ListEndpointsTool final : public mcp::Tool {
 public:
  explicit ListEndpointsTool(const catalogue::Catalogue& catalogue)
      : catalogue_(catalogue), definition_(list_endpoints_definition()) {}

  const mcp::ToolDefinition& definition() const override { return definition_; }

  mcp::ToolResult call(const nlohmann::json& arguments, mcp::ToolContext&) override {
    Arguments args(arguments, definition_.name);
    args.reject_unknown({"keyword"});
    std::string keyword = args.optional_string("keyword").value_or("");

    std::vector<const catalogue::Endpoint*> matches = catalogue_.search(keyword);
    nlohmann::json endpoints = nlohmann::json::array();
    std::string text;
    for (const catalogue::Endpoint* endpoint : matches) {
      endpoints.push_back({{"id", endpoint->id},
                           {"endpoint", endpoint->endpoint_iri},
                           {"title", endpoint->title},
                           {"description", endpoint->description},
                           {"answered_in_process", endpoint->answered_locally}});
      text += endpoint->id + " | <" + endpoint->endpoint_iri + "> | " + endpoint->title + " | " +
              endpoint->description +
              (endpoint->answered_locally ? " [RDF dump, answered in-process]" : "") + "\n";
    }
    if (matches.empty()) {
      text = keyword.empty() ? "The catalogue is empty: start the server with --catalogue or "
                               "--endpoint to add endpoints.\n"
                             : "No endpoint matches every word of '" + keyword + "'. " +
                                   std::to_string(catalogue_.endpoints().size()) +
                                   " endpoints are known: call list_endpoints without a keyword "
                                   "to see them all.\n";
    } else {
      text = std::to_string(matches.size()) + " endpoint" + (matches.size() == 1 ? "" : "s") +
             " (id | endpoint IRI for SERVICE | title | description):\n" + text;
    }
    return mcp::ToolResult::text(
        std::move(text),
        nlohmann::json{{"endpoints", std::move(endpoints)}, {"total", matches.size()}});
  }

 private:
  const catalogue::Catalogue& catalogue_;
  mcp::ToolDefinition definition_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_list_endpoints_tool(const catalogue::Catalogue& catalogue) {
  return std::make_unique<ListEndpointsTool>(catalogue);
}

}  // namespace sparqlmcp::tools
