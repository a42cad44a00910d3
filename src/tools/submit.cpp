#include "sparqlmcp/tools/submit.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <utility>

#include <spdlog/spdlog.h>

#include "failure_text.hpp"
#include "query_pager.hpp"
#include "sparqlmcp/engine/store.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/parser.hpp"
#include "sparqlmcp/results/text_table.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "sparqlmcp/sparql/service_analysis.hpp"
#include "sparqlmcp/tools/arguments.hpp"
#include "sparqlmcp/tools/json_lines.hpp"
#include "sparqlmcp/tools/request_trace.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/files.hpp"
#include "sparqlmcp/util/random.hpp"
#include "sparqlmcp/util/timestamp.hpp"

namespace sparqlmcp::tools {
namespace {

using nlohmann::json;

mcp::ToolDefinition submit_definition(bool evaluation) {
  mcp::ToolDefinition definition;
  definition.name = "submit";
  definition.title = "Submit the final answer";
  definition.description =
      "Hands in your final SPARQL query (and, optionally, your answer in words). The query is "
      "run like run_sparql_query and recorded with its result; you get a receipt with the "
      "number of rows, a preview and warnings worth acting on (no rows, a query you never ran, "
      "an answer written into the query, endpoints that add nothing). Run and check the query "
      "with run_sparql_query first: the first submission" +
      std::string(evaluation ? " for a task" : "") + " is final.";
  definition.input_schema = {
      {"type", "object"},
      {"properties",
       {{"query",
         {{"type", "string"},
          {"description",
           "The final SPARQL query, with SERVICE <endpoint> around each part, "
           "as run_sparql_query takes it."}}},
        {"answer",
         {{"type", "string"}, {"description", "Optional: the answer to the question in words."}}},
        {"task_id",
         {{"type", "string"},
          {"description", evaluation ? "The id of the task this answers (given with the task)."
                                     : "Optional: the id of the task this answers."}}},
        {"run_id",
         {{"type", "string"},
          {"description",
           "Optional: groups the submissions of one agent run when the client has no session "
           "(stateless MCP 2026-07-28 requests)."}}}}},
      {"required", {"query"}},
      {"additionalProperties", false}};
  json warning = {
      {"type", "object"},
      {"properties", {{"code", {{"type", "string"}}}, {"message", {{"type", "string"}}}}}};
  definition.output_schema = {
      {"type", "object"},
      {"properties",
       {{"submission_id", {{"type", "string"}}},
        {"task_id", {{"type", {"string", "null"}}}},
        {"rows", {{"type", "integer"}, {"description", "Rows (or triples) the query returned."}}},
        {"boolean", {{"type", "boolean"}}},
        {"preview", {{"type", "string"}, {"description", "The first rows, as a table."}}},
        {"digest", {{"type", "string"}}},
        {"route", {{"type", "string"}}},
        {"endpoints", {{"type", "array"}, {"items", {{"type", "string"}}}}},
        {"warnings", {{"type", "array"}, {"items", warning}}},
        {"score", {{"type", "object"}}},
        {"final", {{"type", "boolean"}}}}},
      {"required", {"submission_id", "rows", "warnings", "final"}}};
  definition.annotations.title = definition.title;
  definition.annotations.read_only = false;  // it records the submission
  definition.annotations.idempotent = false;
  definition.annotations.open_world = true;
  return definition;
}

struct Warning {
  std::string code;
  std::string message;
};

// Whether the algebra matches anything in a graph: a triple pattern or a path, anywhere.
bool has_graph_patterns(const sparql::algebra::Operator& op) {
  using sparql::algebra::OpKind;
  if (op.kind() == OpKind::Path) return true;
  if (const auto* bgp = op.get_if<sparql::algebra::BgpOp>(); bgp && !bgp->triples.empty())
    return true;
  return std::any_of(op.children.begin(), op.children.end(), has_graph_patterns);
}

// What the query gave, over all its pages.
struct Answer {
  bool graph = false;
  results::QueryResults solutions;
  std::vector<rdf::Triple> triples;
  std::string route;  // as results name it; "none" for a query that reads no data
  // The endpoints whose data made the answer, with their rows (from requests or from the
  // caches of earlier calls alike).
  std::vector<federation::EndpointUse> endpoints;
  bool cut = false;  // more rows than max_rows
  bool possibly_incomplete = false;
  std::vector<std::string> run_warnings;
};

class SubmitTool final : public mcp::Tool {
 public:
  SubmitTool(std::shared_ptr<const federation::QueryService> service, QuerySettings query,
             std::shared_ptr<SessionLedger> ledger, std::shared_ptr<const TaskSet> tasks,
             SubmitSettings settings)
      : service_(service),
        query_settings_(std::move(query)),
        pager_(std::move(service), {query_settings_.prefetch_rows, query_settings_.page_cache_bytes,
                                    query_settings_.page_cache_ttl, query_settings_.count_option}),
        ledger_(std::move(ledger)),
        tasks_(std::move(tasks)),
        settings_(std::move(settings)),
        definition_(submit_definition(tasks_ != nullptr)) {
    restore_final_submissions();
  }

