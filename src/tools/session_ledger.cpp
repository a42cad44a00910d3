#include "sparqlmcp/tools/session_ledger.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::tools {

SessionLedger::SessionLedger(std::size_t max_groups, std::size_t max_queries)
    : max_groups_(std::max<std::size_t>(1, max_groups)), max_queries_(max_queries) {}

std::string SessionLedger::query_group(const mcp::ToolContext& context) {
  if (!context.session.empty()) return context.session;
  if (!context.client.empty()) return "client:" + context.client;
  return "anonymous";
}

std::string SessionLedger::submission_group(const mcp::ToolContext& context,
                                            std::string_view run_id) {
  if (!context.session.empty()) return context.session;
  if (!run_id.empty()) return "run:" + std::string(run_id);
  return query_group(context);
}

SessionLedger::Group& SessionLedger::touch(const std::string& name) {
  if (auto found = recency_of_.find(name); found != recency_of_.end()) {
    recency_.splice(recency_.begin(), recency_, found->second);
  } else {
    recency_.push_front(name);
    recency_of_[name] = recency_.begin();
    while (recency_.size() > max_groups_) {
      groups_.erase(recency_.back());
      recency_of_.erase(recency_.back());
      recency_.pop_back();
    }
  }
  return groups_[name];
}

void SessionLedger::query_ran(const std::string& group, std::string query) {
  std::lock_guard lock(mutex_);
  Group& g = touch(group);
  // Kept once, as the most recent.
  if (auto seen = g.by_text.find(query); seen != g.by_text.end()) {
    g.queries.splice(g.queries.end(), g.queries, seen->second);
    return;
  }
  g.queries.push_back({std::move(query), std::nullopt, false});
  g.by_text.emplace(g.queries.back().text, std::prev(g.queries.end()));
  while (g.queries.size() > max_queries_) {
    g.by_text.erase(g.queries.front().text);
    g.queries.pop_front();
  }
}

bool SessionLedger::has_run(const std::string& group, const std::string& canonical) {
  std::lock_guard lock(mutex_);
  auto found = groups_.find(group);
  if (found == groups_.end()) return false;
  for (Query& query : found->second.queries) {
    // Parsed under the lock: once per query, and only when a submission asks.
    if (!query.canonical_known) {
      query.canonical = canonical_query(query.text);
      query.canonical_known = true;
    }
    if (query.canonical == canonical) return true;
  }
  return false;
}

std::optional<SubmissionMark> SessionLedger::submission(const std::string& group,
                                                        const std::string& task) const {
  std::lock_guard lock(mutex_);
  auto found = groups_.find(group);
  if (found == groups_.end()) return std::nullopt;
  auto mark = found->second.submissions.find(task);
  if (mark == found->second.submissions.end()) return std::nullopt;
  return mark->second;
}

void SessionLedger::submitted(const std::string& group, const std::string& task,
                              SubmissionMark mark) {
  std::lock_guard lock(mutex_);
  touch(group).submissions[task] = std::move(mark);
}

std::optional<std::string> canonical_query(std::string_view text) {
  try {
    return sparql::to_sse(sparql::parse_query(std::string(text)));
  } catch (const Exception&) {
    return std::nullopt;
  }
}

}  // namespace sparqlmcp::tools
