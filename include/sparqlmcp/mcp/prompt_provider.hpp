#pragma once
// The prompts an application offers through MCP (MCP "Prompts") and the completions of their
// arguments and of resource template variables (MCP "Completion"). The application owns the
// provider; the server shares it and calls it inline from the session's reading thread,
// possibly from several sessions at once: implementations must be thread-safe for const use
// and quick.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sparqlmcp::mcp {

struct PromptArgument {
  std::string name;
  std::string description;
  bool required = false;
};

struct PromptDescriptor {
  std::string name;
  std::string title;        // omitted when empty
  std::string description;  // omitted when empty
  std::vector<PromptArgument> arguments;
};

struct PromptMessage {
  std::string role = "user";  // "user" or "assistant"
  std::string text;
};

struct PromptContent {
  std::string description;  // omitted when empty
  std::vector<PromptMessage> messages;
};

// What completion/complete asks: the value typed so far for one argument of a prompt or one
// variable of a resource template, with the arguments already chosen.
struct CompletionRequest {
  enum class Ref { Prompt, Resource };
  Ref ref = Ref::Prompt;
  std::string name;  // the prompt's name, or the resource template's URI template
  std::string argument;
  std::string value;
  std::map<std::string, std::string> context;
};

class PromptProvider {
 public:
  virtual ~PromptProvider() = default;
  virtual std::vector<PromptDescriptor> list_prompts() const = 0;
  // The prompt `name` filled with `arguments`, or nullopt when there is no such prompt. Throws
  // Exception(InvalidArgument) for a missing or unusable argument (sent as invalid params).
  virtual std::optional<PromptContent> get_prompt(
      const std::string& name, const std::map<std::string, std::string>& arguments) const = 0;
  // The values that complete `request`, best first (the server sends at most 100 and says how
  // many there were); none when nothing completes it.
  virtual std::vector<std::string> complete(const CompletionRequest& request) const = 0;
};

}  // namespace sparqlmcp::mcp