  const mcp::ToolDefinition& definition() const override { return definition_; }

  mcp::ToolResult call(const json& arguments, mcp::ToolContext& context) override {
    try {
      return submit(arguments, context);
    } catch (const Exception& exception) {
      return failure_result(exception.error(), "timeout_ms");
    }
  }

 private:
  mcp::ToolResult submit(const json& arguments, mcp::ToolContext& context) {
    Arguments args(arguments, definition_.name);
    args.reject_unknown({"query", "answer", "task_id", "run_id"});
    const std::string query_text = args.required_string("query", "your final SPARQL query");
    const std::string answer_text = args.optional_string("answer").value_or("");
    const std::string task_id = args.optional_string("task_id").value_or("");
    const std::string run_id = args.optional_string("run_id").value_or("");
    const Task* task = nullptr;
    if (tasks_ && !task_id.empty()) {
      task = tasks_->find(task_id);
      if (!task)
        return mcp::ToolResult::error("unknown task_id '" + task_id +
                                      "': submit the id given with the task, one of " +
                                      tasks_->some_ids() + ". Nothing was recorded.");
    }

    const std::string group = SessionLedger::submission_group(context, run_id);
    std::optional<SubmissionMark> earlier = ledger_->submission(group, task_id);
    if (earlier && !settings_.allow_resubmit)
      return mcp::ToolResult::error(
          std::string(task_id.empty() ? "this session" : "task '" + task_id + "'") +
          " already has its final submission (" + earlier->id + ", at " + earlier->time +
          "): only the first submission counts, and this one was not recorded. Nothing more "
          "to do for it.");

    // Syntax first: a query that does not parse is no submission. A PREFIX it forgot is
    // added, as run_sparql_query adds it, and what the checks found comes with the receipt.
    std::optional<assist::Validation> checked = check_query(settings_.checks, query_text);
    const std::string run_text =
        checked && checked->completed_query ? *checked->completed_query : query_text;
    sparql::Query query = checked ? std::move(*checked->parsed) : sparql::parse_query(query_text);
    const std::string canonical = sparql::to_sse(query);

    // A query that reads no data (VALUES and BIND alone, no SERVICE) names no endpoint for
    // run_sparql_query to send it to; it is evaluated as it is, to record the hard-coded answer.
    Answer answer = has_graph_patterns(query.algebra()) || !named_endpoints(query).empty()
                        ? run_all_pages(query, run_text, context)
                        : evaluate_without_data(query);
    results::ResultSignature signature = answer.graph ? results::signature_of(answer.triples)
                                                      : results::signature_of(answer.solutions);

    std::vector<Warning> warnings = warnings_for(query, canonical, answer, signature, context);
    const std::string time = util::utc_timestamp(std::chrono::system_clock::now());
    const std::string id = "s-" + util::random_hex(6);

    json score = nullptr;
    json gold_error = nullptr;
    if (task) {
      try {
        const results::ResultSignature gold = gold_of(*task);
        if (answer.cut) {
          gold_error = "the answer had more than " + std::to_string(settings_.max_rows) +
                       " rows: not scored";
        } else {
          score = results::score(signature, gold).to_json();
        }
      } catch (const Exception& exception) {
        gold_error = "the gold answer could not be computed: " + exception.error().to_text();
      }
    } else if (tasks_) {
      warnings.push_back({"not_scored", task_id.empty()
                                            ? "no task_id was given, so this cannot be scored"
                                            : "unknown task"});
    }

    json warnings_json = json::array();
    for (const Warning& warning : warnings)
      warnings_json.push_back({{"code", warning.code}, {"message", warning.message}});
    std::vector<std::string> named = named_endpoints(query);
    json record = {{"event", "submission"},
                   {"id", id},
                   {"time", time},
                   {"session", context.session.empty() ? json(nullptr) : json(context.session)},
                   {"run_id", run_id.empty() ? json(nullptr) : json(run_id)},
                   {"client", context.client},
                   {"group", group},
                   {"task_id", task_id.empty() ? json(nullptr) : json(task_id)},
                   {"query", query_text},
                   {"answer", answer_text.empty() ? json(nullptr) : json(answer_text)},
                   {"route", answer.route},
                   {"endpoints_named", named},
                   {"endpoints_contacted", contacted(answer)},
                   {"rows", row_count(answer, signature)},
                   {"rows_cut", answer.cut},
                   {"signature", signature.to_json(settings_.rows_kept)},
                   {"warnings", warnings_json},
                   {"score", score},
                   {"resubmission_of", earlier ? json(earlier->id) : json(nullptr)}};
    if (!gold_error.is_null()) record["score_error"] = gold_error;
    if (checked && !checked->prefixes_added.empty()) {
      record["query_run"] = run_text;
      record["prefixes_added"] = prefixes_added_json(checked->prefixes_added);
    }
    if (task) record["endpoints_needed"] = task->endpoints;

    std::string not_written;
    if (!settings_.submissions.empty()) {
      try {
        util::append_line(settings_.submissions,
                          record.dump(-1, ' ', false, json::error_handler_t::replace));
      } catch (const Exception& exception) {
        not_written = exception.error().to_text();
        spdlog::error("submit: submission {} could not be written: {}", id, not_written);
      }
    }
    ledger_->submitted(group, task_id, {id, time});
    if (settings_.on_exact && task && !score.is_null() && score.value("exact_set_match", false))
      settings_.on_exact(*task, query_text, named);
    mcp::ToolResult result =
        receipt(id, task_id, answer, signature, warnings, score, gold_error, not_written);
    if (checked) add_checks(*checked, result);
    // An empty answer is seldom the one wanted: say where it comes from.
    const bool empty = signature.kind == results::ResultSignature::Kind::Boolean
                           ? !signature.boolean
                           : row_count(answer, signature) == 0;
    if (empty && answer.route != "none") add_diagnosis(query, checked, context, result);
    return result;
  }

