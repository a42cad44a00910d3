#include "sparqlmcp/tools/list_endpoints.hpp"

#include <tuple>

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
      "keywords or IRI (case-insensitively). Each entry also says whether a VoID description "
      "of its schema is cached (get_void_descriptions answers those at once).";
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
                                         "way, answered by its embedded engine."}}},
                                      {"void",
                                       {{"type", "object"},
                                        {"description",
                                         "Whether a VoID description is cached "
                                         "(get_void_descriptions answers it at once) and its "
                                         "size."},
                                        {"properties",
                                         {{"cached", {{"type", "boolean"}}},
                                          {"triples", {{"type", "integer"}}},
                                          {"classes", {{"type", "integer"}}},
                                          {"properties", {{"type", "integer"}}},
                                          {"complete", {{"type", "boolean"}}},
                                          {"stale", {{"type", "boolean"}}},
                                          {"age_seconds", {{"type", "integer"}}}}},
                                        {"required", {"cached"}}}}}},
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

// "1.9k" style sizes keep the line short; the JSON has the exact numbers.
std::string compact(std::uint64_t n) {
  if (n < 10000) return std::to_string(n);
  if (n < 10'000'000) return std::to_string(n / 1000) + "k";
  return std::to_string(n / 1'000'000) + "M";
}

// What the VoID cache holds for an entry: the JSON and a short text for its line.
std::pair<nlohmann::json, std::string> void_status(void_::VoidCache& cache,
                                                   const catalogue::Endpoint& endpoint) {
  void_::CacheLookup lookup = cache.lookup(endpoint.id);
  if (!lookup.hit) return {{{"cached", false}}, " [VoID: not cached yet]"};
  const void_::Description& d = *lookup.hit->description;
  nlohmann::json json = {{"cached", true},
                         {"complete", d.provenance.complete()},
                         {"stale", lookup.hit->stale},
                         {"age_seconds", lookup.hit->age.count()}};
  const std::uint64_t classes = d.class_count.value_or(d.classes.size());
  const std::uint64_t properties = d.property_count.value_or(d.properties.size());
  json["classes"] = classes;
  json["properties"] = properties;
  std::string text = " [VoID cached: ";
  if (d.triples) {
    json["triples"] = *d.triples;
    text += compact(*d.triples) + " triples, ";
  }
  text += compact(classes) + " classes, " + compact(properties) + " properties";
  if (!d.provenance.complete()) text += ", partial";
  if (lookup.hit->stale) text += ", stale";
  return {std::move(json), text + "]"};
}

class ListEndpointsTool final : public mcp::Tool {
 public:
  ListEndpointsTool(const catalogue::Catalogue& catalogue, void_::VoidCache* void_cache)
      : catalogue_(catalogue), void_cache_(void_cache), definition_(list_endpoints_definition()) {}

  const mcp::ToolDefinition& definition() const override { return definition_; }

  mcp::ToolResult call(const nlohmann::json& arguments, mcp::ToolContext&) override {
    Arguments args(arguments, definition_.name);
    args.reject_unknown({"keyword"});
    std::string keyword = args.optional_string("keyword").value_or("");

    std::vector<const catalogue::Endpoint*> matches = catalogue_.search(keyword);
    nlohmann::json endpoints = nlohmann::json::array();
    std::string text;
    for (const catalogue::Endpoint* endpoint : matches) {
      nlohmann::json entry = {{"id", endpoint->id},
                              {"endpoint", endpoint->endpoint_iri},
                              {"title", endpoint->title},
                              {"description", endpoint->description},
                              {"answered_in_process", endpoint->answered_locally}};
      std::string void_text;
      if (void_cache_ != nullptr)
        std::tie(entry["void"], void_text) = void_status(*void_cache_, *endpoint);
      endpoints.push_back(std::move(entry));
      text += endpoint->id + " | <" + endpoint->endpoint_iri + "> | " + endpoint->title + " | " +
              endpoint->description +
              (endpoint->answered_locally ? " [RDF dump, answered in-process]" : "") + void_text +
              "\n";
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
  void_::VoidCache* void_cache_;
  mcp::ToolDefinition definition_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_list_endpoints_tool(const catalogue::Catalogue& catalogue,
                                                    void_::VoidCache* void_cache) {
  return std::make_unique<ListEndpointsTool>(catalogue, void_cache);
}

}  // namespace sparqlmcp::tools
