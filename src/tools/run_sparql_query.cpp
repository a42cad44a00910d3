#include "sparqlmcp/tools/run_sparql_query.hpp"

#include <algorithm>
#include <set>

#include "failure_text.hpp"
#include "query_output.hpp"
#include "query_pager.hpp"
#include "search_arguments.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "sparqlmcp/sparql/service_wrap.hpp"
#include "sparqlmcp/tools/arguments.hpp"
#include "sparqlmcp/tools/request_trace.hpp"

namespace sparqlmcp::tools {
namespace {

using Clock = std::chrono::steady_clock;
// Labels are a help, not the answer: they get a few seconds of the call at most.
constexpr std::chrono::milliseconds kLabelWait{3000};

mcp::ToolDefinition run_sparql_query_definition(const QuerySettings& settings) {
  mcp::ToolDefinition definition;
  definition.name = "run_sparql_query";
  definition.title = "Run a SPARQL query";
  definition.description =
      "Runs a read-only SPARQL 1.1 query (SELECT, ASK, CONSTRUCT or DESCRIBE). Name each "
      "endpoint with SERVICE <endpoint IRI> { ... }, using IRIs from list_endpoints. One SERVICE "
      "around the whole WHERE pattern is sent straight to that endpoint; several SERVICE clauses "
      "(or OPTIONAL, UNION, FILTER, BIND, VALUES or aggregates around one) form a federated "
      "query: each SERVICE group goes to its endpoint and the server joins the answers. Triple "
      "patterns outside SERVICE go to the endpoints named in `endpoints` (as one merged graph), "
      "else to every catalogue endpoint that can match them. Declare every prefix you use (PREFIX "
      "wdt: "
      "<...>). Results come back as a compact table (first " +
      std::to_string(settings.default_max_rows) +
      " rows by default) plus SPARQL JSON in structuredContent. Counts are exact or said to be "
      "lower bounds ('at least N rows'; pass count: true for the exact number). When rows are "
      "cut, the result gives a ready-to-run next_page_query: run it for the next page (served "
      "from a cache, every row once).";
  definition.input_schema = {
      {"type", "object"},
      {"properties",
       {{"query",
         {{"type", "string"},
          {"description",
           "The SPARQL query, e.g. SELECT ?item WHERE { SERVICE "
           "<https://query.wikidata.org/sparql> "
           "{ ?item <http://www.wikidata.org/prop/direct/P31> "
           "<http://www.wikidata.org/entity/Q146> } } LIMIT 5"}}},
        {"endpoints",
         {{"type", "array"},
          {"items", {{"type", "string"}}},
          {"description",
           "Endpoint ids or IRIs from list_endpoints that the triple patterns outside SERVICE "
           "go to, so that the query needs no SERVICE clause. Several: the patterns match the "
           "merge of their data (a triple two endpoints hold counts once; solutions join across "
           "endpoints). Without it, such patterns go to every catalogue endpoint whose "
           "description does not rule them out."}}},
        {"format",
         {{"type", "string"},
          {"enum", {"table", "json", "xml", "csv", "tsv", "turtle", "ntriples"}},
          {"description",
           "Text output format: 'table' (default, compact), json, xml, csv or tsv for "
           "SELECT/ASK; turtle (default) or ntriples for CONSTRUCT/DESCRIBE."}}},
        {"timeout_ms",
         {{"type", "integer"},
          {"minimum", 100},
          {"maximum", settings.max_timeout.count()},
          {"description", "Time limit in milliseconds (default " +
                              std::to_string(settings.default_timeout.count()) + ")."}}},
        {"max_rows",
         {{"type", "integer"},
          {"minimum", 1},
          {"maximum", settings.max_rows_limit},
          {"description", "Rows to show (default " + std::to_string(settings.default_max_rows) +
                              "); the rest is reported as truncated with a next-page query."}}},
        {"count",
         {{"type", "boolean"},
          {"description",
           "Also count the query's rows exactly (a COUNT query within the time limit), when "
           "the page alone cannot tell the total."}}},
        {"labels",
         {{"type", "boolean"},
          {"description",
           "Show IRIs in the table as label (prefix:local) with the labels their endpoints "
           "give them (default true; structuredContent has them as `labels`)."}}},
        {"silent",
         {{"type", "boolean"},
          {"description",
           "Go on without an endpoint that fails (it contributes no rows; the result names it "
           "and says rows may be missing) instead of failing the query. Meant for plain "
           "patterns sent to many endpoints; default false."}}},
        {"diagnose",
         {{"type", "boolean"},
          {"description",
           "When the answer is empty, find out why: which SERVICE block, which pattern in it or "
           "which join between blocks matches nothing (a few LIMIT 1 queries)."}}},
        {"explain",
         {{"type", "boolean"},
          {"description",
           "Also return the plan that ran, one line per operator: join strategies, each "
           "SERVICE's endpoint, sub-query, requests, rows and time. Use it to see why a "
           "federated query is slow or empty."}}}}},
      {"required", {"query"}},
      {"additionalProperties", false}};
  definition.output_schema = query_output_schema();
  definition.annotations.title = definition.title;
  definition.annotations.read_only = true;
  definition.annotations.idempotent = true;
  definition.annotations.open_world = true;
  // The text block is bounded by max_text_chars; structuredContent says the same in at most
  // 1.25 times as many characters, plus a next-page query and warnings.
  definition.meta = {{"anthropic/maxResultSizeChars", 3 * settings.max_text_chars}};
  return definition;
}

class RunSparqlQueryTool final : public mcp::Tool {
 public:
  RunSparqlQueryTool(std::shared_ptr<const federation::QueryService> service,
                     QuerySettings settings, std::shared_ptr<assist::Labeller> labeller,
                     QueryChecks checks)
      : service_(service),
        labeller_(std::move(labeller)),
        checks_(std::move(checks)),
        settings_(std::move(settings)),
        definition_(run_sparql_query_definition(settings_)),
        pager_(std::move(service), {settings_.prefetch_rows, settings_.page_cache_bytes,
                                    settings_.page_cache_ttl, settings_.count_option}) {}

