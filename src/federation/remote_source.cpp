// A catalogue endpoint reached over the SPARQL protocol: queries are printed as text, sent with
// the endpoint's own settings (timeout, method, headers) and the responses read back.

#include <algorithm>
#include <future>

#include "response_reading.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/results/format.hpp"
#include "sparqlmcp/sparql/algebra_vars.hpp"
#include "sparqlmcp/sparql/query_shape.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

namespace sparqlmcp::federation {
namespace {

std::chrono::milliseconds remaining(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return std::max(left, std::chrono::milliseconds(1));
}

SourceAnswer answer_from(const http::SparqlResponse& response, bool graph, EndpointMemory* memory) {
  SourceAnswer answer;
  answer.body_truncated = response.truncated;
  if (response.capped_at) {
    // The endpoint says it cut this answer; later answers of that size may be cut too.
    answer.announced_cap = response.capped_at;
    if (memory) memory->result_cap_seen(response.endpoint, *response.capped_at);
  }
  answer.attempts = response.attempts;
  answer.bytes = response.body.size();
  if (graph) {
    answer.triples = read_triples(response);
  } else {
    answer.solutions = read_solutions(response);
  }
  return answer;
}

// What a SELECT request asked of the endpoint: at most `limit` rows of the columns `vars`. An
// answer beyond it is the endpoint's fault, reported at once: an endpoint that ignores LIMIT
// would otherwise be trusted with counts, caps and pages it never respected.
struct Asked {
  bool select = false;
  std::optional<std::uint64_t> limit;
  std::vector<std::string> vars;
};

Asked asked_of(const sparql::Query& query) {
  if (query.form() != sparql::QueryForm::Select) return {};
  return {true, sparql::outer_slice(query).limit, sparql::projected_variables(query)};
}

Asked asked_of(const PatternQuery& query) {
  Asked asked{true, std::nullopt, query.vars};
  if (const auto* slice = query.op.get_if<sparql::algebra::SliceOp>()) asked.limit = slice->limit;
  if (asked.vars.empty()) asked.vars = sparql::algebra::bound_vars(query.op).maybe;
  return asked;
}

void check_asked(const SourceAnswer& answer, const Asked& asked,
                 const http::SparqlResponse& response) {
  if (!asked.select || answer.solutions.kind != results::QueryResults::Kind::Bindings) return;
  auto fault = [&](const std::string& what) {
    Error error = make_remote_error("the endpoint broke the SPARQL protocol: " + what,
                                    response.endpoint, response.status, 0, response.body);
    error.remote->body = RemoteBody::ProtocolFault;
    throw Exception(std::move(error));
  };
  const std::size_t rows = answer.solutions.rows.size();
  if (asked.limit && rows > *asked.limit) {
    fault("it returned " + std::to_string(rows) + " rows to a query with LIMIT " +
          std::to_string(*asked.limit) + " (it ignores LIMIT)");
  }
  for (const std::string& var : answer.solutions.variables) {
    if (std::find(asked.vars.begin(), asked.vars.end(), var) == asked.vars.end())
      fault("it returned a column ?" + var + " that the query did not select");
  }
}

// Tells `on_request` how a request ended: `answer` when it was read, else `error`.
void report(const std::function<void(const RequestRecord&)>& on_request,
            const std::string& endpoint, const std::string& query, Clock::time_point started,
            const Outcome<http::SparqlResponse>& outcome, const SourceAnswer* answer,
            const Error* error) {
  if (!on_request) return;
  RequestRecord record;
  record.endpoint = endpoint;
  record.query = query;
  record.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
  if (outcome.ok()) {
    record.status = outcome.value().status;
    record.bytes = outcome.value().body.size();
    record.attempts = outcome.value().attempts;
  } else if (outcome.error().remote) {
    record.status = outcome.error().remote->http_status;
  }
  if (answer) {
    record.rows = answer->triples.empty() ? answer->solutions.rows.size() : answer->triples.size();
  }
  if (error) record.error = error->to_text();
  on_request(record);
}

// Reads the response of a request that ended, telling `on_request` how it went.
SourceAnswer read_answer(Outcome<http::SparqlResponse> outcome, bool graph, const Asked& asked,
                         EndpointMemory* memory,
                         const std::function<void(const RequestRecord&)>& on_request,
                         const std::string& endpoint, const std::string& query,
                         Clock::time_point started) {
  if (!outcome.ok()) {
    report(on_request, endpoint, query, started, outcome, nullptr, &outcome.error());
    throw Exception(outcome.error());
  }
  try {
    SourceAnswer answer = answer_from(outcome.value(), graph, memory);
    check_asked(answer, asked, outcome.value());
    report(on_request, endpoint, query, started, outcome, &answer, nullptr);
    return answer;
  } catch (const Exception& exception) {
    report(on_request, endpoint, query, started, outcome, nullptr, &exception.error());
    throw;
  }
}

// A request in flight. Its own cancellation token follows the caller's and is cancelled when
// the request is abandoned, so the transfer stops instead of running on unobserved.
class PendingRemote final : public PendingAnswer {
 public:
  PendingRemote(RequestSender& sender, const http::SparqlEndpointConfig& config, std::string text,
                Asked asked, const RequestContext& context, std::shared_ptr<EndpointMemory> memory)
      : asked_(std::move(asked)),
        token_(std::make_shared<CancellationToken>()),
        memory_(std::move(memory)),
        on_request_(context.on_request),
        endpoint_(config.endpoint),
        started_(Clock::now()) {
    const CancellationTokenPtr& parent = context.cancellation;
    if (on_request_) query_ = text;
    if (parent) {
      subscription_.emplace(parent, [token = token_] { token->cancel(); });
    }
    auto promise = std::make_shared<std::promise<Outcome<http::SparqlResponse>>>();
    future_ = promise->get_future();
    sender.send(config, std::move(text), std::string(results::results_accept_header()), token_,
                [promise](Outcome<http::SparqlResponse> outcome) {
                  promise->set_value(std::move(outcome));
                });
  }
  ~PendingRemote() override {
    if (!waited_) token_->cancel();
  }

