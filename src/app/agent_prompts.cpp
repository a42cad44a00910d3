#include "agent_prompts.hpp"

#include <algorithm>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::app {
namespace {

constexpr const char* kAnswerQuestion = "answer_question";
constexpr std::size_t kMaxQuestion = 10000;

}  // namespace

AgentPrompts::AgentPrompts(const catalogue::Catalogue& catalogue, std::vector<std::string> tools)
    : catalogue_(catalogue), tools_(std::move(tools)) {}

bool AgentPrompts::offered(const char* tool) const {
  return std::find(tools_.begin(), tools_.end(), tool) != tools_.end();
}

std::vector<mcp::PromptDescriptor> AgentPrompts::list_prompts() const {
  mcp::PromptDescriptor prompt;
  prompt.name = kAnswerQuestion;
  prompt.title = "Answer a question from the SPARQL endpoints";
  prompt.description =
      "The workflow for answering a question with this server's tools: find the endpoints, the "
      "terms and similar example queries, write the query with SERVICE, check it, run it" +
      std::string(offered("submit") ? ", submit it." : ".");
  prompt.arguments = {
      {"question", "The question to answer, in words.", true},
      {"endpoints",
       "Optional: endpoint ids to start from, comma-separated (completion offers the ids).",
       false}};
  return {prompt};
}

std::optional<mcp::PromptContent> AgentPrompts::get_prompt(
    const std::string& name, const std::map<std::string, std::string>& arguments) const {
  if (name != kAnswerQuestion) return std::nullopt;
  auto question = arguments.find("question");
  if (question == arguments.end() ||
      question->second.find_first_not_of(" \t\n") == std::string::npos)
    throw Exception(make_error(ErrorKind::InvalidArgument,
                               "answer_question needs the argument \"question\": the question to "
                               "answer, in words"));
  if (question->second.size() > kMaxQuestion)
    throw Exception(make_error(ErrorKind::InvalidArgument,
                               "answer_question: \"question\" has " +
                                   std::to_string(question->second.size()) +
                                   " characters; give at most " + std::to_string(kMaxQuestion)));
  std::string start;
  if (auto listed = arguments.find("endpoints"); listed != arguments.end()) {
    for (const std::string& id : util::comma_separated(listed->second)) {
      const catalogue::Endpoint* endpoint = catalogue_.find(id);
      if (!endpoint)
        throw Exception(make_error(ErrorKind::InvalidArgument,
                                   "answer_question: unknown endpoint '" + id +
                                       "'; known endpoints: " + catalogue::known_ids(catalogue_)));
      start += "\n- " + endpoint->id + " <" + endpoint->endpoint_iri + ">: " + endpoint->title;
    }
  }

  std::string text = "Answer this question from the SPARQL endpoints of this server:\n\n" +
                     question->second + "\n\n";
  if (!start.empty()) text += "Start from these endpoints:" + start + "\n\n";
  text += "Work step by step:\n";
  int step = 0;
  auto next = [&step] { return std::to_string(++step) + ". "; };
  if (offered("list_endpoints"))
    text += next() +
            "Find the endpoints whose descriptions fit the question with list_endpoints "
            "(a keyword narrows the list).\n";
  if (offered("get_example_queries"))
    text += next() +
            "Look for similar published queries with get_example_queries (your question as "
            "text): adapting a close example beats writing from nothing.\n";
  if (offered("search_terms"))
    text += next() +
            "Find each class, property, entity and value the question names with search_terms "
            "(kind class, property, entity or value); never guess an IRI.\n";
  if (offered("describe_entity"))
    text += next() + "See what an entity links to with describe_entity before following it.\n";
  if (offered("get_void_descriptions"))
    text += next() +
            "Check which properties the instances of a class use with get_void_descriptions.\n";
  text += next() +
          "Write the query: every triple pattern inside SERVICE <endpoint IRI> { ... }, one "
          "block per endpoint, every prefix declared.\n";
  if (offered("validate_query"))
    text += next() +
            "Check it with validate_query: it names classes and predicates the endpoints lack "
            "and prefixes that are wrong, with the nearest terms that exist.\n";
  if (offered("run_sparql_query"))
    text += next() +
            "Try it with run_sparql_query and a LIMIT: an empty answer means a wrong term or "
            "join, not no data; fix it and run it again. Then run it whole.\n";
  if (offered("submit"))
    text += next() + "Hand in the final query with submit once its answer is right.\n";
  text += "Answer with the result and the query that produced it.";
  mcp::PromptContent content;
  content.description = "Answer a question from the SPARQL endpoints";
  content.messages.push_back({"user", std::move(text)});
  return content;
}

std::vector<std::string> AgentPrompts::ids_starting(const std::string& typed) const {
  const std::string lower = util::ascii_lowercase(typed);
  std::vector<std::string> starts, contains;
  for (const catalogue::Endpoint& e : catalogue_.endpoints()) {
    const std::string id = util::ascii_lowercase(e.id);
    if (id.rfind(lower, 0) == 0)
      starts.push_back(e.id);
    else if (!lower.empty() && id.find(lower) != std::string::npos)
      contains.push_back(e.id);
  }
  starts.insert(starts.end(), contains.begin(), contains.end());
  return starts;
}

std::vector<std::string> AgentPrompts::complete(const mcp::CompletionRequest& request) const {
  if (request.ref == mcp::CompletionRequest::Ref::Resource) {
    const bool endpoint_template =
        request.name == "sparql-mcp://void/{id}" || request.name == "sparql-mcp://catalogue/{id}";
    if (!endpoint_template || request.argument != "id") return {};
    return ids_starting(request.value);
  }
  if (request.name != kAnswerQuestion || request.argument != "endpoints") return {};
  // A comma-separated list: complete its last item, keeping those before it.
  const std::size_t comma = request.value.rfind(',');
  std::size_t start = comma == std::string::npos ? 0 : comma + 1;
  while (start < request.value.size() && request.value[start] == ' ')
    ++start;
  const std::string before = request.value.substr(0, start);  // kept as typed
  const std::string last = request.value.substr(start);
  std::vector<std::string> out;
  for (const std::string& id : ids_starting(last))
    out.push_back(before + id);
  return out;
}

}  // namespace sparqlmcp::app
