#include "sparqlmcp/tools/get_void_descriptions.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <stop_token>

#include "sparqlmcp/tools/arguments.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/void/summary.hpp"
#include "sparqlmcp/void/summary_memo.hpp"
#include "sparqlmcp/void/turtle.hpp"

namespace sparqlmcp::tools {
namespace {

using void_::DescribeRequest;
using void_::DescribeResult;

mcp::ToolDefinition get_void_descriptions_definition(const VoidToolSettings& settings) {
  mcp::ToolDefinition definition;
  definition.name = "get_void_descriptions";
  definition.title = "Describe endpoints' schemas (VoID)";
  definition.description =
      "Tells what an endpoint's data is made of before you write a query: its classes (with "
      "instance counts), its properties (with usage), and for each class a shape: the "
      "properties its instances use and the classes or datatypes of their values. Uses the "
      "cached description, else the VoID the endpoint publishes, else computes one with "
      "aggregate queries (the first computation of a big endpoint can take a while: you get "
      "what is done so far and the rest on your next call). Each description says its status "
      "(cached, retrieved, computed, stale, partial, missing). The summary fits your context; "
      "ask for specific classes or properties with 'classes' / 'properties', statistics with "
      "detail 'full', or the VoID itself with detail 'turtle'.";
  nlohmann::json names = {{"type", "array"}, {"items", {{"type", "string"}}}};
  definition.input_schema = {
      {"type", "object"},
      {"properties",
       {{"endpoint",
         {{"type", "string"}, {"description", "An endpoint id or IRI from list_endpoints."}}},
        {"endpoints",
         {{"type", "array"},
          {"items", {{"type", "string"}}},
          {"maxItems", settings.max_endpoints},
          {"description", "Several endpoint ids or IRIs (instead of 'endpoint')."}}},
        {"detail",
         {{"type", "string"},
          {"enum", {"summary", "full", "turtle"}},
          {"description",
           "'summary' (default): classes, properties and one shape line per class; 'full': "
           "with statistics; 'turtle': the VoID description itself."}}},
        {"classes",
         {{"type", "array"},
          {"items", {{"type", "string"}}},
          {"description",
           "Only these classes: full IRIs, prefixed names (foaf:Person) or local names "
           "(person)."}}},
        {"properties",
         {{"type", "array"},
          {"items", {{"type", "string"}}},
          {"description", "Only these properties, named as for 'classes'."}}},
        {"refresh",
         {{"type", "boolean"},
          {"description", "Ignore the cache and look again (published VoID or a computation)."}}},
        {"compute",
         {{"type", "string"},
          {"enum", {"auto", "never", "force"}},
          {"description",
           "'auto' (default): compute when nothing is cached or published; 'never': only "
           "cached or published VoID; 'force': compute even when VoID is published."}}},
        {"max_chars",
         {{"type", "integer"},
          {"minimum", static_cast<std::int64_t>(void_::kMinimumSummaryBudget)},
          {"maximum", static_cast<std::int64_t>(void_::kMaximumSummaryBudget)},
          {"description", "Characters for the whole answer (default " +
                              std::to_string(void_::kDefaultSummaryBudget) +
                              ", shared by the endpoints asked)."}}},
        {"timeout_ms",
         {{"type", "integer"},
          {"minimum", 0},
          {"description",
           "How long to wait for a computation before answering with what is done so far "
           "(default " +
               std::to_string(settings.default_wait.count()) + ")."}}}}},
      {"additionalProperties", false}};
  nlohmann::json entry = {
      {"type", "object"},
      {"properties",
       {{"id", {{"type", "string"}}},
        {"endpoint", {{"type", "string"}}},
        {"status",
         {{"type", "string"},
          {"enum", {"cached", "retrieved", "computed", "stale", "partial", "missing"}}}},
        {"note", {{"type", "string"}}},
        {"age_seconds", {{"type", "integer"}}},
        {"source", {{"type", "object"}}},
        {"summary", void_::summary_schema()},
        {"turtle", {{"type", "string"}}},
        {"attempts", {{"type", "array"}, {"items", {{"type", "object"}}}}},
        {"notes", names}}},
      {"required", {"id", "endpoint", "status"}}};
  definition.output_schema = {
      {"type", "object"},
      {"properties",
       {{"descriptions", {{"type", "array"}, {"items", entry}}},
        {"server_time_ms",
         {{"type", "number"},
          {"description",
           "Milliseconds the server spent on this answer, from the start of the call to the "
           "end of composing it (for a task's result: composing it)."}}}}},
      {"required", {"descriptions"}}};
  definition.annotations.title = definition.title;
  definition.annotations.idempotent = true;
  definition.annotations.open_world = true;
  // An answer is bounded by max_chars, at most kMaximumSummaryBudget; the structured form of
  // the same classes and properties takes about as many characters again.
  definition.meta = {{"anthropic/maxResultSizeChars", 2 * void_::kMaximumSummaryBudget}};
  return definition;
}

// What a call asks, read from its arguments.
struct Asked {
  std::vector<const catalogue::Endpoint*> endpoints;
  std::string detail = "summary";
  void_::SummaryOptions summary;
  DescribeRequest request;
};

std::string source_text(const void_::Provenance& provenance) {
  switch (provenance.origin) {
    case void_::Provenance::Origin::Retrieved:
      return "published VoID (" + provenance.method + ": " + provenance.source + ")";
    case void_::Provenance::Origin::InProcess:
      return "computed in-process over the entry's dumps";
    case void_::Provenance::Origin::Computed:
      break;
  }
  return "computed with " + std::to_string(provenance.queries) + " aggregate queries sent to " +
         provenance.source;
}

nlohmann::json source_json(const void_::Provenance& provenance) {
  static const char* origins[] = {"retrieved", "computed", "in-process"};
  return {{"origin", origins[static_cast<int>(provenance.origin)]},
          {"method", provenance.method},
          {"source", provenance.source},
          {"queries", provenance.queries},
          {"failed_queries", provenance.failed_queries},
          {"description", source_text(provenance)}};
}

nlohmann::json attempts_json(const std::vector<void_::DiscoveryAttempt>& attempts) {
  nlohmann::json out = nlohmann::json::array();
  for (const void_::DiscoveryAttempt& attempt : attempts)
    out.push_back(
        {{"method", attempt.method}, {"source", attempt.source}, {"outcome", attempt.outcome}});
  return out;
}

// What discovery tried, in one line, for answers without published VoID.
std::string attempts_line(const std::vector<void_::DiscoveryAttempt>& attempts) {
  std::string line;
  for (const void_::DiscoveryAttempt& attempt : attempts)
    line +=
        (line.empty() ? "" : "; ") + attempt.method + " " + attempt.source + ": " + attempt.outcome;
  return line;
}

using SteadyClock = std::chrono::steady_clock;

struct Composed {
  std::string text;
  nlohmann::json structured;
};

// One rendering: the first `summaries` described endpoints get a summary of `budget`
// characters each, the later ones a line saying how to see theirs.
Composed compose_with(
    const std::vector<std::pair<const catalogue::Endpoint*, DescribeResult>>& answers,
    const Asked& asked, VoidAnswerMemo& memo, std::size_t summaries, std::size_t budget) {
  nlohmann::json descriptions = nlohmann::json::array();
  std::string text;
  std::size_t summarised = 0;
  for (const auto& [endpoint, result] : answers) {
    nlohmann::json entry = {{"id", endpoint->id},
                            {"endpoint", endpoint->endpoint_iri},
                            {"status", std::string(void_::to_string(result.status.status))}};
    if (!result.status.note.empty()) entry["note"] = result.status.note;
    if (result.status.age) entry["age_seconds"] = result.status.age->count();
    if (!text.empty()) text += "\n";
    if (result.description && result.status.status != void_::Status::Missing) {
      const void_::Description& description = *result.description;
      entry["source"] = source_json(description.provenance);
      if (asked.detail == "turtle") {
        const std::shared_ptr<const std::string> turtle = memo.turtles.turtle(result.description);
        text += "# " + endpoint->id + " <" + endpoint->endpoint_iri +
                ">: " + std::string(void_::to_string(result.status.status)) +
                (result.status.note.empty() ? "" : " (" + result.status.note + ")") + "\n" +
                *turtle;
        entry["turtle"] = *turtle;
      } else if (summarised < summaries) {
        ++summarised;
        void_::SummaryOptions options = asked.summary;
        options.max_chars = budget;
        options.status = result.status;
        void_::Summary summary = memo.summaries.summarize(result.description, options);
        text += summary.text;
        entry["summary"] = std::move(summary.structured);
      } else {
        const std::string why = "its summary does not fit in max_chars " +
                                std::to_string(asked.summary.max_chars) + " beside the others'";
        entry["note"] = why;
        text += endpoint->id + " <" + endpoint->endpoint_iri + ">: described; " + why +
                ": ask for it alone, or raise max_chars.\n";
      }
    } else {
      text += endpoint->id + " <" + endpoint->endpoint_iri + ">: no description (" +
              result.status.note + ")\n";
    }
    if (!result.attempts.empty()) {
      entry["attempts"] = attempts_json(result.attempts);
      if (result.status.status == void_::Status::Missing ||
          result.status.status == void_::Status::Stale)
        text += "Looked for published VoID: " + attempts_line(result.attempts) + "\n";
    }
    if (!result.notes.empty()) {
      entry["notes"] = result.notes;
      for (const std::string& note : result.notes)
        text += "Note: " + note + "\n";
    }
    descriptions.push_back(std::move(entry));
  }
  return {std::move(text), {{"descriptions", std::move(descriptions)}}};
}

// `started`: when the server began on this answer, for server_time_ms (measured here, at the
// end of composing, so that it covers the lookup, the summary and the JSON; not the encoding
// of the response and its way to the client). Summaries and Turtle come from `memo`: a cache
// hit shares its description with the hits before it, and so what was rendered for them.
// max_chars bounds the whole text: the endpoints share it, each summary at least
// kMinimumSummaryBudget; when fewer fit, the last described endpoints get a line instead (all of
// them when not even one summary fits beside the others' lines).
mcp::ToolResult compose(
    const std::vector<std::pair<const catalogue::Endpoint*, DescribeResult>>& answers,
    const Asked& asked, SteadyClock::time_point started, VoidAnswerMemo& memo) {
  const std::size_t total = asked.summary.max_chars;
  std::size_t summaries = answers.size();
  std::size_t budget =
      std::max(void_::kMinimumSummaryBudget, total / std::max<std::size_t>(1, summaries));
  Composed composed;
  // Each round shrinks the budget or the number of summaries: at most a few renderings, each
  // of a summary the memo keeps.
  for (;;) {
    composed = compose_with(answers, asked, memo, summaries, budget);
    const std::size_t length = void_::text_length(composed.text);
    if (length <= total || asked.detail == "turtle" || summaries == 0) break;
    const std::size_t over = length - total;
    const std::size_t share = over / summaries + 1;
    if (budget >= void_::kMinimumSummaryBudget + share) {
      budget -= share;
    } else {
      // Not even the least summary fits beside the others' lines: one summary fewer (none at
      // the end: every endpoint then gets its line).
      --summaries;
      budget = std::max(void_::kMinimumSummaryBudget, total / std::max<std::size_t>(1, summaries));
    }
  }
  nlohmann::json structured = std::move(composed.structured);
  const std::chrono::duration<double, std::milli> took = SteadyClock::now() - started;
  structured["server_time_ms"] = std::round(took.count() * 1000.0) / 1000.0;  // to the µs
  return mcp::ToolResult::text(std::move(composed.text), std::move(structured));
}

// Sums the progress of the computations a call waits for into one rising count.
class CombinedProgress {
 public:
  explicit CombinedProgress(mcp::ToolContext& context) : context_(context) {}
  std::function<void(const void_::ComputeProgress&)> listener(const std::string& id) {
    if (!context_.report_progress) return {};
    return [this, id](const void_::ComputeProgress& progress) {
      std::lock_guard lock(mutex_);
      parts_[id] = {progress.done, progress.planned};
      std::size_t done = 0;
      std::size_t planned = 0;
      for (const auto& [part, counts] : parts_) {
        done += counts.first;
        planned += counts.second;
      }
      if (done <= reported_) return;  // progress must rise with every notification
      reported_ = done;
      context_.report_progress(static_cast<double>(done), static_cast<double>(planned),
                               id + ": " + progress.message);
    };
  }

