// The prompt methods of a session (MCP "Prompts" and "Completion"): prompts/list, prompts/get
// and completion/complete, answered from the server's PromptProvider (session_core.cpp routes
// them here only when the server has one).

#include "session_core.hpp"

#include "session_support.hpp"
#include "sparqlmcp/mcp/jsonrpc.hpp"
#include "sparqlmcp/mcp/protocol.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::mcp {

using nlohmann::json;
namespace ec = error_code;

json SessionCore::handle_prompts_list(const json& params) {
  refuse_cursor(params, "prompts/list", "prompts");
  json list = json::array();
  if (server_.prompts) {
    for (const PromptDescriptor& prompt : server_.prompts->list_prompts()) {
      json entry = {{"name", prompt.name}};
      if (!prompt.title.empty()) entry["title"] = prompt.title;
      if (!prompt.description.empty()) entry["description"] = prompt.description;
      json arguments = json::array();
      for (const PromptArgument& argument : prompt.arguments) {
        json a = {{"name", argument.name}, {"required", argument.required}};
        if (!argument.description.empty()) a["description"] = argument.description;
        arguments.push_back(std::move(a));
      }
      entry["arguments"] = std::move(arguments);
      list.push_back(std::move(entry));
    }
  }
  return json{{"prompts", std::move(list)}};
}

json SessionCore::handle_prompts_get(const json& params) {
  const json& name = member_or_null(params, "name");
  if (!name.is_string())
    throw RpcError(ec::kInvalidParams,
                   "invalid params for prompts/get: \"name\" must be a string naming a prompt "
                   "from prompts/list");
  std::map<std::string, std::string> arguments;
  const json& given = member_or_null(params, "arguments");
  if (!given.is_null() && !given.is_object())
    throw RpcError(ec::kInvalidParams,
                   "invalid params for prompts/get: \"arguments\" must be an object of strings");
  if (given.is_object())
    for (const auto& [key, value] : given.items()) {
      if (!value.is_string())
        throw RpcError(ec::kInvalidParams, "invalid params for prompts/get: argument \"" + key +
                                               "\" must be a string, got " +
                                               serialize_message(value).substr(0, 100));
      arguments.emplace(key, value.get<std::string>());
    }
  std::optional<PromptContent> content;
  try {
    if (server_.prompts) content = server_.prompts->get_prompt(name.get<std::string>(), arguments);
  } catch (const Exception& e) {
    if (e.error().kind != ErrorKind::InvalidArgument) throw;
    throw RpcError(ec::kInvalidParams, "invalid params for prompts/get: " + e.error().message);
  }
  if (!content)
    throw RpcError(ec::kInvalidParams, "invalid params for prompts/get: unknown prompt " +
                                           serialize_message(name) +
                                           "; prompts/list names the prompts this server offers");
  json messages = json::array();
  for (const PromptMessage& message : content->messages)
    messages.push_back(
        {{"role", message.role}, {"content", {{"type", "text"}, {"text", message.text}}}});
  json out = {{"messages", std::move(messages)}};
  if (!content->description.empty()) out["description"] = content->description;
  return out;
}

json SessionCore::handle_complete(const json& params) {
  const json& ref = member_or_null(params, "ref");
  const json& argument = member_or_null(params, "argument");
  const json& type = member_or_null(ref, "type");
  CompletionRequest request;
  if (type == "ref/prompt" && member_or_null(ref, "name").is_string()) {
    request.ref = CompletionRequest::Ref::Prompt;
    request.name = ref.at("name").get<std::string>();
  } else if (type == "ref/resource" && member_or_null(ref, "uri").is_string()) {
    request.ref = CompletionRequest::Ref::Resource;
    request.name = ref.at("uri").get<std::string>();
  } else {
    throw RpcError(ec::kInvalidParams,
                   "invalid params for completion/complete: \"ref\" must be {\"type\": "
                   "\"ref/prompt\", \"name\"} or {\"type\": \"ref/resource\", \"uri\"}");
  }
  if (!member_or_null(argument, "name").is_string() ||
      !member_or_null(argument, "value").is_string())
    throw RpcError(ec::kInvalidParams,
                   "invalid params for completion/complete: \"argument\" must be {\"name\": "
                   "string, \"value\": string}");
  request.argument = argument.at("name").get<std::string>();
  request.value = argument.at("value").get<std::string>();
  const json& chosen = member_or_null(member_or_null(params, "context"), "arguments");
  if (chosen.is_object())
    for (const auto& [key, value] : chosen.items())
      if (value.is_string()) request.context.emplace(key, value.get<std::string>());
  std::vector<std::string> values;
  if (server_.prompts) values = server_.prompts->complete(request);
  // MCP "Completion": at most 100 values per response, with the total and whether more exist.
  constexpr std::size_t kMaxValues = 100;
  const std::size_t total = values.size();
  if (values.size() > kMaxValues) values.resize(kMaxValues);
  return json{{"completion",
               {{"values", std::move(values)}, {"total", total}, {"hasMore", total > kMaxValues}}}};
}

}  // namespace sparqlmcp::mcp