  void add_diagnosis(const sparql::Query& query, const std::optional<assist::Validation>& checked,
                     mcp::ToolContext& context, mcp::ToolResult& result) const {
    assist::DiagnosisRequest asked;
    asked.deadline = federation::Clock::now() + settings_.diagnosis_time;
    asked.cancel = context.cancellation;
    asked.on_request = request_tracer(context);
    asked.validation = checked ? &*checked : nullptr;
    const assist::Diagnosis diagnosis = assist::diagnose_empty(*service_, query, asked);
    if (!result.structured) result.structured = json::object();
    (*result.structured)["diagnosis"] = diagnosis_json(diagnosis);
    append_text(result, diagnosis_text(diagnosis));
  }

  // Lines after the receipt's text.
  static void append_text(mcp::ToolResult& result, const std::string& text) {
    if (text.empty() || result.content.empty()) return;
    result.content[0]["text"] = result.content[0]["text"].get<std::string>() + text;
  }

  // What the checks found, after the receipt.
  static void add_checks(const assist::Validation& checked, mcp::ToolResult& result) {
    if (!result.structured) result.structured = json::object();
    const std::string text =
        add_check_results(checked.findings, checked.prefixes_added, *result.structured);
    append_text(result, text);
  }

  Answer evaluate_without_data(const sparql::Query& query) const {
    catalogue::Endpoint nowhere;
    nowhere.endpoint_iri = "urn:sparql-mcp:no-data";
    auto source = federation::make_in_process_source(nowhere, empty_store_, {});
    federation::RequestContext request;
    request.deadline = federation::Clock::now() + std::chrono::seconds(10);
    federation::SourceAnswer evaluated = source->run(query, request);
    Answer answer;
    answer.graph = sparql::is_graph_form(query.form());
    answer.solutions = std::move(evaluated.solutions);
    answer.triples = std::move(evaluated.triples);
    answer.route = "none";
    return answer;
  }

