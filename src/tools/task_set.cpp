#include "sparqlmcp/tools/task_set.hpp"

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/parser.hpp"
#include "sparqlmcp/tools/json_lines.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/files.hpp"

namespace sparqlmcp::tools {
namespace {

[[noreturn]] void bad_task(const std::string& where, const std::string& what) {
  throw_error(ErrorKind::InvalidArgument,
              where + ": " + what +
                  " (a task is {\"id\", \"question\", \"gold_query\" and/or \"gold_results\", "
                  "\"endpoints\"}; see docs/evaluation.md)");
}

std::string optional_string(const nlohmann::json& task, const char* key, const std::string& where) {
  auto found = task.find(key);
  if (found == task.end() || found->is_null()) return {};
  if (!found->is_string())
    bad_task(where, std::string("\"") + key + "\" must be a string, got " + found->type_name());
  return found->get<std::string>();
}

Task read_task(const nlohmann::json& json, const std::string& where,
               const catalogue::Catalogue* catalogue) {
  if (!json.is_object())
    bad_task(where, std::string("expected an object, got ") + json.type_name());
  Task task;
  task.id = optional_string(json, "id", where);
  if (task.id.empty()) bad_task(where, "the task has no \"id\"");
  const std::string named = where + " (task '" + task.id + "')";
  task.question = optional_string(json, "question", named);
  task.gold_query = optional_string(json, "gold_query", named);
  if (auto gold = json.find("gold_results"); gold != json.end() && !gold->is_null()) {
    if (!gold->is_object())
      bad_task(named, std::string("\"gold_results\" must be SPARQL 1.1 JSON results (an "
                                  "object), got ") +
                          gold->type_name());
    try {
      task.gold =
          results::signature_of(results::parse_results(gold->dump(), results::ResultsFormat::Json));
    } catch (const Exception& exception) {
      bad_task(named,
               "\"gold_results\" are not SPARQL 1.1 JSON results: " + exception.error().to_text());
    }
  }
  if (task.gold_query.empty() && !task.gold)
    bad_task(named, "the task has neither \"gold_query\" nor \"gold_results\"");
  if (auto endpoints = json.find("endpoints"); endpoints != json.end() && !endpoints->is_null()) {
    if (!endpoints->is_array())
      bad_task(named, std::string("\"endpoints\" must be an array of catalogue ids or IRIs, got ") +
                          endpoints->type_name());
    for (const nlohmann::json& endpoint : *endpoints) {
      if (!endpoint.is_string())
        bad_task(named,
                 std::string("\"endpoints\" must hold strings, got ") + endpoint.type_name());
      std::string name = endpoint.get<std::string>();
      if (name.size() > 2 && name.front() == '<' && name.back() == '>')
        name = name.substr(1, name.size() - 2);
      if (catalogue) {
        const catalogue::Endpoint* entry = catalogue->find(name);
        if (!entry)
          bad_task(named, "endpoint '" + name + "' is not in the catalogue; known endpoints: " +
                              catalogue::known_ids(*catalogue));
        name = entry->endpoint_iri;
      }
      if (std::find(task.endpoints.begin(), task.endpoints.end(), name) == task.endpoints.end())
        task.endpoints.push_back(std::move(name));
    }
  }
  return task;
}

}  // namespace

TaskSet TaskSet::load(const std::filesystem::path& file, const catalogue::Catalogue* catalogue) {
  std::string text;
  try {
    text = util::read_file(file);
  } catch (const Exception& exception) {
    throw_error(ErrorKind::InvalidArgument,
                "cannot read the tasks file: " + exception.error().to_text());
  }
  TaskSet set;
  const std::string name = file.string();
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '[') {
    nlohmann::json array = nlohmann::json::parse(text, nullptr, false);
    if (array.is_discarded() || !array.is_array())
      bad_task(name,
               "the file starts with '[' but is not one JSON array (or write one task "
               "object per line)");
    for (std::size_t i = 0; i < array.size(); ++i)
      set.tasks_.push_back(
          read_task(array[i], name + ": task " + std::to_string(i + 1), catalogue));
  } else {
    for (const JsonLine& line : parse_json_lines(text, true)) {
      const std::string where = name + ":" + std::to_string(line.number);
      if (line.value.is_discarded()) bad_task(where, "not a JSON object (one task per line)");
      set.tasks_.push_back(read_task(line.value, where, catalogue));
    }
  }
  std::set<std::string> ids;
  for (const Task& task : set.tasks_)
    if (!ids.insert(task.id).second)
      bad_task(name, "task id '" + task.id + "' is given twice; ids must be unique");
  if (set.tasks_.empty()) bad_task(name, "the file holds no task");
  return set;
}

const Task* TaskSet::find(std::string_view id) const {
  for (const Task& task : tasks_)
    if (task.id == id) return &task;
  return nullptr;
}

std::string TaskSet::some_ids(std::size_t count) const {
  std::string out;
  for (std::size_t i = 0; i < tasks_.size() && i < count; ++i)
    out += (i ? ", " : "") + tasks_[i].id;
  if (tasks_.size() > count) out += ", ... (" + std::to_string(tasks_.size()) + " tasks)";
  return out;
}

}  // namespace sparqlmcp::tools
