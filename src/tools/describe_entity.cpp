#include "search_arguments.hpp"
#include "sparqlmcp/results/text_table.hpp"
#include "sparqlmcp/tools/request_trace.hpp"
#include "sparqlmcp/tools/search_tools.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::tools {
namespace {

constexpr std::chrono::milliseconds kDefaultWait{20000};

mcp::ToolDefinition describe_entity_definition() {
  mcp::ToolDefinition d;
  d.name = "describe_entity";
  d.title = "Describe an entity's neighbourhood";
  d.description =
      "Shows what the endpoints know about one entity (an IRI, e.g. from search_terms or a "
      "result): its classes, the properties leading from it and to it with how often each is "
      "used and a few example values with their labels, at every endpoint that knows it. Use it "
      "to see which properties to follow next.";
  d.input_schema = {
      {"type", "object"},
      {"properties",
       {{"iri", {{"type", "string"}, {"description", "The entity's full IRI."}}},
        {"endpoints",
         {{"type", "array"},
          {"items", {{"type", "string"}}},
          {"description", "Endpoint ids or IRIs; default: all of them (probed)."}}},
        {"limit",
         {{"type", "integer"},
          {"minimum", 1},
          {"maximum", 100},
          {"default", 20},
          {"description", "Properties shown each way."}}},
        {"timeout_ms", {{"type", "integer"}, {"minimum", 100}, {"maximum", 600000}}}}},
      {"required", {"iri"}},
      {"additionalProperties", false}};
  const nlohmann::json neighbour = {
      {"type", "object"},
      {"properties",
       {{"property", {{"type", "string"}}},
        {"count", {{"type", "integer"}}},
        {"examples", {{"type", "array"}, {"items", {{"type", "string"}}}}}}}};
  const nlohmann::json view = {{"type", "object"},
                               {"properties",
                                {{"endpoint", {{"type", "string"}}},
                                 {"classes", {{"type", "array"}, {"items", {{"type", "string"}}}}},
                                 {"outgoing", {{"type", "array"}, {"items", neighbour}}},
                                 {"incoming", {{"type", "array"}, {"items", neighbour}}},
                                 {"labels", {{"type", "object"}}},
                                 {"bounded", {{"type", "boolean"}}}}}};
  d.output_schema = {{"type", "object"},
                     {"properties",
                      {{"iri", {{"type", "string"}}},
                       {"endpoints", {{"type", "array"}, {"items", view}}},
                       {"notes", {{"type", "array"}, {"items", {{"type", "string"}}}}},
                       {"requests", {{"type", "integer"}}}}},
                     {"required", {"iri", "endpoints"}}};
  d.annotations.title = d.title;
  return d;
}

class DescribeEntityTool final : public mcp::Tool {
 public:
  explicit DescribeEntityTool(assist::SearchService& service)
      : service_(service), definition_(describe_entity_definition()) {
    options_.prefixes = display_prefixes(service.catalogue());
    options_.max_cell_chars = 100;
  }
  const mcp::ToolDefinition& definition() const override { return definition_; }

  mcp::ToolResult call(const nlohmann::json& arguments, mcp::ToolContext& context) override {
    Arguments args(arguments, definition_.name);
    args.reject_unknown({"iri", "endpoints", "limit", "timeout_ms"});
    assist::EntityRequest request;
    request.iri = full_iri(args.required_string("iri", "the entity's IRI"), definition_.name, "iri",
                           "find entities with search_terms (kind entity)");
    request.endpoints = named_endpoints(arguments, service_.catalogue(), definition_.name);
    request.limit = static_cast<std::size_t>(args.optional_integer("limit", 1, 100).value_or(20));
    request.deadline = call_deadline(args, kDefaultWait);
    request.cancel = context.cancellation;
    request.on_request = request_tracer(context);
    const assist::EntityResponse response = service_.describe_entity(request);

    nlohmann::json views = nlohmann::json::array();
    std::string text;
    for (const assist::EntityView& view : response.views) {
      auto label_of = [&](const std::string& iri) {
        auto found = view.labels.find(iri);
        return found == view.labels.end() ? std::string() : found->second;
      };
      auto shown_term = [&](const rdf::Term& term) {
        std::string cell = results::render_cell(term, options_);
        if (term.is_iri())
          if (std::string label = label_of(term.value); !label.empty())
            cell = label + " (" + cell + ")";
        return cell;
      };
      const std::string name = label_of(request.iri);
      text += "## at " + view.endpoint + ": " +
              (name.empty() ? shown_term(rdf::Term::iri(request.iri)) : name) + "\n";
      if (!view.classes.empty()) {
        text += "classes:";
        for (const std::string& c : view.classes)
          text += " " + shown_term(rdf::Term::iri(c));
        text += "\n";
      }
      nlohmann::json json_view = {{"endpoint", view.endpoint},
                                  {"classes", view.classes},
                                  {"labels", view.labels},
                                  {"bounded", view.bounded}};
      for (const auto& [side, neighbours] :
           {std::pair{"outgoing", &view.outgoing}, std::pair{"incoming", &view.incoming}}) {
        nlohmann::json list = nlohmann::json::array();
        if (!neighbours->empty())
          text += std::string(side == std::string("outgoing") ? "from it" : "to it") +
                  " (property, uses, examples):\n";
        for (const assist::Neighbour& n : *neighbours) {
          nlohmann::json examples = nlohmann::json::array();
          std::string line =
              "  " + shown_term(rdf::Term::iri(n.property)) + "\t" + std::to_string(n.count) + "\t";
          for (std::size_t i = 0; i < n.examples.size(); ++i) {
            examples.push_back(results::render_cell(n.examples[i], options_));
            line += (i ? ", " : "") + shown_term(n.examples[i]);
          }
          text += line + "\n";
          list.push_back({{"property", n.property}, {"count", n.count}, {"examples", examples}});
        }
        json_view[side] = std::move(list);
      }
      if (view.bounded) text += "(more properties exist: raise 'limit')\n";
      views.push_back(std::move(json_view));
    }
    if (response.views.empty())
      text = "No endpoint asked knows <" + request.iri +
             "> (no triple has it as subject or object). Check the IRI, e.g. with "
             "search_terms kind entity.\n";
    for (const std::string& note : response.notes)
      text += "Note: " + note + "\n";
    nlohmann::json structured = {
        {"iri", request.iri}, {"endpoints", std::move(views)}, {"requests", response.requests}};
    if (!response.notes.empty()) structured["notes"] = response.notes;
    return mcp::ToolResult::text(std::move(text), std::move(structured));
  }

 private:
  assist::SearchService& service_;
  mcp::ToolDefinition definition_;
  results::TextTableOptions options_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_describe_entity_tool(assist::SearchService& service) {
  return std::make_unique<DescribeEntityTool>(service);
}

}  // namespace sparqlmcp::tools