  // Every page of the query as run_sparql_query reads it (the same route and paging), up to
  // max_rows.
  Answer run_all_pages(const sparql::Query& query, const std::string& text,
                       mcp::ToolContext& context) {
    Answer answer;
    answer.graph = sparql::is_graph_form(query.form());
    PageRequest request;
    request.text = text;
    request.query = query;
    request.max_rows = settings_.page_rows;
    request.format = answer.graph ? "ntriples" : "table";
    for (bool first = true;; first = false) {
      request.started = std::chrono::steady_clock::now();
      request.deadline = request.started + query_settings_.default_timeout;
      Page page;
      try {
        page = pager_.page(request, context);
      } catch (const Exception& exception) {
        if (exception.error().kind == ErrorKind::Cancelled) throw;
        throw_error(ErrorKind::InvalidArgument,
                    "the final query failed, so nothing was recorded: " +
                        failure_result(exception.error(), "timeout_ms").first_text() +
                        " Fix it (try it with run_sparql_query) and submit again.");
      }
      if (first) answer.route = std::string(federation::route_name(page.facts.route));
      for (const federation::EndpointUse& use : page.facts.endpoints_used) {
        auto it = std::find_if(
            answer.endpoints.begin(), answer.endpoints.end(),
            [&](const federation::EndpointUse& u) { return u.endpoint == use.endpoint; });
        if (it == answer.endpoints.end()) {
          answer.endpoints.push_back(use);
        } else if (first) {
          it->rows += use.rows;
        }
      }
      if (page.facts.possibly_incomplete) answer.possibly_incomplete = true;
      for (const std::string& warning : page.facts.warnings)
        if (std::find(answer.run_warnings.begin(), answer.run_warnings.end(), warning) ==
            answer.run_warnings.end())
          answer.run_warnings.push_back(warning);
      std::size_t rows = 0;
      std::size_t shown = 0;
      if (answer.graph) {
        shown = page.triples.size();
        answer.triples.insert(answer.triples.end(), std::make_move_iterator(page.triples.begin()),
                              std::make_move_iterator(page.triples.end()));
        rows = answer.triples.size();
      } else {
        shown = std::min(page.solutions.rows.size(), settings_.page_rows);
        page.solutions.rows.resize(shown);
        if (first) {
          answer.solutions = std::move(page.solutions);
        } else {
          answer.solutions.rows.insert(answer.solutions.rows.end(),
                                       std::make_move_iterator(page.solutions.rows.begin()),
                                       std::make_move_iterator(page.solutions.rows.end()));
        }
        rows = answer.solutions.rows.size();
      }
      std::optional<std::string> next = shown > 0 ? page.next_page(shown) : std::nullopt;
      if (!next) break;
      if (rows >= settings_.max_rows) {
        answer.cut = true;
        break;
      }
      request.text = *next;
      request.query = sparql::parse_query(*next);
    }
    return answer;
  }

