#include "sparqlmcp/tools/federation_proxy.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <set>

#include "paging.hpp"
#include "query_facts.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/federation/statistics.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "sparqlmcp/tools/request_trace.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/random.hpp"

namespace sparqlmcp::tools {
namespace {

using federation::SourceAnswer;
using Clock = std::chrono::steady_clock;

// What a federated answer's SERVICE blocks said: answers that may lack rows, failures that
// SERVICE SILENT let pass.
void add_federation_warnings(const federation::FederationStats& stats, ProxyAnswer& answer) {
  for (const auto& [id, service] : stats.services) {
    const std::string name = "SERVICE #" + std::to_string(id) + " <" + service.endpoint + ">";
    if (service.silent_failure) {
      answer.warnings.push_back(
          name + " failed and SILENT let the query go on without it: " + service.failure);
    }
    for (const std::string& why : service.incomplete) {
      answer.possibly_incomplete = true;
      answer.warnings.push_back(name + ": " + why);
    }
  }
}

// SERVICE SILENT around the whole query: a failing endpoint contributes the single empty
// solution (SPARQL 1.1 Federated Query, section 4).
ProxyAnswer silent_failure(const sparql::Query& query, const Error& error, ProxyAnswer answer) {
  answer.warnings.push_back(
      "SERVICE SILENT: the endpoint failed and its failure was ignored as the query asked: " +
      error.to_text());
  if (!answer.graph) answer.solutions = silent_solutions(query);
  return answer;
}

}  // namespace

FederationProxy::FederationProxy(std::shared_ptr<const QuerySources> sources,
                                 QuerySettings settings, std::shared_ptr<TraceLog> trace)
    : sources_(std::move(sources)),
      settings_(std::move(settings)),
      trace_(std::move(trace)),
      trace_prefix_(util::random_hex(3) + "-sparql-") {}

sparql::Query FederationProxy::parse(std::string_view text) {
  return sparql::parse_query(text);
}

ProxyAnswer FederationProxy::answer(const sparql::Query& query,
                                    std::optional<std::chrono::milliseconds> timeout,
                                    CancellationTokenPtr cancellation) const {
  if (trace_) return traced_answer(query, timeout, std::move(cancellation));
  return answer_with(query, timeout, std::move(cancellation), {});
}

ProxyAnswer FederationProxy::traced_answer(const sparql::Query& query,
                                           std::optional<std::chrono::milliseconds> timeout,
                                           CancellationTokenPtr cancellation) const {
  const std::string call = trace_prefix_ + std::to_string(++traced_);
  struct Contacted {
    std::mutex mutex;
    std::set<std::string> endpoints;
    std::size_t failed = 0;
  };
  auto contacted = std::make_shared<Contacted>();
  auto write_request = request_tracer(trace_, {{"call", call}, {"origin", "sparql-endpoint"}});
  auto on_request = [contacted, write_request](const federation::RequestRecord& record) {
    {
      std::lock_guard lock(contacted->mutex);
      contacted->endpoints.insert(record.endpoint);
      if (!record.error.empty()) ++contacted->failed;
    }
    write_request(record);
  };
  const auto started = Clock::now();
  auto write_query = [&](const ProxyAnswer* answer, const std::string& error) {
    const std::chrono::duration<double, std::milli> took = Clock::now() - started;
    nlohmann::json line = {
        {"event", "sparql_query"},
        {"call", call},
        {"origin", "sparql-endpoint"},
        {"query", sparql::serialize_query(query)},
        {"elapsed_ms", std::round(took.count() * 1000.0) / 1000.0},
        {"route", answer ? nlohmann::json(answer->route) : nullptr},
        {"requests", answer ? answer->requests : 0},
        {"rows", nullptr},
        {"is_error", answer == nullptr},
        {"error", error.empty() ? nlohmann::json(nullptr) : nlohmann::json(error)}};
    if (answer)
      line["rows"] = answer->graph ? answer->triples.size() : answer->solutions.rows.size();
    std::lock_guard lock(contacted->mutex);
    line["endpoints"] = contacted->endpoints;
    line["failed_requests"] = contacted->failed;
    trace_->write(std::move(line));
  };
  try {
    ProxyAnswer answer = answer_with(query, timeout, std::move(cancellation), on_request);
    write_query(&answer, {});
    return answer;
  } catch (const Exception& exception) {
    write_query(nullptr, exception.error().to_text());
    throw;
  }
}

ProxyAnswer FederationProxy::answer_with(
    const sparql::Query& query, std::optional<std::chrono::milliseconds> timeout,
    CancellationTokenPtr cancellation,
    std::function<void(const federation::RequestRecord&)> on_request) const {
  const Clock::time_point deadline =
      Clock::now() + std::min(timeout.value_or(settings_.default_timeout), settings_.max_timeout);
  RoutedQuery routed = sources_->route(query);
  const sparql::Query& inner = routed.inner;
  federation::Source* source = routed.source.get();

  ProxyAnswer answer;
  answer.graph = is_graph_form(query.form());
  answer.prefixes = query_prefixes(query);
  answer.route = routed.route;
  const federation::RequestContext context{
      deadline, cancellation, {}, false, std::move(on_request)};
  auto run = [&](const sparql::Query& request) {
    SourceAnswer result = source->run(request, context);
    if (result.federation) {
      answer.requests += result.federation->requests();
      add_federation_warnings(*result.federation, answer);
    } else {
      answer.requests += static_cast<std::size_t>(result.attempts);
    }
    if (result.body_truncated) {
      answer.possibly_incomplete = true;
      answer.warnings.push_back("the endpoint's response exceeded the size limit of " +
                                std::to_string(settings_.max_response_bytes) +
                                " bytes and was cut after the last complete " +
                                std::string(answer.graph ? "triple" : "row") +
                                "; add LIMIT or make the query more selective.");
    }
    if (result.stopped_at_cap) {
      answer.possibly_incomplete = true;
      answer.warnings.push_back(
          "the in-process engine stopped at its row cap; add LIMIT or make the query more "
          "selective.");
    }
    return result;
  };

  try {
    if (answer.graph) {
      answer.triples = std::move(run(inner).triples);
      return answer;
    }
    if (query.form() == sparql::QueryForm::Ask) {
      answer.solutions = std::move(run(inner).solutions);
      return answer;
    }
    // SELECT: one request for at most one row more than the cap, which tells whether more
    // follow. The query's own LIMIT stays when it is smaller.
    const SliceBounds slice = outer_slice(inner);
    const std::uint64_t cap = settings_.max_rows_limit;
    const bool own_limit = slice.limit && *slice.limit <= cap;
    const std::uint64_t limit = own_limit ? *slice.limit : cap + 1;
    SourceAnswer result =
        run(own_limit ? inner : sliced_query(inner, inner.syntax(), slice.offset, limit));
    const federation::RowCap source_cap = source->row_cap();
    std::vector<results::Row>& rows = result.solutions.rows;
    if (rows.size() > cap) {
      rows.resize(cap);
      answer.cut_at = cap;
      answer.possibly_incomplete = true;
      answer.warnings.push_back("the answer has more than " + std::to_string(cap) +
                                " rows, the most this endpoint returns at once; page with "
                                "ORDER BY, LIMIT and OFFSET for the rest.");
    } else if (!result.body_truncated && !result.stopped_at_cap && !own_limit &&
               (result.announced_cap || (rows.size() >= source_cap.rows && rows.size() < limit))) {
      // The endpoint returned as many rows as it returns at once: more may exist there.
      answer.cut_at = result.announced_cap.value_or(rows.size());
      answer.possibly_incomplete = true;
      answer.warnings.push_back("the endpoint <" + source->endpoint() + "> returned " +
                                std::to_string(rows.size()) +
                                " rows, its result cap, so more rows may exist; page with "
                                "ORDER BY, LIMIT and OFFSET for the rest.");
    }
    answer.solutions = std::move(result.solutions);
    return answer;
  } catch (const Exception& exception) {
    if (exception.error().kind == ErrorKind::Cancelled || !routed.silent) throw;
    return silent_failure(query, exception.error(), std::move(answer));
  }
}

}  // namespace sparqlmcp::tools
