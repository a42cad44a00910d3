#pragma once
// The prompt the server offers (MCP "Prompts"): answer_question, the workflow an agent follows
// with the tools it was given, from finding endpoints to submitting the query; and completions
// of endpoint ids for that prompt's `endpoints` argument and for the id of the resource
// templates sparql-mcp://catalogue/{id} and sparql-mcp://void/{id}.

#include <string>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/mcp/prompt_provider.hpp"

namespace sparqlmcp::app {

class AgentPrompts final : public mcp::PromptProvider {
 public:
  // `tools`: the names offered (--tools); `catalogue` must outlive the provider.
  AgentPrompts(const catalogue::Catalogue& catalogue, std::vector<std::string> tools);
  std::vector<mcp::PromptDescriptor> list_prompts() const override;
  std::optional<mcp::PromptContent> get_prompt(
      const std::string& name, const std::map<std::string, std::string>& arguments) const override;
  std::vector<std::string> complete(const mcp::CompletionRequest& request) const override;

 private:
  bool offered(const char* tool) const;
  std::vector<std::string> ids_starting(const std::string& typed) const;

  const catalogue::Catalogue& catalogue_;
  std::vector<std::string> tools_;
};

}  // namespace sparqlmcp::app
