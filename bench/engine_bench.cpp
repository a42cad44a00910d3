// engine_bench <file.nt> [rounds] [--queries engine_bench_queries.json] [--json out.json]
//              [--timeout seconds]
//
// Loads an RDF file into an engine::Store and prints the load time, triples per second, the
// process's resident memory before and after (VmRSS from /proc/self/status) and the bytes per
// triple (RSS growth / triples, and Store::memory_bytes() / triples). Then runs each query of
// bench/engine_bench_queries.json `rounds` times (default 5) through engine::evaluate_query
// and prints its rows, the median time and queries per second. bench/oxigraph_bench.mjs does
// the same with Oxigraph; bench/engine_vs_oxigraph.sh compares the two. --json writes the
// figures as one JSON object as well. --timeout (default 120) bounds each run of a query, so a
// bad plan shows up as an error instead of a hang.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/engine/store.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/util/error.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// Resident set size in bytes (VmRSS), 0 if unknown.
std::size_t resident_bytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::strtoull(line.c_str() + 6, nullptr, 10) * 1024;
  }
  return 0;
}

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double mib(std::size_t bytes) {
  return static_cast<double>(bytes) / (1024.0 * 1024.0);
}

}  // namespace

int main(int argc, char** argv) {
  std::string data_path;
  int rounds = 5;
  std::string queries_path = std::string(SPARQLMCP_SOURCE_DIR) + "/bench/engine_bench_queries.json";
  std::string json_path;
  double timeout_seconds = 120;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--queries" && i + 1 < argc) {
      queries_path = argv[++i];
    } else if (arg == "--json" && i + 1 < argc) {
      json_path = argv[++i];
    } else if (arg == "--timeout" && i + 1 < argc) {
      timeout_seconds = std::atof(argv[++i]);
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.empty()) {
    std::fprintf(stderr,
                 "usage: engine_bench <file.nt> [rounds] [--queries file.json] [--json out.json] "
                 "[--timeout seconds]\n");
    return 2;
  }
  data_path = positional[0];
  if (positional.size() > 1) rounds = std::max(1, std::atoi(positional[1].c_str()));

  nlohmann::json queries;
  {
    std::ifstream in(queries_path);
    if (!in) {
      std::fprintf(stderr, "cannot open the query list %s\n", queries_path.c_str());
      return 1;
    }
    queries = nlohmann::json::parse(in);
  }

  nlohmann::json report;
  report["engine"] = "sparql-mcp";
  report["file"] = data_path;
  report["rounds"] = rounds;

  sparqlmcp::engine::Store store;
  std::size_t rss_before = resident_bytes();
  auto start = Clock::now();
  sparqlmcp::engine::LoadStatistics statistics;
  try {
    statistics = store.load_file(data_path);
  } catch (const sparqlmcp::Exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  double load_ms = milliseconds_since(start);
  std::size_t rss_after = resident_bytes();
  std::size_t triples = store.size();
  double per_second = static_cast<double>(triples) / (load_ms / 1000.0);
  double rss_per_triple =
      triples ? static_cast<double>(rss_after - std::min(rss_before, rss_after)) / triples : 0;
  double store_per_triple = triples ? static_cast<double>(store.memory_bytes()) / triples : 0;

  std::printf("file: %s\n", data_path.c_str());
  std::printf("triples: %zu (read %zu), terms: %zu\n", triples, statistics.quads_read,
              store.dictionary().size());
  std::printf("load: %.0f ms, %.0f triples/s\n", load_ms, per_second);
  std::printf("rss: %.1f MiB before, %.1f MiB after\n", mib(rss_before), mib(rss_after));
  std::printf("bytes/triple: %.1f (rss growth), %.1f (Store::memory_bytes)\n", rss_per_triple,
              store_per_triple);
  report["triples"] = triples;
  report["load_ms"] = load_ms;
  report["triples_per_second"] = per_second;
  report["rss_before"] = rss_before;
  report["rss_after"] = rss_after;
  report["rss_bytes_per_triple"] = rss_per_triple;
  report["store_bytes_per_triple"] = store_per_triple;

  std::printf("\n%-20s %10s %12s %12s\n", "query", "rows", "median ms", "queries/s");
  report["queries"] = nlohmann::json::array();
  for (const auto& entry : queries) {
    std::string name = entry["name"];
    std::string text = entry["query"];
    nlohmann::json result = {{"name", name}};
    try {
      sparqlmcp::sparql::Query query = sparqlmcp::sparql::parse_query(text);
      std::vector<double> times;
      std::size_t rows = 0;
      std::string first;
      for (int r = 0; r < rounds; ++r) {
        auto run_start = Clock::now();
        sparqlmcp::engine::EvaluationOptions options;
        options.deadline = run_start + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(timeout_seconds));
        sparqlmcp::engine::QueryOutcome outcome =
            sparqlmcp::engine::evaluate_query(query, store, options);
        times.push_back(milliseconds_since(run_start));
        rows = outcome.results.rows.size();
        if (rows == 1 && !outcome.results.rows[0].empty() && outcome.results.rows[0].back()) {
          first = outcome.results.rows[0].back()->value;
        }
      }
      std::sort(times.begin(), times.end());
      double median = times[times.size() / 2];
      std::printf("%-20s %10zu %12.2f %12.1f%s%s\n", name.c_str(), rows, median, 1000.0 / median,
                  first.empty() ? "" : "  value ", first.c_str());
      result["rows"] = rows;
      result["median_ms"] = median;
      result["queries_per_second"] = 1000.0 / median;
      if (!first.empty()) result["value"] = first;
    } catch (const std::exception& e) {
      std::printf("%-20s failed: %s\n", name.c_str(), e.what());
      result["error"] = e.what();
    }
    std::fflush(stdout);
    report["queries"].push_back(result);
  }
  if (!json_path.empty()) std::ofstream(json_path) << report.dump(2) << "\n";
  return 0;
}