  std::vector<Warning> warnings_for(const sparql::Query& query, const std::string& canonical,
                                    const Answer& answer, const results::ResultSignature& signature,
                                    const mcp::ToolContext& context) const {
    std::vector<Warning> warnings;
    const bool boolean = signature.kind == results::ResultSignature::Kind::Boolean;
    if (!boolean && signature.row_count == 0)
      warnings.push_back({"no_rows",
                          "the query returned no rows: if the question has an answer, the "
                          "query misses it (check prefixes, IRIs and which endpoint holds what)"});
    if (!ledger_->has_run(SessionLedger::query_group(context), canonical))
      warnings.push_back({"never_run",
                          "this query was never run with run_sparql_query in this session: "
                          "check its result before you rely on it"});
    if (!has_graph_patterns(query.algebra()))
      warnings.push_back({"hard_coded",
                          "the query matches no triple pattern: its answer is written into it "
                          "(VALUES or BIND) rather than read from an endpoint"});
    if (auto trivial = trivial_federation(query, answer, signature);
        trivial && !answers_as_if_empty(query, signature))
      warnings.push_back({"trivial_federation", *trivial});
    if (answer.possibly_incomplete || answer.cut) {
      std::string message = answer.cut
                                ? "the answer has more than " + std::to_string(settings_.max_rows) +
                                      " rows; the record holds the first ones"
                                : "the answer may be incomplete";
      for (const std::string& warning : answer.run_warnings)
        message += "; " + warning;
      warnings.push_back({"possibly_incomplete", message});
    }
    return warnings;
  }

  // A federation that asks endpoints which add nothing: at least half of the endpoints the
  // query names returned no rows (or were never asked, holding none of its patterns) while the
  // answer has rows, so the same answer comes from fewer endpoints. One idle endpoint among
  // many is left alone: a precise query may send a pattern to every shard that holds it, and
  // one of them may match nothing for this question (a UNION over hash shards after a bound
  // join), which is no sign of querying everything. (The caller also leaves alone an
  // aggregate whose one row is what no solutions give: answers_as_if_empty.)
  static std::optional<std::string> trivial_federation(const sparql::Query& query,
                                                       const Answer& answer,
                                                       const results::ResultSignature& signature) {
    if (answer.route != "federated" || signature.row_count == 0) return std::nullopt;
    std::set<std::string> named;
    for (const std::string& endpoint : named_endpoints(query))
      named.insert(endpoint);
    if (named.size() < 2) return std::nullopt;
    std::set<std::string> contributing;
    for (const federation::EndpointUse& use : answer.endpoints)
      if (use.rows > 0) contributing.insert(use.endpoint);
    std::vector<std::string> idle;
    for (const std::string& endpoint : named)
      if (!contributing.count(endpoint)) idle.push_back("<" + endpoint + ">");
    if (idle.empty() || contributing.empty() || idle.size() * 2 < named.size()) return std::nullopt;
    std::string list;
    for (const std::string& endpoint : idle)
      list += (list.empty() ? "" : ", ") + endpoint;
    return "trivial federation: the query names " + std::to_string(named.size()) +
           " endpoints but only " + std::to_string(contributing.size()) + " returned rows; " +
           list +
           " added nothing, so the same answer comes from fewer endpoints. Send each pattern "
           "only to the endpoints that hold it.";
  }

