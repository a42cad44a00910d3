#include "sparqlmcp/tools/run_sparql_query.hpp"

#include <algorithm>

#include "failure_text.hpp"
#include "query_facts.hpp"
#include "query_output.hpp"
#include "query_routing.hpp"
#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/parser.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/tools/arguments.hpp"
#include "truncated_results.hpp"

namespace sparqlmcp::tools {
namespace {

constexpr std::string_view kGraphAccept =
    "application/n-triples, text/turtle;q=0.9, application/n-quads;q=0.5, "
    "application/trig;q=0.4, text/plain;q=0.2";

constexpr std::size_t kMaxRowsHeldPerCall = 5'000'000;

bool is_graph_form(sparql::QueryForm form) {
  return form == sparql::QueryForm::Construct || form == sparql::QueryForm::Describe;
}

mcp::ToolDefinition run_sparql_query_definition(const QuerySettings& settings) {
  mcp::ToolDefinition definition;
  definition.name = "run_sparql_query";
  definition.title = "Run a SPARQL query";
  definition.description =
      "Runs a read-only SPARQL 1.1 query (SELECT, ASK, CONSTRUCT or DESCRIBE). Name the target "
      "endpoint with SERVICE <endpoint IRI> { ... } around the whole WHERE pattern, using an IRI "
      "from list_endpoints; the server sends the pattern straight to that endpoint. Declare every "
      "prefix you use (PREFIX wdt: <...>). Results come back as a compact table (first " +
      std::to_string(settings.default_max_rows) +
      " rows by default) plus SPARQL JSON in structuredContent; when rows are cut, the result "
      "says so and gives a ready-to-run query for the next page. Queries with several SERVICE "
      "clauses (federation) are not supported yet.";
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
                              "); the rest is reported as truncated with a next-page query."}}}}},
      {"required", {"query"}},
      {"additionalProperties", false}};
  definition.output_schema = query_output_schema();
  definition.annotations.title = definition.title;
  definition.annotations.read_only = true;
  definition.annotations.idempotent = true;
  definition.annotations.open_world = true;
  return definition;
}

class RunSparqlQueryTool final : public mcp::Tool {
 public:
  RunSparqlQueryTool(const catalogue::Catalogue& catalogue, http::SparqlProtocolClient& client,
                     QuerySettings settings, std::shared_ptr<const LocalEndpoints> local)
      : catalogue_(catalogue),
        client_(client),
        local_(std::move(local)),
        settings_(settings),
        definition_(run_sparql_query_definition(settings_)) {}

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
    args.reject_unknown({"query", "format", "timeout_ms", "max_rows"});
    std::string query_text = args.required_string("query", "the SPARQL query text");
    std::optional<std::string> format = args.optional_choice(
        "format", {"table", "json", "xml", "csv", "tsv", "turtle", "ntriples"});
    auto timeout = std::chrono::milliseconds(
        args.optional_integer("timeout_ms", 100, settings_.max_timeout.count())
            .value_or(settings_.default_timeout.count()));
    auto max_rows = static_cast<std::size_t>(
        args.optional_integer("max_rows", 1, static_cast<std::int64_t>(settings_.max_rows_limit))
            .value_or(static_cast<std::int64_t>(settings_.default_max_rows)));

    sparql::Query query = sparql::parse_query(query_text);
    const bool graph = is_graph_form(query.form());
    if (format) check_format_fits(*format, graph);
    DirectRoute route = plan_direct_route(query, catalogue_, settings_.allow_any_endpoint);
    OutputLimits limits{max_rows, settings_.max_text_chars};
    if (route.endpoint.answered_locally) {
      return answer_locally(query, route, graph, format, timeout, limits, context);
    }

    http::SparqlEndpointConfig config = endpoint_config(route.endpoint, timeout);
    if (context.report_progress) {
      context.report_progress(0, std::nullopt, "sending the query to <" + config.endpoint + ">");
    }
    std::string accept =
        graph ? std::string(kGraphAccept) : std::string(results::results_accept_header());
    Outcome<http::SparqlResponse> outcome =
        client_.query(config, route.direct.query_text, accept, context.cancellation);