 private:
  mcp::ToolContext& context_;
  std::mutex mutex_;
  std::map<std::string, std::pair<std::size_t, std::size_t>> parts_;
  std::size_t reported_ = 0;
};

using Answers = std::vector<std::pair<const catalogue::Endpoint*, DescribeResult>>;

// A call whose computations go on after it returned, for a caller that accepts tasks: its
// result is the answer the call would have given with every computation finished.
class VoidTaskWork final : public mcp::TaskWork {
 public:
  VoidTaskWork(Answers answers, Asked asked, std::shared_ptr<VoidAnswerMemo> memo,
               void_::VoidService& service)
      : answers_(std::move(answers)),
        asked_(std::move(asked)),
        memo_(std::move(memo)),
        service_(service) {}

  std::string status_message() const override {
    std::lock_guard lock(mutex_);
    follow_searches();
    std::size_t done = 0;
    std::size_t planned = 0;
    std::size_t running = 0;
    std::size_t searching = 0;
    for (const auto& [endpoint, result] : answers_) {
      searching += result.searching ? 1 : 0;
      if (!result.running) continue;
      const void_::ComputeProgress progress = result.running->progress();
      done += progress.done;
      planned += progress.planned;
      running += result.running->finished() ? 0 : 1;
    }
    if (searching > 0 && running == 0)
      return "searching for published VoID at " + std::to_string(searching) + " endpoint" +
             (searching == 1 ? "" : "s");
    return "computing VoID: " + std::to_string(done) + " of " + std::to_string(planned) +
           " queries answered; " + std::to_string(running) + " computation" +
           (running == 1 ? "" : "s") + " running";
  }

