#pragma once
// Benchmark tasks for the evaluation mode (--tasks FILE, docs/evaluation.md): each a question
// with its gold answer, given as a gold query (run through the same route as any query when a
// submission is first scored) or as gold results, and the endpoints that answer it.
//
// The file is JSON Lines (one task object per line; blank lines and lines starting with '#'
// are skipped) or one JSON array of task objects:
//   {"id": "world_1-3", "question": "...", "gold_query": "SELECT ...",
//    "gold_results": {SPARQL 1.1 JSON results}, "endpoints": ["world_1-s1", "<IRI>", ...]}
// `id` is required and unique; at least one of gold_query and gold_results; endpoints are
// catalogue ids or IRIs.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/results/signature.hpp"

namespace sparqlmcp::tools {

struct Task {
  std::string id;
  std::string question;
  std::string gold_query;                        // empty when only gold results are given
  std::optional<results::ResultSignature> gold;  // from gold_results
  std::vector<std::string> endpoints;            // endpoint IRIs (catalogue ids resolved)
};

class TaskSet {
 public:
  // Reads `file`. With a catalogue, endpoint ids are resolved to IRIs and an endpoint the
  // catalogue does not hold is an error; without one they are kept as written. Throws
  // Exception(InvalidArgument) naming the file, the line (JSON Lines) or the task's position
  // (array), and what is wrong.
  static TaskSet load(const std::filesystem::path& file,
                      const catalogue::Catalogue* catalogue = nullptr);

  const Task* find(std::string_view id) const;
  const std::vector<Task>& tasks() const { return tasks_; }
  // Up to `count` ids, for messages naming an unknown task ("world_1-1, world_1-2, ... (60)").
  std::string some_ids(std::size_t count = 5) const;

 private:
  std::vector<Task> tasks_;
};

}  // namespace sparqlmcp::tools