  const mcp::ToolDefinition& definition() const override { return definition_; }

  mcp::ToolResult call(const nlohmann::json& arguments, mcp::ToolContext& context) override {
    try {
      return run(arguments, context);
    } catch (const Exception& exception) {
      return failure_result(exception.error(), settings_.timeout_option);
    }
  }

 private:
  mcp::ToolResult run(const nlohmann::json& arguments, mcp::ToolContext& context) {
    Arguments args(arguments, definition_.name);
    args.reject_unknown({"query", "format", "timeout_ms", "max_rows", "count", "explain", "labels",
                         "diagnose", "endpoints", "silent"});
    const bool diagnose = args.optional_boolean("diagnose").value_or(false);
    const bool labels = args.optional_boolean("labels").value_or(true);
    PageRequest request;
    request.text = args.required_string("query", "the SPARQL query text");
    std::optional<std::string> format = args.optional_choice(
        "format", {"table", "json", "xml", "csv", "tsv", "turtle", "ntriples"});
    const auto timeout = std::chrono::milliseconds(
        args.optional_integer("timeout_ms", 100, settings_.max_timeout.count())
            .value_or(settings_.default_timeout.count()));
    request.max_rows = static_cast<std::size_t>(
        args.optional_integer("max_rows", 1, static_cast<std::int64_t>(settings_.max_rows_limit))
            .value_or(static_cast<std::int64_t>(settings_.default_max_rows)));
    request.count = args.optional_boolean("count").value_or(false);
    request.explain = args.optional_boolean("explain").value_or(false);
    request.leave_out_failing = args.optional_boolean("silent").value_or(false);
    request.started = Clock::now();
    request.deadline = request.started + timeout;

    if (arguments.contains("endpoints") && arguments["endpoints"].is_array() &&
        arguments["endpoints"].empty())
      throw_error(ErrorKind::InvalidArgument,
                  "run_sparql_query: `endpoints` is empty; name the endpoints (ids or IRIs from "
                  "list_endpoints) the patterns outside SERVICE go to, or leave it out to send "
                  "them to every catalogue endpoint that can match them. Known endpoints: " +
                      catalogue::known_ids(service_->catalogue()));
    const std::vector<const catalogue::Endpoint*> endpoints =
        named_endpoints(arguments, service_->catalogue(), definition_.name);
    std::optional<assist::Validation> checked = check_query(checks_, request.text, endpoints);
    if (checked) {
      if (checked->completed_query) request.text = *checked->completed_query;
      request.query = std::move(*checked->parsed);
    } else {
      request.query = sparql::parse_query(request.text);
    }
    std::vector<std::string> ruled_out;  // named endpoints source selection left out, and why
    std::vector<std::string> unmatched;  // patterns none of them can match
    if (!endpoints.empty()) {
      // The patterns outside SERVICE go to the endpoints named; the text that runs (and the
      // next-page query) says so itself.
      std::vector<std::string> iris;
      for (const catalogue::Endpoint* endpoint : endpoints)
        iris.push_back(endpoint->endpoint_iri);
      sparql::WrappedQuery wrapped =
          sparql::spread_plain_patterns(request.query, iris, service_->sources_of());
      ruled_out = std::move(wrapped.ruled_out);
      unmatched = std::move(wrapped.unmatched);
      if (wrapped.wrapped) {
        request.query = std::move(wrapped.query);
        request.text = sparql::serialize_query(request.query);
      }
    }
    const bool graph = sparql::is_graph_form(request.query.form());
    if (format) check_format_fits(*format, graph);
    request.format = format.value_or(graph ? "turtle" : "table");
    Page page = pager_.page(request, context);
    if (page.facts.plan) {
      for (auto line = ruled_out.rbegin(); line != ruled_out.rend(); ++line)
        page.facts.plan->children.insert(page.facts.plan->children.begin(),
                                         {"ruled out", *line, 0, 0, {}});
    }
    for (const std::string& warning : unmatched)
      add_unique(page.facts.warnings, warning);
    note_seen(page, request.max_rows);
    if (diagnose && answer_is_empty(page)) {
      assist::DiagnosisRequest asked;
      asked.deadline = request.deadline;
      asked.cancel = context.cancellation;
      asked.on_request = request_tracer(context);
      asked.validation = checked ? &*checked : nullptr;
      const assist::Diagnosis diagnosis = assist::diagnose_empty(*service_, request.query, asked);
      page.facts.diagnosis = diagnosis_json(diagnosis);
      page.facts.diagnosis_text = diagnosis_text(diagnosis);
    }
    if (checked) {
      page.facts.findings = std::move(checked->findings);
      page.facts.prefixes_added = std::move(checked->prefixes_added);
    }
    const OutputLimits limits{request.max_rows, settings_.max_text_chars};
    if (page.graph) return render_graph(page.triples, page.facts, limits, page.next_page);
    if (labels && labeller_ && request.format == "table")
      page.facts.labels = labels_of(page, request, context);
    return render_solutions(std::move(page.solutions), page.facts, limits, page.next_page);
  }