  SourceAnswer wait() override {
    waited_ = true;
    return read_answer(future_.get(), false, asked_, memory_.get(), on_request_, endpoint_, query_,
                       started_);
  }

 private:
  Asked asked_;
  CancellationTokenPtr token_;
  std::shared_ptr<EndpointMemory> memory_;
  std::optional<CancellationSubscription> subscription_;
  std::future<Outcome<http::SparqlResponse>> future_;
  bool waited_ = false;
  std::function<void(const RequestRecord&)> on_request_;
  std::string endpoint_;
  std::string query_;  // kept only for on_request
  Clock::time_point started_;
};

class RemoteSource final : public Source {
 public:
  RemoteSource(const catalogue::Endpoint& endpoint, RequestSender& sender,
               RemoteSourceSettings settings)
      : endpoint_(endpoint), sender_(sender), settings_(settings) {}

  const std::string& endpoint() const override { return endpoint_.endpoint_iri; }

  SourceAnswer run(const sparql::Query& query, const RequestContext& context) override {
    const bool graph = sparql::is_graph_form(query.form());
    std::string accept =
        graph ? std::string(kGraphAccept) : std::string(results::results_accept_header());
    const Clock::time_point started = Clock::now();
    std::string text = sparql::serialize_query(query);
    Outcome<http::SparqlResponse> outcome =
        send_and_wait(sender_, config_for(context), text, std::move(accept), context.cancellation);
    const std::chrono::milliseconds elapsed =
        outcome.ok() ? outcome.value().elapsed : std::chrono::milliseconds(0);
    SourceAnswer answer =
        read_answer(std::move(outcome), graph, asked_of(query), settings_.memory.get(),
                    context.on_request, endpoint_.endpoint_iri, text, started);
    if (context.explain) {
      const std::size_t rows = graph ? answer.triples.size() : answer.solutions.rows.size();
      answer.plan =
          engine::ExplainNode{"remote",
                              "<" + endpoint_.endpoint_iri +
                                  "> the whole query, requests=" + std::to_string(answer.attempts) +
                                  " time=" + std::to_string(elapsed.count()) + "ms",
                              rows,
                              1,
                              {}};
    }
    return answer;
  }

  std::unique_ptr<PendingAnswer> start(const PatternQuery& query,
                                       const RequestContext& context) override {
    return std::make_unique<PendingRemote>(sender_, config_for(context), text_of(query),
                                           asked_of(query), context, settings_.memory);
  }

  std::string text_of(const PatternQuery& query) const override {
    return sparql::serialize_algebra(query.op, *query.prologue, query.vars);
  }

  std::string route() const override { return "direct"; }
  bool stable_order() const override { return false; }
  RowCap row_cap() const override {
    if (endpoint_.settings.result_cap) return {*endpoint_.settings.result_cap, true};
    if (settings_.memory) {
      if (auto learned = settings_.memory->learned_result_cap(endpoint_.endpoint_iri))
        return {*learned, true, true};
    }
    return {settings_.assumed_result_cap, false};
  }

 private:
  http::SparqlEndpointConfig config_for(const RequestContext& context) const {
    http::SparqlEndpointConfig config;
    config.endpoint = endpoint_.endpoint_iri;
    config.headers = endpoint_.settings.headers;
    const std::chrono::milliseconds timeout = remaining(context.deadline);
    config.timeout =
        endpoint_.settings.timeout ? std::min(timeout, *endpoint_.settings.timeout) : timeout;
    config.max_response_bytes = settings_.max_response_bytes;
    if (endpoint_.settings.http_method == "GET") config.method = http::HttpMethodPreference::Get;
    if (endpoint_.settings.http_method == "POST") config.method = http::HttpMethodPreference::Post;
    config.on_notice = context.on_notice;
    return config;
  }

  catalogue::Endpoint endpoint_;
  RequestSender& sender_;
  RemoteSourceSettings settings_;
};

}  // namespace

std::unique_ptr<Source> make_remote_source(const catalogue::Endpoint& endpoint,
                                           RequestSender& sender, RemoteSourceSettings settings) {
  return std::make_unique<RemoteSource>(endpoint, sender, settings);
}

}  // namespace sparqlmcp::federation
