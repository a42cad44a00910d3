#include "sparqlmcp/tools/evaluation_summary.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "sparqlmcp/results/signature.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::tools {
namespace {

using nlohmann::json;

std::string string_or(const json& object, const char* key, std::string fallback = {}) {
  auto found = object.find(key);
  return found != object.end() && found->is_string() ? found->get<std::string>() : fallback;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

double share(std::size_t part, std::size_t whole) {
  return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

json rounded(double value) {
  return std::round(value * 10000.0) / 10000.0;
}

std::set<std::string> string_set(const json& array) {
  std::set<std::string> out;
  if (array.is_array())
    for (const json& item : array)
      if (item.is_string()) out.insert(item.get<std::string>());
  return out;
}

// The group a traced call belongs to, as submit groups submissions (session_ledger.hpp).
std::string call_group(const json& call) {
  if (call.contains("session") && call["session"].is_string()) return call["session"];
  const json& arguments = call.contains("arguments") ? call["arguments"] : json();
  if (arguments.is_object() && arguments.contains("run_id") && arguments["run_id"].is_string())
    return "run:" + arguments["run_id"].get<std::string>();
  const std::string client = string_or(call, "client");
  return client.empty() ? "anonymous" : "client:" + client;
}

// A stretch of one group's calls that ends with a successful submit: the work on one task.
struct Stretch {
  std::string task;
  std::size_t calls = 0;
  double seconds = 0;
  std::set<std::string> consulted;
};

// Milliseconds since the epoch of a trace time ("2026-11-25T12:31:56.123Z"); nullopt when it
// is not one.
std::optional<double> epoch_ms(const std::string& time) {
  int year, month, day, hour, minute, second, milli;
  if (std::sscanf(time.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d.%3dZ", &year, &month, &day, &hour, &minute,
                  &second, &milli) != 7)
    return std::nullopt;
  using namespace std::chrono;
  const sys_days date =
      year_month_day(std::chrono::year(year), std::chrono::month(month), std::chrono::day(day));
  return static_cast<double>(duration_cast<milliseconds>(date.time_since_epoch()).count()) +
         ((hour * 60.0 + minute) * 60.0 + second) * 1000.0 + milli;
}

}  // namespace

json summarize_evaluation(const std::vector<json>& submissions, const std::vector<json>& trace,
                          const TaskSet* tasks) {
  // The submission that counts per group and task: the latest (the only one unless
  // resubmitting was allowed).
  std::map<std::pair<std::string, std::string>, const json*> finals;
  std::size_t records = 0;
  for (const json& record : submissions) {
    if (!record.is_object() || string_or(record, "event") != "submission") continue;
    ++records;
    finals[{string_or(record, "group"), string_or(record, "task_id")}] = &record;
  }

  std::size_t scored = 0, exact = 0, multiset = 0, trivial = 0, over = 0, with_needed = 0;
  double precision = 0, recall = 0, f1 = 0;
  std::set<std::string> answered;
  json unscored = json::array();
  for (const auto& [key, record] : finals) {
    const std::string& task_id = key.second;
    if (!task_id.empty()) answered.insert(task_id);
    json score = record->contains("score") ? (*record)["score"] : json();
    const Task* task = tasks && !task_id.empty() ? tasks->find(task_id) : nullptr;
    if (score.is_null() && task && task->gold && record->contains("signature")) {
      try {
        score =
            results::score(results::ResultSignature::from_json((*record)["signature"]), *task->gold)
                .to_json();
      } catch (const Exception& exception) {
        unscored.push_back(
            {{"submission", string_or(*record, "id")}, {"reason", exception.error().message}});
      }
    }
    if (score.is_object()) {
      ++scored;
      if (score.value("exact_set_match", false)) ++exact;
      if (score.value("multiset_match", false)) ++multiset;
      precision += score.value("precision", 0.0);
      recall += score.value("recall", 0.0);
      f1 += score.value("f1", 0.0);
    }
    if (record->contains("warnings") && (*record)["warnings"].is_array())
      for (const json& warning : (*record)["warnings"])
        if (warning.is_object() && string_or(warning, "code") == "trivial_federation") ++trivial;
    std::set<std::string> needed = string_set(record->value("endpoints_needed", json()));
    if (needed.empty() && task) needed.insert(task->endpoints.begin(), task->endpoints.end());
    if (!needed.empty()) {
      ++with_needed;
      std::set<std::string> named = string_set(record->value("endpoints_named", json()));
      if (std::includes(named.begin(), named.end(), needed.begin(), needed.end()) &&
          named.size() > needed.size())
        ++over;
    }
  }

  // Queries run (run_sparql_query and submit calls) and the stretches of work per task.
  std::size_t queries = 0, syntax_errors = 0, prefix_errors = 0;
  std::map<std::string, Stretch> open;  // by group
  std::vector<Stretch> stretches;
  std::map<std::string, double> first_start;  // by group
  for (const json& event : trace) {
    if (!event.is_object() || string_or(event, "event") != "tool_call") continue;
    const std::string tool = string_or(event, "tool");
    const json& arguments = event.contains("arguments") ? event["arguments"] : json();
    const std::string error = string_or(event, "error");
    if ((tool == "run_sparql_query" || tool == "submit") && arguments.is_object() &&
        arguments.contains("query")) {
      ++queries;
      if (error.rfind("SPARQL syntax error", 0) == 0) {
        ++syntax_errors;
        if (error.find("prefix '") != std::string::npos &&
            error.find("is not declared") != std::string::npos)
          ++prefix_errors;
      }
    }
    const std::string group = call_group(event);
    Stretch& stretch = open[group];
    ++stretch.calls;
    for (const std::string& endpoint : string_set(event.value("endpoints", json())))
      stretch.consulted.insert(endpoint);
    const std::optional<double> end = epoch_ms(string_or(event, "time"));
    const double elapsed = event.value("elapsed_ms", 0.0);
    if (end && !first_start.count(group)) first_start[group] = *end - elapsed;
    const bool submitted = tool == "submit" && !event.value("is_error", true);
    if (!submitted) continue;
    stretch.task = arguments.is_object() ? string_or(arguments, "task_id") : "";
    if (end && first_start.count(group)) stretch.seconds = (*end - first_start[group]) / 1000.0;
    stretches.push_back(std::move(stretch));
    open.erase(group);
    first_start.erase(group);
  }

  std::vector<double> calls_per_task, seconds_per_task, consulted_counts, needed_counts;
  std::size_t needed_found = 0, needed_total = 0, extra = 0;
  for (const Stretch& stretch : stretches) {
    calls_per_task.push_back(static_cast<double>(stretch.calls));
    seconds_per_task.push_back(stretch.seconds);
    consulted_counts.push_back(static_cast<double>(stretch.consulted.size()));
    const Task* task = tasks && !stretch.task.empty() ? tasks->find(stretch.task) : nullptr;
    if (!task || task->endpoints.empty()) continue;
    const std::set<std::string> needed(task->endpoints.begin(), task->endpoints.end());
    needed_counts.push_back(static_cast<double>(needed.size()));
    needed_total += needed.size();
    for (const std::string& endpoint : needed)
      if (stretch.consulted.count(endpoint)) ++needed_found;
    for (const std::string& endpoint : stretch.consulted)
      if (!needed.count(endpoint)) ++extra;
  }

  const std::size_t task_total = tasks ? tasks->tasks().size() : answered.size();
  json summary = {{"tasks", task_total},
                  {"answered_tasks", answered.size()},
                  {"submissions", records},
                  {"final_submissions", finals.size()},
                  {"scored", scored},
                  {"accuracy", rounded(share(exact, tasks ? task_total : scored))},
                  {"exact_set_matches", exact},
                  {"multiset_matches", multiset},
                  {"mean_precision", rounded(scored ? precision / static_cast<double>(scored) : 0)},
                  {"mean_recall", rounded(scored ? recall / static_cast<double>(scored) : 0)},
                  {"mean_f1", rounded(scored ? f1 / static_cast<double>(scored) : 0)},
                  {"unscored", unscored},
                  {"queries_run", queries},
                  {"syntactic_validity", rounded(share(queries - syntax_errors, queries))},
                  {"syntax_errors", syntax_errors},
                  {"prefix_errors", prefix_errors},
                  {"task_runs_traced", stretches.size()},
                  {"median_tool_calls_per_task", median(calls_per_task)},
                  {"median_seconds_per_task", rounded(median(seconds_per_task))},
                  {"median_endpoints_consulted", median(consulted_counts)},
                  {"median_endpoints_needed", median(needed_counts)},
                  {"needed_endpoints_consulted", rounded(share(needed_found, needed_total))},
                  {"extra_endpoints_consulted", extra},
                  {"trivial_federations", trivial},
                  {"trivial_federation_rate", rounded(share(trivial, finals.size()))},
                  {"over_federated", over},
                  {"over_federation_rate", rounded(share(over, with_needed))}};
  return summary;
}

std::string evaluation_text(const json& s) {
  std::ostringstream out;
  auto percent = [](const json& value) {
    std::ostringstream text;
    text.setf(std::ios::fixed);
    text.precision(1);
    text << value.get<double>() * 100.0 << "%";
    return text.str();
  };
  out << "tasks: " << s["tasks"] << " (answered " << s["answered_tasks"]
      << "); submissions: " << s["submissions"] << " (" << s["final_submissions"] << " final, "
      << s["scored"] << " scored)\n";
  out << "accuracy (exact set match): " << percent(s["accuracy"]) << " (" << s["exact_set_matches"]
      << "); multiset matches: " << s["multiset_matches"] << "; mean precision "
      << s["mean_precision"] << ", recall " << s["mean_recall"] << ", F1 " << s["mean_f1"] << "\n";
  out << "queries run: " << s["queries_run"] << ", syntactically valid "
      << percent(s["syntactic_validity"]) << " (" << s["syntax_errors"] << " syntax errors, "
      << s["prefix_errors"] << " about prefixes)\n";
  out << "per task (" << s["task_runs_traced"] << " traced): median "
      << s["median_tool_calls_per_task"] << " tool calls, " << s["median_seconds_per_task"]
      << " s; endpoints consulted median " << s["median_endpoints_consulted"] << ", needed median "
      << s["median_endpoints_needed"] << ", needed ones consulted "
      << percent(s["needed_endpoints_consulted"]) << ", extra " << s["extra_endpoints_consulted"]
      << "\n";
  out << "trivial federations: " << s["trivial_federations"] << " ("
      << percent(s["trivial_federation_rate"])
      << " of final submissions); over-federated: " << s["over_federated"] << " ("
      << percent(s["over_federation_rate"]) << ")\n";
  for (const json& item : s["unscored"])
    out << "not scored: " << item["submission"].get<std::string>() << ": "
        << item["reason"].get<std::string>() << "\n";
  return out.str();
}

}  // namespace sparqlmcp::tools