  // The labels of the IRIs the table may show, from the endpoints that gave the rows: a
  // bounded look-up that never takes more than a few seconds of the call's time.
  std::map<std::string, std::string> labels_of(const Page& page, const PageRequest& request,
                                               mcp::ToolContext& context) const {
    std::vector<std::string> iris;
    std::set<std::string> seen;
    for (std::size_t r = 0; r < page.solutions.rows.size() && r < request.max_rows; ++r)
      for (const auto& cell : page.solutions.rows[r])
        if (cell && cell->is_iri() && seen.insert(cell->value).second) iris.push_back(cell->value);
    std::vector<const catalogue::Endpoint*> endpoints;
    for (const federation::EndpointUse& use : page.facts.endpoints_used)
      if (const catalogue::Endpoint* e = service_->catalogue().find(use.endpoint))
        if (std::find(endpoints.begin(), endpoints.end(), e) == endpoints.end())
          endpoints.push_back(e);
    if (iris.empty() || endpoints.empty()) return {};
    const auto deadline = std::min(request.deadline, Clock::now() + kLabelWait);
    return labeller_->labels(iris, endpoints, deadline, context.cancellation,
                             request_tracer(context));
  }

  static bool answer_is_empty(const Page& page) {
    if (page.graph) return page.triples.empty();
    if (page.solutions.kind == results::QueryResults::Kind::Boolean) return !page.solutions.boolean;
    return page.solutions.rows.empty();
  }

  // The IRIs an answer shows are known to exist: validation does not warn about them later.
  void note_seen(const Page& page, std::size_t max_rows) const {
    if (!checks_.seen) return;
    for (std::size_t r = 0; r < page.solutions.rows.size() && r < max_rows; ++r)
      for (const auto& cell : page.solutions.rows[r])
        if (cell && cell->is_iri()) checks_.seen->note(cell->value);
    for (const rdf::Triple& t : page.triples)
      for (const rdf::Term* term : {&t.subject, &t.object})
        if (term->is_iri()) checks_.seen->note(term->value);
  }

  static void check_format_fits(const std::string& format, bool graph) {
    bool graph_format = format == "turtle" || format == "ntriples";
    if (graph && !graph_format) {
      throw_error(ErrorKind::InvalidArgument,
                  "format '" + format +
                      "' is for SELECT/ASK results; a CONSTRUCT or DESCRIBE query returns a "
                      "graph: use format 'turtle' or 'ntriples'");
    }
    if (!graph && graph_format) {
      throw_error(ErrorKind::InvalidArgument,
                  "format '" + format +
                      "' is for CONSTRUCT/DESCRIBE graphs; for SELECT/ASK use 'table', 'json', "
                      "'xml', 'csv' or 'tsv'");
    }
  }

  std::shared_ptr<const federation::QueryService> service_;
  std::shared_ptr<assist::Labeller> labeller_;
  QueryChecks checks_;
  QuerySettings settings_;
  mcp::ToolDefinition definition_;
  QueryPager pager_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_run_sparql_query_tool(
    std::shared_ptr<const federation::QueryService> service, QuerySettings settings,
    std::shared_ptr<assist::Labeller> labeller, QueryChecks checks) {
  return std::make_unique<RunSparqlQueryTool>(std::move(service), std::move(settings),
                                              std::move(labeller), std::move(checks));
}

}  // namespace sparqlmcp::tools
