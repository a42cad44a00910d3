#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::mcp {

nlohmann::json ToolDefinition::to_json() const {
  nlohmann::json tool = {{"name", name},
                         {"title", title},
                         {"description", description},
                         {"inputSchema", input_schema}};
  if (!output_schema.is_null()) tool["outputSchema"] = output_schema;
  tool["annotations"] = {{"title", annotations.title.empty() ? title : annotations.title},
                         {"readOnlyHint", annotations.read_only},
                         {"destructiveHint", annotations.destructive},
                         {"idempotentHint", annotations.idempotent},
                         {"openWorldHint", annotations.open_world}};
  if (!meta.is_null()) tool["_meta"] = meta;
  return tool;
}

ToolResult ToolResult::text(std::string text, std::optional<nlohmann::json> structured) {
  ToolResult result;
  result.content.push_back({{"type", "text"}, {"text", std::move(text)}});
  result.structured = std::move(structured);
  return result;
}

ToolResult ToolResult::error(std::string message, std::optional<nlohmann::json> details) {
  ToolResult result = text(std::move(message));
  result.is_error = true;
  if (details) result.structured = std::move(details);
  return result;
}

ToolResult ToolResult::background(std::shared_ptr<TaskWork> work) {
  ToolResult result;
  result.task = std::move(work);
  return result;
}

std::string ToolResult::first_text() const {
  for (const nlohmann::json& block : content)
    if (block.is_object() && block.value("type", "") == "text" && block.contains("text") &&
        block["text"].is_string())
      return block["text"].get<std::string>();
  return {};
}

nlohmann::json ToolResult::to_json() const& {
  return ToolResult(*this).to_json();
}

nlohmann::json ToolResult::to_json() && {
  nlohmann::json out = nlohmann::json::object();
  out["content"] = std::move(content);
  out["isError"] = is_error;
  if (structured) out["structuredContent"] = std::move(*structured);
  return out;
}

}  // namespace sparqlmcp::mcp