  std::optional<mcp::ToolResult> result() const override {
    const auto started = SteadyClock::now();
    std::lock_guard lock(mutex_);
    if (final_) return final_;
    follow_searches();
    for (const auto& [endpoint, result] : answers_)
      if (result.searching || (result.running && !result.running->finished())) return std::nullopt;
    Answers finished = answers_;
    for (auto& [endpoint, result] : finished) {
      if (!result.running) continue;
      auto description = std::make_shared<const void_::Description>(result.running->snapshot());
      result.status = void_::computed_status(*description);
      result.description = std::move(description);
      result.running.reset();
    }
    final_ = compose(finished, asked_, started, *memo_);
    return final_;
  }

  // The computations go on: they fill the cache for every later caller, and each is bounded by
  // its own time budget.
  void cancel() override {}

 private:
  // An endpoint still searched for published VoID: asked again without waiting, which picks
  // up what the search found, or the computation it started. Called with mutex_ held.
  void follow_searches() const {
    for (auto& [endpoint, result] : answers_) {
      if (!result.searching) continue;
      void_::DescribeRequest again = asked_.request;
      again.wait = std::chrono::milliseconds(0);
      again.cancel.reset();
      again.on_progress = {};
      try {
        result = service_.follow_search(*endpoint, again);
      } catch (const Exception& exception) {
        result.searching = false;
        result.status.status = void_::Status::Missing;
        result.status.note = exception.error().to_text();
      }
    }
  }

