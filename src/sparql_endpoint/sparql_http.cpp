#include "sparqlmcp/sparql_endpoint/sparql_http.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include <algorithm>
#include <charconv>
#include <optional>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>

#include "sparql_negotiation.hpp"
#include "sparqlmcp/rdf/writer.hpp"
#include "sparqlmcp/results/serializer.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/query_shape.hpp"
#include "sparqlmcp/sparql/service_wrap.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::sparql_endpoint {
namespace {

using transport::decode_form;
using transport::HttpExchange;
using transport::HttpHandler;
using transport::HttpRequest;
using transport::HttpResponse;

using detail::AnswerFormat;

constexpr std::string_view kFormMediaType = "application/x-www-form-urlencoded";
constexpr std::string_view kQueryMediaType = "application/sparql-query";
constexpr std::string_view kUpdateMediaType = "application/sparql-update";
// A header value longer than this is cut: a warning names an endpoint and what to do, and some
// proxies refuse header lines of several kilobytes.
constexpr std::size_t kMaxWarningBytes = 1000;

// What a protocol request asks, read from its parameters before the query is parsed.
struct ProtocolRequest {
  std::optional<std::string> query;  // nullopt: the Service Description is asked for
  std::optional<std::chrono::milliseconds> timeout;
  std::vector<std::string> endpoints;  // endpoint= parameters, as given
  std::optional<std::string> accept;
  std::string endpoint_url;  // this endpoint as the client named it (Host and path)
};

HttpResponse bad_request(std::string message) {
  return HttpResponse::text(400, message);
}

HttpResponse read_only() {
  return bad_request(
      "this endpoint is read-only: SPARQL Update is not supported. Send a query (SELECT, ASK, "
      "CONSTRUCT or DESCRIBE) with query=, or POST it as application/sparql-query");
}

// Reads the request's parameters (SPARQL 1.1 Protocol 2.1.1-2.1.4) into `out`, or returns the
// answer that refuses it.
std::optional<HttpResponse> read_protocol_request(const HttpRequest& request,
                                                  ProtocolRequest& out) {
  std::vector<std::pair<std::string, std::string>> params;
  if (request.method == "GET") {
    params = decode_form(request.query);
    if (params.empty()) return std::nullopt;  // the Service Description
  } else {
    const std::string media_type =
        util::media_type_essence(request.header("Content-Type").value_or(""));
    if (media_type == kFormMediaType) {
      params = decode_form(request.body);
    } else if (media_type == kQueryMediaType) {
      params = decode_form(request.query);
      if (std::any_of(params.begin(), params.end(),
                      [](const auto& p) { return p.first == "query"; }))
        return bad_request(
            "an application/sparql-query POST carries the query as its body: remove the query= "
            "parameter from the URL");
      params.emplace_back("query", request.body);
    } else if (media_type == kUpdateMediaType) {
      return read_only();
    } else {
      return HttpResponse::text(
          415, "a POST to this endpoint must have Content-Type " + std::string(kFormMediaType) +
                   " (with query=...) or " + std::string(kQueryMediaType) +
                   " (the query as the body), not " +
                   (media_type.empty() ? std::string("none") : "'" + media_type + "'"));
    }
  }
  for (auto& [name, value] : params) {
    if (name == "query") {
      if (out.query)
        return bad_request("the request has more than one query parameter; send exactly one");
      out.query = std::move(value);
    } else if (name == "update" || name == "using-graph-uri" || name == "using-named-graph-uri") {
      return read_only();
    } else if (name == "default-graph-uri" || name == "named-graph-uri") {
      return bad_request(
          name +
          " names a graph of this endpoint's dataset, and it has none: the data is at the "
          "catalogue's endpoints. Name the endpoint with SERVICE <endpoint> { ... } and, for a "
          "named graph, use GRAPH <iri> { ... } inside it");
    } else if (name == "endpoint") {
      out.endpoints.push_back(std::move(value));
    } else if (name == "timeout") {
      std::int64_t ms = 0;
      auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), ms);
      if (error != std::errc() || end != value.data() + value.size() || ms < 1) {
        return bad_request("timeout must be a whole number of milliseconds (at least 1), not '" +
                           value + "'");
      }
      out.timeout = std::chrono::milliseconds(ms);
    }
    // Other parameters (a client's own, e.g. format hints) are ignored, as endpoints do.
  }
  if (!out.query) {
    return bad_request(
        "no query: send query=<SPARQL text> in the URL (GET) or in a form body (POST "
        "application/x-www-form-urlencoded), or POST the query as application/sparql-query");
  }
  return std::nullopt;
}

