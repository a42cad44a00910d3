#pragma once
// The IRIs this server has shown an agent: in answers, search results, entity descriptions and
// example queries. An IRI of an uncommon namespace that nothing has shown is likely invented
// (GRASP refuses those); validation warns about it. Kept for the server process (the current
// MCP revision has no sessions, so "this session" is this server's life), bounded: the oldest
// go first. Thread-safe.

#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_set>

namespace sparqlmcp::assist {

class SeenTerms {
 public:
  explicit SeenTerms(std::size_t capacity = 200000) : capacity_(capacity) {}

  void note(std::string_view iri);
  bool seen(const std::string& iri) const;
  std::size_t size() const;

 private:
  std::size_t capacity_;
  mutable std::mutex mutex_;
  std::unordered_set<std::string> iris_;
  std::deque<std::string> order_;  // oldest first
};

}  // namespace sparqlmcp::assist
