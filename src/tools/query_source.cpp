#include "query_source.hpp"

#include <algorithm>

#include "endpoint_notices.hpp"
#include "query_facts.hpp"
#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/results/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "truncated_results.hpp"

namespace sparqlmcp::tools {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::string_view kGraphAccept =
    "application/n-triples, text/turtle;q=0.9, application/n-quads;q=0.5, "
    "application/trig;q=0.4, text/plain;q=0.2";

std::chrono::milliseconds remaining(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return std::max(left, std::chrono::milliseconds(1));
}

std::optional<results::ResultsFormat> sniff_results_format(std::string_view body) {
  std::size_t start = body.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return std::nullopt;
  if (body[start] == '{') return results::ResultsFormat::Json;
  if (body[start] == '<') return results::ResultsFormat::Xml;
  return std::nullopt;
}

std::string results_format_name(results::ResultsFormat format) {
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

// Parses the body; when it was cut at the byte limit, parses its longest complete prefix.
template <class T, class Parse>
T parse_possibly_truncated(const http::SparqlResponse& response, std::string_view format,
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

results::QueryResults parse_solutions(const http::SparqlResponse& response) {
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

std::vector<rdf::Triple> parse_graph(const http::SparqlResponse& response) {
  std::optional<rdf::RdfSyntax> syntax = rdf::rdf_syntax_from_media_type(response.content_type);
  if (!syntax) syntax = rdf::RdfSyntax::Turtle;  // a superset of N-Triples
  auto quads = parse_possibly_truncated<std::vector<rdf::Quad>>(
      response, "lines", [&](std::string_view body) {
        return rdf::parse_rdf(body, *syntax, response.endpoint, response.endpoint);
      });
  std::vector<rdf::Triple> triples;
  triples.reserve(quads.size());
  for (rdf::Quad& quad : quads) {
    triples.push_back({std::move(quad.subject), std::move(quad.predicate), std::move(quad.object)});
  }
  return triples;
}

class RemoteSource final : public QuerySource {
 public:
  RemoteSource(const catalogue::Endpoint& endpoint, http::SparqlProtocolClient& client,
               RemoteSourceSettings settings)
      : endpoint_(endpoint), client_(client), settings_(settings) {}

  SourceAnswer run(const sparql::Query& query, Clock::time_point deadline,
                   mcp::ToolContext& context) override {
    const bool graph = is_graph_form(query.form());
    std::string accept =
        graph ? std::string(kGraphAccept) : std::string(results::results_accept_header());
    http::SparqlEndpointConfig config = endpoint_config(remaining(deadline));
    log_endpoint_notices(config, context);  // retries and fallbacks reach the agent as warnings
    Outcome<http::SparqlResponse> outcome = client_.query(config, sparql::serialize_query(query),
                                                          std::move(accept), context.cancellation);
    if (!outcome.ok()) throw Exception(outcome.error());
    http::SparqlResponse& response = outcome.value();
    SourceAnswer answer;
    answer.body_truncated = response.truncated;
    answer.attempts = response.attempts;
    if (graph) {
      answer.triples = parse_graph(response);
    } else {
      answer.solutions = parse_solutions(response);
    }
    return answer;
  }

  std::string route() const override { return "direct"; }
  bool stable_order() const override { return false; }
  RowCap row_cap() const override {
    if (endpoint_.settings.result_cap) return {*endpoint_.settings.result_cap, true};
    return {settings_.assumed_result_cap, false};
  }

 private:
  http::SparqlEndpointConfig endpoint_config(std::chrono::milliseconds timeout) const {
    http::SparqlEndpointConfig config;
    config.endpoint = endpoint_.endpoint_iri;
    config.headers = endpoint_.settings.headers;
    config.timeout =
        endpoint_.settings.timeout ? std::min(timeout, *endpoint_.settings.timeout) : timeout;
    config.max_response_bytes = settings_.max_response_bytes;
    if (endpoint_.settings.http_method == "GET") config.method = http::HttpMethodPreference::Get;
    if (endpoint_.settings.http_method == "POST") config.method = http::HttpMethodPreference::Post;
    return config;
  }

  catalogue::Endpoint endpoint_;
  http::SparqlProtocolClient& client_;
  RemoteSourceSettings settings_;
};

class InProcessSource final : public QuerySource {
 public:
  InProcessSource(const engine::Store& store, InProcessSettings settings)
      : store_(store), settings_(settings) {}

  SourceAnswer run(const sparql::Query& query, Clock::time_point deadline,
                   mcp::ToolContext& context) override {
    engine::EvaluationOptions options;
    options.deadline = deadline;
    options.cancellation = context.cancellation;
    options.max_result_rows = settings_.max_result_rows;
    // Several calls may run at once on the worker pool: a runaway ORDER BY or GROUP BY stops
    // at a few hundred MiB instead of the engine's default budget.
    options.max_rows_in_memory = settings_.max_rows_in_memory;
    // Dumps of named graphs are queried like a public endpoint: the default graph is the
    // merge of all graphs, GRAPH still selects one.
    options.union_default_graph = true;
    engine::QueryOutcome outcome = engine::evaluate_query(query, store_, options);
    SourceAnswer answer;
    answer.stopped_at_cap = outcome.truncated;
    answer.solutions = std::move(outcome.results);
    answer.triples = std::move(outcome.graph);
    return answer;
  }

  std::string route() const override { return "in-process"; }
  bool stable_order() const override { return true; }
  RowCap row_cap() const override { return {settings_.max_result_rows, true}; }

 private:
  const engine::Store& store_;
  InProcessSettings settings_;
};

}  // namespace

std::unique_ptr<QuerySource> make_remote_source(const catalogue::Endpoint& endpoint,
                                                http::SparqlProtocolClient& client,
                                                RemoteSourceSettings settings) {
  return std::make_unique<RemoteSource>(endpoint, client, settings);
}

std::unique_ptr<QuerySource> make_in_process_source(const engine::Store& store,
                                                    InProcessSettings settings) {
  return std::make_unique<InProcessSource>(store, settings);
}

}  // namespace sparqlmcp::tools