HttpResponse not_acceptable(bool graph) {
  return HttpResponse::text(
      406, std::string("no format the Accept header allows fits a ") +
               (graph ? "CONSTRUCT or DESCRIBE query's graph" : "SELECT or ASK query's results") +
               "; this endpoint writes " + detail::offered_media_types(graph));
}

// A header value: no line breaks or other control characters, bounded in length (cut at a
// UTF-8 character boundary).
std::string header_value(std::string_view text) {
  std::string value;
  for (char c : text)
    value.push_back(static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c);
  if (value.size() > kMaxWarningBytes) {
    std::size_t end = kMaxWarningBytes;
    while (end > 0 && util::is_utf8_continuation(value[end]))
      --end;
    value.resize(end);
    value += "...";
  }
  return value;
}

HttpResponse failure(const Error& error) {
  int status = 500;
  switch (error.kind) {
    case ErrorKind::Syntax:
    case ErrorKind::InvalidArgument:
    case ErrorKind::Unsupported:
      status = 400;
      break;
    case ErrorKind::Remote:
      status = 502;  // an endpoint behind this one failed
      break;
    case ErrorKind::Timeout:
      status = 504;
      break;
    case ErrorKind::Cancelled:
      status = 503;  // the server is stopping (a client that left reads nothing)
      break;
    case ErrorKind::LimitExceeded:
    case ErrorKind::Internal:
      status = 500;
      break;
  }
  return HttpResponse::text(status, error.to_text());
}

// What the endpoint sends for one answer.
struct Rendered {
  bool graph = false;
  results::QueryResults solutions;
  std::vector<rdf::Triple> triples;
  std::vector<std::pair<std::string, std::string>> prefixes;  // for compact Turtle
};

std::string serialize(const Rendered& answer, AnswerFormat format) {
  switch (format) {
    case AnswerFormat::Json:
      return results::serialize_results(answer.solutions, results::ResultsFormat::Json);
    case AnswerFormat::Xml:
      return results::serialize_results(answer.solutions, results::ResultsFormat::Xml);
    case AnswerFormat::Csv:
      return results::serialize_results(answer.solutions, results::ResultsFormat::Csv);
    case AnswerFormat::Tsv:
      return results::serialize_results(answer.solutions, results::ResultsFormat::Tsv);
    case AnswerFormat::Turtle:
      return rdf::serialize_turtle(answer.triples, answer.prefixes);
    case AnswerFormat::NTriples:
      return rdf::serialize_ntriples(answer.triples);
  }
  return {};
}

// SPARQL 1.1 Service Description 2: what a GET of the endpoint without a query returns, as the
// graph answer it is written like.
Rendered service_description(const std::string& endpoint_url,
                             const SparqlEndpointOptions& options) {
  const std::string sd = "http://www.w3.org/ns/sparql-service-description#";
  const std::string formats = "http://www.w3.org/ns/formats/";
  const rdf::Term service = rdf::Term::blank("service");
  Rendered description;
  description.graph = true;
  description.prefixes = {{"sd", sd}, {"formats", formats}};
  description.triples = {
      {service, rdf::Term::iri("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"),
       rdf::Term::iri(sd + "Service")},
      {service, rdf::Term::iri(sd + "endpoint"), rdf::Term::iri(endpoint_url)},
      {service, rdf::Term::iri(sd + "supportedLanguage"), rdf::Term::iri(sd + "SPARQL11Query")},
      // SERVICE is how queries name the catalogue's endpoints.
      {service, rdf::Term::iri(sd + "feature"), rdf::Term::iri(sd + "BasicFederatedQuery")},
  };
  for (const char* format : {"SPARQL_Results_JSON", "SPARQL_Results_XML", "SPARQL_Results_CSV",
                             "SPARQL_Results_TSV", "Turtle", "N-Triples"}) {
    description.triples.push_back(
        {service, rdf::Term::iri(sd + "resultFormat"), rdf::Term::iri(formats + format)});
  }
  std::vector<rdf::Triple> federated;
  const rdf::Term graph = rdf::Term::blank("federation");
  try {
    if (options.federation_void) federated = options.federation_void(endpoint_url, graph);
  } catch (const std::exception& e) {
    // The description without VoID is still right; the failure is the server's to fix.
    spdlog::warn("sparql endpoint: the service description's VoID failed: {}", e.what());
  }
  if (!federated.empty()) {
    // VoID on the default graph of the default dataset, where void-generator puts it and
    // federators look for it.
    const std::string rdf_type = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
    const rdf::Term dataset = rdf::Term::blank("defaultDataset");
    description.triples.push_back({service, rdf::Term::iri(sd + "defaultDataset"), dataset});
    description.triples.push_back(
        {dataset, rdf::Term::iri(rdf_type), rdf::Term::iri(sd + "Dataset")});
    description.triples.push_back({dataset, rdf::Term::iri(sd + "defaultGraph"), graph});
    description.triples.push_back({graph, rdf::Term::iri(rdf_type), rdf::Term::iri(sd + "Graph")});
    description.triples.insert(description.triples.end(), federated.begin(), federated.end());
    description.prefixes.emplace_back("void", "http://rdfs.org/ns/void#");
    description.prefixes.emplace_back("dcterms", "http://purl.org/dc/terms/");
  }
  return description;
}