  mutable Answers answers_;
  Asked asked_;
  std::shared_ptr<VoidAnswerMemo> memo_;
  void_::VoidService& service_;
  mutable std::mutex mutex_;
  mutable std::optional<mcp::ToolResult> final_;
};

class GetVoidDescriptionsTool final : public mcp::Tool {
 public:
  GetVoidDescriptionsTool(const catalogue::Catalogue& catalogue, void_::VoidService& service,
                          VoidToolSettings settings, std::shared_ptr<VoidAnswerMemo> memo)
      : catalogue_(catalogue),
        service_(service),
        settings_(settings),
        definition_(get_void_descriptions_definition(settings)),
        memo_(memo ? std::move(memo) : std::make_shared<VoidAnswerMemo>()) {}

  const mcp::ToolDefinition& definition() const override { return definition_; }

  mcp::ToolResult call(const nlohmann::json& arguments, mcp::ToolContext& context) override {
    const auto started = SteadyClock::now();
    Asked asked = read_arguments(arguments);
    asked.request.cancel = context.cancellation;
    CombinedProgress progress(context);

    // The endpoints are described at once, the first on this thread: a cache hit for one
    // endpoint then costs no thread.
    auto describe = [this, &asked, &progress](const catalogue::Endpoint* endpoint) {
      DescribeRequest request = asked.request;
      request.on_progress = progress.listener(endpoint->id);
      return service_.describe(*endpoint, request);
    };
    std::vector<std::future<DescribeResult>> others;
    for (std::size_t i = 1; i < asked.endpoints.size(); ++i)
      others.push_back(std::async(std::launch::async, describe, asked.endpoints[i]));
    Answers answers;
    answers.emplace_back(asked.endpoints.front(), describe(asked.endpoints.front()));
    for (std::size_t i = 0; i < others.size(); ++i)
      answers.emplace_back(asked.endpoints[i + 1], others[i].get());
    const bool running = std::any_of(answers.begin(), answers.end(), [](const auto& answer) {
      return answer.second.running || answer.second.searching;
    });
    if (running && context.accepts_task)
      return mcp::ToolResult::background(
          std::make_shared<VoidTaskWork>(std::move(answers), std::move(asked), memo_, service_));
    return compose(answers, asked, started, *memo_);
  }

