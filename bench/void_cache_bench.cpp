// void_cache_bench [hits] [classes...]: the cost of a VoID cache hit (void/cache.hpp), for a
// description of 20 classes and one of 2,000 unless other sizes are given (8 properties per
// class, two object classes or a datatype each: the shape of a computed description). For each it
// prints the file size, the time to write it, and the server time of a lookup:
//   warm        a hit on a cache that has the model in memory (median of `hits` lookups,
//               default 100000): one stat(2), a lock, a map look-up;
//   new process the first lookup in a new process without preload (parses the file), and with
//               preload at start-up (the preload's own time, then the first lookup).
// New processes are this program started again (`--child`), so nothing is warm but the page
// cache, as for a restarted server. Each child figure is the median of 5 runs.

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "sample_descriptions.hpp"
#include "sparqlmcp/void/cache.hpp"

using namespace sparqlmcp::void_;
using Clock = std::chrono::steady_clock;

namespace {

double micros_since(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// In a new process: the first lookup, after a preload or not. Prints "preload_us lookup_us".
int child(const std::string& folder, const std::string& id, bool preload) {
  CacheOptions options;
  options.folder = folder;
  VoidCache cache(options);
  double preload_us = 0;
  if (preload) {
    const auto start = Clock::now();
    cache.preload();
    preload_us = micros_since(start);
  }
  const auto start = Clock::now();
  const CacheLookup found = cache.lookup(id);
  const double lookup_us = micros_since(start);
  if (!found.hit) return 1;
  std::printf("%.1f %.1f\n", preload_us, lookup_us);
  return 0;
}

std::pair<double, double> run_child(const std::string& self, const std::string& folder,
                                    const std::string& id, bool preload) {
  std::vector<double> preloads, lookups;
  for (int run = 0; run < 5; ++run) {
    const std::string command =
        "'" + self + "' --child '" + folder + "' " + id + (preload ? " preload" : " cold");
    FILE* pipe = ::popen(command.c_str(), "r");
    double p = 0, l = 0;
    if (!pipe || std::fscanf(pipe, "%lf %lf", &p, &l) != 2) {
      std::fprintf(stderr, "child failed: %s\n", command.c_str());
      std::exit(1);
    }
    ::pclose(pipe);
    preloads.push_back(p);
    lookups.push_back(l);
  }
  return {median(preloads), median(lookups)};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 5 && std::string(argv[1]) == "--child")
    return child(argv[2], argv[3], std::string(argv[4]) == "preload");
  const int hits = argc > 1 ? std::max(1, std::atoi(argv[1])) : 100000;
  const std::string self = std::filesystem::canonical("/proc/self/exe").string();

  std::string pattern =
      (std::filesystem::temp_directory_path() / "void-cache-bench-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) return 1;
  const std::filesystem::path root = pattern;

  std::printf("%-8s %10s %10s %12s %14s %14s %14s\n", "classes", "file KB", "write ms",
              "warm hit us", "new proc us", "preload ms", "after preload");
  std::vector<std::size_t> sizes;
  for (int i = 2; i < argc; ++i)
    sizes.push_back(static_cast<std::size_t>(std::max(1, std::atoi(argv[i]))));
  if (sizes.empty()) sizes = {20, 2000};
  for (std::size_t classes : sizes) {
    // One folder per size, so that a preload reads one file.
    const std::filesystem::path folder = root / std::to_string(classes);
    CacheOptions options;
    options.folder = folder;
    VoidCache cache(options);
    const Description d = test::generated_description(classes);
    auto start = Clock::now();
    const auto path = cache.store(d);
    const double write_ms = micros_since(start) / 1000;

    std::vector<double> warm;
    warm.reserve(static_cast<std::size_t>(hits));
    std::size_t sink = 0;
    for (int i = 0; i < hits; ++i) {
      start = Clock::now();
      const CacheLookup found = cache.lookup(d.id);
      warm.push_back(micros_since(start));
      sink += found.hit->description->classes.size();
    }
    const auto [unused, cold_us] = run_child(self, folder.string(), d.id, false);
    const auto [preload_us, after_preload_us] = run_child(self, folder.string(), d.id, true);
    (void)unused;
    std::printf("%-8zu %10.0f %10.1f %12.2f %14.0f %14.1f %14.2f\n", classes,
                static_cast<double>(std::filesystem::file_size(path)) / 1024, write_ms,
                median(warm), cold_us, preload_us / 1000, after_preload_us);
    if (sink == 0) return 1;
  }
  std::filesystem::remove_all(root);
  return 0;
}