  // Whether `signature` is what the query answers when its pattern has no solution at all: an
  // aggregate without GROUP BY answers one row whatever the endpoints return (a COUNT of 0
  // over an empty join), and that row is then no sign of which endpoints contributed. Found by
  // evaluating the query with the aggregated pattern replaced by no solutions.
  bool answers_as_if_empty(const sparql::Query& query,
                           const results::ResultSignature& signature) const {
    using sparql::algebra::OpKind;
    sparql::algebra::Operator op = query.algebra();
    sparql::algebra::Operator* node = &op;
    // Down through the solution modifiers, SELECT expressions and HAVING, to the Group.
    while (!node->children.empty() &&
           (node->kind() == OpKind::Project || node->kind() == OpKind::Distinct ||
            node->kind() == OpKind::Reduced || node->kind() == OpKind::Slice ||
            node->kind() == OpKind::OrderBy || node->kind() == OpKind::Extend ||
            node->kind() == OpKind::Filter))
      node = &node->operand();
    const auto* group = node->get_if<sparql::algebra::GroupOp>();
    if (group == nullptr || !group->keys.empty() || node->children.empty()) return false;
    node->operand() = sparql::algebra::Operator{};  // a table without rows
    try {
      const Answer empty =
          evaluate_without_data(sparql::Query(query.prologue(), query.syntax(), std::move(op)));
      return results::signature_of(empty.solutions) == signature;
    } catch (const Exception&) {
      return false;  // not evaluable without data: judged as any other query
    }
  }

  static std::vector<std::string> named_endpoints(const sparql::Query& query) {
    std::vector<std::string> out;
    for (const sparql::ServiceClause& clause : sparql::find_service_clauses(query))
      if (!clause.endpoint.empty() && !sparql::is_endpoint_internal_service(clause.endpoint) &&
          std::find(out.begin(), out.end(), clause.endpoint) == out.end())
        out.push_back(clause.endpoint);
    return out;
  }

  // The endpoints the answer consulted: asked by a request now, or by one of an earlier call
  // whose answer a cache kept.
  static json contacted(const Answer& answer) {
    json out = json::array();
    for (const federation::EndpointUse& use : answer.endpoints)
      if (use.requests > 0 || use.cache_hits > 0 || use.rows > 0) out.push_back(use.endpoint);
    return out;
  }

  static std::size_t row_count(const Answer& answer, const results::ResultSignature& signature) {
    if (signature.kind == results::ResultSignature::Kind::Boolean) return 0;
    return answer.graph ? answer.triples.size() : answer.solutions.rows.size();
  }

  // The gold answer of a task: its gold results, else its gold query run once through the
  // same route (kept for later submissions; a failure is tried again next time).
  results::ResultSignature gold_of(const Task& task) {
    if (task.gold) return *task.gold;
    {
      std::lock_guard lock(gold_mutex_);
      if (auto found = gold_.find(task.id); found != gold_.end()) return found->second;
    }
    mcp::ToolContext context;
    context.cancellation = std::make_shared<CancellationToken>();
    context.trace =
        callless_tracer(settings_.trace, {{"origin", "evaluation"}, {"task_id", task.id}});
    Answer answer = run_all_pages(sparql::parse_query(task.gold_query), task.gold_query, context);
    if (answer.cut)
      throw_error(ErrorKind::LimitExceeded, "the gold query returns more than " +
                                                std::to_string(settings_.max_rows) + " rows");
    results::ResultSignature gold = answer.graph ? results::signature_of(answer.triples)
                                                 : results::signature_of(answer.solutions);
    std::lock_guard lock(gold_mutex_);
    gold_.emplace(task.id, gold);
    return gold;
  }