    AnswerFacts facts;
    facts.endpoint = route.endpoint.endpoint_iri;
    facts.format = format.value_or(graph ? "turtle" : "table");
    facts.result_cap = route.endpoint.settings.result_cap.value_or(settings_.assumed_result_cap);
    facts.prefixes = query_prefixes(query);

    if (!outcome.ok()) {
      if (outcome.error().kind == ErrorKind::Cancelled || !route.direct.silent) {
        return failure_result(outcome.error(), settings_.timeout_option);
      }
      return silent_failure(query, graph, facts, limits, outcome.error());
    }
    http::SparqlResponse& response = outcome.value();
    facts.elapsed = response.elapsed;
    facts.attempts = response.attempts;
    facts.body_truncated = response.truncated;
    if (context.report_progress) {
      context.report_progress(1, std::nullopt,
                              "parsing " + std::to_string(response.body.size()) + " bytes");
    }
    if (graph) return render_graph(parse_graph(response), facts, limits);
    return render_solutions(query, parse_solutions(response), facts, limits);
  }

  // An entry answered in-process: the unwrapped query is evaluated by the embedded engine over
  // the entry's store, with the same limits, flags and rendering as a remote answer.
  mcp::ToolResult answer_locally(const sparql::Query& query, const DirectRoute& route, bool graph,
                                 const std::optional<std::string>& format,
                                 std::chrono::milliseconds timeout, const OutputLimits& limits,
                                 mcp::ToolContext& context) const {
    AnswerFacts facts;
    facts.endpoint = route.endpoint.endpoint_iri;
    facts.route = "in-process";
    facts.format = format.value_or(graph ? "turtle" : "table");
    facts.prefixes = query_prefixes(query);
    const engine::Store* store = local_ ? local_->find(route.endpoint) : nullptr;
    if (store == nullptr) {
      throw_error(ErrorKind::Internal, "catalogue entry '" + route.endpoint.id +
                                           "' should be answered in-process but its dumps "
                                           "were not loaded at start-up");
    }
    if (context.report_progress) {
      context.report_progress(0, std::nullopt,
                              "evaluating the query in-process on '" + route.endpoint.id + "'");
    }
    auto started = std::chrono::steady_clock::now();
    engine::EvaluationOptions options;
    options.deadline = started + timeout;
    options.cancellation = context.cancellation;
    options.max_result_rows = settings_.assumed_result_cap;
    // Several calls may run at once on the worker pool: a runaway ORDER BY or GROUP BY stops
    // at a few hundred MiB instead of the engine's default budget.
    options.max_rows_in_memory = kMaxRowsHeldPerCall;
    // Dumps of named graphs are queried like a public endpoint: the default graph is the
    // merge of all graphs, GRAPH still selects one.
    options.union_default_graph = true;
    engine::QueryOutcome outcome;
    try {
      sparql::Query local_query = sparql::parse_query(route.direct.query_text);
      outcome = engine::evaluate_query(local_query, *store, options);
    } catch (const Exception& exception) {
      if (exception.error().kind == ErrorKind::Cancelled || !route.direct.silent) throw;
      return silent_failure(query, graph, facts, limits, exception.error());
    }
    facts.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - started);
    // The engine stops at the cap like a remote endpoint would; the output flags it the same way.
    if (outcome.truncated) facts.result_cap = settings_.assumed_result_cap;
    if (graph) return render_graph(outcome.graph, facts, limits);
    return render_solutions(query, std::move(outcome.results), facts, limits);
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

  http::SparqlEndpointConfig endpoint_config(const catalogue::Endpoint& endpoint,
                                             std::chrono::milliseconds timeout) const {
    http::SparqlEndpointConfig config;
    config.endpoint = endpoint.endpoint_iri;
    config.headers = endpoint.settings.headers;
    config.timeout =
        endpoint.settings.timeout ? std::min(timeout, *endpoint.settings.timeout) : timeout;
    config.max_response_bytes = settings_.max_response_bytes;
    if (endpoint.settings.http_method == "GET") config.method = http::HttpMethodPreference::Get;
    if (endpoint.settings.http_method == "POST") config.method = http::HttpMethodPreference::Post;
    return config;
  }

  static results::QueryResults parse_solutions(const http::SparqlResponse& response) {
    std::optional<results::ResultsFormat> format =
        results::results_format_from_media_type(response.content_type);
    if (!format) format = sniff_results_format(response.body);
    if (!format) {
      throw Exception(make_remote_error("the endpoint answered with content type '" +
                                            response.content_type +
                                            "', which is not a SPARQL results format",
                                        response.endpoint, response.status, 0, response.body));
    }
    return parse_possibly_truncated<results::QueryResults>(
        response, results_format_name(*format),
        [&](std::string_view body) { return results::parse_results(body, *format); });
  }

  static std::vector<rdf::Triple> parse_graph(const http::SparqlResponse& response) {
    std::optional<rdf::RdfSyntax> syntax = rdf::rdf_syntax_from_media_type(response.content_type);
    if (!syntax) syntax = rdf::RdfSyntax::Turtle;  // a superset of N-Triples
    auto quads = parse_possibly_truncated<std::vector<rdf::Quad>>(
        response, "lines", [&](std::string_view body) {
          return rdf::parse_rdf(body, *syntax, response.endpoint, response.endpoint);
        });
    std::vector<rdf::Triple> triples;
    triples.reserve(quads.size());
    for (rdf::Quad& quad : quads) {
      triples.push_back(
          {std::move(quad.subject), std::move(quad.predicate), std::move(quad.object)});
    }
    return triples;
  }

  // Parses the body; when it was cut at the byte limit, parses its longest complete prefix.
  template <class T, class Parse>
  static T parse_possibly_truncated(const http::SparqlResponse& response, std::string_view format,
                                    Parse parse) {
    try {
      return parse(response.body);
    } catch (const Exception& exception) {
      if (response.truncated) {
        std::optional<T> parsed;
        recover_truncated_document(response.body, format, [&](const std::string& candidate) {
          try {
            parsed = parse(candidate);
            return true;
          } catch (const Exception&) {
            return false;
          }
        });
        if (parsed) return std::move(*parsed);
      }
      throw Exception(make_remote_error(
          "the endpoint's response could not be read: " + exception.error().to_text(),
          response.endpoint, response.status, 0, response.body));
    }
  }

  static std::optional<results::ResultsFormat> sniff_results_format(std::string_view body) {
    std::size_t start = body.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return std::nullopt;
    if (body[start] == '{') return results::ResultsFormat::Json;
    if (body[start] == '<') return results::ResultsFormat::Xml;
    return std::nullopt;
  }

  static std::string results_format_name(results::ResultsFormat format) {
    switch (format) {
      case results::ResultsFormat::Json:
        return "json";
      case results::ResultsFormat::Xml:
        return "xml";
      case results::ResultsFormat::Csv:
        return "csv";
      case results::ResultsFormat::Tsv:
        return "tsv";
    }
    return "json";
  }

  // SERVICE SILENT: a failing endpoint contributes the single empty solution (SPARQL 1.1
  // Federated Query, section 4).
  static mcp::ToolResult silent_failure(const sparql::Query& query, bool graph, AnswerFacts facts,
                                        const OutputLimits& limits, const Error& error) {
    facts.warnings.push_back(
        "SERVICE SILENT: the endpoint failed and its failure was ignored as "
        "the query asked: " +
        error.to_text());
    if (graph) return render_graph({}, facts, limits);
    results::QueryResults empty;
    if (query.form() == sparql::QueryForm::Ask) {
      empty.kind = results::QueryResults::Kind::Boolean;
      empty.boolean = true;
    } else {
      empty.variables = projected_variables(query);
      empty.rows.emplace_back(empty.variables.size());
    }
    return render_solutions(query, std::move(empty), facts, limits);
  }

  const catalogue::Catalogue& catalogue_;
  http::SparqlProtocolClient& client_;
  std::shared_ptr<const LocalEndpoints> local_;
  QuerySettings settings_;
  mcp::ToolDefinition definition_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_run_sparql_query_tool(const catalogue::Catalogue& catalogue,
                                                      http::SparqlProtocolClient& client,
                                                      QuerySettings settings,
                                                      std::shared_ptr<const LocalEndpoints> local) {
  return std::make_unique<RunSparqlQueryTool>(catalogue, client, settings, std::move(local));
}

}  // namespace sparqlmcp::tools
