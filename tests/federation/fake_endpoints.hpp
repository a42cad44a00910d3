#pragma once
// A RequestSender that answers from in-memory stores as a SPARQL endpoint would: it parses the
// query text it is sent, evaluates it with the embedded engine and replies in SPARQL JSON. Each
// endpoint can be told to misbehave like real ones: cap its answers, refuse VALUES blocks above
// a size (413), refuse VALUES altogether as a SPARQL 1.0 server does (400 with a parse error),
// drop the row-number column of VALUES answers, fail with a status, or send a body that is no
// result.

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
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
  // Queries containing this text are refused as a bad request (400) with a parse error, as an
  // endpoint refuses a function it does not know.
  std::optional<std::string> refuse_containing;
  bool ignore_limit = false;         // answers every query as if it had no LIMIT (nor OFFSET)
  bool reorder = false;              // rows in another order at each request (unless ORDER BY)
  std::vector<std::string> queries;  // every query text received
};

class FakeSender final : public federation::RequestSender {
 public:
  ~FakeSender() override {
    for (std::thread& thread : threads_)
      thread.join();
  }

  // Answers on a thread of its own, as the HTTP client does, once `gate` requests are in
  // flight at once (or, should fewer ever be, after a few seconds): a test then sees which
  // requests the federation had sent before it waited for any answer.
  void answer_asynchronously(std::size_t gate) {
    asynchronous_ = true;
    gate_ = gate;
  }
  std::size_t most_in_flight() const {
    std::lock_guard lock(mutex_);
    return most_in_flight_;
  }

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
    if (!asynchronous_) {
      std::lock_guard lock(mutex_);
      on_done(answer(config.endpoint, query));
      return;
    }
    {
      std::lock_guard lock(mutex_);
      most_in_flight_ = std::max(most_in_flight_, ++in_flight_);
    }
    changed_.notify_all();
    threads_.emplace_back(
        [this, endpoint = config.endpoint, query = std::move(query), on_done = std::move(on_done)] {
          std::unique_lock lock(mutex_);
          // Not a timing assertion: the bound only keeps a broken federation from hanging a test.
          changed_.wait_for(lock, std::chrono::seconds(5),
                            [this] { return in_flight_ >= gate_ || released_; });
          released_ = true;  // the gate opens once, for every request after it
          Outcome<http::SparqlResponse> outcome = answer(endpoint, query);
          --in_flight_;
          lock.unlock();
          changed_.notify_all();
          on_done(std::move(outcome));
        });
  }

 private:
  static std::size_t values_rows(const sparql::algebra::Operator& op) {
    const auto* table = op.get_if<sparql::algebra::TableOp>();
    std::size_t n = table != nullptr && !table->vars.empty() ? table->rows.size() : 0;
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
    if (endpoint.refuse_containing && text.find(*endpoint.refuse_containing) != std::string::npos) {
      const std::string body =
          "Parse error: Unknown function or syntax near '" + *endpoint.refuse_containing + "'";
      return make_remote_error("the endpoint rejected the query (HTTP 400 Bad Request): " + body,
                               iri, 400, 0, body);
    }
    sparql::Query query = sparql::parse_query(text);
    // An endpoint that reorders applies OFFSET and LIMIT to rows in another order each time,
    // so that pages without ORDER BY overlap and miss rows.
    const bool reorder = endpoint.reorder && query.form() == sparql::QueryForm::Select &&
                         query.syntax().order_by.empty();
    const std::optional<std::uint64_t> offset = query.syntax().offset;
    const std::optional<std::uint64_t> limit = query.syntax().limit;
    if (endpoint.ignore_limit || reorder) {
      sparql::ast::SelectQuery syntax = query.syntax();
      syntax.limit.reset();
      syntax.offset.reset();
      query = sparql::make_query(query.prologue(), std::move(syntax));
    }
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
    if (reorder && !outcome.results.rows.empty()) {
      auto& rows = outcome.results.rows;
      std::rotate(rows.begin(),
                  rows.begin() + static_cast<long>(endpoint.queries.size() * 7919 % rows.size()),
                  rows.end());
      if (endpoint.queries.size() % 2 == 0) std::reverse(rows.begin(), rows.end());
      const std::size_t from = std::min<std::size_t>(offset.value_or(0), rows.size());
      rows.erase(rows.begin(), rows.begin() + static_cast<long>(from));
      if (limit && rows.size() > *limit) rows.resize(*limit);
    }
    if (endpoint.cap && outcome.results.rows.size() > *endpoint.cap) {
      outcome.results.rows.resize(*endpoint.cap);
      if (endpoint.announce_cap) response.capped_at = *endpoint.cap;
    }
    if (endpoint.drop_row_column) drop_column(outcome.results, "__row");
    response.body = results::serialize_results(outcome.results, results::ResultsFormat::Json);
    return response;
  }

  std::map<std::string, FakeEndpoint> endpoints_;
  bool asynchronous_ = false;
  std::size_t gate_ = 1;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t in_flight_ = 0;
  std::size_t most_in_flight_ = 0;
  bool released_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace sparqlmcp::test