// The warning an answer's shortfall gets: what happened, then what a SPARQL client can do.
std::string shortfall_warning(const federation::Shortfall& shortfall) {
  switch (shortfall.kind) {
    case federation::Shortfall::Kind::ResultCap:
      return shortfall.text + "; page with ORDER BY, LIMIT and OFFSET for the rest.";
    case federation::Shortfall::Kind::ResponseBytes:
    case federation::Shortfall::Kind::EngineCap:
      return shortfall.text + "; add LIMIT or make the query more selective.";
    case federation::Shortfall::Kind::Service:
      break;
  }
  return shortfall.text;
}

class SparqlHttpHandler final : public HttpHandler {
 public:
  SparqlHttpHandler(Answerer answer, SparqlEndpointOptions options)
      : answer_(std::move(answer)),
        options_(std::move(options)),
        pool_(std::max<std::size_t>(options_.threads, 1)) {}

  ~SparqlHttpHandler() override { pool_.join(); }

  void handle(HttpRequest request, HttpExchange exchange) override {
    if (request.method != "GET" && request.method != "POST") {
      HttpResponse response = HttpResponse::text(
          405, request.method + " is not served at " + request.path +
                   ": send a query with GET (query=...) or POST (SPARQL 1.1 Protocol)");
      response.headers.emplace_back("Allow", "GET, POST");
      exchange.respond(std::move(response));
      return;
    }
    ProtocolRequest protocol;
    if (std::optional<HttpResponse> refusal = read_protocol_request(request, protocol)) {
      exchange.respond(std::move(*refusal));
      return;
    }
    protocol.accept = request.header("Accept");
    protocol.endpoint_url = "http://" + request.header("Host").value_or("localhost") + request.path;
    if (!protocol.query) {
      // On the pool: the VoID of a big catalogue takes a moment to write.
      boost::asio::post(pool_, [this, protocol = std::move(protocol), exchange]() {
        describe_service(protocol, exchange);
      });
      return;
    }
    boost::asio::post(
        pool_, [this, protocol = std::move(protocol), exchange]() { answer(protocol, exchange); });
  }

 private:
  void describe_service(const ProtocolRequest& protocol, const HttpExchange& exchange) const {
    const std::optional<detail::Offer> offer = detail::negotiate(protocol.accept, true);
    if (!offer) {
      exchange.respond(not_acceptable(true));
      return;
    }
    HttpResponse response;
    response.headers.emplace_back("Content-Type", detail::content_type(*offer));
    response.body = serialize(service_description(protocol.endpoint_url, options_), offer->format);
    exchange.respond(std::move(response));
  }