 private:
  Asked read_arguments(const nlohmann::json& arguments) const {
    Arguments args(arguments, definition_.name);
    args.reject_unknown({"endpoint", "endpoints", "detail", "classes", "properties", "refresh",
                         "compute", "max_chars", "timeout_ms"});
    Asked asked;
    std::vector<std::string> names = string_list(arguments, "endpoints", definition_.name);
    if (auto one = args.optional_string("endpoint")) names.insert(names.begin(), *one);
    if (names.empty())
      throw Exception(
          make_error(ErrorKind::InvalidArgument,
                     "get_void_descriptions needs 'endpoint' (an id or IRI from list_endpoints) or "
                     "'endpoints' (several); known endpoints: " +
                         catalogue::known_ids(catalogue_)));
    if (names.size() > settings_.max_endpoints)
      throw Exception(make_error(ErrorKind::InvalidArgument,
                                 "get_void_descriptions describes at most " +
                                     std::to_string(settings_.max_endpoints) +
                                     " endpoints per call; " + std::to_string(names.size()) +
                                     " were asked: split them over several calls"));
    for (const std::string& name : names) {
      const catalogue::Endpoint* endpoint = catalogue_.find(name);
      if (endpoint == nullptr)
        throw Exception(make_error(ErrorKind::InvalidArgument,
                                   "unknown endpoint '" + name +
                                       "': name one by its id or IRI from list_endpoints; "
                                       "known endpoints: " +
                                       catalogue::known_ids(catalogue_)));
      if (std::find(asked.endpoints.begin(), asked.endpoints.end(), endpoint) ==
          asked.endpoints.end())
        asked.endpoints.push_back(endpoint);
    }
    asked.detail =
        args.optional_choice("detail", {"summary", "full", "turtle"}).value_or("summary");
    asked.summary.detail = asked.detail == "full" ? void_::Detail::Full : void_::Detail::Summary;
    asked.summary.prefixes = catalogue_.prefixes();
    asked.summary.classes = string_list(arguments, "classes", definition_.name);
    asked.summary.properties = string_list(arguments, "properties", definition_.name);
    if (auto chars = args.optional_integer("max_chars",
                                           static_cast<std::int64_t>(void_::kMinimumSummaryBudget),
                                           static_cast<std::int64_t>(void_::kMaximumSummaryBudget)))
      asked.summary.max_chars = static_cast<std::size_t>(*chars);
    asked.request.refresh = args.optional_boolean("refresh").value_or(false);
    const std::string compute =
        args.optional_choice("compute", {"auto", "never", "force"}).value_or("auto");
    asked.request.compute = compute == "never"   ? void_::ComputePolicy::Never
                            : compute == "force" ? void_::ComputePolicy::Force
                                                 : void_::ComputePolicy::Auto;
    asked.request.wait = settings_.default_wait;
    if (auto wait = args.optional_integer("timeout_ms", 0, settings_.max_wait.count()))
      asked.request.wait = std::chrono::milliseconds(*wait);
    return asked;
  }

  const catalogue::Catalogue& catalogue_;
  void_::VoidService& service_;
  VoidToolSettings settings_;
  mcp::ToolDefinition definition_;
  std::shared_ptr<VoidAnswerMemo> memo_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_get_void_descriptions_tool(const catalogue::Catalogue& catalogue,
                                                           void_::VoidService& service,
                                                           VoidToolSettings settings,
                                                           std::shared_ptr<VoidAnswerMemo> memo) {
  return std::make_unique<GetVoidDescriptionsTool>(catalogue, service, settings, std::move(memo));
}

std::size_t prerender_void_answers(const catalogue::Catalogue& catalogue,
                                   void_::VoidService& service, VoidAnswerMemo& memo,
                                   std::stop_token stop, SteadyClock::time_point until) {
  // Summaries first: they answer the default call, and cost a third of the Turtle.
  std::size_t rendered = 0;
  for (const bool turtle : {false, true}) {
    for (const catalogue::Endpoint& endpoint : catalogue.endpoints()) {
      if (stop.stop_requested() || SteadyClock::now() >= until) return rendered;
      std::optional<DescribeResult> fresh = service.fresh_from_cache(endpoint);
      if (!fresh) continue;
      if (turtle) {
        memo.turtles.turtle(fresh->description);
      } else {
        // The arguments {"endpoint": id} read as read_arguments reads them: the defaults.
        Asked asked;
        asked.endpoints = {&endpoint};
        asked.summary.prefixes = catalogue.prefixes();
        const Answers answers = {{&endpoint, *fresh}};
        compose(answers, asked, SteadyClock::now(), memo);
      }
      ++rendered;
    }
  }
  return rendered;
}

}  // namespace sparqlmcp::tools
