#pragma once
// What the server remembers of each session's calls for `submit` (docs/tools.md "submit"): the
// queries run_sparql_query ran, to warn about a final query never run before, and the
// submissions made per task, so that one is final.
//
// Groups. A session is the stdio process or a legacy HTTP (or HTTP+SSE) session
// (ToolContext::session). A stateless 2026-07-28 request belongs to no session: its queries
// are grouped by the client's identity from its _meta (ToolContext::client), and its
// submissions by the run_id argument of submit, else that identity too.
//
// Bounded: at most `max_groups` groups (the least recently used is forgotten) and
// `max_queries` queries per group (the oldest is forgotten). Thread-safe.

#include <chrono>
#include <cstddef>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sparqlmcp/mcp/tool.hpp"

namespace sparqlmcp::tools {

struct SubmissionMark {
  std::string id;    // the submission id
  std::string time;  // util::utc_timestamp
};

class SessionLedger {
 public:
  explicit SessionLedger(std::size_t max_groups = 10'000, std::size_t max_queries = 1'000);

  // The group of the queries a call runs: its session, else "client:<name/version>", else
  // "anonymous".
  static std::string query_group(const mcp::ToolContext& context);
  // The group of a submission: its session, else "run:<run_id>", else query_group.
  static std::string submission_group(const mcp::ToolContext& context, std::string_view run_id);

  // `query` (its text as sent) ran in `group`. Cheap: the text is parsed only when a
  // submission asks has_run, and then once.
  void query_ran(const std::string& group, std::string query);
  // Whether a query whose canonical form (canonical_query) is `canonical` ran in `group`.
  bool has_run(const std::string& group, const std::string& canonical);

  // The final submission of `task` in `group`, if there is one.
  std::optional<SubmissionMark> submission(const std::string& group, const std::string& task) const;
  void submitted(const std::string& group, const std::string& task, SubmissionMark mark);

 private:
  struct Query {
    std::string text;
    std::optional<std::string> canonical;  // computed by has_run; empty when it does not parse
    bool canonical_known = false;
  };
  struct Group {
    std::list<Query> queries;  // oldest first
    std::unordered_map<std::string, std::list<Query>::iterator> by_text;
    std::map<std::string, SubmissionMark> submissions;  // by task
  };
  Group& touch(const std::string& group);

  std::size_t max_groups_;
  std::size_t max_queries_;
  mutable std::mutex mutex_;
  std::map<std::string, Group> groups_;
  std::list<std::string> recency_;  // group names, most recently used first
  std::map<std::string, std::list<std::string>::iterator> recency_of_;
};

// The form two query texts are compared by: the algebra in SSE (sparql::to_sse), so that
// whitespace, comments, prefixed names against full IRIs and blank node labels do not make two
// texts of one query differ. Nullopt when the text does not parse.
std::optional<std::string> canonical_query(std::string_view text);

}  // namespace sparqlmcp::tools