  // The IRIs of the endpoints endpoint= names, or nullopt after refusing the request.
  std::optional<std::vector<std::string>> endpoint_iris(const std::vector<std::string>& names,
                                                        const HttpExchange& exchange) const {
    std::vector<std::string> iris;
    for (const std::string& name : names) {
      const catalogue::Endpoint* endpoint =
          options_.catalogue ? options_.catalogue->find(name) : nullptr;
      if (endpoint == nullptr) {
        exchange.respond(bad_request(
            "endpoint=" + name +
            " is not an endpoint of this server's catalogue; name endpoints by their id or IRI" +
            (options_.catalogue ? "; known endpoints: " + catalogue::known_ids(*options_.catalogue)
                                : std::string())));
        return std::nullopt;
      }
      if (std::find(iris.begin(), iris.end(), endpoint->endpoint_iri) == iris.end())
        iris.push_back(endpoint->endpoint_iri);
    }
    return iris;
  }

  // On a pool thread: parses, negotiates, evaluates and answers.
  void answer(const ProtocolRequest& protocol, const HttpExchange& exchange) const {
    if (exchange.cancellation()->cancelled()) return;  // the client left while it waited
    try {
      sparql::Query query = sparql::parse_query(*protocol.query);
      if (!protocol.endpoints.empty()) {
        std::optional<std::vector<std::string>> iris = endpoint_iris(protocol.endpoints, exchange);
        if (!iris) return;
        query = sparql::spread_plain_patterns(query, *iris).query;
      }
      const bool graph = sparql::is_graph_form(query.form());
      const std::optional<detail::Offer> offer = detail::negotiate(protocol.accept, graph);
      if (!offer) {
        exchange.respond(not_acceptable(graph));
        return;
      }
      const std::chrono::milliseconds timeout =
          std::min(protocol.timeout.value_or(options_.default_timeout), options_.max_timeout);
      federation::RequestContext context;
      context.deadline = federation::Clock::now() + timeout;
      context.cancellation = exchange.cancellation();
      federation::Window window;
      window.rows = options_.max_rows;
      federation::Answer answer = answer_(query, window, context);

      HttpResponse response;
      response.headers.emplace_back("Content-Type", detail::content_type(*offer));
      const federation::Completeness& verdict = answer.completeness;
      std::vector<std::string> warnings = answer.warnings;
      if (verdict.cut_at) {
        answer.solutions.rows.resize(*verdict.cut_at);
        response.headers.emplace_back("X-SPARQL-MaxRows", std::to_string(*verdict.cut_at));
        warnings.push_back("the answer has more than " + std::to_string(*verdict.cut_at) +
                           " rows, the most this endpoint returns at once; page with ORDER BY, "
                           "LIMIT and OFFSET for the rest.");
      } else if (verdict.limit_reached_at &&
                 std::any_of(verdict.shortfalls.begin(), verdict.shortfalls.end(),
                             [](const federation::Shortfall& s) {
                               return s.kind == federation::Shortfall::Kind::ResultCap;
                             })) {
        // The endpoint behind this one cut the answer at its cap: say so as it would.
        response.headers.emplace_back(
            "X-SPARQL-MaxRows",
            std::to_string(verdict.announced_cap.value_or(*verdict.limit_reached_at)));
      }
      for (const federation::Shortfall& shortfall : verdict.shortfalls)
        warnings.push_back(shortfall_warning(shortfall));
      for (const std::string& warning : warnings)
        response.headers.emplace_back("X-SPARQL-MCP-Warning", header_value(warning));
      Rendered rendered;
      rendered.graph = graph;
      rendered.prefixes = sparql::query_prefixes(query);
      rendered.solutions = std::move(answer.solutions);
      rendered.triples = std::move(answer.triples);
      response.body = serialize(rendered, offer->format);
      exchange.respond(std::move(response));
    } catch (const Exception& exception) {
      const Error& error = exception.error();
      if (error.kind == ErrorKind::Internal || error.kind == ErrorKind::LimitExceeded) {
        spdlog::warn("SPARQL endpoint: {}", error.to_text());
      }
      exchange.respond(failure(error));
    } catch (const std::exception& exception) {
      spdlog::error("SPARQL endpoint: unexpected failure: {}", exception.what());
      exchange.respond(failure(make_error(ErrorKind::Internal, exception.what())));
    }
  }

  Answerer answer_;
  SparqlEndpointOptions options_;
  boost::asio::thread_pool pool_;
};

}  // namespace

std::unique_ptr<HttpHandler> make_sparql_http_handler(Answerer answer,
                                                      SparqlEndpointOptions options) {
  return std::make_unique<SparqlHttpHandler>(std::move(answer), std::move(options));
}

}  // namespace sparqlmcp::sparql_endpoint