  mcp::ToolResult receipt(const std::string& id, const std::string& task_id, const Answer& answer,
                          const results::ResultSignature& signature,
                          const std::vector<Warning>& warnings, const json& score,
                          const json& score_error, const std::string& not_written) const {
    const bool boolean = signature.kind == results::ResultSignature::Kind::Boolean;
    const std::size_t rows = row_count(answer, signature);
    std::string text =
        "Submission " + id + (task_id.empty() ? "" : " for task " + task_id) + " recorded: ";
    std::string preview;
    if (boolean) {
      text += std::string("the answer is ") + (signature.boolean ? "true" : "false") + ".\n";
    } else if (answer.graph) {
      text += std::to_string(rows) + " triple" + (rows == 1 ? "" : "s") + ".\n";
    } else {
      results::TextTableOptions options;
      options.max_rows = settings_.preview_rows;
      options.max_chars = 2000;
      preview = results::render_tsv_table(answer.solutions, options).text;
      text += std::to_string(rows) + (answer.cut ? "+" : "") + " row" + (rows == 1 ? "" : "s") +
              ".\n" + preview;
    }
    json warnings_json = json::array();
    if (!warnings.empty()) text += "Warnings:\n";
    for (const Warning& warning : warnings) {
      text += "- " + warning.message + "\n";
      warnings_json.push_back({{"code", warning.code}, {"message", warning.message}});
    }
    if (!not_written.empty()) {
      text += "Note: the submission could not be written to the submissions file (" + not_written +
              "); tell the operator.\n";
    }
    json structured = {{"submission_id", id},
                       {"task_id", task_id.empty() ? json(nullptr) : json(task_id)},
                       {"rows", rows},
                       {"preview", preview},
                       {"digest", signature.digest()},
                       {"route", answer.route},
                       {"endpoints", contacted(answer)},
                       {"warnings", warnings_json},
                       {"final", !settings_.allow_resubmit}};
    if (boolean) structured["boolean"] = signature.boolean;
    if (settings_.show_score && !score.is_null()) {
      structured["score"] = score;
      text += "Score: precision " + score["precision"].dump() + ", recall " +
              score["recall"].dump() +
              (score["exact_set_match"].get<bool>() ? ", exact match" : "") + "\n";
    } else if (settings_.show_score && !score_error.is_null()) {
      text += "Not scored: " + score_error.get<std::string>() + "\n";
    }
    text += settings_.allow_resubmit ? "You may submit again; the latest submission counts.\n"
                                     : "This submission is final.\n";
    return mcp::ToolResult::text(std::move(text), std::move(structured));
  }

  // Runs without a session (run ids, client identities) keep their final submissions across
  // restarts: they are read back from the submissions file.
  void restore_final_submissions() {
    if (settings_.submissions.empty() || settings_.allow_resubmit) return;
    std::optional<std::string> text = util::read_file_if_exists(settings_.submissions);
    if (!text) return;
    for (JsonLine& line : parse_json_lines(*text)) {
      json& record = line.value;
      if (!record.is_object() || record.value("event", "") != "submission") continue;
      if (!record["session"].is_null()) continue;  // sessions end with their process
      const std::string group = record.value("group", "");
      const std::string task =
          record["task_id"].is_string() ? record["task_id"].get<std::string>() : "";
      if (!group.empty() && !ledger_->submission(group, task))
        ledger_->submitted(group, task, {record.value("id", ""), record.value("time", "")});
    }
  }

  std::shared_ptr<const federation::QueryService> service_;
  QuerySettings query_settings_;
  QueryPager pager_;
  std::shared_ptr<SessionLedger> ledger_;
  std::shared_ptr<const TaskSet> tasks_;
  SubmitSettings settings_;
  mcp::ToolDefinition definition_;
  const engine::Store empty_store_;
  std::mutex gold_mutex_;
  std::map<std::string, results::ResultSignature> gold_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_submit_tool(std::shared_ptr<const federation::QueryService> service,
                                            QuerySettings query,
                                            std::shared_ptr<SessionLedger> ledger,
                                            std::shared_ptr<const TaskSet> tasks,
                                            SubmitSettings settings) {
  return std::make_unique<SubmitTool>(std::move(service), std::move(query), std::move(ledger),
                                      std::move(tasks), std::move(settings));
}

}  // namespace sparqlmcp::tools
