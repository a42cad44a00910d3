#pragma once
// A RequestSender that answers from in-memory stores as a SPARQL endpoint would: it parses the
// query text it is sent, evaluates it with the embedded engine and replies in SPARQL JSON. Each
// endpoint can be told to misbehave like real ones: cap its answers, refuse VALUES blocks above
// a size (413), refuse VALUES altogether as a SPARQL 1.0 server does (400 with a parse error),
// drop the row-number column of VALUES answers, fail with a status, or send a body that is no
// result.

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/engine/store.hpp"
#include "sparqlmcp/federation/request_sender.hpp"
#include "sparqlmcp/results/serializer.hpp"
#include "sparqlmcp/sparql/parser.hpp"

namespace sparqlmcp::test {

struct FakeEndpoint {
  std::unique_ptr<engine::Store> store = std::make_unique<engine::Store>();
  std::optional<std::size_t> cap;  // rows returned at most, silently
  bool announce_cap = false;       // says X-SPARQL-MaxRows when the cap cut the answer (Virtuoso)
  std::optional<std::size_t> max_values;   // VALUES rows accepted; more: 413
  std::optional<std::size_t> slow_values;  // VALUES rows answered in time; more: a timeout
  bool refuse_values = false;              // any query with VALUES: 400, a parse error
  bool drop_row_column = false;            // answers lack the ?__row column
  std::optional<long> fail_status;         // every request fails with this status
  std::optional<std::string> body;         // sent instead of the results (status 200)
  std::vector<std::string> queries;        // every query text received
};

class FakeSender final : public federation::RequestSender {
 public:
  FakeEndpoint& add(const std::string& iri, std::string_view turtle) {
    FakeEndpoint& endpoint = endpoints_[iri];
    endpoint.store->load_text(turtle, rdf::RdfSyntax::Turtle, "http://example.org/", iri);
    return endpoint;
  }
  FakeEndpoint& at(const std::string& iri) { return endpoints_.at(iri); }
  std::size_t requests() const {
    std::size_t n = 0;
    for (const auto& [iri, endpoint] : endpoints_)
      n += endpoint.queries.size();
    return n;
  }

  void send(const http::SparqlEndpointConfig& config, std::string query, std::string,
            CancellationTokenPtr,
            std::function<void(Outcome<http::SparqlResponse>)> on_done) override {
    on_done(answer(config.endpoint, query));
  }

 private:
  static std::size_t values_rows(const sparql::algebra::Operator& op) {
    std::size_t n =
        op.kind == sparql::algebra::OpKind::Table && !op.vars.empty() ? op.rows.size() : 0;
    for (const auto& child : op.children)
      n = std::max(n, values_rows(child));
    return n;
  }

  static void drop_column(results::QueryResults& results, const std::string& var) {
    auto it = std::find(results.variables.begin(), results.variables.end(), var);
    if (it == results.variables.end()) return;
    const auto column = it - results.variables.begin();
    results.variables.erase(it);
    for (results::Row& row : results.rows)
      if (column < static_cast<std::ptrdiff_t>(row.size())) row.erase(row.begin() + column);
  }

  Outcome<http::SparqlResponse> answer(const std::string& iri, const std::string& text) {
    auto it = endpoints_.find(iri);
    if (it == endpoints_.end()) {
      return make_remote_error("could not connect", iri, 0, 7, {});
    }
    FakeEndpoint& endpoint = it->second;
    endpoint.queries.push_back(text);
    if (endpoint.fail_status) {
      return make_remote_error(
          "the endpoint answered HTTP " + std::to_string(*endpoint.fail_status), iri,
          *endpoint.fail_status, 0, "Internal error");
    }
    http::SparqlResponse response;
    response.endpoint = iri;
    response.status = 200;
    response.content_type = "application/sparql-results+json";
    if (endpoint.body) {
      response.body = *endpoint.body;
      return response;
    }
    if (endpoint.refuse_values) {
      if (auto at = text.find("VALUES"); at != std::string::npos) {
        // What Virtuoso 6, a SPARQL 1.0 server, says to a VALUES block.
        const std::size_t line = 1 + std::count(text.begin(), text.begin() + at, '\n');
        std::string body = "Virtuoso 37000 Error SP030: SPARQL compiler, line " +
                           std::to_string(line) + ": syntax error at 'VALUES' before '('\n\n" +
                           "SPARQL query:\n" + text;
        return make_remote_error(
            "the endpoint rejected the query (HTTP 400 Bad Request): " + body.substr(0, 90), iri,
            400, 0, body);
      }
    }
    sparql::Query query = sparql::parse_query(text);
    if (endpoint.max_values && values_rows(query.algebra()) > *endpoint.max_values) {
      return make_remote_error("the endpoint answered HTTP 413", iri, 413, 0, "Too large");
    }
    if (endpoint.slow_values && values_rows(query.algebra()) > *endpoint.slow_values) {
      Error error =
          make_remote_error("no complete response from " + iri + " in time", iri, 0, 0, {});
      error.kind = ErrorKind::Timeout;
      return error;
    }
    engine::QueryOutcome outcome = engine::evaluate_query(query, *endpoint.store);
    if (endpoint.cap && outcome.results.rows.size() > *endpoint.cap) {
      outcome.results.rows.resize(*endpoint.cap);
      if (endpoint.announce_cap) response.capped_at = *endpoint.cap;
    }
    if (endpoint.drop_row_column) drop_column(outcome.results, "__row");
    response.body = results::serialize_results(outcome.results, results::ResultsFormat::Json);
    return response;
  }

  std::map<std::string, FakeEndpoint> endpoints_;
};

}  // namespace sparqlmcp::test
