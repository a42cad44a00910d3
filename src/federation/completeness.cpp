#include "completeness.hpp"

namespace sparqlmcp::federation {
namespace {

std::string rows_phrase(std::size_t rows, bool graph) {
  return std::to_string(rows) + (graph ? " triple" : " row") + (rows == 1 ? "" : "s");
}

// Where the cap an answer reached is known from, as a reason says it.
std::string cap_origin(const SourceAnswer& answer, const RowCap& cap) {
  if (cap.declared && !cap.announced) return "its result cap (smcp:resultCap in the catalogue)";
  if (answer.announced_cap || cap.announced)
    return "its result cap (announced by the endpoint with X-SPARQL-MaxRows)";
  return "the result cap common on public endpoints (assumed: the catalogue declares none)";
}

}  // namespace

RowRequest plan_row_request(std::optional<std::uint64_t> window_rows,
                            std::optional<std::uint64_t> own_rows, std::size_t cap) {
  RowRequest request;
  auto consider = [&](std::uint64_t limit, RowRequest::Bound bound) {
    if (!request.limit || limit < *request.limit) request = {limit, bound};
  };
  // Taken in the order that wins ties.
  if (own_rows) consider(*own_rows, RowRequest::Bound::OwnLimit);
  if (window_rows) consider(*window_rows + 1, RowRequest::Bound::Probe);
  if (cap > 0) consider(cap, RowRequest::Bound::SourceCap);
  return request;
}

Completeness judge_answer(const SourceAnswer& answer, std::size_t received,
                          const RowRequest& request, const Source& source, bool graph,
                          std::size_t max_response_bytes) {
  Completeness verdict;
  verdict.announced_cap = answer.announced_cap;
  const std::string endpoint = "<" + source.endpoint() + ">";
  if (answer.body_truncated) {
    verdict.limit_reached_at = received;
    verdict.shortfalls.push_back({Shortfall::Kind::ResponseBytes,
                                  "the response of " + endpoint + " exceeded the size limit of " +
                                      std::to_string(max_response_bytes) +
                                      " bytes and was cut after " + rows_phrase(received, graph) +
                                      "; the total is unknown"});
    return verdict;
  }
  if (answer.stopped_at_cap) {
    verdict.limit_reached_at = received;
    verdict.shortfalls.push_back(
        {Shortfall::Kind::EngineCap,
         "the embedded engine stopped at its cap of " + rows_phrase(received, graph)});
    return verdict;
  }
  if (graph) return verdict;
  const RowCap cap = source.row_cap();
  const bool reached_limit = request.limit && received >= *request.limit;
  if (reached_limit && request.bound == RowRequest::Bound::OwnLimit) return verdict;
  if (reached_limit && request.bound == RowRequest::Bound::Probe) {
    verdict.cut_at = static_cast<std::size_t>(*request.limit - 1);
    return verdict;
  }
  // The request's limit was the source's cap, or the source stopped short of the limit while
  // saying it cut the answer, or returned as many rows as it returns at once.
  if (reached_limit || answer.announced_cap || (cap.rows > 0 && received >= cap.rows)) {
    verdict.limit_reached_at = received;
    verdict.shortfalls.push_back(
        {Shortfall::Kind::ResultCap, "the endpoint " + endpoint + " returned " +
                                         rows_phrase(received, false) + ", " +
                                         cap_origin(answer, cap) + ", so more rows may exist"});
  }
  return verdict;
}

void add_service_verdicts(const FederationStats& stats, Completeness& completeness,
                          std::vector<std::string>& warnings) {
  for (const auto& [id, service] : stats.services) {
    const std::string name = "SERVICE #" + std::to_string(id) + " <" + service.endpoint + ">";
    if (service.silent_failure)
      warnings.push_back(name +
                         " failed and SILENT let the query go on without it: " + service.failure);
    if (service.left_out) {
      warnings.push_back(name + " failed and was left out (silent: true): " + service.failure);
      completeness.shortfalls.push_back(
          {Shortfall::Kind::Service, name + ": its endpoint failed, so its rows are missing"});
    }
    for (const std::string& why : service.incomplete)
      completeness.shortfalls.push_back({Shortfall::Kind::Service, name + ": " + why});
  }
}

}  // namespace sparqlmcp::federation
